package verifier

// A verifier board's part of the compare service (render.Comparison):
// accuracy, false accepts and rejects and no verdict under the board's
// parsing policy, and one bit per item, a correct verdict in the default
// style, the outcome ranks come from. The built-in rules are compared as
// they are ranked, after the submitted verifiers. Items have no page of
// their own: the compare page names them.

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// comparison is the board as the compare service takes it.
func (s *site) comparison() *render.Comparison {
	b, bn := s.b, s.b.bench
	p := 0
	if b.policy == board.Loose {
		p = 1
	}
	c := &render.Comparison{
		Board: bn.spec.Name, Title: bn.spec.Title, Nav: b.navKey(), Noun: "item", Nouns: "items",
		Policies: []string{render.PolicyName(b.policy)},
		Bits:     []render.CompareBit{{Yes: "correct", No: "wrong", What: "Accuracy", Policy: -1}},
		Rank:     []int{0}, More: "more accurate", What: "accuracy", Group: "Subject",
		Metrics: []render.CompareMetric{
			{Label: "Accuracy", Title: "Verdicts that match the label, over all items"},
			{Label: "False accepts", Title: "Items labelled False called equivalent"},
			{Label: "False rejects", Title: "Items labelled True called not equivalent"},
			{Label: "No verdict", Title: "Outputs with no verdict, or no output"},
		},
	}
	for _, it := range bn.items {
		c.Items = append(c.Items, render.CompareItem{ID: it.ID, Group: it.Subject})
	}
	rates := func(m *Metrics) [][]board.Rate {
		return [][]board.Rate{{m.Accuracy}, {m.FalseAccept}, {m.FalseReject}, {m.NoVerdict}}
	}
	for i, r := range b.runs {
		cm := render.CompareModel{ID: r.id, Name: r.name, Slug: s.slugs[i], Rates: rates(r.scores.Policy(b.policy)), Bits: make([]uint8, len(bn.items))}
		for t := range bn.items {
			if correct(&bn.items[t], r.answers[0][t].verdicts[p]) {
				cm.Bits[t] = 1
			}
		}
		c.Models = append(c.Models, cm)
	}
	bi := render.CompareModel{ID: BuiltinID, Name: BuiltinName, Slug: BuiltinID, Rates: rates(&b.builtin.Metrics), Bits: make([]uint8, len(bn.items))}
	for t := range bn.items {
		if correct(&bn.items[t], bn.builtin[t].Verdict) {
			bi.Bits[t] = 1
		}
	}
	c.Models = append(c.Models, bi)
	return c
}
