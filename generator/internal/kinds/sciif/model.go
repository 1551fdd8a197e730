package sciif

// One page per model.

import (
	"encoding/json"
	"fmt"
	"html/template"

	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

type claimRow struct {
	Policy, Metric, Claimed, Rescored, Diff string
	Off                                     bool
}

type failedItem struct {
	Item render.Link
	// Answer is the model's answer to it, relative to the model page.
	Answer   string
	Subject  string
	Answered bool
	Correct  bool
	FailedS  []string
	FailedL  []string
}

type modelView struct {
	// Answers links the model's answers pages, one per subject; Cases its
	// cases page; Files its own downloads on every board.
	Answers []render.Link
	Cases   string
	Files   []render.Link
	// Compare opens each board's compare page on the model.
	Compare  []render.Link
	Row      boardRow
	Cols     []column
	Name     string
	Link     string
	Params   string
	Decoding string
	// TrainingData is the submitter's disclosure of the training data.
	TrainingData string
	// Reproduced shows the "reproduced with sciif run" badge; Tokens what
	// the submission spent per benchmark (render.TokenLines).
	Reproduced bool
	Tokens     []render.TokenLine
	Notes      string
	Judges     []string
	Claims     []claimRow
	// modelFigures' fields are computed into the view, then rendered
	// into Figures.
	modelFigures
	// Figures are the per-constraint, collapse and quadrant tables
	// (modelFigures), which depend on the model's scores alone.
	Figures template.HTML
	// Rank is where the page shows the model's ranks: a mark that
	// modelPage replaces, so that the rest of the page stays the same
	// while the model does (Row has no ranks).
	Rank template.HTML
	// NFailed counts the failed items, which the model's cases page
	// lists (failedItems).
	NFailed     int
	Diagnostics []string
	MoreDiags   int
	Other       []render.OtherRow
}

func (s *site) modelPage(m *model) error {
	cols, gets := s.headline()
	meta := m.Run.Submission.Meta
	v := modelView{
		Row: s.boardRow(m, gets), Cols: cols, Name: m.Scores.Name, Link: render.SafeURL(meta.Link),
		Params: meta.Params, Decoding: meta.Decoding, Notes: meta.Notes, TrainingData: meta.TrainingData, Judges: m.Scores.Judges,
		modelFigures: modelFigures{Items: len(s.in.Bench.Items), Ks: s.ks}, Other: s.otherBenchmarks(m),
	}
	v.Reproduced, v.Tokens = render.Reproduced(&m.Run.Submission), render.TokenLines(&m.Run.Submission)
	seen := map[string]bool{}
	for i, f := range s.answersFile {
		if !seen[f] {
			seen[f] = true
			v.Answers = append(v.Answers, render.Link{Href: "../" + s.answersHref(m, i), Text: s.answersLabel[i]})
		}
	}
	v.Cases = "../cases/" + m.Slug + ".html"
	root := render.RootOf(s.Base(s.name) + "models/" + m.Slug + ".html")
	for _, l := range s.CompareLinks(m.Scores.ID) {
		v.Compare = append(v.Compare, render.Link{Href: root + l.Href, Text: l.Text})
	}
	for _, f := range s.ModelFiles(m.Scores.ID) {
		v.Files = append(v.Files, render.Link{Href: root + f.Href, Text: f.Text})
	}
	_, ccols, cgets := s.consColumns()
	v.ConsCols = ccols
	for _, g := range cgets {
		v.ConsRates = append(v.ConsRates, pair(m.Scores, g))
	}
	for _, k := range v.Ks {
		v.KRates = append(v.KRates, pair(m.Scores, fromMap(byK, k.K)))
	}
	if ps := m.Scores.Strict; ps != nil {
		v.Quad[0] = quadCounts(ps.Quadrant)
	}
	if ps := m.Scores.Loose; ps != nil {
		v.Quad[1] = quadCounts(ps.Quadrant)
	}
	v.Claims = claimRows(m)
	v.NFailed = countFailed(s, m)
	const maxDiags = 100
	for i, d := range m.Run.Diagnostics {
		if i == maxDiags {
			v.MoreDiags = len(m.Run.Diagnostics) - maxDiags
			break
		}
		v.Diagnostics = append(v.Diagnostics, d.String())
	}
	fig := v.modelFigures
	var charts []render.ChartData
	var err error
	if v.Figures, charts, err = s.keptModelParts(m, v, fig); err != nil {
		return err
	}
	// The rank moves with every model added above this one: the page is
	// rendered (or taken from the build cache) with a mark where the
	// rank goes, and the rank written there.
	ranks := v.Row.Rank
	v.Row.Rank, v.Rank = [2]rankCell{}, render.Mark(0)
	f, err := s.execBy(s.RenderMemo, "model", "models/"+m.Slug+".html", render.Page{
		Title:       m.Scores.Name,
		Description: "Model card and rescored SciIF results of " + m.Scores.Name + ".",
		Nav:         "index", Charts: true, Body: v, ChartData: charts,
	})
	if err != nil {
		return err
	}
	f, err = spliced(f, func(h *render.HTML) {
		h.Raw("Strict ")
		h.Text(ranks[0].Label)
		h.Raw(" · Loose ")
		h.Text(ranks[1].Label)
	})
	if err != nil {
		return err
	}
	// A model's page changes when its rank does, which another model
	// added moves for some models only: the others are linked.
	s.AddLinkable(f)
	return nil
}

// modelFigures is what the model page's "model-figures" template shows:
// every model's page has them, and they stay the same while its scores
// do, so a build cache keeps them with the charts (keptModelParts, keyed
// by this view and the compliance by k as JSON).
type modelFigures struct {
	ConsCols  []consCol
	ConsRates []render.RatePair
	Ks        []render.KCol
	KRates    []render.RatePair
	Quad      [2][4]int
	Items     int
}

// chartsKey is everything a model page's charts are made from
// (modelCharts): its figures' view and its compliance by k under each
// policy it has.
type chartsKey struct {
	Fig modelFigures
	Has [2]bool
	ByK [2]map[string]board.Rate
}

// maxModelCharts bounds the charts a kept fragment may hold (two).
const maxModelCharts = 8

// keptModelParts are the model page's figures (the "model-figures"
// template) and charts (modelCharts, their options as JSON), kept as one
// fragment by the build cache (render.Site.MemoBytes): they stay the same
// while the model's scores do.
func (s *site) keptModelParts(m *model, v modelView, fig modelFigures) (template.HTML, []render.ChartData, error) {
	key := chartsKey{Fig: fig}
	for i, p := range board.Policies {
		if ps := m.Scores.Policy(p); ps != nil {
			key.Has[i], key.ByK[i] = true, ps.ByK
		}
	}
	b, err := s.MemoBytes("sciif model figures and charts", key, func() ([]byte, error) {
		figures, err := s.Partial("sciif/model", "model-figures", fig)
		if err != nil {
			return nil, err
		}
		cs, err := s.modelCharts(m, v)
		if err != nil {
			return nil, err
		}
		var w buildcache.Encoder
		w.String(string(figures))
		w.Len(len(cs), false)
		for _, c := range cs {
			j, err := json.Marshal(c.Option)
			if err != nil {
				return nil, err
			}
			w.String(c.ID)
			w.Bytes(j)
		}
		return w.B, nil
	})
	if err != nil {
		return "", nil, err
	}
	d := buildcache.NewDecoder(b)
	figures := template.HTML(d.String())
	n, _ := d.Len(maxModelCharts)
	charts := make([]render.ChartData, n)
	for i := range charts {
		charts[i] = render.ChartData{ID: d.String(), Option: json.RawMessage(d.Bytes())}
	}
	if err := d.Err(); err != nil {
		return "", nil, fmt.Errorf("model %s: figures and charts: %w", m.Scores.ID, err)
	}
	return figures, charts, nil
}

// isFailed says whether m failed item i: not both answered and correct
// and Strict-compliant.
func isFailed(m *model, i int) bool {
	c := m.cells[i]
	return !(c.has(cAnswered) && c.has(cCorrect) && c.compliant(board.Strict))
}

// countFailed is how many items m failed.
func countFailed(s *site, m *model) int {
	n := 0
	for i := range s.in.Bench.Items {
		if isFailed(m, i) {
			n++
		}
	}
	return n
}

// failedItems lists the items m failed, with the constraints it failed
// under each policy, for its cases page. They depend on m's run alone, so
// the page is rendered with its answers; on the model page, whose rank
// moves with every model added, a board would rewrite them all.
func (s *site) failedItems(m *model) []failedItem {
	var out []failedItem
	for i := range s.in.Bench.Items {
		if !isFailed(m, i) {
			continue
		}
		c := m.cells[i]
		f := failedItem{Item: s.itemLink(i), Subject: s.in.Bench.Items[i].Subject, Answered: c.has(cAnswered), Correct: c.has(cCorrect),
			Answer: "../" + s.answersHref(m, i) + "#" + s.itemSlugs[i]}
		f.Item.Href += "#m-" + m.Slug
		for ci, id := range s.in.Bench.Items[i].Constraints {
			if !c.has(cAnswered) {
				break // not answered: no constraint was audited
			}
			if !c.pass(ci, board.Strict) {
				f.FailedS = append(f.FailedS, s.abbrev(id))
			}
			if !c.pass(ci, board.Loose) {
				f.FailedL = append(f.FailedL, s.abbrev(id))
			}
		}
		out = append(out, f)
	}
	return out
}

// claimRows compares the figures m's metadata claims with the rescored
// ones, under each policy; Off marks a claim outside the 95% interval.
func claimRows(m *model) []claimRow {
	c := m.Run.Submission.Meta.Claimed
	if c == nil {
		return nil
	}
	var rows []claimRow
	for _, p := range board.Policies {
		cr := c.Strict
		if p == board.Loose {
			cr = c.Loose
		}
		ps := m.Scores.Policy(p)
		if cr == nil || ps == nil {
			continue
		}
		for _, mm := range []struct {
			name string
			c    *float64
			r    board.Rate
		}{{"Correct", cr.Correct, ps.Correct}, {"Compliant", cr.Compliant, ps.Compliant}, {"Multi", cr.Multi, ps.Multi}, {"Single", cr.Single, ps.Single}} {
			if mm.c == nil {
				continue
			}
			off := *mm.c < mm.r.CI95[0] || *mm.c > mm.r.CI95[1]
			rows = append(rows, claimRow{Policy: string(p), Metric: mm.name, Claimed: render.Pct(*mm.c), Rescored: render.Pct(mm.r.Rate),
				Diff: fmt.Sprintf("%+.1f", 100*(*mm.c-mm.r.Rate)), Off: off})
		}
	}
	return rows
}

// writeFailedRows writes the rows of a model's failed items (its cases
// page). Written
// by hand, not by a template: a board has models × problems of them (see
// writeCard).
func writeFailedRows(h *render.HTML, rows []failedItem) {
	chips := func(ids []string) {
		for _, id := range ids {
			h.Raw(`<span class="chip">`)
			h.Text(id)
			h.Raw(`</span> `)
		}
	}
	for k := range rows {
		f := &rows[k]
		h.Raw("\n" + `<tr><th scope="row"><a href="../`)
		h.URLPart(f.Item.Href)
		h.Raw(`">`)
		h.Text(f.Item.Text)
		h.Raw(`</a> <a class="muted" href="`)
		h.URL(f.Answer)
		h.Raw(`">answer</a></th><td>`)
		h.Text(f.Subject)
		switch {
		case !f.Answered:
			h.Raw(`</td><td><span class="muted">not answered</span></td><td>`)
		case f.Correct:
			h.Raw(`</td><td><span class="vote yes">yes</span></td><td>`)
		default:
			h.Raw(`</td><td><span class="vote no">no</span></td><td>`)
		}
		chips(f.FailedS)
		h.Raw(`</td><td>`)
		chips(f.FailedL)
		h.Raw(`</td></tr>`)
	}
}
