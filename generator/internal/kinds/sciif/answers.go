package sciif

// A model's answers pages: every answer with every verdict and reason.

import (
	"unicode"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/render"

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
			Title:   m.Scores.Name + " · " + s.answersLabel[first] + " answers",
			NoIndex: true, Math: true, Nav: "cases", Body: v,
		})
		if err != nil {
			return nil, err
		}
		out = append(out, file)
	}
	return out, nil
}
