package rubric

// A rubric board's part of the compare service (render.Comparison): the
// perfect-task rate, criteria satisfied (pooled and per category), and one
// bit per task, perfect, the outcome ranks come from. A point-weighted
// board ranks by a sign test on task scores, which bits cannot carry: it
// has no compare page.

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

func countRateOf(c Count) board.Rate { return board.Rate{Pass: c.Satisfied, Total: c.Total} }

// comparison is the board as the compare service takes it.
func (s *site) comparison() *render.Comparison {
	b, bn := s.b, s.b.bench
	c := &render.Comparison{
		Board: bn.spec.Name, Title: bn.spec.Title, Nav: b.navKey(), Noun: "task", Nouns: "tasks", Policies: []string{""},
		Bits: []render.CompareBit{{Yes: "perfect", No: "not perfect", What: "Perfect tasks", Policy: -1}},
		Rank: []int{0}, More: "more often perfect", What: "perfect tasks",
		Metrics: []render.CompareMetric{
			{Label: "Perfect tasks", Title: "Tasks whose every criterion is satisfied, over all tasks"},
			{Label: "Criteria", Title: "Criteria satisfied, pooled over every task"},
		},
	}
	for _, cat := range CategoryOrder {
		c.Metrics = append(c.Metrics, render.CompareMetric{Label: categoryNames[cat], Title: categoryNames[cat] + " criteria satisfied, pooled over every task"})
	}
	for i, t := range bn.tasks {
		href := s.taskHref(i)
		c.Items = append(c.Items, render.CompareItem{ID: t.ID, Href: href, Answer: href + "#m-{m}"})
	}
	for i, r := range b.runs {
		m := &r.scores
		cm := render.CompareModel{ID: r.id, Name: r.name, Slug: s.slugs[i],
			Rates: [][]board.Rate{{m.PerfectTaskRate}, {countRateOf(m.Criteria)}}, Bits: make([]uint8, len(bn.tasks))}
		for _, cat := range CategoryOrder {
			cm.Rates = append(cm.Rates, []board.Rate{countRateOf(*m.Categories.of(cat))})
		}
		for t := range bn.tasks {
			if r.results[t].answered && perfect(r.results[t].sat) {
				cm.Bits[t] = 1
			}
		}
		c.Models = append(c.Models, cm)
	}
	return c
}
