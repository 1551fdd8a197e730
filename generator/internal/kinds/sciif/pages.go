package sciif

import (
	"fmt"
	"html/template"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/score"

	"github.com/yuin/goldmark"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func (s *site) modelLink(m *model) render.Link {
	return render.Link{Href: "models/" + m.Slug + ".html", Text: m.Scores.Name}
}

func (s *site) itemLink(i int) render.Link {
	return render.Link{Href: "problems/" + s.itemSlugs[i] + ".html", Text: s.in.Bench.Items[i].ID}
}

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
	Rank   [2]rankCell
	Rates  []render.RatePair
}

// pair builds a ratePair from a getter, tolerating a missing policy.
func pair(ms *board.ModelScores, get func(*board.PolicyScores) (board.Rate, bool)) render.RatePair {
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

func metric(f func(*board.PolicyScores) board.Rate) func(*board.PolicyScores) (board.Rate, bool) {
	return func(ps *board.PolicyScores) (board.Rate, bool) { return f(ps), true }
}

func fromMap(get func(*board.PolicyScores) map[string]board.Rate, key string) func(*board.PolicyScores) (board.Rate, bool) {
	return func(ps *board.PolicyScores) (board.Rate, bool) {
		r, ok := get(ps)[key]
		return r, ok
	}
}

func families(ps *board.PolicyScores) map[string]board.Rate    { return ps.Families }
func constraints(ps *board.PolicyScores) map[string]board.Rate { return ps.Constraints }
func byK(ps *board.PolicyScores) map[string]board.Rate         { return ps.ByK }

// headline lists the leaderboard's rate columns, in order.
func (s *site) headline() ([]column, []func(*board.PolicyScores) (board.Rate, bool)) {
	cols := []column{
		{Key: "correct", Label: "Correct", Title: "Answer correctness over all items", Policy: true, Num: true},
		{Key: "compliant", Label: "Compliant", Title: "Items whose every enabled constraint passes, over all items", Policy: true, Num: true},
		{Key: "multi", Label: "Multi", Title: "Compliance on items with two or more constraints (k ≥ 2)", Policy: true, Num: true},
		{Key: "single", Label: "Single", Title: "Compliance on items with exactly one constraint (k = 1)", Policy: true, Num: true},
	}
	gets := []func(*board.PolicyScores) (board.Rate, bool){
		metric(func(ps *board.PolicyScores) board.Rate { return ps.Correct }),
		metric(func(ps *board.PolicyScores) board.Rate { return ps.Compliant }),
		metric(func(ps *board.PolicyScores) board.Rate { return ps.Multi }),
		metric(func(ps *board.PolicyScores) board.Rate { return ps.Single }),
	}
	for _, g := range s.groups {
		cols = append(cols, column{Key: "f-" + string(g.Family), Label: g.Name, Title: g.Name + " family, pooled over enablements", Policy: true, Num: true})
		gets = append(gets, fromMap(families, string(g.Family)))
	}
	return cols, gets
}

// tied reports, per model and policy, whether its rank is shared.
func (s *site) rankCells(m *model) [2]rankCell {
	var out [2]rankCell
	for i, p := range board.Policies {
		ps := m.Scores.Policy(p)
		if ps == nil {
			out[i] = rankCell{Label: "—", Sort: 1 << 30}
			continue
		}
		tied := false
		for j := range s.all {
			o := s.all[j].Scores.Policy(p)
			if s.all[j].Scores.ID != m.Scores.ID && o != nil && o.Rank == ps.Rank {
				tied = true
			}
		}
		out[i] = rankCell{Label: render.RankLabel(ps.Rank, tied), Sort: ps.Rank}
	}
	return out
}

func (s *site) boardRow(m *model, gets []func(*board.PolicyScores) (board.Rate, bool)) boardRow {
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
		Rank:     s.rankCells(m),
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
}

func (s *site) indexPage() (board.File, error) {
	cols, gets := s.headline()
	v := indexView{Cols: cols, Items: len(s.in.Bench.Items), Rules: s.in.Board.Rules}
	for i := range s.models {
		v.Rows = append(v.Rows, s.boardRow(&s.models[i], gets))
	}
	s.reportedRows(&v)
	return s.exec("index", "index.html", render.Page{
		Title:       "Leaderboard",
		Description: "Rescored leaderboard of scientific instruction following: correctness and constraint compliance with 95% intervals.",
		Nav:         "index", Body: v,
	})
}

// consCol is one column of the per-constraint table: a constraint or a
// family average.
type consCol struct {
	Family string
	ID     string
	Abbrev string
	Name   string
	N      int
	Avg    bool
}

type consRow struct {
	Model render.Link
	Cells []render.RatePair
	// Reported marks published figures, not rescored.
	Reported bool
}

type consSection struct {
	ID    string
	Label string
	Rows  []consRow
}

type pointInfo struct {
	N     int
	Main  bool
	Short string
	Text  string
}

type consInfo struct {
	ID          string
	Abbrev      string
	Name        string
	Family      string
	Description string
	Points      []pointInfo
	Enabled     int
	Audited     int
	Disagree    int
	Overrides   int
	Stricter    []judgeCount
}

type judgeCount struct {
	Judge string
	N     int
}

type consHeadGroup struct {
	Name string
	Span int
}

type constraintsView struct {
	Heads    []consHeadGroup
	Cols     []consCol
	Sections []consSection
	Cons     []consInfo
}

func (s *site) consInfo(c board.Constraint) consInfo {
	ci := consInfo{ID: c.ID, Abbrev: c.Abbrev, Name: c.Name, Family: familyName(c.Family), Description: c.Description, Enabled: s.enabled[c.ID]}
	for _, p := range c.Points {
		ci.Points = append(ci.Points, pointInfo{N: p.N, Main: p.Main, Short: p.Short, Text: p.Text})
	}
	return ci
}

func (s *site) consColumns() ([]consHeadGroup, []consCol, []func(*board.PolicyScores) (board.Rate, bool)) {
	var heads []consHeadGroup
	var cols []consCol
	var gets []func(*board.PolicyScores) (board.Rate, bool)
	for _, g := range s.groups {
		n := 0
		for _, c := range g.Cons {
			cols = append(cols, consCol{Family: g.Name, ID: c.ID, Abbrev: c.Abbrev, Name: c.Name, N: s.enabled[c.ID]})
			gets = append(gets, fromMap(constraints, c.ID))
			n += s.enabled[c.ID]
		}
		cols = append(cols, consCol{Family: g.Name, ID: "f-" + string(g.Family), Abbrev: "Avg.", Name: g.Name + " family, pooled over enablements", N: n, Avg: true})
		gets = append(gets, fromMap(families, string(g.Family)))
		heads = append(heads, consHeadGroup{Name: g.Name, Span: len(g.Cons) + 1})
	}
	return heads, cols, gets
}

func (s *site) constraintsPage() (board.File, error) {
	heads, cols, gets := s.consColumns()
	v := constraintsView{Heads: heads, Cols: cols}
	for _, open := range []bool{false, true} {
		sec := consSection{Label: "Closed-weight models"}
		if open {
			sec.Label = "Open-weight models"
		}
		for i := range s.models {
			m := &s.models[i]
			if m.Scores.OpenWeights != open {
				continue
			}
			row := consRow{Model: s.modelLink(m)}
			for _, g := range gets {
				row.Cells = append(row.Cells, pair(m.Scores, g))
			}
			sec.Rows = append(sec.Rows, row)
		}
		if len(sec.Rows) > 0 {
			v.Sections = append(v.Sections, sec)
		}
	}
	if sec := s.reportedConsSection(cols); len(sec.Rows) > 0 {
		v.Sections = append(v.Sections, sec)
	}
	for _, c := range s.cons {
		ci := s.consInfo(c)
		stricter := map[string]int{}
		for i := range s.models {
			if ps := s.models[i].Scores.Strict; ps != nil {
				d := ps.Judges[c.ID]
				ci.Audited += d.Audited
				ci.Disagree += d.Disagree
				ci.Overrides += d.RuleOverrides
				for j, n := range d.Stricter {
					stricter[j] += n
				}
			}
		}
		ci.Stricter = judgeCounts(stricter)
		v.Cons = append(v.Cons, ci)
	}
	return s.exec("constraints", "constraints.html", render.Page{
		Title:       "Per-constraint compliance",
		Description: "Compliance per constraint and family under Strict and Loose, in the layout of the SciIF paper's Table 1.",
		Nav:         "constraints", Body: v,
	})
}

func judgeCounts(m map[string]int) []judgeCount {
	var out []judgeCount
	for j, n := range m {
		out = append(out, judgeCount{Judge: j, N: n})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Judge < out[b].Judge })
	return out
}

