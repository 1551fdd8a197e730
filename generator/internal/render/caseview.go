package render

// The view models of base.html's case-page partials: every kind's page of
// one item (prompt, task) fills these and the partials draw them alike.

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/chat"
)

// CasePager is the pager of a case page ("case-pager" in base.html): the
// previous and the next case around Links, the pages the case belongs to.
type CasePager struct {
	// Label names the pager for assistive technology ("Prompts").
	Label      string
	Prev, Next *Link
	Links      []Link
}

// PagerAt is the pager of case i of n: at gives case j's link, for j =
// i-1 and i+1 where they exist.
func PagerAt(label string, i, n int, at func(j int) Link, links ...Link) CasePager {
	p := CasePager{Label: label, Links: links}
	if i > 0 {
		l := at(i - 1)
		p.Prev = &l
	}
	if i+1 < n {
		l := at(i + 1)
		p.Next = &l
	}
	return p
}

// Ask is what a model was asked, as a case page shows it ("ask" in
// base.html): a single prompt, or a conversation whose last turn the model
// answers, with Note saying what is checked against that answer.
type Ask struct {
	Prompt string
	// Turns is a conversation; nil shows Prompt.
	Turns []chat.Turn
	Note  string
}

// ResponseView is a model's response as a case page shows it ("response"
// in base.html): the part shown as plain text, its length in words, and
// the note under a shortened one.
type ResponseView struct {
	Text  string
	Words string
	Cut   *CutView
}

// Response shows model slug's response resp on the page at out (a path
// from the site root). A response too long to show whole is kept among the
// model's long answers (AddAnswer) under bench and id, and the note links
// there.
func (s *Site) Response(resp, out, slug, bench, id string) ResponseView {
	part, cut := Shown(resp)
	v := ResponseView{Text: part, Words: CountLabel(len(strings.Fields(resp)), "word", "words")}
	if cut {
		v.Cut = CutNote(resp, part, RootOf(out), slug)
		s.AddAnswer(slug, bench, id, resp)
	}
	return v
}

// CaseFilters is a case index's filter bar ("case-filters" in base.html):
// assets/site.js shows the rows where the chosen model's cell, or any cell,
// matches the chosen outcome and, when ByInstruction, that carry the
// chosen instruction.
type CaseFilters struct {
	Models        []Option
	ByInstruction bool
	Instructions  []Option
	Outcomes      []OutcomeOption
}

// CaseColumn is a model's column of a case index ("case-columns" in
// base.html), named by the model's slug, its anchor on the case pages.
type CaseColumn struct {
	Slug, Name string
}

// OutcomeCell is a model's cell of a case index ("outcome-cells" in
// base.html): site.js makes it a link to the model's response on the
// case's page.
type OutcomeCell struct {
	Class, Glyph string
}

// CaseModels are a case index's models, names[i] with slug slugs[i]: the
// model filter's choices and the table's columns.
func CaseModels(names []ModelName, slugs []string) ([]Option, []CaseColumn) {
	opts := make([]Option, len(names))
	cols := make([]CaseColumn, len(names))
	for i, n := range names {
		opts[i] = Option{Value: slugs[i], Label: n.Text}
		cols[i] = CaseColumn{Slug: slugs[i], Name: n.Text}
	}
	return opts, cols
}
