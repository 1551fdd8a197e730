package rubric

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// navKey marks the board's pages in the site's navigation.
func (b *Board) navKey() string { return "rubric-" + b.bench.spec.Name }

// dir is the folder of the board's pages and downloads.
func (b *Board) dir() string { return render.Slug(b.bench.spec.Name) }

func (b *Board) Info(front bool) render.BoardInfo {
	info := render.OneEntryInfo(b.bench.spec.Name, b.bench.spec.Title, b.navKey(), b.dir()+"/index.html", front)
	info.Compare = !b.bench.points
	for _, r := range b.runs {
		info.Models = append(info.Models, render.ModelInfo{ID: r.id, Name: r.name})
	}
	return info
}

// site is one rubric board being rendered.
type site struct {
	*render.Site
	b      *Board
	home   string
	dir    string
	links  []render.ModelName
	slugs  []string
	colors []string
	pages  []string
	// cmp is the board as the compare service takes it (not on a
	// point-weighted board); it also gives each model's range of ranks.
	cmp *render.Comparison
}

func (b *Board) newSite(rs *render.Site) (*site, error) {
	s := &site{Site: rs, b: b, home: rs.Home(b.bench.spec.Name), dir: b.dir()}
	ms, err := rs.BoardModels(len(b.runs), func(i int) (string, string) { return b.runs[i].id, b.runs[i].name })
	if err != nil {
		return nil, err
	}
	s.links, s.slugs, s.colors = ms.Names, ms.Slugs, ms.Colors
	seen := map[string]string{}
	for _, t := range b.bench.tasks {
		p := render.Slug(t.ID)
		// "index" and "cases" are the board's own pages.
		if other, dup := seen[strings.ToLower(p)]; dup || p == "index" || p == "cases" {
			return nil, fmt.Errorf("tasks %q and %q share the page %s.html", other, t.ID, p)
		}
		seen[strings.ToLower(p)] = t.ID
		s.pages = append(s.pages, p)
	}
	return s, nil
}

// taskHref is task i's page, relative to the site root.
func (s *site) taskHref(i int) string { return s.dir + "/" + s.pages[i] + ".html" }

// taskPager is task ti's pager: the tasks around it, index (if any) and
// the scores.
func (s *site) taskPager(ti int, index ...render.Link) render.CasePager {
	bn := s.b.bench
	links := append(index, render.Link{Href: "../" + s.home, Text: bn.spec.Title + " scores"})
	return render.PagerAt("Tasks", ti, len(bn.tasks),
		func(j int) render.Link {
			return render.Link{Href: s.pages[j] + ".html", Text: "task " + bn.tasks[j].ID}
		}, links...)
}

func (b *Board) Pages(rs *render.Site) error {
	s, err := b.newSite(rs)
	if err != nil {
		return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
	}
	if b.bench.points {
		return b.pointsPages(rs, s)
	}
	s.cmp = s.comparison()
	if err := rs.ComparePage(s.cmp); err != nil {
		return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
	}
	f, err := s.boardPage()
	if err != nil {
		return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
	}
	rs.Add(f)
	if f, err = s.casesPage(); err != nil {
		return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
	}
	rs.Add(f)
	for i := range b.bench.tasks {
		f, err := s.taskPage(i)
		if err != nil {
			return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
		}
		rs.Add(f)
	}
	csv, err := render.MarshalCSV(s.dir+"/leaderboard.csv", b.rows())
	if err != nil {
		return err
	}
	verdicts, err := render.MarshalCSV(s.dir+"/verdicts.csv", b.verdictRows())
	if err != nil {
		return err
	}
	js, err := render.MarshalJSON(s.dir+"/scores.json", b.Scores())
	if err != nil {
		return err
	}
	rs.Add(csv, verdicts, js)
	title := b.bench.spec.Title
	rs.AddDownloads(title, []render.Download{
		{Href: s.dir + "/leaderboard.csv", What: "one row per model: perfect-task rate, mean per-criterion pass rate and mean reward with 95% intervals, rank, and satisfied/total criteria per category."},
		{Href: s.dir + "/scores.json", What: "the whole board, identical to <code>sciif score --format json</code> on this benchmark: per model the figures above, pooled criteria, the perfect-task rate by number of criteria, and the published figures (reported, not rescored)."},
		{Href: s.dir + "/verdicts.csv", What: "every verdict: one row per model, task and criterion with its category, each judge’s verdict and the final <i>s<sub>c</sub></i>."},
	}, []render.Download{
		{Href: s.home, What: "the board."},
		{Href: s.dir + "/cases.html", What: "every task with each model’s outcome."},
		{Href: s.dir + "/<task id>.html", What: "a task, its criteria and every response with each judge’s verdict; <code>#m-&lt;model&gt;</code> jumps to one model."},
	})
	m, err := rs.Fragment("rubric/methodology", s.methodology())
	if err != nil {
		return err
	}
	rs.AddMethodology(m)
	return nil
}

