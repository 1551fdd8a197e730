package sciif

// SciIF's part of the compare service (render.Comparison): the headline,
// family and per-constraint figures, and three verdict bits per problem:
// correct, compliant under Strict, compliant under Loose. Ranks follow
// compliance, so its bit is the one the paired test ranks by.

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Bits of a problem's verdict in the comparison.
const (
	vCorrect = 1 << iota
	vCompliantS
	vCompliantL
)

func cellBits(c cell) uint8 {
	var b uint8
	if c.has(cCorrect) {
		b |= vCorrect
	}
	if c.compliant(board.Strict) {
		b |= vCompliantS
	}
	if c.compliant(board.Loose) {
		b |= vCompliantL
	}
	return b
}

// comparison is the board as the compare service takes it, its models in
// board order.
func (s *site) comparison() *render.Comparison {
	cols, gets := s.headline()
	base := s.Base(s.name)
	c := &render.Comparison{
		Board: s.name, Title: s.benchName(), Nav: s.name + ":compare", Noun: "problem", Nouns: "problems",
		Policies: []string{"Strict", "Loose"},
		Tips:     render.PolicyTips{Strict: "Every evidence point must pass", Loose: "Only MAIN evidence points must pass"},
		Bits: []render.CompareBit{
			{Yes: "correct", No: "incorrect", What: "Correctness", Policy: -1},
			{Yes: "compliant", No: "non-compliant", What: "Compliance", Policy: 0},
			{Yes: "compliant", No: "non-compliant", What: "Compliance", Policy: 1},
		},
		Rank: []int{1, 2}, More: "more compliant", What: "compliance", Group: "Subject",
		Headline: 1, // Compliant, which ranks follow
	}
	for _, col := range cols {
		c.Metrics = append(c.Metrics, render.CompareMetric{Label: col.Label, Title: col.Title})
	}
	for _, con := range s.cons {
		c.Metrics = append(c.Metrics, render.CompareMetric{Label: con.Name, Title: con.ID + ": compliance on the items that enable it"})
		gets = append(gets, fromMap(constraints, con.ID))
	}
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		sl := s.itemSlugs[i]
		c.Items = append(c.Items, render.CompareItem{ID: it.ID, Group: it.Subject, Href: base + "problems/" + sl + ".html",
			Answer: base + "models/{m}/" + s.answersFile[i] + "#" + sl})
	}
	for i := range s.all {
		m := &s.all[i]
		cm := render.CompareModel{ID: m.Scores.ID, Name: m.Scores.Name, Slug: m.Slug}
		for _, g := range gets {
			rs := make([]board.Rate, len(board.Policies))
			for j, p := range board.Policies {
				if ps := m.Scores.Policy(p); ps != nil {
					if r, ok := g(ps); ok {
						rs[j] = r
					}
				}
			}
			cm.Rates = append(cm.Rates, rs)
		}
		cm.Bits = make([]uint8, len(m.cells))
		for k, cl := range m.cells {
			cm.Bits[k] = cellBits(cl)
		}
		c.Models = append(c.Models, cm)
	}
	return c
}