type kRow = render.KRow

// quadRow counts a model's items correct and compliant, correct only,
// compliant only and neither, then gives the share that is correct but
// not compliant; each under Strict (S) and Loose (L).
type quadRow struct {
	Model render.Link
	Cells [5]strPair
}

type strPair struct{ S, L string }

type disagreeRow struct {
	Abbrev, Name      string
	Audited, Disagree int
	Rate              string
	Overrides         int
	Stricter          []judgeCount
}

type analysisView struct {
	Ks    []render.KCol
	KRows []kRow
	// KReported holds published by-k figures, not rescored.
	KReported []kRow
	Fig4      []boardRow
	Cols      []column
	Quads     []quadRow
	Judges    []string
	Disagree  [2][]disagreeRow
	// Rules compares rules-first scores with judges-only ones; empty when
	// the site was built without rules or without the judges-only board.
	Rules []rulesRow
}

// rulesRow is one model's scores with the rules first and with the judges
// alone, and how much the rules decided.
type rulesRow struct {
	Model                               render.Link
	CorrectRules, CorrectJudges         string
	CompliantRules, CompliantJudges     string
	CorrectDecided, CorrectAgainst      int
	PointsDecided, PointsAgainst, Items int
}

// rulesRows builds the comparison of rules first with judges alone.
func (s *site) rulesRows() []rulesRow {
	jo := s.in.JudgesOnly
	if jo == nil || !s.in.Board.Rules {
		return nil
	}
	byID := map[string]*board.ModelScores{}
	for i := range jo.Models {
		byID[jo.Models[i].ID] = &jo.Models[i]
	}
	var rows []rulesRow
	for i := range s.models {
		m := &s.models[i]
		j := byID[m.Scores.ID]
		if j == nil || m.Scores.Strict == nil || j.Strict == nil {
			continue
		}
		r := rulesRow{Model: s.modelLink(m),
			CorrectRules: render.Pct(m.Scores.Strict.Correct.Rate), CorrectJudges: render.Pct(j.Strict.Correct.Rate),
			CompliantRules: render.Pct(m.Scores.Strict.Compliant.Rate), CompliantJudges: render.Pct(j.Strict.Compliant.Rate)}
		for _, c := range m.cells {
			if !c.has(cAnswered) {
				continue
			}
			r.Items++
			if c.has(cByRules) {
				r.CorrectDecided++
				if c.has(cCorrectAgainst) {
					r.CorrectAgainst++
				}
			}
			r.PointsDecided += int(c.pointsDecided)
			r.PointsAgainst += int(c.pointsAgainst)
		}
		rows = append(rows, r)
	}
	return rows
}

