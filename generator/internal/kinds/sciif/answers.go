package sciif

// A model's answers pages: every answer with every verdict and reason.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"

	"github.com/yuin/goldmark"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// answersHref is the page, relative to the board's base, that holds model
// m's answer to item i: one page per subject, in parts of perAnswers
// problems.
func (s *site) answersHref(m *model, i int) string {
	return "models/" + m.Slug + "/" + s.answersFile[i]
}

// answerCard is model m's whole answer to item i: the response, every
// verdict with the judges' reasons and the rules' evidence.
func (s *site) answerCard(md goldmark.Markdown, m *model, i int, iv *board.ItemVerdict, resp string) answerView {
	it := &s.in.Bench.Items[i]
	a := answerView{
		Model: s.modelLink(m), Anchor: s.itemSlugs[i], Answered: iv.Answered, Item: s.itemLink(i),
		Correct: iv.Correct, CorrectBy: string(iv.CorrectBy), Extracted: newExtracted(iv.Extracted),
		CorrectRule: newRuleView(iv.CorrectRule),
		CompliantS:  iv.Compliant(board.Strict), CompliantL: iv.Compliant(board.Loose),
	}
	for _, r := range regimesOf(iv) {
		for _, rg := range regimes() {
			if rg.Key == r {
				a.Regimes = append(a.Regimes, rg.Label)
			}
		}
	}
	if iv.Answered {
		part, cut := render.Shown(resp)
		a.Response = render.Markdown(md, part)
		if cut {
			a.Cut = render.CutNote(resp, part, render.RootOf(s.Base(s.name)+s.answersHref(m, i)), m.Slug)
			s.AddAnswer(m.Slug, s.name, it.ID, resp)
		}
		a.Words = countWords(resp)
		if !utf8.ValidString(resp) {
			a.Words = -1
		}
	}
	for _, vt := range iv.CorrectVotes {
		a.Votes = append(a.Votes, newVote(vt))
	}
	for ci := range iv.Constraints {
		cv := &iv.Constraints[ci]
		cvv := consVerdictView{ID: cv.ID, Abbrev: s.abbrev(cv.ID), Strict: cv.Strict, Loose: cv.Loose, Judges: judgeOrder(cv.Points)}
		if c, ok := s.in.Bench.Catalog.Lookup(cv.ID); ok {
			cvv.Name = c.Name
		}
		for j := 1; j < len(cv.JudgeStrict); j++ {
			cvv.Disagree = cvv.Disagree || cv.JudgeStrict[j] != cv.JudgeStrict[0]
		}
		for _, p := range cv.Points {
			pv := pointView{N: p.N, Main: p.Main, Short: s.pointShort(cv.ID, p.N), Rule: newRuleView(p.Rule),
				Pass: p.Pass, DecidedBy: string(p.DecidedBy)}
			pv.Overridden = p.DecidedBy == board.ByRules && p.JudgesPass() != p.Pass
			byJudge := map[string]board.Vote{}
			for _, vt := range p.Votes {
				byJudge[vt.Judge] = vt
			}
			for _, j := range cvv.Judges {
				vt, ok := byJudge[j]
				if !ok {
					vt = board.Vote{Judge: j, Missing: true}
				}
				pv.Votes = append(pv.Votes, newVote(vt))
			}
			cvv.Points = append(cvv.Points, pv)
		}
		a.Cons = append(a.Cons, cvv)
	}
	return a
}

// countWords counts the words of s without building a slice of them.
func countWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
		} else if !in {
			in, n = true, n+1
		}
	}
	return n
}

// answersView is one page of a model's answers: problems of one subject.
type answersView struct {
	Model   render.Link
	Subject string
	Answers []answerView
	// Pages links the model's answers pages.
	Pages []render.Link
}

