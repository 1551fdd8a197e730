package render

import (
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/board"
)

// navLink is an extra entry of the site navigation, for optional boards.
type navLink struct {
	Key, Href, Text string
}

func instrTitle(name string) string {
	switch strings.ToLower(name) {
	case "ifeval":
		return "IFEval"
	case "ifbench":
		return "IFBench"
	}
	return name
}

func instrPath(b *board.InstrBoard) string { return slug(strings.ToLower(b.Benchmark)) + ".html" }

// extraNav lists the optional boards' pages.
func (s *site) extraNav() []navLink {
	var out []navLink
	for _, b := range s.in.Instr {
		out = append(out, navLink{Key: "instr-" + b.Benchmark, Href: instrPath(b), Text: instrTitle(b.Benchmark)})
	}
	return out
}

type instrRow struct {
	Model    link
	Linked   bool
	Complete bool
	Answered int
	Rank     [2]rankCell
	Rates    []ratePair
}

type instrView struct {
	Name     string
	Prompts  int
	Cols     []column
	Rows     []instrRow
	Groups   []string
	GroupRow []kRow
	Counts   []kCol
	CountRow []kRow
}

func instrPair(m *board.InstrModel, get func(board.InstrScores) (board.Rate, bool)) ratePair {
	var p ratePair
	if r, ok := get(m.Strict); ok {
		p.S = newRate(r)
	} else {
		p.S = missingRate()
	}
	if r, ok := get(m.Loose); ok {
		p.L = newRate(r)
	} else {
		p.L = missingRate()
	}
	return p
}

func (s *site) instrPage(b *board.InstrBoard) (board.File, error) {
	title := instrTitle(b.Benchmark)
	v := instrView{Name: title, Prompts: len(b.Prompts), Cols: []column{
		{Key: "prompt", Label: "Prompt-level", Title: "Prompts whose every instruction is followed, over all prompts", Policy: true, Num: true},
		{Key: "instruction", Label: "Instruction-level", Title: "Instructions followed, over all instructions of all prompts", Policy: true, Num: true},
	}}
	linked := map[string]*model{}
	for i := range s.models {
		linked[s.models[i].Scores.ID] = &s.models[i]
	}
	groups := map[string]bool{}
	counts := map[string]board.Rate{}
	for _, p := range b.Prompts {
		key := itoa(len(p.Instructions))
		r := counts[key]
		r.Total++
		counts[key] = r
	}
	// Ranks by prompt-level accuracy under each mode; equal counts tie.
	ranks := [2]map[string]int{{}, {}}
	for pi := range 2 {
		idx := make([]int, len(b.Models))
		for i := range idx {
			idx[i] = i
		}
		score := func(i int) int {
			if pi == 0 {
				return b.Models[i].Strict.Prompt.Pass
			}
			return b.Models[i].Loose.Prompt.Pass
		}
		sort.SliceStable(idx, func(a, c int) bool { return score(idx[a]) > score(idx[c]) })
		for pos, i := range idx {
			r := pos + 1
			if pos > 0 && score(i) == score(idx[pos-1]) {
				r = ranks[pi][b.Models[idx[pos-1]].ID]
			}
			ranks[pi][b.Models[i].ID] = r
		}
	}
	for i := range b.Models {
		m := &b.Models[i]
		row := instrRow{Model: link{Text: m.Name}, Complete: m.Complete, Answered: m.Answered}
		if lm, ok := linked[m.ID]; ok {
			row.Model = s.modelLink(lm)
			row.Linked = true
		}
		for pi := range 2 {
			tied := false
			for _, o := range b.Models {
				tied = tied || (o.ID != m.ID && ranks[pi][o.ID] == ranks[pi][m.ID])
			}
			row.Rank[pi] = rankCell{Label: rankLabel(ranks[pi][m.ID], tied), Sort: ranks[pi][m.ID]}
		}
		row.Rates = []ratePair{
			instrPair(m, func(sc board.InstrScores) (board.Rate, bool) { return sc.Prompt, true }),
			instrPair(m, func(sc board.InstrScores) (board.Rate, bool) { return sc.Instruction, true }),
		}
		v.Rows = append(v.Rows, row)
		for g := range m.Strict.ByGroup {
			groups[g] = true
		}
	}
	for g := range groups {
		v.Groups = append(v.Groups, g)
	}
	sort.Strings(v.Groups)
	for _, k := range sortedKs(counts) {
		v.Counts = append(v.Counts, kCol{K: k, N: counts[k].Total})
	}
	for i := range b.Models {
		m := &b.Models[i]
		gr := kRow{Model: v.Rows[i].Model}
		for _, g := range v.Groups {
			gr.Cells = append(gr.Cells, instrPair(m, func(sc board.InstrScores) (board.Rate, bool) { r, ok := sc.ByGroup[g]; return r, ok }))
		}
		v.GroupRow = append(v.GroupRow, gr)
		cr := kRow{Model: v.Rows[i].Model}
		for _, k := range v.Counts {
			cr.Cells = append(cr.Cells, instrPair(m, func(sc board.InstrScores) (board.Rate, bool) { r, ok := sc.ByCount[k.K]; return r, ok }))
		}
		v.CountRow = append(v.CountRow, cr)
	}
	return s.exec("instr", instrPath(b), page{
		Title:       title,
		Description: title + " rescored from every submission's responses: prompt- and instruction-level accuracy, Strict and Loose.",
		Nav:         "instr-" + b.Benchmark, Body: v,
	})
}