// allKs returns the union of the models' k keys in numeric order with the
// number of items at each k.
func (s *site) allKs() []render.KCol {
	counts := map[string]board.Rate{}
	for i := range s.in.Bench.Items {
		k := fmt.Sprint(s.in.Bench.Items[i].K())
		r := counts[k]
		r.Total++
		counts[k] = r
	}
	for i := range s.models {
		if ps := s.models[i].Scores.Strict; ps != nil {
			for k := range ps.ByK {
				if _, ok := counts[k]; !ok {
					counts[k] = board.Rate{}
				}
			}
		}
	}
	var out []render.KCol
	for _, k := range render.SortedKs(counts) {
		out = append(out, render.KCol{K: k, N: counts[k].Total})
	}
	return out
}

func (s *site) analysisPage() (board.File, error) {
	v := analysisView{Ks: s.allKs(), Judges: s.judges}
	cols, gets := s.headline()
	v.Cols = cols[:4]
	for i := range s.models {
		m := &s.models[i]
		row := kRow{Model: s.modelLink(m)}
		for _, k := range v.Ks {
			row.Cells = append(row.Cells, pair(m.Scores, fromMap(byK, k.K)))
		}
		v.KRows = append(v.KRows, row)
		v.Fig4 = append(v.Fig4, s.boardRow(m, gets[:4]))
		q := quadRow{Model: s.modelLink(m)}
		for pi, p := range board.Policies {
			cells := [5]string{"—", "—", "—", "—", "—"}
			if ps := m.Scores.Policy(p); ps != nil {
				for j, n := range quadCounts(ps.Quadrant) {
					cells[j] = fmt.Sprint(n)
				}
				cells[4] = gap(ps)
			}
			for j, c := range cells {
				if pi == 0 {
					q.Cells[j].S = c
				} else {
					q.Cells[j].L = c
				}
			}
		}
		v.Quads = append(v.Quads, q)
	}
	for _, p := range board.Policies {
		for _, r := range s.reportedByK(p) {
			row := kRow{Model: render.Link{Text: r.Model.Name}}
			for _, k := range v.Ks {
				cell := render.RatePair{S: render.MissingRate(), L: render.MissingRate()}
				if f, ok := r.ByK[render.AtoiOr(k.K, -1)]; ok {
					if p == board.Loose {
						cell.L = reportedRate(f)
					} else {
						cell.S = reportedRate(f)
					}
				}
				row.Cells = append(row.Cells, cell)
			}
			v.KReported = append(v.KReported, row)
		}
	}
	// Judge disagreement is the whole board's, on every part of the page.
	var pooled [2]map[string]board.Disagreement
	scores := make([]*board.ModelScores, len(s.all))
	for i := range s.all {
		scores[i] = s.all[i].Scores
	}
	for pi, p := range board.Policies {
		pooled[pi] = score.PoolDisagreement(scores, p)
	}
	for pi := range board.Policies {
		for _, c := range s.cons {
			d := disagreeRow{Abbrev: c.Abbrev, Name: c.Name}
			dd := pooled[pi][c.ID]
			d.Audited, d.Disagree, d.Overrides = dd.Audited, dd.Disagree, dd.RuleOverrides
			for _, j := range s.judges {
				d.Stricter = append(d.Stricter, judgeCount{Judge: j, N: dd.Stricter[j]})
			}
			d.Rate = "—"
			if d.Audited > 0 {
				d.Rate = render.Pct(float64(d.Disagree) / float64(d.Audited))
			}
			v.Disagree[pi] = append(v.Disagree[pi], d)
		}
	}
	v.Rules = s.rulesRows()
	charts, err := s.analysisCharts(v)
	if err != nil {
		return board.File{}, err
	}
	return s.exec("analysis", "analysis.html", render.Page{
		Title:       "Compositional collapse",
		Description: "Compliance against the number of enabled constraints, correctness against compliance, and judge disagreement.",
		Nav:         "analysis", Charts: true, Body: v, ChartData: charts,
	})
}

