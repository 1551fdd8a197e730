package sciif

// A model's answers pages: every answer with every verdict and reason.

import (
	"bytes"
	"fmt"
	"html/template"
	"math/bits"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// answersHref is the page, relative to the board's base, that holds model
// m's answer to item i: one page per subject, in parts of perAnswers
// problems.
func (s *site) answersHref(m *model, i int) string {
	return "models/" + m.Slug + "/" + s.answersFile[i]
}

// answerCard fills a with model m's whole answer to item i: the
// response, every verdict with the judges' reasons and the rules'
// evidence. a's slices are reused from the card it held before, so that
// a model's cards allocate them once (a board has models × problems of
// them): a card is written out (writeCard) before the next is made.
func (s *site) answerCard(m *model, i int, iv *sciifdata.ItemVerdict, resp string, a *answerView) {
	it := &s.in.Bench.Items[i]
	cons, votes, labels := a.Cons[:0], a.Votes[:0], a.Regimes[:0]
	*a = answerView{
		Model: s.modelLink(m), Anchor: s.itemSlugs[i], Answered: iv.Answered, Item: s.itemLink(i),
		Correct: iv.Correct, CorrectBy: string(iv.CorrectBy), Extracted: newExtracted(iv.Extracted),
		CorrectRule: newRuleView(iv.CorrectRule),
		CompliantS:  iv.Compliant(board.Strict), CompliantL: iv.Compliant(board.Loose),
	}
	for _, r := range regimesOf(iv) {
		for _, rg := range regimes() {
			if rg.Key == r {
				labels = append(labels, rg.Label)
			}
		}
	}
	a.Regimes = labels
	if iv.Answered {
		part, cut := render.Shown(resp)
		a.Shown = part
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
		votes = append(votes, newVote(vt))
	}
	a.Votes = votes
	for ci := range iv.Constraints {
		cv := &iv.Constraints[ci]
		cons = grow(cons)
		cvv := &cons[len(cons)-1]
		judges, points := cvv.Judges[:0], cvv.Points[:0]
		*cvv = consVerdictView{ID: cv.ID, Abbrev: s.abbrev(cv.ID), Strict: cv.Strict, Loose: cv.Loose, Judges: judgeOrder(judges, cv.Points)}
		if c, ok := s.in.Bench.Catalog.Lookup(cv.ID); ok {
			cvv.Name = c.Name
		}
		for j := 1; j < len(cv.JudgeStrict); j++ {
			cvv.Disagree = cvv.Disagree || cv.JudgeStrict[j] != cv.JudgeStrict[0]
		}
		for _, p := range cv.Points {
			points = grow(points)
			pv := &points[len(points)-1]
			pvotes := pv.Votes[:0]
			*pv = pointView{N: p.N, Main: p.Main, Short: s.pointShort(cv.ID, p.N), Rule: newRuleView(p.Rule),
				Pass: p.Pass, DecidedBy: string(p.DecidedBy)}
			pv.Overridden = p.DecidedBy == sciifdata.ByRules && p.JudgesPass() != p.Pass
			for _, j := range cvv.Judges {
				// The judge's last vote on the point, as a map by judge
				// would keep it; a point has a vote or two.
				vt := sciifdata.Vote{Judge: j, Missing: true}
				for k := len(p.Votes) - 1; k >= 0; k-- {
					if p.Votes[k].Judge == j {
						vt = p.Votes[k]
						break
					}
				}
				pvotes = append(pvotes, newVote(vt))
			}
			pv.Votes = pvotes
		}
		cvv.Points = points
	}
	a.Cons = cons
}

// grow is xs one element longer, that element zero unless it was in xs's
// capacity already (its slices are then there to reuse).
func grow[T any](xs []T) []T {
	if len(xs) < cap(xs) {
		return xs[:len(xs)+1]
	}
	var zero T
	return append(xs, zero)
}

// countWords counts the words of s (runs of non-space, as
// unicode.IsSpace sees space) without building a slice of them. Eight
// bytes of ASCII are read at a time, as one word of a machine word's
// bits; only other runes are decoded.
func countWords(s string) int {
	const (
		lo = 0x0101010101010101
		hi = 0x8080808080808080
	)
	n, in := 0, false
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			w := s[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			if x&hi == 0 {
				// Every byte is below 0x80, so adding up to 0x7f to each
				// carries into no other: the top bit of a byte's sum says
				// whether the byte reached the bound.
				y := x ^ 0x20*lo
				blank := hi &^ (y + 0x7f*lo | y) // byte == ' '
				ge9 := (x + (0x80-9)*lo) & hi    // byte >= '\t'
				ge14 := (x + (0x80-14)*lo) & hi  // byte > '\r'
				space := blank | ge9&^ge14
				prev := space << 8 // each byte's predecessor is a space
				if !in {
					prev |= 0x80
				}
				n += bits.OnesCount64(hi &^ space & prev)
				in = space>>63 == 0
				i += 8
				continue
			}
		}
		c := s[i]
		var space bool
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
			i += size
		}
		if space {
			in = false
		} else if !in {
			in, n = true, n+1
		}
	}
	return n
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// answersView is one page of a model's answers: problems of one subject.
type answersView struct {
	Model   render.Link
	Subject string
	// Cards is render.Mark(0): the answers, written by writeCard into the
	// page once its template has run (addSpliced).
	Cards template.HTML
	// Parts links the model's answers pages: the template's
	// "answers-parts" on the page's answersPart.Links.
	Parts template.HTML
}

