package score

import (
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/outcome"
)

// Instr computes a model's accuracies on an instruction benchmark under one
// mode (loose selects the Loose verdicts). results holds one entry per
// prompt; an unanswered prompt follows none of its instructions.
func Instr(prompts []instrdata.Prompt, results []instrdata.Result, loose bool) instrdata.Scores {
	var prompt, inst counter
	undecided := 0
	byID := map[string]*counter{}
	byGroup := map[string]*counter{}
	byCount := map[int]*counter{}
	get := func(m map[string]*counter, k string) *counter {
		if m[k] == nil {
			m[k] = &counter{}
		}
		return m[k]
	}
	for i, p := range prompts {
		r := results[i]
		verdicts := r.Strict
		if loose {
			verdicts = r.Loose
		}
		all := r.Answered
		for j, id := range p.Instructions {
			o := outcome.Fail
			if r.Answered && j < len(verdicts) {
				o = verdicts[j].Outcome()
			}
			ok := o == outcome.Pass
			if o == outcome.Undecided {
				undecided++
			}
			all = all && ok
			inst.add(ok)
			get(byID, id).add(ok)
			group, _, _ := strings.Cut(id, ":")
			get(byGroup, group).add(ok)
		}
		prompt.add(all)
		if byCount[len(p.Instructions)] == nil {
			byCount[len(p.Instructions)] = &counter{}
		}
		byCount[len(p.Instructions)].add(all)
	}
	s := instrdata.Scores{
		Prompt: prompt.rate(), Instruction: inst.rate(),
		ByInstruction: map[string]board.Rate{}, ByGroup: map[string]board.Rate{}, ByCount: map[string]board.Rate{},
		Undecided: undecided,
	}
	for k, c := range byID {
		s.ByInstruction[k] = c.rate()
	}
	for k, c := range byGroup {
		s.ByGroup[k] = c.rate()
	}
	for k, c := range byCount {
		s.ByCount[strconv.Itoa(k)] = c.rate()
	}
	return s
}
