package verifier

import (
	"fmt"
	"html/template"
	"sort"
	"strconv"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// navKey marks the board's pages in the site's navigation.
func (b *Board) navKey() string { return "verifier-" + b.bench.spec.Name }

// dir is the folder of the board's pages and downloads.
func (b *Board) dir() string { return render.Slug(b.bench.spec.Name) }

func (b *Board) Info(front bool) render.BoardInfo {
	info := render.OneEntryInfo(b.bench.spec.Name, b.bench.spec.Title, b.navKey(), b.dir()+"/index.html", front)
	info.ModelFiles = []render.ModelFile{b.verdictsFile()}
	info.Compare = true
	for _, r := range b.runs {
		info.Models = append(info.Models, render.ModelInfo{ID: r.id, Name: r.name})
	}
	return info
}

// verdictsFile is each verifier's verdicts.
func (b *Board) verdictsFile() render.ModelFile {
	return render.ModelFile{Label: "verdicts", Dir: b.dir() + "/verdicts/", Ext: ".csv",
		What: "every verdict of one verifier: item, style, label, the Strict and Loose verdicts read from its output, output tokens."}
}

// MaxCases is how many items the cases page shows.
const MaxCases = 24

// site is one verifier board being rendered.
type site struct {
	*render.Site
	b     *Board
	home  string
	dir   string
	links []render.ModelName
	slugs []string
	// cmp is the board as the compare service takes it; it also gives
	// each verifier's range of ranks.
	cmp *render.Comparison
}

func (b *Board) newSite(rs *render.Site) (*site, error) {
	s := &site{Site: rs, b: b, home: rs.Home(b.bench.spec.Name), dir: b.dir()}
	ms, err := rs.BoardModels(len(b.runs), func(i int) (string, string) { return b.runs[i].id, b.runs[i].name }, BuiltinID)
	if err != nil {
		return nil, err
	}
	s.links, s.slugs = ms.Names, ms.Slugs
	return s, nil
}

func (b *Board) Pages(rs *render.Site) error {
	s, err := b.newSite(rs)
	if err != nil {
		return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
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
	type download struct {
		path string
		rows any
	}
	var files []download
	for _, d := range []download{{"leaderboard.csv", b.rows()}, {"groups.csv", b.groupRows()}, {"styles.csv", b.styleRows()}, {"reported.csv", b.reportedRows()},
		{"verdicts/" + BuiltinID + ".csv", b.builtinVerdicts()}} {
		files = append(files, download{s.dir + "/" + d.path, d.rows})
	}
	for i, r := range b.runs {
		files = append(files, download{b.verdictsFile().Path(s.slugs[i]), b.verdictRows(r)})
	}
	for _, d := range files {
		f, err := render.MarshalCSV(d.path, d.rows)
		if err != nil {
			return err
		}
		rs.Add(f)
	}
	js, err := render.MarshalJSON(s.dir+"/scores.json", b.Scores())
	if err != nil {
		return err
	}
	rs.Add(js)
	rs.AddDownloads(b.bench.spec.Title, []render.Download{
		{Href: s.dir + "/leaderboard.csv", What: "one row per verifier and parsing policy (Strict, Loose), default style: accuracy with its 95% interval, F1, precision, recall, false-accept, false-reject and no-verdict rates, the confusion matrix, accuracy on original and equivalence-augmented items, mean output tokens; the built-in rules as a measured row."},
		{Href: s.dir + "/groups.csv", What: "accuracy and false accepts per verifier, policy, subject and equivalence class."},
		{Href: s.dir + "/styles.csv", What: "each verifier in each prompt style it answered, and the accuracy drop against the default style on the items both answered."},
		{Href: s.dir + "/reported.csv", What: "the published figures (reported, not rescored), one row per table, model and column."},
		{Href: s.dir + "/scores.json", What: "the whole board, identical to <code>sciif score --format json</code> on this benchmark."},
		{Href: s.dir + "/verdicts/" + BuiltinID + ".csv", What: "the built-in rules’ verdicts, as each verifier’s (below), with the rule that decided."},
	}, []render.Download{
		{Href: s.home, What: "the board."},
		{Href: s.dir + "/cases.html", What: "the items the verifiers disagree on most, with every verifier’s output."},
	})
	m, err := rs.Fragment("verifier/methodology", s.methodology())
	if err != nil {
		return err
	}
	rs.AddMethodology(m)
	return nil
}

func pct(f float64) string { return render.Pct(f) }

func sortKey(f float64) string { return strconv.FormatFloat(f, 'f', 6, 64) }

// numView is a number for a table cell with its sort key.
type numView struct{ Text, Sort string }

type boardRow struct {
	Rank       render.RankCell
	Name       render.BoardName
	Acc, Other render.RateView
	F1         numView
	FA, FR, NV render.RateView
	Tokens     numView
	Coverage   string
	DecidedAcc render.RateView
}

type groupRow struct {
	Model render.ModelName
	Cells []groupCell
}

type groupCell struct {
	Acc render.RateView
	FA  string
}

type confusionView struct {
	Model                        render.ModelName
	TP, FN, NoneT, FP, TN, NoneF int
	Precision, Recall, F1        string
}

type collapseRow struct {
	Model               render.ModelName
	Original, Augmented render.RateView
	Drop                string
}

type styleRow struct {
	Model                  render.ModelName
	Style                  string
	Records                int
	Tokens                 string
	Strict, Loose          render.RateView
	Paired                 int
	DefStrict, StyleStrict string
	DropStrict, DropLoose  string
}

type reportedView struct {
	Citation ReportedCitation
	URL      string
	Note     string
	Tables   []ReportedTable
}

type boardView struct {
	Head                   render.SortHead
	Name, Dir              string
	Items, Pos, Neg        int
	Policy, OtherPolicy    string
	Rows                   []boardRow
	Subjects, Classes      []groupHead
	SubjectRows, ClassRows []groupRow
	Confusion              []confusionView
	Collapse               []collapseRow
	Styles                 []styleRow
	StyleNames             []StyleInfo
	Builtin                BuiltinScores
	BuiltinCov             string
	BuiltinDecided         string
	Reported               *reportedView
}

type groupHead struct {
	Name   string
	N, Neg int
}

func tokensView(mean float64, given int) numView {
	if given == 0 {
		return numView{Text: "—", Sort: "-1"}
	}
	return numView{Text: fmt.Sprintf("%.1f", mean), Sort: sortKey(mean)}
}

func signedPts(f float64) string { return fmt.Sprintf("%+.1f", 100*f) }

func (s *site) boardPage() (board.File, error) {
	b, bn := s.b, s.b.bench
	sc := b.Scores()
	other := board.Loose
	if b.policy == board.Loose {
		other = board.Strict
	}
	v := boardView{Name: bn.spec.Title, Dir: s.dir, Items: sc.Items, Pos: sc.Positives, Neg: sc.Negatives, Policy: render.PolicyName(b.policy), OtherPolicy: render.PolicyName(other),
		StyleNames: sc.Styles, Builtin: b.builtin, BuiltinCov: pct(b.builtin.Coverage), BuiltinDecided: pct(b.builtin.Decided.Rate)}
	v.Head = render.SortHead{Caption: bn.spec.Title + " verifiers; column headers sort the table", Cols: []render.SortCol{
		{Key: "rank", Label: "Rank", Title: "Paired test on per-item correctness, default style", Sorted: true},
		{Key: "model", Label: "Verifier", Class: "sticky"},
		{Key: "acc", Label: "Accuracy", Class: "num", Title: "Verdicts that match the label, over all items, " + v.Policy + " parsing"},
		{Key: "other", Label: v.OtherPolicy, Class: "num", Title: "Accuracy under the other parsing policy"},
		{Key: "f1", Label: "F1", Class: "num", Title: "F1, positive = equivalent"},
		{Key: "fa", Label: "False accepts", Class: "num", Title: "Items labelled False called equivalent"},
		{Key: "fr", Label: "False rejects", Class: "num", Title: "Items labelled True called not equivalent"},
		{Key: "nv", Label: "No verdict", Class: "num", Title: "Outputs with no verdict, or no output"},
		{Key: "tokens", Label: "Tokens", Class: "num", Title: "Mean output tokens, where the submission gives them"},
	}}
	ranks := map[int]int{}
	for _, r := range b.runs {
		ranks[r.scores.Rank]++
	}
	ranks[b.builtin.Rank]++
	bi := render.ModelName{Link: render.Link{Text: BuiltinName}}
	v.Subjects = groupHeads(bn, bn.subjects, func(it *Item) string { return it.Subject })
	v.Classes = groupHeads(bn, bn.classes, (*Item).class)
	add := func(ci, rank int, name render.ModelName, measured bool, m, o *Metrics, st *StyleScores) {
		row := boardRow{Rank: render.RankCell{Label: s.cmp.RankLabel(ci, 0, rank, ranks[rank] > 1), Sort: rank},
			Name: render.BoardName{Model: name, Root: render.RootOf(s.home), Measured: measured, Complete: m.Answered == m.Items, Answered: m.Answered, Of: sc.Items,
				Compare: s.CompareHref(bn.spec.Name, s.cmp.Models[ci].ID)}, Acc: render.NewRate(m.Accuracy), Other: render.NewRate(o.Accuracy),
			F1: numView{fmt.Sprintf("%.3f", m.F1), sortKey(m.F1)}, FA: render.NewRate(m.FalseAccept), FR: render.NewRate(m.FalseReject), NV: render.NewRate(m.NoVerdict),
			Tokens: tokensView(0, 0)}
		if st != nil {
			row.Tokens = tokensView(st.MeanTokens, st.Tokens)
		}
		if !measured {
			row.Name.Reproduced = b.runs[ci].reproduced
		}
		if measured {
			row.Coverage = pct(b.builtin.Coverage)
			row.DecidedAcc = render.NewRate(board.Rate{Pass: b.builtin.Decided.Correct, Total: b.builtin.Decided.Total, Rate: b.builtin.Decided.Rate, CI95: b.builtin.Decided.CI95})
		}
		v.Rows = append(v.Rows, row)
		gr := func(gs []Group) groupRow {
			g := groupRow{Model: name}
			for _, x := range gs {
				g.Cells = append(g.Cells, groupCell{Acc: render.NewRate(x.Accuracy), FA: fmt.Sprintf("%d/%d", x.FalseAccept.Pass, x.FalseAccept.Total)})
			}
			return g
		}
		v.SubjectRows = append(v.SubjectRows, gr(m.Subjects))
		v.ClassRows = append(v.ClassRows, gr(m.Classes))
		v.Confusion = append(v.Confusion, confusionView{Model: name, TP: m.TP, FN: m.FN, NoneT: m.NoneTrue, FP: m.FP, TN: m.TN, NoneF: m.NoneFalse,
			Precision: fmt.Sprintf("%.3f", m.Precision), Recall: fmt.Sprintf("%.3f", m.Recall), F1: fmt.Sprintf("%.3f", m.F1)})
		v.Collapse = append(v.Collapse, collapseRow{Model: name, Original: render.NewRate(m.Original), Augmented: render.NewRate(m.Augmented), Drop: signedPts(-m.Collapse)})
	}
	builtinDone := false
	for i, r := range b.runs {
		if !builtinDone && b.builtin.Rank < r.scores.Rank {
			add(len(b.runs), b.builtin.Rank, bi, true, &b.builtin.Metrics, &b.builtin.Metrics, nil)
			builtinDone = true
		}
		add(i, r.scores.Rank, s.links[i], false, r.scores.Policy(b.policy), r.scores.Policy(other), &r.scores.Styles[0])
		for _, st := range r.scores.Styles[1:] {
			p := st.Paired
			v.Styles = append(v.Styles, styleRow{Model: s.links[i], Style: st.Style, Records: st.Records, Tokens: tokensView(st.MeanTokens, st.Tokens).Text,
				Strict: render.NewRate(st.Strict.Accuracy), Loose: render.NewRate(st.Loose.Accuracy), Paired: p.Items,
				DefStrict: pct(p.StrictDefault.Rate) + " → " + pct(p.StrictStyle.Rate), StyleStrict: pct(p.LooseDefault.Rate) + " → " + pct(p.LooseStyle.Rate),
				DropStrict: signedPts(-p.StrictDrop), DropLoose: signedPts(-p.LooseDrop)})
		}
	}
	if !builtinDone {
		add(len(b.runs), b.builtin.Rank, bi, true, &b.builtin.Metrics, &b.builtin.Metrics, nil)
	}
	if rep := bn.reported; rep != nil {
		v.Reported = &reportedView{Citation: rep.Citation, URL: render.SafeURL(rep.Citation.URL), Note: rep.Note, Tables: rep.Tables}
	}
	return s.Render("verifier/board", s.home, render.Page{
		Title:       bn.spec.Title,
		Description: bn.spec.Title + " rescored from every verifier's raw outputs: accuracy, F1, false accepts and rejects per subject and equivalence class.",
		Nav:         b.navKey(), Body: v,
	})
}

// groupHeads heads the columns of the groups names (subjects, classes)
// with how many items each has, and how many labelled False: group says
// which group an item is in.
func groupHeads(bn *benchmark, names []string, group func(*Item) string) []groupHead {
	heads := make([]groupHead, len(names))
	at := make(map[string]int, len(names))
	for j, name := range names {
		heads[j].Name, at[name] = name, j
	}
	for i := range bn.items {
		it := &bn.items[i]
		if j, ok := at[group(it)]; ok {
			heads[j].N++
			if !it.Equivalent() {
				heads[j].Neg++
			}
		}
	}
	return heads
}

// verdictView is one verifier's verdict on a case.
type verdictView struct {
	Model         render.ModelName
	Answered      bool
	Strict, Loose string
	Right         bool
	Output        string
	Cut           bool
	Tokens        string
}

type caseView struct {
	ID, Subject, Class     string
	Label                  bool
	Question, Reference    template.HTML
	Response               template.HTML
	Disagree, Right, Total int
	Builtin                Builtin
	BuiltinRight           bool
	Verdicts               []verdictView
}

type casesView struct {
	Name, Main string
	Policy     string
	Shown, Of  int
	Cases      []caseView
}

// disagreement counts, on item i, the verifiers that do not give the most
// common Loose verdict of the default style.
func (b *Board) disagreement(i int) (int, int) {
	var n [3]int
	right := 0
	for _, r := range b.runs {
		v := r.answers[0][i].verdicts[1]
		n[v]++
		if correct(&b.bench.items[i], v) {
			right++
		}
	}
	return len(b.runs) - max(n[0], n[1], n[2]), right
}

func (s *site) casesPage() (board.File, error) {
	b, bn := s.b, s.b.bench
	v := casesView{Name: bn.spec.Title, Main: s.home, Policy: render.PolicyName(b.policy), Of: len(bn.items)}
	type scored struct{ i, dis, right int }
	var order []scored
	for i := range bn.items {
		d, right := b.disagreement(i)
		if d > 0 {
			order = append(order, scored{i, d, right})
		}
	}
	sort.SliceStable(order, func(x, y int) bool {
		if order[x].dis != order[y].dis {
			return order[x].dis > order[y].dis
		}
		return order[x].right < order[y].right
	})
	if len(order) > MaxCases {
		order = order[:MaxCases]
	}
	md := render.GetConverter()
	defer render.PutConverter(md)
	for _, o := range order {
		it := &bn.items[o.i]
		c := caseView{ID: it.ID, Subject: it.Subject, Class: it.class(), Label: it.Equivalent(), Question: md.HTML(it.Question), Reference: md.HTML(it.Reference), Response: md.HTML(it.Response),
			Disagree: o.dis, Right: o.right, Total: len(b.runs), Builtin: bn.builtin[o.i], BuiltinRight: correct(it, bn.builtin[o.i].Verdict)}
		for mi, r := range b.runs {
			a := &r.answers[0][o.i]
			vv := verdictView{Model: s.links[mi], Answered: a.answered, Strict: a.verdicts[0].String(), Loose: a.verdicts[1].String(), Right: correct(it, a.verdicts[1])}
			if a.answered {
				vv.Output, vv.Cut = render.Shown(a.output)
				if a.hasTok {
					vv.Tokens = render.CountLabel(int(a.tokens), "token", "tokens")
				}
			}
			c.Verdicts = append(c.Verdicts, vv)
		}
		v.Cases = append(v.Cases, c)
	}
	v.Shown = len(v.Cases)
	return s.Render("verifier/cases", s.dir+"/cases.html", render.Page{
		Title:       bn.spec.Title + " cases",
		Description: "The " + bn.spec.Title + " items the verifiers disagree on most, with every verifier's output.",
		NoIndex:     !bn.spec.IndexItems, Nav: b.navKey(), Math: true, Body: v,
	})
}

// methodologyView is the board's section of the methodology page.
type methodologyView struct {
	Title       string
	Items       int
	Styles      []StyleInfo
	LooseLabels []string
	Reward      *RewardSpec
	Intervals   string
	Policy      string
}

func (s *site) methodology() methodologyView {
	sc := s.b.Scores()
	return methodologyView{Title: sc.Title, Items: sc.Items, Styles: sc.Styles, LooseLabels: LooseLabels, Reward: sc.Reward, Intervals: Intervals, Policy: render.PolicyName(s.b.policy)}
}

// VerdictRow is one line of verdicts/<verifier>.csv.
type VerdictRow struct {
	Benchmark report.Text `csv:"benchmark"`
	Model     report.Text `csv:"model"`
	Item      report.Text `csv:"item"`
	Style     report.Text `csv:"style"`
	Subject   report.Text `csv:"subject"`
	Class     report.Text `csv:"class"`
	Label     bool        `csv:"label"`
	Answered  bool        `csv:"answered"`
	Strict    report.Text `csv:"strict"`
	Loose     report.Text `csv:"loose"`
	Tokens    int64       `csv:"output_tokens"`
	Rule      report.Text `csv:"rule"`
}

func (b *Board) verdictRows(r *run) []VerdictRow {
	out := []VerdictRow{}
	bn := b.bench
	for _, st := range r.scores.Styles {
		si := 0
		for j := range bn.styles {
			if bn.styles[j].Name == st.Style {
				si = j
			}
		}
		for i := range bn.items {
			a := &r.answers[si][i]
			if si > 0 && !a.answered {
				continue
			}
			it := &bn.items[i]
			tok := int64(-1)
			if a.hasTok {
				tok = a.tokens
			}
			out = append(out, VerdictRow{Benchmark: report.Text(bn.spec.Name), Model: report.Text(r.id), Item: report.Text(it.ID), Style: report.Text(st.Style), Subject: report.Text(it.Subject),
				Class: report.Text(it.class()), Label: it.Equivalent(), Answered: a.answered, Strict: report.Text(a.verdicts[0].String()), Loose: report.Text(a.verdicts[1].String()), Tokens: tok})
		}
	}
	return out
}

func (b *Board) builtinVerdicts() []VerdictRow {
	out := []VerdictRow{}
	bn := b.bench
	for i := range bn.items {
		it := &bn.items[i]
		v := report.Text(bn.builtin[i].Verdict.String())
		out = append(out, VerdictRow{Benchmark: report.Text(bn.spec.Name), Model: BuiltinID, Item: report.Text(it.ID), Style: "rules", Subject: report.Text(it.Subject),
			Class: report.Text(it.class()), Label: it.Equivalent(), Answered: true, Strict: v, Loose: v, Tokens: -1, Rule: report.Text(bn.builtin[i].Rule)})
	}
	return out
}

// ReportedCSVRow is one line of reported.csv: one published figure.
type ReportedCSVRow struct {
	Benchmark report.Text `csv:"benchmark"`
	Source    report.Text `csv:"source"`
	Table     report.Text `csv:"table"`
	Model     report.Text `csv:"model"`
	Column    report.Text `csv:"column"`
	Value     report.Text `csv:"value"`
}

func (b *Board) reportedRows() []ReportedCSVRow {
	out := []ReportedCSVRow{}
	rep := b.bench.reported
	if rep == nil {
		return out
	}
	for _, t := range rep.Tables {
		for _, r := range t.Rows {
			for c, col := range t.Columns {
				out = append(out, ReportedCSVRow{Benchmark: report.Text(b.bench.spec.Name), Source: report.Text(rep.Citation.Title), Table: report.Text(t.Table),
					Model: report.Text(r.Model), Column: report.Text(col), Value: report.Text(r.Values[c])})
			}
		}
	}
	return out
}

func (b *Board) Summary(rs *render.Site, id string) []render.OtherRow {
	home := rs.Home(b.bench.spec.Name)
	title := b.bench.spec.Title
	for _, r := range b.runs {
		if r.id != id {
			continue
		}
		return []render.OtherRow{
			{Bench: title, Href: home, Metric: "Verification accuracy", Title: "Share of items whose verdict, read from the raw output, matches the label (Strict: the asked last line only; Loose: the common forms)",
				S: render.NewRate(r.scores.Policy(board.Strict).Accuracy), L: render.NewRate(r.scores.Policy(board.Loose).Accuracy)},
			{Bench: title, Href: home, Metric: "False accepts", Title: "Share of the items labelled False that the verifier called equivalent",
				S: render.NewRate(r.scores.Policy(board.Strict).FalseAccept), L: render.NewRate(r.scores.Policy(board.Loose).FalseAccept)},
		}
	}
	return []render.OtherRow{{Bench: title, Href: home, Absent: true}}
}