// answersPart is one of a model's answers pages, the same for every
// model: its file, the items on it and the links to the others.
type answersPart struct {
	File  string
	Items []int
	Parts template.HTML
	// Frame is the part's page for any model (answersFrame), or nil where
	// each model's page is rendered through its template.
	Frame []byte
}

// answersPartsOnce lays out the answers pages once per site.
type answersPartsOnce struct {
	once  sync.Once
	parts []answersPart
	err   error
}

// answersParts lays out a model's answers pages (answersFile), with the
// links between them rendered once for every model.
func (s *site) answersParts() ([]answersPart, error) {
	o := s.partsOnce
	o.once.Do(func() {
		var parts []answersPart
		at := map[string]int{}
		for i, f := range s.answersFile {
			k, ok := at[f]
			if !ok {
				k = len(parts)
				at[f] = k
				parts = append(parts, answersPart{File: f})
			}
			parts[k].Items = append(parts[k].Items, i)
		}
		var links []render.Link
		for _, p := range parts {
			links = append(links, render.Link{Href: p.File, Text: s.answersLabel[p.Items[0]]})
		}
		for k := range parts {
			l := append([]render.Link(nil), links...)
			l[k].Href = ""
			if parts[k].Parts, o.err = s.Partial("sciif/answers", "answers-parts", l); o.err != nil {
				return
			}
			if parts[k].Frame, o.err = s.answersFrame(&parts[k]); o.err != nil {
				return
			}
		}
		o.parts = parts
	})
	return o.parts, o.err
}

// answersPages renders and adds model m's answers, one page per part of
// a subject (see answersFile), from run, which holds the full verdicts and
// responses, and the model's points download. The pages show that run
// alone (render.Page.OneRun): a build renders them as soon as the
// submission is accepted (run.RunPages), before the board is scored.
func (s *site) answersPages(md *render.Converter, m *model, run *sciifdata.Run) error {
	parts, err := s.answersParts()
	if err != nil {
		return err
	}
	var card answerView
	for _, part := range parts {
		f, err := s.answersPage(m, &part)
		if err != nil {
			return err
		}
		err = s.addSplicedFile(f, func(h *render.HTML) {
			for _, i := range part.Items {
				resp := ""
				if i < len(run.Responses) {
					resp = run.Responses[i]
				}
				s.answerCard(m, i, &run.Verdicts[i], resp, &card)
				writeCard(h, &card, md)
			}
		})
		if err != nil {
			return err
		}
	}
	return s.pointsCSV(m, run)
}

// pointsPool holds the buffers pointsCSV writes points files in.
var pointsPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// PointRow is one decision of one model on one item in
// points/<model>.csv: correctness, or one evidence point of a constraint.
type PointRow struct {
	Item       report.Text `csv:"item"`
	Constraint report.Text `csv:"constraint"`
	Point      report.Text `csv:"point"`
	Main       bool        `csv:"main"`
	Votes      report.Text `csv:"votes"`
	Rule       report.Text `csv:"rule"`
	RuleOut    report.Text `csv:"rule_outcome"`
	DecidedBy  report.Text `csv:"decided_by"`
	Pass       bool        `csv:"pass"`
}

