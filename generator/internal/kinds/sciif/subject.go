package sciif

// The leaderboard within one subject (subject-<name>.html and its parts):
// each model's correctness and compliance recounted over that subject's
// items, reached from the tabs above the leaderboard.

import (
	"html/template"
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
	// Rows is where the rows go: a mark that subjectPage replaces.
	Rows template.HTML
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
	v := subjectView{Subject: sub, Tabs: s.subjectTabs(sub), Rows: render.Mark(0)}
	var rows []subjectRow
	for i := range s.in.Bench.Items {
		if s.in.Bench.Items[i].Subject == sub {
			v.Items++
		}
	}
	for i := range s.models {
		m := &s.models[i]
		cor, cs, cl := s.subjectRates(m, sub)
		rows = append(rows, subjectRow{
			Model:     s.modelLink(m),
			Org:       m.Scores.Organization,
			Weights:   weightsLabel(m.Scores.OpenWeights),
			Search:    strings.ToLower(m.Scores.Name + " " + m.Scores.Organization + " " + m.Scores.ID),
			Rank:      s.rankCells(m, true),
			Correct:   render.RatePair{S: render.NewRate(cor), L: render.NewRate(cor)},
			Compliant: render.RatePair{S: render.NewRate(cs), L: render.NewRate(cl)},
		})
	}
	f, err := s.exec("subject", subjectFile(sub), render.Page{
		Title:       sub + " leaderboard",
		Description: "Correctness and constraint compliance on the " + sub + " problems, with 95% intervals.",
		Nav:         "index", Body: v,
	})
	if err != nil {
		return board.File{}, err
	}
	return spliced(f, func(h *render.HTML) { writeSubjectRows(h, rows) })
}

// writeSubjectRows writes a subject's leaderboard rows, a model each:
// its ranks, name, rates and organization.
func writeSubjectRows(h *render.HTML, rows []subjectRow) {
	for _, r := range rows {
		h.Raw("\n" + `<tr data-weights="`)
		h.Attr(r.Weights)
		h.Raw(`" data-search="`)
		h.Attr(r.Search)
		h.Raw(`">` + "\n" + `<td class="num rank" data-s="`)
		h.Int(r.Rank[0].Sort)
		h.Raw(`" data-l="`)
		h.Int(r.Rank[1].Sort)
		h.Raw(`"><span class="s">`)
		h.Text(r.Rank[0].Label)
		h.Raw(`</span><span class="l">`)
		h.Text(r.Rank[1].Label)
		h.Raw(`</span></td>` + "\n" + `<th scope="row" class="sticky" data-sort="`)
		h.Attr(r.Model.Text)
		h.Raw(`"><a class="name" href="`)
		h.URL(r.Model.Href)
		h.Raw(`" title="`)
		h.Attr(r.Model.Text)
		h.Raw(`">`)
		h.Text(r.Model.Text)
		h.Raw(`</a></th>` + "\n")
		h.RateCell(r.Correct, false)
		h.Raw("\n")
		h.RateCell(r.Compliant, false)
		h.Raw("\n" + `<td class="opt" data-sort="`)
		h.Attr(r.Org)
		h.Raw(`">`)
		h.Text(r.Org)
		h.Raw(` <span class="badge `)
		h.Attr(r.Weights)
		h.Raw(`">`)
		h.Text(r.Weights)
		h.Raw(`</span></td>` + "\n" + `</tr>`)
	}
}
