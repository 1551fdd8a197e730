package sciif

// The cases overview and each model's cases page.

import (
	"html/template"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// The curated regimes of the case index, judged under Strict.
const (
	regimeCorrectNonCompliant = "correct-noncompliant"
	regimeCompliantIncorrect  = "compliant-incorrect"
	regimeJudgesDisagree      = "judges-disagree"
	regimeRulesOverride       = "rules-override"
)

type regime struct {
	Key, Label string
}

func regimes() []regime {
	return []regime{
		{regimeCorrectNonCompliant, "Correct but non-compliant"},
		{regimeCompliantIncorrect, "Compliant but incorrect"},
		{regimeJudgesDisagree, "Judges disagree"},
		{regimeRulesOverride, "Rules override judges"},
	}
}

// regimesOf lists the regimes an item verdict belongs to.
func regimesOf(v *sciifdata.ItemVerdict) []string {
	if !v.Answered {
		return nil
	}
	var out []string
	compliant := v.Compliant(board.Strict)
	if v.Correct && !compliant {
		out = append(out, regimeCorrectNonCompliant)
	}
	if compliant && !v.Correct {
		out = append(out, regimeCompliantIncorrect)
	}
	if judgesDisagree(v) {
		out = append(out, regimeJudgesDisagree)
	}
	if rulesOverride(v) {
		out = append(out, regimeRulesOverride)
	}
	return out
}

func judgesDisagree(v *sciifdata.ItemVerdict) bool {
	if splitVotes(v.CorrectVotes) {
		return true
	}
	for i := range v.Constraints {
		js := v.Constraints[i].JudgeStrict
		for j := 1; j < len(js); j++ {
			if js[j] != js[0] {
				return true
			}
		}
	}
	return false
}

func splitVotes(vs []sciifdata.Vote) bool {
	for i := 1; i < len(vs); i++ {
		if vs[i].Yes != vs[0].Yes {
			return true
		}
	}
	return false
}

func allYes(vs []sciifdata.Vote) bool {
	if len(vs) == 0 {
		return false
	}
	for _, v := range vs {
		if !v.Yes {
			return false
		}
	}
	return true
}

func rulesOverride(v *sciifdata.ItemVerdict) bool {
	if v.CorrectBy == sciifdata.ByRules && len(v.CorrectVotes) > 0 && allYes(v.CorrectVotes) != v.Correct {
		return true
	}
	for i := range v.Constraints {
		if v.Constraints[i].Overridden > 0 {
			return true
		}
	}
	return false
}

type caseRow struct {
	Item render.Link
	// Snippet is the start of the question, on one line.
	Snippet string
	Subject string
	K       int
	Cons    []string
	ConsIDs string
	Regime  string
	Label   string
	// Models lists the models in the case, at most shownModels of them;
	// More counts the others.
	Models []render.Link
	More   int
	// ModelIDs lists the models for the model filter, on a model's own
	// cases page only.
	ModelIDs string
}

type casesView struct {
	// Rows is render.Mark(0), where writeCaseRows writes the table's rows
	// (addSpliced).
	Rows template.HTML
	// Models is render.Mark(1), where the model menu's options go, written
	// once for every page.
	Models   template.HTML
	Cons     []render.Option
	Subjects []render.Option
	Regimes  []render.Option
	// Model is the model of a model's own cases page ("" on the overview);
	// Root leads from the page to the board's base.
	Model string
	Root  string
	// Failed is render.Mark(2) on a model's own cases page, where
	// writeFailedRows writes the model's failed items; NFailed is their
	// number.
	Failed  template.HTML
	NFailed int
}

// shownModels is how many models a row of the cases overview names; the
// problem page lists them all, and each model has a cases page of its own.
const shownModels = 3

// casesPages renders the cases overview (cases.html: every problem and
// regime with the models in it, and a menu of every model leading to its
// own cases page). Each model's own page (modelCasesPage) is rendered
// with its answers, so that no page grows with models × problems.
func (s *site) casesPages() error {
	return s.casesPage(nil, s.modelOptions(s.models))
}

// modelCasesPage renders and adds model m's cases page
// (cases/<model>.html). It shows m alone, as its answers pages do: its
// model menu holds m and "all", which leads back to the overview, where
// every model is. So the page is the same whatever the other models,
// and a build renders it as the submission is checked (run.RunPages);
// a menu of every model on every model's page was models × models
// options (70 MB at 1,000 models).
func (s *site) modelCasesPage(m *model) error {
	return s.casesPage(m, s.modelOptions([]model{*m}))
}

// casesPage renders and adds the cases overview (only nil) or only's
// cases page.
func (s *site) casesPage(only *model, options template.HTML) error {
	v := casesView{Root: ""}
	out := "cases.html"
	var failed []failedItem
	if only != nil {
		v.Model, v.Root, out = only.Slug, "../", "cases/"+only.Slug+".html"
		failed = s.failedItems(only)
		v.Failed, v.NFailed = render.Mark(2), len(failed)
	}
	// The models menu (every model, on every model's page) and the rows
	// are written into the page after its template has run.
	v.Models = render.Mark(1)
	for _, c := range s.cons {
		v.Cons = append(v.Cons, render.Option{Value: c.ID, Label: c.Abbrev + " — " + c.Name})
	}
	for _, r := range regimes() {
		v.Regimes = append(v.Regimes, render.Option{Value: r.Key, Label: r.Label})
	}
	subjects := map[string]bool{}
	var rows []caseRow
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		subjects[it.Subject] = true
		var abbrevs []string
		for _, c := range it.Constraints {
			abbrevs = append(abbrevs, s.abbrev(c))
		}
		for _, r := range regimes() {
			row := caseRow{Item: s.itemLink(i), Snippet: s.snippets[i], Subject: it.Subject, K: it.K(), Cons: abbrevs,
				ConsIDs: " " + strings.Join(it.Constraints, " ") + " ", Regime: r.Key, Label: r.Label}
			n := 0
			models := s.models
			if only != nil {
				models = []model{*only}
			}
			for mi := range models {
				m := &models[mi]
				for _, got := range m.cells[i].regimes() {
					if got != r.Key {
						continue
					}
					n++
					if len(row.Models) < shownModels {
						l := s.modelLink(m)
						l.Href = row.Item.Href + "#m-" + m.Slug
						if only != nil {
							l.Href = s.answersHref(m, i) + "#" + s.itemSlugs[i]
						}
						row.Models = append(row.Models, l)
					}
				}
			}
			if n > 0 {
				row.More = n - len(row.Models)
				if only != nil {
					row.ModelIDs = " " + only.Slug + " "
				}
				rows = append(rows, row)
			}
		}
	}
	v.Rows = render.Mark(0)
	var subs []string
	for sub := range subjects {
		subs = append(subs, sub)
	}
	sort.Strings(subs)
	for _, sub := range subs {
		v.Subjects = append(v.Subjects, render.Option{Value: sub, Label: sub})
	}
	title := "Case studies"
	if only != nil {
		title = "Case studies: " + only.Scores.Name
	}
	frags := []func(*render.HTML){func(h *render.HTML) { writeCaseRows(h, v.Root, rows) }, func(h *render.HTML) { h.Safe(options) }}
	if only != nil {
		frags = append(frags, func(h *render.HTML) { writeFailedRows(h, failed) })
	}
	return s.addSpliced("cases", out, render.Page{
		Title:       title,
		Description: "Problems where correctness and compliance part ways, judges disagree, or rules override judges.",
		Nav:         "cases", Body: v, OneRun: only != nil,
	}, frags...)
}

