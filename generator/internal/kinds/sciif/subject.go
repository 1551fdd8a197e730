package sciif

// The leaderboard within one subject (subject-<name>.html and its parts):
// each model's correctness and compliance recounted over that subject's
// items, reached from the tabs above the leaderboard.

import (
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// subjects lists the items' subjects in alphabetical order.
func (s *site) subjects() []string {
	var out []string
	seen := map[string]bool{}
	for i := range s.in.Bench.Items {
		sub := s.in.Bench.Items[i].Subject
		if !seen[sub] {
			seen[sub] = true
			out = append(out, sub)
		}
	}
	sort.Strings(out)
	return out
}

// subjectFile is the first part of a subject's leaderboard.
func subjectFile(sub string) string {
	return "subject-" + render.Slug(strings.ToLower(sub)) + ".html"
}

// subjectTabs links the whole board and each subject's board; current is
// "" on the whole board.
func (s *site) subjectTabs(current string) []render.Link {
	subs := s.subjects()
	if len(subs) < 2 {
		return nil
	}
	all := render.Link{Text: "All"}
	if current != "" {
		all.Href = "index.html"
	}
	out := []render.Link{all}
	for _, sub := range subs {
		l := render.Link{Text: sub}
		if sub != current {
			l.Href = subjectFile(sub)
		}
		out = append(out, l)
	}
	return out
}

// subjectRates recounts a model's correctness and compliance (Strict and
// Loose) over the items of subject sub, from its cells.
func (s *site) subjectRates(m *model, sub string) (correct, compS, compL board.Rate) {
	var n, c, cs, cl int
	for i := range s.in.Bench.Items {
		if s.in.Bench.Items[i].Subject != sub {
			continue
		}
		n++
		x := m.cells[i]
		if x.has(cCorrect) {
			c++
		}
		if x.compliant(board.Strict) {
			cs++
		}
		if x.compliant(board.Loose) {
			cl++
		}
	}
	return score.NewRate(c, n), score.NewRate(cs, n), score.NewRate(cl, n)
}

type subjectRow struct {
	Model     render.Link
	Org       string
	Weights   string
	Search    string
	Rank      [2]rankCell
	Correct   render.RatePair
	Compliant render.RatePair
}

type subjectView struct {
	Subject string
	Items   int
	Tabs    []render.Link
	Rows    []subjectRow
}

// subjectPages renders every subject's leaderboard, each in parts of
// perIndex models like the leaderboard.
func (s *site) subjectPages() error {
	if len(s.subjectTabs("")) == 0 {
		return nil
	}
	for _, sub := range s.subjects() {
		err := s.paged(perIndex, func(c *site) (board.File, error) { return c.subjectPage(sub) })
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *site) subjectPage(sub string) (board.File, error) {
	v := subjectView{Subject: sub, Tabs: s.subjectTabs(sub)}
	for i := range s.in.Bench.Items {
		if s.in.Bench.Items[i].Subject == sub {
			v.Items++
		}
	}
	for i := range s.models {
		m := &s.models[i]
		cor, cs, cl := s.subjectRates(m, sub)
		v.Rows = append(v.Rows, subjectRow{
			Model:     s.modelLink(m),
			Org:       m.Scores.Organization,
			Weights:   weightsLabel(m.Scores.OpenWeights),
			Search:    strings.ToLower(m.Scores.Name + " " + m.Scores.Organization + " " + m.Scores.ID),
			Rank:      s.rankCells(m, true),
			Correct:   render.RatePair{S: render.NewRate(cor), L: render.NewRate(cor)},
			Compliant: render.RatePair{S: render.NewRate(cs), L: render.NewRate(cl)},
		})
	}
	return s.exec("subject", subjectFile(sub), render.Page{
		Title:       sub + " leaderboard",
		Description: "Correctness and constraint compliance on the " + sub + " problems, with 95% intervals.",
		Nav:         "index", Body: v,
	})
}
