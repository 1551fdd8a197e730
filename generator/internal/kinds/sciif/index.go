package sciif

// The leaderboard (index.html and its parts) and the published figures beside it.

import (
	"fmt"
	"path"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// column heads one sortable column of the leaderboard.
type column struct {
	Key   string
	Label string
	Title string
	// Policy marks columns whose values depend on Strict/Loose.
	Policy bool
	Num    bool
}

type rankCell = render.RankCell

type boardRow struct {
	Model    render.Link
	ID       string
	Org      string
	Weights  string
	Date     string
	Complete bool
	Answered int
	Items    int
	// Search is what the name filter matches, lower-cased.
	Search string
	// Anchor is the id of the row on the leaderboard.
	Anchor string
	Rank   [2]rankCell
	Rates  []render.RatePair
	// Compare opens the compare page on the model, relative to the root.
	Compare string
	// Params is metadata's params as given; ParamsSort its size in
	// billions (render.ParamsSort), "" when it gives none; ParamsLabel
	// the size as the column shows it.
	Params, ParamsSort, ParamsLabel string
	// Reproduced shows the "sciif run" badge (render.Reproduced); Tokens
	// is the answers' tokens on this board (render.BenchTokens), "" when
	// neither recorded nor declared, TokensTitle says which.
	Reproduced          bool
	Tokens, TokensTitle string
	TokensSort          int64
}

// pair builds a ratePair from a getter, tolerating a missing policy.
func pair(ms *sciifdata.ModelScores, get func(*sciifdata.PolicyScores) (board.Rate, bool)) render.RatePair {
	var out render.RatePair
	for i, p := range board.Policies {
		v := render.MissingRate()
		if ps := ms.Policy(p); ps != nil {
			if r, ok := get(ps); ok {
				v = render.NewRate(r)
			}
		}
		if i == 0 {
			out.S = v
		} else {
			out.L = v
		}
	}
	return out
}

func metric(f func(*sciifdata.PolicyScores) board.Rate) func(*sciifdata.PolicyScores) (board.Rate, bool) {
	return func(ps *sciifdata.PolicyScores) (board.Rate, bool) { return f(ps), true }
}

func fromMap(get func(*sciifdata.PolicyScores) map[string]board.Rate, key string) func(*sciifdata.PolicyScores) (board.Rate, bool) {
	return func(ps *sciifdata.PolicyScores) (board.Rate, bool) {
		r, ok := get(ps)[key]
		return r, ok
	}
}

func families(ps *sciifdata.PolicyScores) map[string]board.Rate { return ps.Families }

func constraints(ps *sciifdata.PolicyScores) map[string]board.Rate { return ps.Constraints }

func byK(ps *sciifdata.PolicyScores) map[string]board.Rate { return ps.ByK }

// headline lists the leaderboard's rate columns, in order.
func (s *site) headline() ([]column, []func(*sciifdata.PolicyScores) (board.Rate, bool)) {
	cols := []column{
		{Key: "correct", Label: "Correct", Title: "Answer correctness over all items", Policy: true, Num: true},
		{Key: "compliant", Label: "Compliant", Title: "Items whose every enabled constraint passes, over all items", Policy: true, Num: true},
		{Key: "multi", Label: "Multi", Title: "Compliance on items with two or more constraints (k ≥ 2)", Policy: true, Num: true},
		{Key: "single", Label: "Single", Title: "Compliance on items with exactly one constraint (k = 1)", Policy: true, Num: true},
	}
	gets := []func(*sciifdata.PolicyScores) (board.Rate, bool){
		metric(func(ps *sciifdata.PolicyScores) board.Rate { return ps.Correct }),
		metric(func(ps *sciifdata.PolicyScores) board.Rate { return ps.Compliant }),
		metric(func(ps *sciifdata.PolicyScores) board.Rate { return ps.Multi }),
		metric(func(ps *sciifdata.PolicyScores) board.Rate { return ps.Single }),
	}
	for _, g := range s.groups {
		cols = append(cols, column{Key: "f-" + string(g.Family), Label: g.Name, Title: g.Name + " family, pooled over enablements", Policy: true, Num: true})
		gets = append(gets, fromMap(families, string(g.Family)))
	}
	return cols, gets
}

// rankCells are a model's rank under each policy, marked "=" when
// shared; with ranges, followed by the ranks it could hold given the
// paired tests when those are more than one ("=3 (3–5)").
func (s *site) rankCells(m *model, ranges bool) [2]rankCell {
	var out [2]rankCell
	for i, p := range board.Policies {
		ps := m.Scores.Policy(p)
		if ps == nil {
			out[i] = rankCell{Label: "—", Sort: 1 << 30}
			continue
		}
		tied := s.atRank[i][ps.Rank] > 1 // m is one of them
		out[i] = rankCell{Label: render.RankLabel(ps.Rank, tied), Sort: ps.Rank}
		if k, ok := s.cmpIndex[m.Scores.ID]; ok && ranges {
			out[i].Label = s.cmp.RankLabel(k, i, ps.Rank, tied)
		}
	}
	return out
}

func (s *site) boardRow(m *model, gets []func(*sciifdata.PolicyScores) (board.Rate, bool)) boardRow {
	ms := m.Scores
	r := boardRow{
		Model:    s.modelLink(m),
		ID:       ms.ID,
		Org:      ms.Organization,
		Weights:  weightsLabel(ms.OpenWeights),
		Date:     ms.Date,
		Complete: ms.Complete,
		Answered: ms.Answered,
		Items:    len(s.in.Bench.Items),
		Search:   strings.ToLower(ms.Name + " " + ms.Organization + " " + ms.ID),
		Anchor:   rowAnchor(m),
		Rank:     s.rankCells(m, true),
		Compare:  s.CompareHref(s.name, ms.ID),
	}
	if m.Run != nil {
		r.Params = m.Run.Submission.Meta.Params
		r.ParamsSort, r.ParamsLabel = render.ParamsSort(r.Params), render.ParamsLabel(r.Params)
		c := render.BoardTokens(&m.Run.Submission, s.name)
		r.Reproduced, r.Tokens, r.TokensSort, r.TokensTitle = c.Reproduced, c.Text, c.Sort, c.Title
	}
	for _, g := range gets {
		r.Rates = append(r.Rates, pair(ms, g))
	}
	return r
}

type reportedRow struct {
	Model, Org, Weights, Policy string
	Correct, Compliant          string
	// Families holds the family averages as published, in the order of
	// the board's families.
	Families []string
	IFEval   string
	// Source numbers the row's citation when the rows cite more than one.
	Source int
	// Notes number the row's notes among the distinct notes of the table.
	Notes []int
}

// citationView is a publication cited by reported rows, shown once.
type citationView struct {
	N      int
	Text   string
	Link   string
	Tables string
}

type noteView struct {
	N    int
	Text string
	// All marks a note that holds for every row: it carries no number.
	All  bool
	uses int
}

func optPercent(p *board.Percent) string {
	if p == nil {
		return "—"
	}
	return render.Pct(p.Fraction())
}

type indexView struct {
	Cols     []column
	Rows     []boardRow
	Items    int
	Rules    bool
	Reported []reportedRow
	// Families names the family columns of the reported table.
	Families []string
	IFEval   bool
	// ConsLink and KLink say whether the constraints page and the collapse
	// chart show published figures.
	ConsLink, KLink bool
	Citations       []citationView
	Notes           []noteView
	// Tabs links the leaderboard of each subject.
	Tabs []render.Link
	// Parts is set when the board is in several parts: what the page says
	// of its part, and on the first part the index of every model that
	// assets/site.js searches.
	Parts *partsView
	// Tokens shows the tokens column: some model has tokens on this
	// board.
	Tokens bool
}

// partsView is what a part of a leaderboard in several parts says of
// itself: sorting a column orders this part's rows only, and search
// reaches the other parts from the first one.
type partsView struct {
	// Part and Count number this part among Count parts; Lo and Hi are the
	// positions by rank of its first and last models among Total.
	Part, Count, Lo, Hi, Total int
	// First is the file of part 1, where search covers every part.
	First string
	// Index is the board's search index, on part 1 only.
	Index *searchIndex
}

// searchIndex is the index of a board's models that part 1 of its
// leaderboard embeds as inert JSON, so that assets/site.js finds a model
// on any part from the front page, from file:// too (where a fetch of a
// local file is blocked). It holds only what a result shows and links:
// 58 KB at 1,000 synthetic models.
type searchIndex struct {
	// Part is the part that embeds the index (1).
	Part int `json:"part"`
	// Per is how many models a part lists: model i is on part i/Per+1,
	// whose file is Parts[i/Per].
	Per   int      `json:"per"`
	Parts []string `json:"parts"`
	// Orgs lists each organization once, in order of first appearance.
	Orgs []string `json:"orgs"`
	// Models holds, in board order, each model's id, name, organization
	// (an index into Orgs), open weights (1) or not (0), Strict and Loose
	// rank labels, and its row's anchor on its part when that is not
	// "m-" + id.
	Models [][]any `json:"models"`
}

// partsView describes this part of the leaderboard, nil when the board is
// one page.
func (s *site) partsView() *partsView {
	if s.pages < 2 {
		return nil
	}
	lo := (s.page-1)*s.per + 1
	v := &partsView{Part: s.page, Count: s.pages, Lo: lo, Hi: lo + len(s.models) - 1, Total: len(s.all), First: path.Base(pageName("index", 1))}
	if s.page != 1 {
		return v
	}
	ix := &searchIndex{Part: s.page, Per: s.per}
	for k := 1; k <= s.pages; k++ {
		ix.Parts = append(ix.Parts, path.Base(pageName("index", k)))
	}
	orgs := map[string]int{}
	for i := range s.all {
		m := &s.all[i]
		ms := m.Scores
		o, ok := orgs[ms.Organization]
		if !ok {
			o = len(ix.Orgs)
			orgs[ms.Organization] = o
			ix.Orgs = append(ix.Orgs, ms.Organization)
		}
		open := 0
		if ms.OpenWeights {
			open = 1
		}
		rank := s.rankCells(m, false)
		row := []any{ms.ID, ms.Name, o, open, rank[0].Label, rank[1].Label}
		if m.Slug != ms.ID {
			row = append(row, rowAnchor(m))
		}
		ix.Models = append(ix.Models, row)
	}
	v.Index = ix
	return v
}

// rowAnchor is the id of a model's row on the leaderboard.
func rowAnchor(m *model) string { return "m-" + m.Slug }

func (s *site) indexPage() (board.File, error) {
	cols, gets := s.headline()
	v := indexView{Cols: cols, Items: len(s.in.Bench.Items), Rules: s.in.Board.Rules, Tabs: s.subjectTabs(""), Parts: s.partsView()}
	for i := range s.models {
		v.Rows = append(v.Rows, s.boardRow(&s.models[i], gets))
		v.Tokens = v.Tokens || v.Rows[len(v.Rows)-1].Tokens != ""
	}
	s.reportedRows(&v)
	return s.exec("index", "index.html", render.Page{
		Title:       "Leaderboard",
		Description: "Rescored leaderboard of scientific instruction following: correctness and constraint compliance with 95% intervals.",
		Nav:         "index", Body: v,
	})
}

// reportedRate shows a published figure: no counts, so no interval.
func reportedRate(p board.Percent) render.RateView {
	f := p.Fraction()
	return render.RateView{Pct: render.Pct(f), CI: "reported", Sort: fmt.Sprintf("%.6f", f), Shade: render.Shade(f)}
}

// reportedConsSection lists published per-constraint figures under the
// policy they were measured with, apart from the rescored rows.
func (s *site) reportedConsSection(cols []consCol) consSection {
	sec := consSection{ID: "reported", Label: "Reported in publications, not rescored (the policy they were measured under; no intervals)"}
	for _, r := range s.in.Reported {
		if len(r.Constraints) == 0 && len(r.Families) == 0 {
			continue
		}
		row := consRow{Model: render.Link{Text: r.Model.Name}, Reported: true}
		for _, c := range cols {
			var p board.Percent
			var ok bool
			if c.Avg {
				p, ok = r.Families[sciifdata.Family(strings.TrimPrefix(c.ID, "f-"))]
			} else {
				p, ok = r.Constraints[c.ID]
			}
			cell := render.RatePair{S: render.MissingRate(), L: render.MissingRate()}
			if ok {
				if r.Policy == board.Loose {
					cell.L = reportedRate(p)
				} else {
					cell.S = reportedRate(p)
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		sec.Rows = append(sec.Rows, row)
	}
	return sec
}

// reportedRows fills the index's table of published figures. Each distinct
// citation and each distinct note is printed once; rows refer to them by
// number.
func (s *site) reportedRows(v *indexView) {
	for _, g := range s.groups {
		v.Families = append(v.Families, g.Name)
	}
	cites := map[string]int{}
	notes := map[string]int{}
	for _, r := range s.in.Reported {
		c := citationView{Text: r.Citation.Title, Link: render.SafeURL(r.Citation.URL), Tables: strings.Join(r.Citation.Tables, ", ")}
		if r.Citation.Authors != "" {
			c.Text = r.Citation.Authors + ", " + c.Text
		}
		if r.Citation.Venue != "" {
			c.Text += ", " + r.Citation.Venue
		}
		if r.Citation.Year > 0 {
			c.Text += fmt.Sprintf(" (%d)", r.Citation.Year)
		}
		key := c.Text + "\x00" + c.Link
		if cites[key] == 0 {
			c.N = len(v.Citations) + 1
			cites[key] = c.N
			v.Citations = append(v.Citations, c)
		} else if t := &v.Citations[cites[key]-1]; !strings.Contains(", "+t.Tables+", ", ", "+c.Tables+", ") {
			t.Tables = mergeTables(t.Tables, c.Tables)
		}
		row := reportedRow{
			Model: r.Model.Name, Org: r.Model.Organization, Weights: "—", Policy: render.PolicyName(r.Policy),
			Correct: optPercent(r.Correctness), Compliant: optPercent(r.Compliance), IFEval: optPercent(r.IFEvalStrict),
			Source: cites[key],
		}
		if r.IFEvalStrict != nil {
			v.IFEval = true
		}
		v.ConsLink = v.ConsLink || len(r.Constraints) > 0 || len(r.Families) > 0
		v.KLink = v.KLink || len(r.ByK) > 0
		for _, g := range s.groups {
			f, ok := r.Families[g.Family]
			if ok {
				row.Families = append(row.Families, render.Pct(f.Fraction()))
			} else {
				row.Families = append(row.Families, "—")
			}
		}
		if r.Model.OpenWeights != nil {
			row.Weights = weightsLabel(*r.Model.OpenWeights)
		}
		if n := strings.TrimSpace(r.Notes); n != "" {
			if notes[n] == 0 {
				notes[n] = len(v.Notes) + 1
				v.Notes = append(v.Notes, noteView{N: notes[n], Text: n})
			}
			row.Notes = append(row.Notes, notes[n])
			v.Notes[notes[n]-1].uses++
		}
		v.Reported = append(v.Reported, row)
	}
	if len(v.Citations) == 1 {
		for i := range v.Reported {
			v.Reported[i].Source = 0
		}
	}
	// A note that every row shares is printed once, unnumbered; the others
	// are renumbered in order.
	renum := map[int]int{}
	n := 0
	for i := range v.Notes {
		if len(v.Reported) > 1 && v.Notes[i].uses == len(v.Reported) {
			v.Notes[i].All = true
			continue
		}
		n++
		renum[v.Notes[i].N] = n
		v.Notes[i].N = n
	}
	for i := range v.Reported {
		var keep []int
		for _, k := range v.Reported[i].Notes {
			if r, ok := renum[k]; ok {
				keep = append(keep, r)
			}
		}
		v.Reported[i].Notes = keep
	}
}

// mergeTables joins two comma-separated lists of table names without
// repeats, keeping first appearance order.
func mergeTables(a, b string) string {
	var out []string
	seen := map[string]bool{}
	for _, t := range strings.Split(a+", "+b, ", ") {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return strings.Join(out, ", ")
}