func quadCounts(q board.Quadrant) [4]int {
	return [4]int{q.CorrectCompliant, q.CorrectNonCompliant, q.IncorrectCompliant, q.IncorrectNonCompliant}
}

// gap is the share of all items that are right for the wrong reasons:
// correct but not compliant.
func gap(ps *board.PolicyScores) string {
	if ps.Items == 0 {
		return "—"
	}
	return render.Pct(float64(ps.Quadrant.CorrectNonCompliant) / float64(ps.Items))
}

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
func regimesOf(v *board.ItemVerdict) []string {
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

func judgesDisagree(v *board.ItemVerdict) bool {
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

func splitVotes(vs []board.Vote) bool {
	for i := 1; i < len(vs); i++ {
		if vs[i].Yes != vs[0].Yes {
			return true
		}
	}
	return false
}

func allYes(vs []board.Vote) bool {
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

func rulesOverride(v *board.ItemVerdict) bool {
	if v.CorrectBy == board.ByRules && len(v.CorrectVotes) > 0 && allYes(v.CorrectVotes) != v.Correct {
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
	Rows     []caseRow
	Models   []render.Option
	Cons     []render.Option
	Subjects []render.Option
	Regimes  []render.Option
	// Model is the model of a model's own cases page ("" on the overview);
	// Root leads from the page to the board's base.
	Model string
	Root  string
}

// shownModels is how many models a row of the cases overview names; the
// problem page lists them all, and each model has a cases page of its own.
const shownModels = 3

// casesPages renders the cases overview (cases.html: every problem and
// regime with the models in it) and one cases page per model
// (cases/<model>.html), so that no page grows with models × problems.
func (s *site) casesPages() error {
	f, err := s.casesPage(nil)
	if err != nil {
		return err
	}
	s.Add(f)
	return render.Each(len(s.models), func(i int, _ goldmark.Markdown) error {
		f, err := s.casesPage(&s.models[i])
		if err == nil {
			s.Add(f)
		}
		return err
	})
}

func (s *site) casesPage(only *model) (board.File, error) {
	v := casesView{Root: ""}
	out := "cases.html"
	if only != nil {
		v.Model, v.Root, out = only.Slug, "../", "cases/"+only.Slug+".html"
	}
	for i := range s.models {
		v.Models = append(v.Models, render.Option{Value: s.models[i].Slug, Label: s.models[i].Scores.Name})
	}
	for _, c := range s.cons {
		v.Cons = append(v.Cons, render.Option{Value: c.ID, Label: c.Abbrev + " — " + c.Name})
	}
	for _, r := range regimes() {
		v.Regimes = append(v.Regimes, render.Option{Value: r.Key, Label: r.Label})
	}
	subjects := map[string]bool{}
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		subjects[it.Subject] = true
		var abbrevs []string
		for _, c := range it.Constraints {
			abbrevs = append(abbrevs, s.abbrev(c))
		}
		for _, r := range regimes() {
			row := caseRow{Item: s.itemLink(i), Snippet: render.Excerpt(it.Question, 90), Subject: it.Subject, K: it.K(), Cons: abbrevs,
				ConsIDs: " " + strings.Join(it.Constraints, " ") + " ", Regime: r.Key, Label: r.Label}
			n := 0
			for mi := range s.models {
				m := &s.models[mi]
				if only != nil && m != only {
					continue
				}
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
				v.Rows = append(v.Rows, row)
			}
		}
	}
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
	return s.exec("cases", out, render.Page{
		Title:       title,
		Description: "Problems where correctness and compliance part ways, judges disagree, or rules override judges.",
		Nav:         "cases", Body: v,
	})
}

func (s *site) abbrev(id string) string {
	if c, ok := s.in.Bench.Catalog.Lookup(id); ok && c.Abbrev != "" {
		return c.Abbrev
	}
	return id
}

// cell classes of the problem × model matrix, under Strict.
func quadClass(c cell) (class, glyph, label string) {
	if !c.has(cAnswered) {
		return "q-na", "·", "not answered"
	}
	compliant := c.compliant(board.Strict)
	switch {
	case c.has(cCorrect) && compliant:
		return "q-cc", "✓✓", "correct, compliant"
	case c.has(cCorrect):
		return "q-cn", "✓✗", "correct, not compliant"
	case compliant:
		return "q-ic", "✗✓", "incorrect, compliant"
	}
	return "q-in", "✗✗", "incorrect, not compliant"
}

type matrixCell struct {
	Class, Glyph, Label string
}

type matrixRow struct {
	Item render.Link
	// Answers is the answers page and anchor of the item, relative to a
	// model's answers folder: assets/site.js makes each cell a link to the
	// model's answer (one link per cell would double the page's weight).
	Answers string
	Subject string
	K       int
	Cells   []matrixCell
}

type matrixView struct {
	Models []render.Link
	// Slugs name the models' answers folders, in column order.
	Slugs []string
	Rows  []matrixRow
}

func (s *site) matrixPage() (board.File, error) {
	var v matrixView
	for i := range s.models {
		v.Models = append(v.Models, s.modelLink(&s.models[i]))
		v.Slugs = append(v.Slugs, s.models[i].Slug)
	}
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		row := matrixRow{Item: s.itemLink(i), Answers: s.answersFile[i] + "#" + s.itemSlugs[i], Subject: it.Subject, K: it.K()}
		for mi := range s.models {
			c, g, l := quadClass(s.models[mi].cells[i])
			row.Cells = append(row.Cells, matrixCell{c, g, l})
		}
		v.Rows = append(v.Rows, row)
	}
	return s.exec("matrix", "matrix.html", render.Page{
		Title:       "Problem × model matrix",
		Description: "Correctness and Strict compliance of every model on every problem.",
		Nav:         "cases", Body: v,
	})
}

type ruleView struct {
	Rule, Outcome, Reason, Evidence string
}

func newRuleView(r *board.RuleVerdict) *ruleView {
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

func newVote(v board.Vote) voteView {
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
	Href        string
	Item        render.Link
	Response    template.HTML
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
	Answers   []answerView
	Prev      *render.Link
	Next      *render.Link
}

// judgeOrder lists the judges of a constraint verdict in order of first
// appearance.
func judgeOrder(points []board.PointVerdict) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range points {
		for _, v := range p.Votes {
			if !seen[v.Judge] {
				seen[v.Judge] = true
				out = append(out, v.Judge)
			}
		}
	}
	return out
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

func (s *site) problemPage(md goldmark.Markdown, i int) (board.File, error) {
	it := &s.in.Bench.Items[i]
	v := problemView{
		ID: it.ID, Subject: it.Subject, K: it.K(),
		Question:  render.Markdown(md, it.Question),
		RefAnswer: render.Markdown(md, it.Reference.Answer),
		RefType:   it.Reference.Type,
	}
	if it.Reference.Solution != "" {
		v.Solution = render.Markdown(md, it.Reference.Solution)
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
	for mi := range s.models {
		m := &s.models[mi]
		c := m.cells[i]
		a := answerView{
			Model: s.modelLink(m), Anchor: "m-" + m.Slug, Answered: c.has(cAnswered),
			Href:    "../" + s.answersHref(m, i) + "#" + s.itemSlugs[i],
			Correct: c.has(cCorrect), CorrectBy: string(c.correctBy()),
			CompliantS: c.compliant(board.Strict), CompliantL: c.compliant(board.Loose),
		}
		for ci, id := range it.Constraints {
			a.Cons = append(a.Cons, consVerdictView{ID: id, Abbrev: s.abbrev(id), Strict: c.pass(ci, board.Strict), Loose: c.pass(ci, board.Loose)})
		}
		v.Answers = append(v.Answers, a)
	}
	return s.exec("problem", "problems/"+s.itemSlugs[i]+".html", render.Page{
		Title:   "Problem " + it.ID,
		NoIndex: true, Math: true, Nav: "cases", Body: v,
	})
}

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
	// Answers links the model's answers pages, one per subject.
	Answers     []render.Link
	Row         boardRow
	Cols        []column
	Name        string
	Link        string
	Params      string
	Decoding    string
	Notes       string
	Judges      []string
	Claims      []claimRow
	ConsCols    []consCol
	ConsRates   []render.RatePair
	Ks          []render.KCol
	KRates      []render.RatePair
	Quad        [2][4]int
	Items       int
	Failed      []failedItem
	Diagnostics []string
	MoreDiags   int
	Other       []render.OtherRow
}

func (s *site) modelPage(m *model) (board.File, error) {
	cols, gets := s.headline()
	meta := m.Run.Submission.Meta
	v := modelView{
		Row: s.boardRow(m, gets), Cols: cols, Name: m.Scores.Name, Link: render.SafeURL(meta.Link),
		Params: meta.Params, Decoding: meta.Decoding, Notes: meta.Notes, Judges: m.Scores.Judges,
		Items: len(s.in.Bench.Items), Ks: s.allKs(), Other: s.otherBenchmarks(m),
	}
	seen := map[string]bool{}
	for i, f := range s.answersFile {
		if !seen[f] {
			seen[f] = true
			v.Answers = append(v.Answers, render.Link{Href: "../" + s.answersHref(m, i), Text: s.answersLabel[i]})
		}
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
	if c := meta.Claimed; c != nil {
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
				v.Claims = append(v.Claims, claimRow{Policy: string(p), Metric: mm.name, Claimed: render.Pct(*mm.c), Rescored: render.Pct(mm.r.Rate),
					Diff: fmt.Sprintf("%+.1f", 100*(*mm.c-mm.r.Rate)), Off: off})
			}
		}
	}
	for i := range s.in.Bench.Items {
		c := m.cells[i]
		if c.has(cAnswered) && c.has(cCorrect) && c.compliant(board.Strict) {
			continue
		}
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
		v.Failed = append(v.Failed, f)
	}
	const maxDiags = 100
	for i, d := range m.Run.Diagnostics {
		if i == maxDiags {
			v.MoreDiags = len(m.Run.Diagnostics) - maxDiags
			break
		}
		v.Diagnostics = append(v.Diagnostics, d.String())
	}
	charts, err := s.modelCharts(m, v)
	if err != nil {
		return board.File{}, err
	}
	return s.exec("model", "models/"+m.Slug+".html", render.Page{
		Title:       m.Scores.Name,
		Description: "Model card and rescored SciIF results of " + m.Scores.Name + ".",
		Nav:         "index", Charts: true, Body: v, ChartData: charts,
	})
}

type ruleCount struct {
	Rule        string
	Points      int
	Correctness int
}

type methodologyView struct {
	Title  string
	Judges []string
	Rules  []ruleCount
	Items  int
	Ks     []render.KCol
}

// methodology is the board's section of the methodology page: the facts
// of this build.
func (s *site) methodology() (template.HTML, error) {
	v := methodologyView{Title: s.benchName(), Judges: s.judges, Items: len(s.in.Bench.Items), Ks: s.allKs()}
	counts := map[string]*ruleCount{}
	get := func(id string) *ruleCount {
		if counts[id] == nil {
			counts[id] = &ruleCount{Rule: id}
		}
		return counts[id]
	}
	for mi := range s.models {
		rules := s.models[mi].rules
		for _, id := range ruleIDs(rules) {
			c := get(id)
			c.Points += rules[id][0]
			c.Correctness += rules[id][1]
		}
	}
	for _, c := range counts {
		v.Rules = append(v.Rules, *c)
	}
	sort.Slice(v.Rules, func(i, j int) bool { return v.Rules[i].Rule < v.Rules[j].Rule })
	return s.Fragment("sciif_methodology", v)
}

// downloads lists the board's downloads and stable addresses.
func (s *site) downloads() (files, addresses []render.Download) {
	base := s.Base(s.name)
	n, items := len(s.models), len(s.in.Bench.Items)
	files = []render.Download{
		{Href: base + "leaderboard.csv", What: template.HTML(fmt.Sprintf("one row per model and policy (%d models × 2): rank, metadata, and every headline rate with its 95%% interval (<code>_lo</code>, <code>_hi</code>), as fractions.", n))},
		{Href: base + "scores.json", What: "the whole board, identical to <code>sciif score --format json</code>: per policy the rates with counts and intervals, per constraint, per family, per <i>k</i>, the correctness × compliance quadrant and judge disagreement."},
		{Href: base + "verdicts.csv", What: template.HTML(fmt.Sprintf("one row per model and problem (%d × %d): answered, correct and by what, compliant under Strict and Loose, the constraints that failed, whether the judges disagreed, and how many points rules decided against the judges.", n, items))},
	}
	addresses = []render.Download{
		{Href: base + "models/<id>.html", What: "a model, by its folder name under <code>results/</code>."},
		{Href: base + "problems/<id>.html", What: "a problem; <code>#m-&lt;model&gt;</code> jumps to one model’s answer."},
		{Href: base + "constraints.html#c-<id>", What: "a constraint."},
		{Href: s.Home(s.name) + "#policy=loose&weights=open&q=…&sort=correct&dir=desc", What: "the leaderboard, filtered and sorted; <code>cases.html#model=…&amp;constraint=…&amp;subject=…&amp;regime=…</code> the same for the cases."},
	}
	return files, addresses
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
				p, ok = r.Families[board.Family(strings.TrimPrefix(c.ID, "f-"))]
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