// answersPages renders model m's answers, one page per part of a subject
// (see answersFile), from run, which holds the full verdicts and
// responses (a second pass over the submission: the board keeps neither).
func (s *site) answersPages(md goldmark.Markdown, m *model, run *board.Run) ([]board.File, error) {
	var files []string
	byFile := map[string][]int{}
	for i, f := range s.answersFile {
		if _, ok := byFile[f]; !ok {
			files = append(files, f)
		}
		byFile[f] = append(byFile[f], i)
	}
	var links []render.Link
	for _, f := range files {
		links = append(links, render.Link{Href: f, Text: s.answersLabel[byFile[f][0]]})
	}
	var out []board.File
	for k, f := range files {
		first := byFile[f][0]
		v := answersView{Model: s.modelLink(m), Subject: s.in.Bench.Items[first].Subject, Pages: links}
		v.Pages = append([]render.Link(nil), links...)
		v.Pages[k].Href = ""
		for _, i := range byFile[f] {
			resp := ""
			if i < len(run.Responses) {
				resp = run.Responses[i]
			}
			v.Answers = append(v.Answers, s.answerCard(md, m, i, &run.Verdicts[i], resp))
		}
		file, err := s.exec("answers", s.answersHref(m, first), render.Page{
			Title:       m.Scores.Name + " · " + s.answersLabel[first] + " answers",
			Description: m.Scores.Name + "'s whole answers to the " + s.answersLabel[first] + " problems of " + s.in.Title + ", with every verdict and reason.",
			NoIndex:     !s.in.IndexItems, Math: true, Nav: "cases", Body: v,
		})
		if err != nil {
			return nil, err
		}
		out = append(out, file)
	}
	points, err := s.pointsCSV(m, run)
	if err != nil {
		return nil, err
	}
	return append(out, points), nil
}

// pointRow is one decision of one model on one item in
// points/<model>.csv: correctness, or one evidence point of a constraint.
type pointRow struct {
	Item       string `csv:"item"`
	Constraint string `csv:"constraint"`
	Point      string `csv:"point"`
	Main       bool   `csv:"main"`
	Votes      string `csv:"votes"`
	Rule       string `csv:"rule"`
	RuleOut    string `csv:"rule_outcome"`
	DecidedBy  string `csv:"decided_by"`
	Pass       bool   `csv:"pass"`
}

// pointsHref is where model m's point-level verdicts are.
func pointsHref(m *model) string { return "points/" + m.Slug + ".csv" }

// pointsCSV writes every decision behind model m's verdicts: a row for
// correctness and a row per evidence point of each enabled constraint,
// with each judge's vote, the rule's outcome and what decided. Strict
// needs every point of a constraint to pass, Loose its main ones.
func (s *site) pointsCSV(m *model, run *board.Run) (board.File, error) {
	votes := func(vs []board.Vote) string {
		parts := make([]string, 0, len(vs))
		for _, v := range vs {
			switch {
			case v.Missing:
				parts = append(parts, v.Judge+"=missing")
			case v.Yes:
				parts = append(parts, v.Judge+"=yes")
			default:
				parts = append(parts, v.Judge+"=no")
			}
		}
		return report.SafeCell(strings.Join(parts, " "))
	}
	rule := func(r *board.RuleVerdict, row *pointRow) {
		if r != nil {
			row.Rule, row.RuleOut = report.SafeCell(r.Rule), report.SafeCell(r.Outcome.String())
		}
	}
	var rows []pointRow
	for i := range s.in.Bench.Items {
		iv := &run.Verdicts[i]
		if !iv.Answered {
			continue
		}
		item := report.SafeCell(s.in.Bench.Items[i].ID)
		row := pointRow{Item: item, Point: "correctness", Main: true, Votes: votes(iv.CorrectVotes),
			DecidedBy: report.SafeCell(string(iv.CorrectBy)), Pass: iv.Correct}
		rule(iv.CorrectRule, &row)
		rows = append(rows, row)
		for ci := range iv.Constraints {
			cv := &iv.Constraints[ci]
			for _, p := range cv.Points {
				row := pointRow{Item: item, Constraint: report.SafeCell(cv.ID), Point: strconv.Itoa(p.N), Main: p.Main,
					Votes: votes(p.Votes), DecidedBy: report.SafeCell(string(p.DecidedBy)), Pass: p.Pass}
				rule(p.Rule, &row)
				rows = append(rows, row)
			}
		}
	}
	return render.MarshalCSV(s.Base(s.name)+pointsHref(m), &rows)
}