// meanView is a mean over tasks with its interval, for a table cell.
type meanView struct {
	Text, CI, Sort string
	Shade          int
}

func pctMean(v float64, ci [2]float64) meanView {
	return meanView{Text: render.Pct(v), CI: fmt.Sprintf("%.1f–%.1f", 100*ci[0], 100*ci[1]), Sort: strconv.FormatFloat(v, 'f', 6, 64), Shade: render.Shade(v)}
}

func rewardMean(v float64, ci [2]float64) meanView {
	return meanView{Text: fmt.Sprintf("%.3f", v), CI: fmt.Sprintf("%.3f–%.3f", ci[0], ci[1]), Sort: strconv.FormatFloat(v, 'f', 6, 64)}
}

func countRate(c Count) render.RateView {
	return render.NewRate(board.Rate{Pass: c.Satisfied, Total: c.Total, Rate: c.Rate, CI95: c.CI95})
}

type boardRow struct {
	Rank      render.RankCell
	Name      render.BoardName
	Perfect   render.RateView
	Criterion meanView
	Reward    meanView
}

type catRow struct {
	Model  render.ModelName
	Cells  []render.RateView
	Pooled render.RateView
}

type binRow struct {
	Model render.ModelName
	Cells []render.RateView
}

type reportedView struct {
	Citation ReportedCitation
	URL      string
	Note     string
	Tables   []reportedTableView
}

type reportedTableView struct {
	Table, Metric, Caption string
	Rows                   []ReportedRow
}

type boardView struct {
	Head      render.SortHead
	Name, Dir string
	// Compare is the board's compare page, relative to the site root.
	Compare         string
	Tasks, Criteria int
	ByCat           []catCount
	Alpha, Beta     string
	Judges          int
	Rows            []boardRow
	CatRows         []catRow
	Bins            []render.KCol
	BinRows         []binRow
	Chart           string
	Reported        *reportedView
}

type catCount struct {
	Name string
	N    int
}

// chartID is a chart id made of the benchmark name's letters and digits.
func (s *site) chartID(suffix string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s.b.bench.spec.Name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sb.WriteRune(r)
		}
	}
	return "rubric" + sb.String() + "_" + suffix
}