// pointsFile is each model's point-level verdicts, for the board whose
// pages are under base.
func pointsFile(base string) render.ModelFile {
	return render.ModelFile{Label: "points", Dir: base + "points/", Ext: ".csv",
		What: "every decision behind the model’s verdicts: a row for correctness and one per evidence point of each enabled constraint of each answered problem, with the point’s number, whether it is a main point, each judge’s vote (<code>judge=yes|no|missing</code>), the rule and its outcome when a rule ran, what decided and the final pass. Strict passes a constraint when all its points pass, Loose when its main points do."}
}

// pointsCSV adds every decision behind model m's verdicts: a row for
// correctness and a row per evidence point of each enabled constraint,
// with each judge's vote, the rule's outcome and what decided. Strict
// needs every point of a constraint to pass, Loose its main ones.
func (s *site) pointsCSV(m *model, run *sciifdata.Run) error {
	buf := pointsPool.Get().(*bytes.Buffer)
	defer pointsPool.Put(buf)
	buf.Reset()
	var votes []byte
	vote := func(vs []sciifdata.Vote) report.Text {
		votes = votes[:0]
		for k, v := range vs {
			if k > 0 {
				votes = append(votes, ' ')
			}
			votes = append(votes, v.Judge...)
			switch {
			case v.Missing:
				votes = append(votes, "=missing"...)
			case v.Yes:
				votes = append(votes, "=yes"...)
			default:
				votes = append(votes, "=no"...)
			}
		}
		return report.Text(votes)
	}
	rule := func(r *sciifdata.RuleVerdict, row *PointRow) {
		if r != nil {
			row.Rule, row.RuleOut = report.Text(r.Rule), report.Text(r.Outcome.String())
		}
	}
	w, err := report.NewWriter(buf, PointRow{})
	if err != nil {
		return err
	}
	for i := range s.in.Bench.Items {
		iv := &run.Verdicts[i]
		if !iv.Answered {
			continue
		}
		item := report.Text(s.in.Bench.Items[i].ID)
		row := PointRow{Item: item, Point: "correctness", Main: true, Votes: vote(iv.CorrectVotes),
			DecidedBy: report.Text(iv.CorrectBy), Pass: iv.Correct}
		rule(iv.CorrectRule, &row)
		writePoint(w, &row)
		for ci := range iv.Constraints {
			cv := &iv.Constraints[ci]
			id := report.Text(cv.ID)
			for _, p := range cv.Points {
				row := PointRow{Item: item, Constraint: id, Point: report.Text(strconv.Itoa(p.N)), Main: p.Main,
					Votes: vote(p.Votes), DecidedBy: report.Text(p.DecidedBy), Pass: p.Pass}
				rule(p.Rule, &row)
				writePoint(w, &row)
			}
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("%s: %w", pointsFile(s.Base(s.name)).Path(m.Slug), err)
	}
	s.AddShared(board.File{Path: pointsFile(s.Base(s.name)).Path(m.Slug), Data: buf.Bytes()})
	return nil
}

// writePoint writes r, cell by cell, in the order of PointRow's fields:
// a board has models × problems × points of them, and gocsv's reflection
// cost more than building them. TestWritePointsAsGocsv holds it to what
// report.CSV (gocsv) writes.
func writePoint(w *report.Writer, r *PointRow) {
	w.Text(r.Item)
	w.Text(r.Constraint)
	w.Text(r.Point)
	w.Bool(r.Main)
	w.Text(r.Votes)
	w.Text(r.Rule)
	w.Text(r.RuleOut)
	w.Text(r.DecidedBy)
	w.Bool(r.Pass)
	w.End()
}

// writePoints writes rows as pointsCSV does.
func writePoints(rows []PointRow) ([]byte, error) {
	var buf bytes.Buffer
	w, err := report.NewWriter(&buf, PointRow{})
	if err != nil {
		return nil, err
	}
	for k := range rows {
		writePoint(w, &rows[k])
	}
	err = w.Flush()
	return buf.Bytes(), err
}
