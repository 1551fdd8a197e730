package sciif

// One page per problem: the question, its constraints, the reference and every model's verdicts.

import (
	"html/template"
	"slices"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

type ruleView struct {
	Rule, Outcome, Reason, Evidence string
}

func newRuleView(r *sciifdata.RuleVerdict) *ruleView {
	if r == nil {
		return nil
	}
	return &ruleView{Rule: r.Rule, Outcome: r.Outcome.String(), Reason: r.Reason, Evidence: r.Evidence}
}

type voteView struct {
	Judge  string
	Mark   string
	Reason string
}

func newVote(v sciifdata.Vote) voteView {
	mark := "no"
	switch {
	case v.Missing:
		mark = "missing"
	case v.Yes:
		mark = "yes"
	}
	return voteView{Judge: v.Judge, Mark: mark, Reason: v.Reason}
}

type pointView struct {
	N         int
	Main      bool
	Short     string
	Votes     []voteView
	Rule      *ruleView
	Pass      bool
	DecidedBy string
	// Overridden marks a rule that decided against the judges.
	Overridden bool
}

type consVerdictView struct {
	ID       string
	Abbrev   string
	Name     string
	Strict   bool
	Loose    bool
	Judges   []string
	Points   []pointView
	Disagree bool
}

type answerView struct {
	Model    render.Link
	Anchor   string
	Answered bool
	// Href is the answer's card on the model's answers page (problem
	// pages); Item is the problem (answers pages).
	Href string
	Item render.Link
	// Shown is the part of the response shown, as Markdown: writeCard
	// converts it into the page.
	Shown       string
	Cut         *render.CutView
	Words       int
	Correct     bool
	CorrectBy   string
	Extracted   []extractedPart
	CorrectRule *ruleView
	Votes       []voteView
	CompliantS  bool
	CompliantL  bool
	Regimes     []string
	Cons        []consVerdictView
}

// extractedPart is a piece of an extracted answer: TeX, typeset on the
// page, or plain text.
type extractedPart struct {
	Text string
	Math bool
}

// newExtracted splits the answer a verdict extracted from a response into
// TeX ($…$) and plain text; an answer with no $ but TeX markup is TeX.
func newExtracted(s string) []extractedPart {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if !strings.Contains(s, "$") {
		return []extractedPart{{Text: s, Math: strings.ContainsAny(s, `\^_{}`)}}
	}
	var out []extractedPart
	for i, piece := range strings.Split(s, "$") {
		// Odd pieces lie between two dollars; an unclosed last one is text.
		math := i%2 == 1 && i < strings.Count(s, "$")
		if piece == "" {
			continue
		}
		if !math && i%2 == 1 {
			piece = "$" + piece
		}
		out = append(out, extractedPart{Text: piece, Math: math})
	}
	return out
}

type problemView struct {
	ID        string
	Subject   string
	K         int
	Question  template.HTML
	Cons      []consInfo
	RefAnswer template.HTML
	RefType   string
	Solution  template.HTML
	// Rows is render.Mark(0), where problemRows writes every model's
	// verdicts (addSpliced).
	Rows template.HTML
	Prev *render.Link
	Next *render.Link
}

// judgeOrder lists the judges of a constraint verdict in order of first
// appearance, appended to dst (a constraint has a judge or two).
func judgeOrder(dst []string, points []sciifdata.PointVerdict) []string {
	for _, p := range points {
		for _, v := range p.Votes {
			if !slices.Contains(dst, v.Judge) {
				dst = append(dst, v.Judge)
			}
		}
	}
	return dst
}

func (s *site) pointShort(consID string, n int) string {
	if c, ok := s.in.Bench.Catalog.Lookup(consID); ok {
		for _, p := range c.Points {
			if p.N == n {
				return p.Short
			}
		}
	}
	return ""
}

func (s *site) problemPage(md *render.Converter, i int) error {
	it := &s.in.Bench.Items[i]
	v := problemView{
		ID: it.ID, Subject: it.Subject, K: it.K(),
		Question:  md.HTML(it.Question),
		RefAnswer: md.HTML(it.Reference.Answer),
		RefType:   it.Reference.Type,
	}
	if it.Reference.Solution != "" {
		v.Solution = md.HTML(it.Reference.Solution)
	}
	for _, id := range it.Constraints {
		if c, ok := s.in.Bench.Catalog.Lookup(id); ok {
			v.Cons = append(v.Cons, s.consInfo(*c))
		} else {
			v.Cons = append(v.Cons, consInfo{ID: id, Abbrev: id, Name: id})
		}
	}
	if i > 0 {
		l := s.itemLink(i - 1)
		l.Href = s.itemSlugs[i-1] + ".html"
		v.Prev = &l
	}
	if i+1 < len(s.in.Bench.Items) {
		l := s.itemLink(i + 1)
		l.Href = s.itemSlugs[i+1] + ".html"
		v.Next = &l
	}
	v.Rows = render.Mark(0)
	return s.addSpliced("problem", "problems/"+s.itemSlugs[i]+".html", render.Page{
		Title:       "Problem " + it.ID,
		Description: "Problem " + it.ID + " of " + s.in.Title + ": the question, its constraints and every model's answer, judged.",
		NoIndex:     !s.in.IndexItems, Math: true, Nav: "cases", Body: v,
	}, func(h *render.HTML) { s.problemRows(h, i) })
}

// rowHead is the start of a model's row on every problem page, escaped
// once: up to its answers folder in the link (head), then from the
// link's end to the end of the name (name).
type rowHead struct{ head, name template.HTML }

// problemRowHeads are the models' rowHeads, in board order.
func (s *site) problemRowHeads() []rowHead {
	out := make([]rowHead, len(s.models))
	for mi := range s.models {
		m := &s.models[mi]
		var h render.HTML
		h.Raw("\n" + `<tr id="m-`)
		h.Attr(m.Slug)
		h.Raw(`"><th scope="row"><a href="`)
		h.URL("../models/" + m.Slug + "/")
		out[mi].head = h.String()
		h.Reset()
		h.Raw(`">`)
		h.Text(m.Scores.Name)
		h.Raw(`</a></th>`)
		out[mi].name = h.String()
	}
	return out
}

// problemRows writes a row per model of problem i's table: its verdicts
// on correctness, compliance and each constraint, linked to its answer.
// Written by hand, not by a template, for the same reason as writeCard:
// a board has models × problems of them.
func (s *site) problemRows(h *render.HTML, i int) {
	it := &s.in.Bench.Items[i]
	yn := func(ok bool) {
		if ok {
			h.Raw(`<td><span class="vote yes">yes</span>`)
		} else {
			h.Raw(`<td><span class="vote no">no</span>`)
		}
	}
	var sh render.HTML
	sh.URLPart(s.answersFile[i] + "#" + s.itemSlugs[i])
	suffix := sh.String()
	for mi := range s.models {
		m := &s.models[mi]
		c := m.cells[i]
		h.Safe(s.rowHeads[mi].head)
		h.Safe(suffix)
		h.Safe(s.rowHeads[mi].name)
		if !c.has(cAnswered) {
			h.Raw(`<td colspan="3" class="muted">not answered</td></tr>`)
			continue
		}
		yn(c.has(cCorrect))
		h.Raw(`</td>`)
		yn(c.compliant(board.Strict))
		h.Raw(`</td>`)
		yn(c.compliant(board.Loose))
		h.Raw(`</td>`)
		for ci := range it.Constraints {
			strict, loose := c.pass(ci, board.Strict), c.pass(ci, board.Loose)
			yn(strict)
			switch {
			case strict == loose:
			case loose:
				h.Raw(` <span class="muted">(loose pass)</span>`)
			default:
				h.Raw(` <span class="muted">(loose fail)</span>`)
			}
			h.Raw(`</td>`)
		}
		h.Raw(`</tr>`)
	}
}