func weight(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func (s *site) boardPage() (board.File, error) {
	b, bn := s.b, s.b.bench
	v := boardView{Name: bn.spec.Title, Dir: s.dir, Compare: s.ComparePath(bn.spec.Name), Tasks: len(bn.tasks), Alpha: weight(bn.alpha), Beta: weight(bn.beta), Judges: bn.judges, Chart: s.chartID("collapse"),
		Head: render.SortHead{Caption: bn.spec.Title + " scores; column headers sort the table", Cols: []render.SortCol{
			{Key: "rank", Label: "Rank", Title: "Paired test on perfect tasks", Sorted: true},
			{Key: "model", Label: "Model", Class: "sticky"},
			{Key: "perfect", Label: "Perfect tasks", Class: "num", Title: "Tasks whose every criterion is satisfied, over all tasks"},
			{Key: "criteria", Label: "Mean criterion pass", Class: "num", Title: "Share of a task’s criteria satisfied, averaged over tasks"},
			{Key: "reward", Label: "Mean reward", Class: "num", Title: "Mean of r = PI + α·EC − β·DB over tasks"},
		}}}
	sc := b.Scores()
	for _, c := range CategoryOrder {
		v.ByCat = append(v.ByCat, catCount{categoryNames[c], sc.Criteria[c]})
		v.Criteria += sc.Criteria[c]
	}
	ranks := map[int]int{}
	for _, r := range b.runs {
		ranks[r.scores.Rank]++
	}
	for i, r := range b.runs {
		m := &r.scores
		v.Rows = append(v.Rows, boardRow{Rank: render.RankCell{Label: s.cmp.RankLabel(i, 0, m.Rank, ranks[m.Rank] > 1), Sort: m.Rank},
			Name: render.BoardName{Model: s.links[i], Root: render.RootOf(s.home), Complete: m.Complete, Answered: m.Answered, Of: len(bn.tasks),
				Compare: s.CompareHref(bn.spec.Name, r.id)}, Perfect: render.NewRate(m.PerfectTaskRate),
			Criterion: pctMean(m.MeanCriterionPass, m.MeanCriterionPassCI95), Reward: rewardMean(m.MeanReward, m.MeanRewardCI95)})
		cr := catRow{Model: s.links[i], Pooled: countRate(m.Criteria)}
		for _, c := range CategoryOrder {
			cr.Cells = append(cr.Cells, countRate(*m.Categories.of(c)))
		}
		v.CatRows = append(v.CatRows, cr)
	}
	s.showTokens(&v.Head, len(v.Rows), func(i int) *render.BoardName { return &v.Rows[i].Name })
	// The bins are the benchmark's: every model has the same.
	rates := make([]map[string]board.Rate, len(b.runs))
	for i, r := range b.runs {
		rates[i] = map[string]board.Rate{}
		for _, bin := range r.scores.ByCriteria {
			rates[i][bin.Criteria] = bin.Perfect
			if i == 0 {
				v.Bins = append(v.Bins, render.KCol{K: bin.Criteria, N: bin.Perfect.Total})
			}
		}
	}
	for i := range b.runs {
		row := binRow{Model: s.links[i]}
		for _, k := range v.Bins {
			row.Cells = append(row.Cells, render.NewRate(rates[i][k.K]))
		}
		v.BinRows = append(v.BinRows, row)
	}
	if rep := bn.reported; rep != nil {
		rv := &reportedView{Citation: rep.Citation, URL: render.SafeURL(rep.Citation.URL), Note: rep.Note}
		for _, t := range rep.Tables {
			rv.Tables = append(rv.Tables, reportedTableView{Table: t.Table, Metric: reportedMetrics[t.Metric], Caption: t.Caption, Rows: t.Rows})
		}
		v.Reported = rv
	}
	var cds []render.ChartData
	if len(b.runs) > 0 && len(v.Bins) > 0 {
		cds = append(cds, render.ChartData{ID: v.Chart, Option: s.collapseChart(v.Chart, v.Bins, rates)})
	}
	return s.Render("rubric/board", s.home, render.Page{
		Title:       bn.spec.Title,
		Description: bn.spec.Title + " rescored from every submission's judge outputs: perfect-task rate, mean per-criterion pass rate and rubric reward.",
		Nav:         b.navKey(), Charts: len(cds) > 0, Body: v, ChartData: cds,
	})
}

// collapseChart draws the perfect-task rate against the number of
// criteria per task, one line per model with its 95% band.
func (s *site) collapseChart(id string, bins []render.KCol, rates []map[string]board.Rate) map[string]any {
	axis := make([]string, len(bins))
	for i, k := range bins {
		axis[i] = fmt.Sprintf("%s criteria (n=%d)", k.K, k.N)
	}
	curves := make([]render.Curve, len(s.b.runs))
	for i, r := range s.b.runs {
		curves[i] = render.Curve{Name: r.name, Color: s.colors[i], Rates: rates[i]}
	}
	return render.BandChart(id, "60", axis, bins, curves)
}

// Outcome tokens of the cases page, per model and task.
const (
	outPerfect   = "perfect"
	outImperfect = "imperfect"
	outDodged    = "dodged-violated"
	outNone      = "unanswered"
)

// outcomeClasses are the classes of the cases page's cells, each with the
// values of the outcome filter it matches: a cell matches an outcome when
// one of its classes does (site.js). A task with a dodged bullet hit is
// "o-fail o-dodged".
var outcomeClasses = []render.OutcomeClass{
	{Class: "o-pass", Outcomes: []string{outPerfect}},
	{Class: "o-fail", Outcomes: []string{outImperfect}},
	{Class: "o-dodged", Outcomes: []string{outDodged}},
	{Class: "o-na", Outcomes: []string{outNone, outImperfect}},
}

func outcomeOptions() []render.OutcomeOption {
	return render.OutcomeOptions([]render.Option{
		{Value: outImperfect, Label: "not perfect"},
		{Value: outDodged, Label: "a dodged bullet hit"},
		{Value: outPerfect, Label: "perfect"},
		{Value: outNone, Label: "not answered"},
	}, outcomeClasses)
}

type caseRow struct {
	Href, ID, Excerpt string
	N                 int
	Cells             []render.OutcomeCell
}

type casesView struct {
	Name, Main string
	Filters    render.CaseFilters
	Columns    []render.CaseColumn
	Rows       []caseRow
}

// outcome classifies model mi's result on task ti (see outcomeClasses).
func (s *site) outcome(mi, ti int) render.OutcomeCell {
	r := &s.b.runs[mi].results[ti]
	t := &s.b.bench.tasks[ti]
	if !r.answered {
		return render.OutcomeCell{Class: "o-na", Glyph: "·"}
	}
	sat, hit := 0, false
	for c, ok := range r.sat {
		if ok {
			sat++
		} else if t.Criteria[c].Category == Dodged {
			hit = true
		}
	}
	if sat == len(r.sat) {
		return render.OutcomeCell{Class: "o-pass", Glyph: "✓"}
	}
	cell := render.OutcomeCell{Class: "o-fail", Glyph: fmt.Sprintf("%d/%d", sat, len(r.sat))}
	if hit {
		cell.Class += " o-dodged"
	}
	return cell
}

func (s *site) casesPage() (board.File, error) {
	b := s.b
	v := casesView{Name: b.bench.spec.Title, Main: s.home, Filters: render.CaseFilters{Outcomes: outcomeOptions()}}
	v.Filters.Models, v.Columns = render.CaseModels(s.links, s.slugs)
	for ti, t := range b.bench.tasks {
		row := caseRow{Href: s.pages[ti] + ".html", ID: t.ID, Excerpt: render.Excerpt(t.Prompt, 140), N: len(t.Criteria)}
		for mi := range b.runs {
			row.Cells = append(row.Cells, s.outcome(mi, ti))
		}
		v.Rows = append(v.Rows, row)
	}
	return s.Render("rubric/cases", s.dir+"/cases.html", render.Page{
		Title:       b.bench.spec.Title + " cases",
		Description: "Every " + b.bench.spec.Title + " task with each model's outcome, filterable by model and outcome.",
		Nav:         b.navKey(), Body: v,
	})
}

type criterionView struct {
	ID, Category, Name, Text string
}

type voteView struct {
	Yes     bool
	Verdict string
	Reason  string
}

type checkRow struct {
	ID, Category string
	Votes        []voteView
	Sat          bool
}

type answerView struct {
	Model    render.ModelName
	Anchor   string
	Answered bool
	Shown    render.ResponseView
	Judges   []string
	Checks   []checkRow
	Sat, N   int
	Perfect  bool
	Reward   string
}

type taskView struct {
	Pager       render.CasePager
	Name, ID    string
	Ask         render.Ask
	Criteria    []criterionView
	Answers     []answerView
	Alpha, Beta string
}

func (s *site) taskPage(ti int) (board.File, error) {
	b, bn := s.b, s.b.bench
	t := &bn.tasks[ti]
	v := taskView{Name: bn.spec.Title, ID: t.ID, Ask: render.Ask{Prompt: t.Prompt}, Alpha: weight(bn.alpha), Beta: weight(bn.beta),
		Pager: s.taskPager(ti, render.Link{Href: "cases.html", Text: "All " + bn.spec.Title + " tasks"})}
	for _, c := range t.Criteria {
		v.Criteria = append(v.Criteria, criterionView{ID: c.ID, Category: c.Category, Name: categoryNames[c.Category], Text: c.Text})
	}
	for mi, r := range b.runs {
		res := &r.results[ti]
		a := answerView{Model: s.links[mi], Anchor: "m-" + s.slugs[mi], Answered: res.answered, N: len(t.Criteria), Judges: r.judges, Reward: "0"}
		for _, ok := range res.sat {
			if ok {
				a.Sat++
			}
		}
		a.Perfect = res.answered && a.Sat == a.N
		if res.answered {
			a.Reward = fmt.Sprintf("%.3f", Reward(t, res.sat, bn.alpha, bn.beta))
			a.Shown = s.Response(res.response, s.taskHref(ti), s.slugs[mi], bn.spec.Name, t.ID)
		}
		for c, cr := range t.Criteria {
			row := checkRow{ID: cr.ID, Category: cr.Category, Sat: res.sat[c]}
			if res.answered {
				for j := range r.judges {
					var ans Answer
					if j < len(res.votes) && c < len(res.votes[j]) {
						ans = res.votes[j][c]
					}
					vv := voteView{Yes: ans.Verdict == Yes, Verdict: ans.Verdict.String(), Reason: ans.Reason}
					if ans.Verdict == Invalid {
						vv.Reason = "unreadable verdict " + strconv.Quote(ans.Reason) + " (counts as NO)"
					} else if ans.Verdict != Yes && ans.Verdict != No {
						vv.Reason = "counts as NO"
					}
					row.Votes = append(row.Votes, vv)
				}
			}
			a.Checks = append(a.Checks, row)
		}
		v.Answers = append(v.Answers, a)
	}
	return s.Render("rubric/task", s.taskHref(ti), render.Page{
		Title:       bn.spec.Title + " task " + t.ID,
		Description: bn.spec.Title + " task " + t.ID + ": the task, its criteria and every model's response, graded by the judges.",
		NoIndex:     !bn.spec.IndexItems, Nav: b.navKey(), Body: v,
	})
}

// methodologyView is the board's section of the methodology page.
type methodologyView struct {
	Title       string
	Tasks       int
	ByCat       []catCount
	Alpha, Beta string
	Judges      int
	BinWidth    int
	Intervals   string
}

func (s *site) methodology() methodologyView {
	bn := s.b.bench
	sc := s.b.Scores()
	v := methodologyView{Title: bn.spec.Title, Tasks: len(bn.tasks), Alpha: weight(bn.alpha), Beta: weight(bn.beta), Judges: bn.judges, BinWidth: BinWidth, Intervals: Intervals}
	for _, c := range CategoryOrder {
		v.ByCat = append(v.ByCat, catCount{categoryNames[c], sc.Criteria[c]})
	}
	return v
}

// VerdictRow is one line of verdicts.csv.
type VerdictRow struct {
	Benchmark report.Text `csv:"benchmark"`
	Model     report.Text `csv:"model"`
	Task      report.Text `csv:"task"`
	Criterion report.Text `csv:"criterion"`
	Category  report.Text `csv:"category"`
	Answered  bool        `csv:"answered"`
	Judge1    report.Text `csv:"judge_1"`
	Verdict1  report.Text `csv:"verdict_1"`
	Judge2    report.Text `csv:"judge_2"`
	Verdict2  report.Text `csv:"verdict_2"`
	More      report.Text `csv:"other_judges"`
	Satisfied int         `csv:"s_c"`
}

func (b *Board) verdictRows() []VerdictRow {
	out := []VerdictRow{}
	for _, r := range b.runs {
		for ti := range b.bench.tasks {
			t := &b.bench.tasks[ti]
			res := &r.results[ti]
			for c, cr := range t.Criteria {
				row := VerdictRow{Benchmark: report.Text(b.bench.spec.Name), Model: report.Text(r.id), Task: report.Text(t.ID), Criterion: report.Text(cr.ID), Category: report.Text(cr.Category), Answered: res.answered}
				if res.sat[c] {
					row.Satisfied = 1
				}
				var more []string
				for j, name := range r.judges {
					verdict := ""
					if res.answered && j < len(res.votes) {
						verdict = res.votes[j][c].Verdict.String()
					}
					switch j {
					case 0:
						row.Judge1, row.Verdict1 = report.Text(name), report.Text(verdict)
					case 1:
						row.Judge2, row.Verdict2 = report.Text(name), report.Text(verdict)
					default:
						more = append(more, name+"="+verdict)
					}
				}
				row.More = report.Text(strings.Join(more, " "))
				out = append(out, row)
			}
		}
	}
	return out
}

func (b *Board) Summary(rs *render.Site, id string) []render.OtherRow {
	if b.bench.points {
		return b.pointsSummary(rs, id)
	}
	home := rs.Home(b.bench.spec.Name)
	title := b.bench.spec.Title
	for _, r := range b.runs {
		if r.id != id {
			continue
		}
		m := &r.scores
		mean := pctMean(m.MeanCriterionPass, m.MeanCriterionPassCI95)
		return []render.OtherRow{
			{Bench: title, Href: home, Metric: "Perfect tasks", Title: "Tasks whose every rubric criterion is satisfied (every judge says YES), over all tasks; no Loose policy on rubric boards",
				S: render.NewRate(m.PerfectTaskRate), L: render.MissingRate()},
			{Bench: title, Href: home, Metric: "Mean criterion pass", Title: "Mean over tasks of the share of the task's criteria satisfied, with a Student t interval; no Loose policy on rubric boards",
				S: render.RateView{Pct: mean.Text, CI: mean.CI, Sort: mean.Sort, Shade: mean.Shade}, L: render.MissingRate()},
		}
	}
	return []render.OtherRow{{Bench: title, Href: home, Absent: true}}
}
