package verifiable

// An instruction board's part of the compare service (render.Comparison):
// prompt- and instruction-level accuracy, and one bit per prompt and
// policy, every instruction followed, the outcome ranks come from.

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// comparison is the board as the compare service takes it.
func (s *site) comparison(is *instrSite) *render.Comparison {
	b := is.b
	c := &render.Comparison{
		Board: b.Benchmark, Title: is.title, Nav: "instr-" + b.Benchmark, Noun: "prompt", Nouns: "prompts",
		Policies: []string{"Strict", "Loose"},
		Tips:     render.PolicyTips{Strict: "Every instruction must be followed by the response as written", Loose: "An instruction counts as followed when the response or one of its loosened variants follows it"},
		Bits: []render.CompareBit{
			{Yes: "followed", No: "not followed", What: "Prompt-level accuracy", Policy: 0},
			{Yes: "followed", No: "not followed", What: "Prompt-level accuracy", Policy: 1},
		},
		Rank: []int{0, 1}, More: "more accurate (prompt level)", What: "prompt-level accuracy",
		Metrics: []render.CompareMetric{
			{Label: "Prompt-level", Title: "Prompts whose every instruction is followed, over all prompts"},
			{Label: "Instruction-level", Title: "Instructions followed, over all instructions of all prompts"},
		},
	}
	for i := range b.Prompts {
		href := is.promptHref(i)
		c.Items = append(c.Items, render.CompareItem{ID: is.keys[i], Href: href, Answer: href + "#m-{m}"})
	}
	for i := range b.Models {
		m := &b.Models[i]
		cm := render.CompareModel{ID: m.ID, Name: m.Name, Slug: is.slugs[i],
			Rates: [][]board.Rate{{m.Strict.Prompt, m.Loose.Prompt}, {m.Strict.Instruction, m.Loose.Instruction}},
			Bits:  make([]uint8, len(b.Prompts))}
		for mode := range 2 {
			for k, ok := range promptPasses(m, mode) {
				if ok {
					cm.Bits[k] |= 1 << mode
				}
			}
		}
		c.Models = append(c.Models, cm)
	}
	return c
}