// writeCaseRows writes the cases table's rows, links relative to root.
// Written by hand, not by a template: every model's cases page has one
// per case (see writeCard).
func writeCaseRows(h *render.HTML, root string, rows []caseRow) {
	if len(rows) == 0 {
		h.Raw("\n" + `<tr><td colspan="5">No curated cases.</td></tr>`)
	}
	for k := range rows {
		r := &rows[k]
		h.Raw("\n" + `<tr data-regime="`)
		h.Attr(r.Regime)
		h.Raw(`" data-subject="`)
		h.Attr(r.Subject)
		h.Raw(`" data-constraints="`)
		h.Attr(r.ConsIDs)
		h.Raw(`" data-models="`)
		h.Attr(r.ModelIDs)
		h.Raw("\">\n" + `<th scope="row"><a href="`)
		h.URL(root + r.Item.Href)
		h.Raw(`">`)
		h.Text(r.Item.Text)
		h.Raw(`</a>`)
		if r.Snippet != "" {
			h.Raw(`<span class="excerpt snippet">`)
			h.Text(r.Snippet)
			h.Raw(`</span>`)
		}
		h.Raw(`</th><td>`)
		h.Text(r.Subject)
		h.Raw(`</td><td>`)
		for _, c := range r.Cons {
			h.Raw(`<span class="chip">`)
			h.Text(c)
			h.Raw(`</span> `)
		}
		h.Raw(`</td><td><span class="badge `)
		h.Attr(r.Regime)
		h.Raw(`">`)
		h.Text(r.Label)
		h.Raw("</span></td>\n<td>")
		for _, m := range r.Models {
			h.Raw(`<a class="chip" href="`)
			h.URL(root + m.Href)
			h.Raw(`">`)
			h.Text(m.Text)
			h.Raw(`</a> `)
		}
		if r.More > 0 {
			h.Raw(`<a href="`)
			h.URL(root + r.Item.Href)
			h.Raw(`">and `)
			h.Int(r.More)
			h.Raw(` more</a>`)
		}
		h.Raw(`</td></tr>`)
	}
}

// modelOptions is models as the options of a menu.
func (s *site) modelOptions(models []model) template.HTML {
	var h render.HTML
	for i := range models {
		h.Raw(`<option value="`)
		h.Attr(models[i].Slug)
		h.Raw(`">`)
		h.Text(models[i].Scores.Name)
		h.Raw(`</option>`)
	}
	return h.String()
}

func (s *site) abbrev(id string) string {
	if c, ok := s.in.Bench.Catalog.Lookup(id); ok && c.Abbrev != "" {
		return c.Abbrev
	}
	return id
}
