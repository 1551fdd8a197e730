package sciif

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// The render toolkit under the names the pages were written with.
type (
	page  = render.Page
	model = siteModel
)

// siteModel joins a board row with its run.
type siteModel struct {
	Scores *sciifdata.ModelScores
	Run    *sciifdata.Run
	// cells holds a cell per item; rules how often each rule decided.
	cells []cell
	rules map[string][2]int
	// csv holds its rows of verdicts.csv when its run wrote them
	// (condensed.csv); nil: verdictsCSV writes them.
	csv  []byte
	Slug string
	// Index is the model's place among the site's models, which fixes its
	// colour in charts.
	Index int
}

// input is what a SciIF board's pages are made from.
type input struct {
	Bench *sciifdata.Benchmark
	Board *sciifdata.Board
	// Runs holds the verified submissions in the same order as
	// Board.Models, each with one verdict and one response per item.
	Runs []sciifdata.Run
	// JudgesOnly, when set, is the same board scored with the judges alone
	// (--no-rules): the analysis page compares it with Board.
	JudgesOnly *sciifdata.Board
	Reported   []sciifdata.Reported
	Version    string
	Title      string
	// IndexItems lets search engines index problem and answers pages
	// (benchmark.yaml's index_items).
	IndexItems bool
	// Condensed parallels Runs: what the pages need of the verdicts; nil
	// when Runs hold the verdicts.
	Condensed []condensed
	// Paged says every model's answers pages are rendered already, as its
	// submission was checked (run.RunPages): Runs hold no verdicts.
	Paged bool
}

// site renders one SciIF board's pages into a render.Site.
type site struct {
	*render.Site
	in        input
	name      string
	tmpl      fs.FS
	models    []model
	itemSlugs []string
	// snippets are the questions' first words, for lists of problems.
	snippets []string
	// ks are the board's k columns (allKs of every model), for the model
	// pages.
	ks []render.KCol
	// cons lists the catalog's constraints grouped by family in display
	// order.
	cons   []sciifdata.Constraint
	groups []familyGroup
	// enabled counts, per constraint id, the items that enable it.
	enabled map[string]int
	judges  []string
	// page and pages number the part of a paged page being rendered, with
	// models holding that part's models (see paged).
	page, pages int
	// all is every model of the board, whatever the page.
	all []model
	per int
	// answersFile names, per item, the file of a model's answers pages
	// that holds it; answersLabel names that page for links.
	answersFile, answersLabel []string
	// partsOnce lays out a model's answers pages (answersParts).
	partsOnce *answersPartsOnce
	// cmp is the board as the compare service takes it, which also
	// gives each model's range of ranks.
	cmp *render.Comparison
	// cmpIndex is each model's place in cmp, by id.
	cmpIndex map[string]int
	// atRank counts, per policy, the board's models at each rank, which
	// tells a tied rank (rankCells) without a pass over every model.
	atRank []map[int]int
	// pooled is the judges' disagreement on the whole board, per policy
	// (poolDisagreement), which every part of the analysis page shows.
	pooled []map[string]sciifdata.Disagreement
	// rowHeads start each model's row on the problem pages
	// (problemRowHeads).
	rowHeads []rowHead
}

// familyGroup is a family and its constraints in catalog order.
type familyGroup struct {
	Family sciifdata.Family
	Name   string
	Cons   []sciifdata.Constraint
}

func newSite(rs *render.Site, name string, in input) (*site, error) {
	if in.Bench == nil || in.Board == nil {
		return nil, errors.New("benchmark and board are required")
	}
	if len(in.Runs) != len(in.Board.Models) {
		return nil, fmt.Errorf("%d runs for %d models", len(in.Runs), len(in.Board.Models))
	}
	s := &site{Site: rs, in: in, name: name, tmpl: rs.Templates(), enabled: map[string]int{}}
	for i := range in.Board.Models {
		ms := &in.Board.Models[i]
		run := &in.Runs[i]
		if run.Submission.ID != ms.ID {
			return nil, fmt.Errorf("run %d is %q but board row %d is %q", i, run.Submission.ID, i, ms.ID)
		}
		cond := condensed{}
		if in.Condensed != nil {
			cond = in.Condensed[i]
		} else {
			cond = condense(run.Verdicts)
		}
		if n := len(cond.cells); n != len(in.Bench.Items) {
			return nil, fmt.Errorf("model %s: %d verdicts for %d items", ms.ID, n, len(in.Bench.Items))
		}
		if n := len(run.Responses); n != 0 && n != len(in.Bench.Items) {
			return nil, fmt.Errorf("model %s: %d responses for %d items", ms.ID, n, len(in.Bench.Items))
		}
		ref, ok := rs.Model(ms.ID)
		if !ok {
			return nil, fmt.Errorf("model %s is not on the site", ms.ID)
		}
		s.models = append(s.models, model{Scores: ms, Run: run, Slug: ref.Slug, Index: ref.Index, cells: cond.cells, rules: cond.rules, csv: cond.csv})
	}
	s.all = s.models
	for _, p := range board.Policies {
		n := map[int]int{}
		for i := range s.all {
			if ps := s.all[i].Scores.Policy(p); ps != nil {
				n[ps.Rank]++
			}
		}
		s.atRank = append(s.atRank, n)
	}
	s.ks = s.allKs()
	if err := s.items(); err != nil {
		return nil, err
	}
	judges := map[string]bool{}
	for _, m := range s.models {
		for _, j := range m.Scores.Judges {
			judges[j] = true
		}
	}
	for j := range judges {
		s.judges = append(s.judges, j)
	}
	sort.Strings(s.judges)
	return s, nil
}

// newRunSite is a site for the pages of one run alone (RunPages): the
// board's items, without its models or scores.
func newRunSite(rs *render.Site, name string, in input) (*site, error) {
	if in.Bench == nil {
		return nil, errors.New("benchmark is required")
	}
	s := &site{Site: rs, in: in, name: name, tmpl: rs.Templates(), enabled: map[string]int{}}
	if err := s.items(); err != nil {
		return nil, err
	}
	return s, nil
}

// items sets what the pages need of the benchmark's items.
func (s *site) items() error {
	seen := map[string]string{}
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		sl := render.Slug(it.ID)
		if other, dup := seen[sl]; dup {
			return fmt.Errorf("items %q and %q share the file name %s", other, it.ID, sl)
		}
		seen[sl] = it.ID
		s.itemSlugs = append(s.itemSlugs, sl)
		s.snippets = append(s.snippets, render.Excerpt(it.Question, 90))
		for _, c := range it.Constraints {
			s.enabled[c]++
		}
	}
	s.answersFile, s.answersLabel = answersFiles(s.in.Bench.Items)
	s.partsOnce = new(answersPartsOnce)
	s.groups = groupFamilies(s.in.Bench.Catalog)
	for _, g := range s.groups {
		s.cons = append(s.cons, g.Cons...)
	}
	return nil
}

// groupFamilies orders the catalog by family: the paper's three first,
// then any other family in order of first appearance.
func groupFamilies(cat sciifdata.Catalog) []familyGroup {
	order := append([]sciifdata.Family(nil), sciifdata.Families...)
	for _, c := range cat.Constraints {
		known := false
		for _, f := range order {
			known = known || f == c.Family
		}
		if !known {
			order = append(order, c.Family)
		}
	}
	var gs []familyGroup
	for _, f := range order {
		g := familyGroup{Family: f, Name: familyName(f)}
		for _, c := range cat.Constraints {
			if c.Family == f {
				g.Cons = append(g.Cons, c)
			}
		}
		if len(g.Cons) > 0 {
			gs = append(gs, g)
		}
	}
	return gs
}

func familyName(f sciifdata.Family) string {
	s := string(f)
	if s == "" {
		return "Other"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func weightsLabel(open bool) string {
	if open {
		return "open"
	}
	return "closed"
}

// perAnswers is how many answers one page of a model's answers holds.
const perAnswers = 30

// answersFiles places each item's answer on a page of a model's answers:
// one per subject, split into parts of perAnswers problems in benchmark
// order, named <subject>.html, <subject>-2.html, …
func answersFiles(items []sciifdata.Item) (files, labels []string) {
	count := map[string]int{}
	for i := range items {
		sub := items[i].Subject
		k := count[sub]/perAnswers + 1
		count[sub]++
		slug := render.Slug(strings.ToLower(sub))
		files = append(files, pageName(slug, k))
		label := sub
		if k > 1 {
			label = fmt.Sprintf("%s (%d)", sub, k)
		}
		labels = append(labels, label)
	}
	return files, labels
}

// How many models a part of a paged page lists: every part stays well
// under 1 MiB of HTML at 1,000 models.
const (
	perIndex    = 200
	perAnalysis = 100
	perMatrix   = 50
)

// exec renders one of the board's pages: its path and navigation key are
// the board's (under its base when it is not the site's front board).
func (s *site) exec(name, out string, p page) (board.File, error) {
	return s.execBy(s.Render, name, out, p)
}

// execBy is exec through render, Render or RenderMemo.
func (s *site) execBy(with func(name, out string, p page) (board.File, error), name, out string, p page) (board.File, error) {
	if p.Nav != "" {
		p.Nav = s.name + ":" + p.Nav
	}
	if s.pages > 1 {
		stem := strings.TrimSuffix(out, ".html")
		out = pageName(stem, s.page)
		for k := 1; k <= s.pages; k++ {
			lo, hi := (k-1)*s.per+1, min(k*s.per, len(s.all))
			l := render.Link{Text: fmt.Sprintf("%d–%d", lo, hi)}
			if k != s.page {
				l.Href = path.Base(pageName(stem, k))
			}
			p.Pager = append(p.Pager, l)
		}
	}
	return with("sciif/"+name, s.Base(s.name)+out, p)
}

// addSpliced renders a page as exec does, its view holding render.Mark(k)
// where fragment k goes, and adds it with what frags[k] writes in place of
// the mark (render.HTML.Splice), in a buffer kept from page to page. The
// parts a board repeats models × problems times go this way: printed
// through a template, fmt would copy each into a fresh buffer.
func (s *site) addSpliced(name, out string, p page, frags ...func(*render.HTML)) error {
	f, err := s.exec(name, out, p)
	if err != nil {
		return err
	}
	return s.addSplicedFile(f, frags...)
}

// addSplicedFile adds f, a page rendered with render.Mark(k) where
// fragment k goes, as addSpliced does.
func (s *site) addSplicedFile(f board.File, frags ...func(*render.HTML)) error {
	h := pagePool.Get().(*render.HTML)
	defer pagePool.Put(h)
	h.Reset()
	if err := h.Splice(f.Data, frags...); err != nil {
		return fmt.Errorf("page %s: %w", f.Path, err)
	}
	f.Data = h.Bytes()
	s.AddShared(f)
	return nil
}

// spliced is f, a page rendered with render.Mark(k) where fragment k
// goes, with what frags[k] writes there, in a buffer of its own (the
// page is kept or added by the caller).
func spliced(f board.File, frags ...func(*render.HTML)) (board.File, error) {
	var h render.HTML
	if err := h.Splice(f.Data, frags...); err != nil {
		return f, fmt.Errorf("page %s: %w", f.Path, err)
	}
	f.Data = h.Bytes()
	return f, nil
}

// pagePool holds the buffers addSpliced writes pages in.
var pagePool = sync.Pool{New: func() any { return new(render.HTML) }}

// pageName is the file of part k of a paged page: the first part keeps
// the page's name, so links to it stay valid.
func pageName(stem string, k int) string {
	if k == 1 {
		return stem + ".html"
	}
	return fmt.Sprintf("%s-%d.html", stem, k)
}

// paged renders a page whose tables list every model in parts of per
// models, in board order: name.html, name-2.html, … Each part is small
// whatever the number of models; a board of per models or fewer is one
// page, as before.
func (s *site) paged(per int, page func(*site) (board.File, error)) error {
	n := len(s.all)
	parts := max(1, (n+per-1)/per)
	for k := 1; k <= parts; k++ {
		c := *s
		c.models = s.all[(k-1)*per : min(k*per, n)]
		c.page, c.pages, c.per = k, parts, per
		f, err := page(&c)
		if err != nil {
			return err
		}
		s.Add(f)
	}
	return nil
}

// build renders every page and download of the board.
func (s *site) build() error {
	for i := range s.all {
		s.NoteUpdated(s.all[i].Scores.Date)
	}
	s.cmp = s.comparison()
	s.cmpIndex = map[string]int{}
	for i, m := range s.cmp.Models {
		s.cmpIndex[m.ID] = i
	}
	if err := s.ComparePage(s.cmp); err != nil {
		return err
	}
	s.pooled = s.poolDisagreement() // for every part of the analysis page
	for _, p := range []struct {
		per  int
		page func(*site) (board.File, error)
	}{
		{perIndex, (*site).indexPage},
		{perIndex, (*site).constraintsPage},
		{perAnalysis, (*site).analysisPage},
		{perMatrix, (*site).matrixPage},
	} {
		if err := s.paged(p.per, p.page); err != nil {
			return err
		}
	}
	if err := s.subjectPages(); err != nil {
		return err
	}
	if err := s.casesPages(); err != nil {
		return err
	}
	steps := []func() (board.File, error){
		s.leaderboardCSV,
		s.scoresJSON,
	}
	for _, step := range steps {
		f, err := step()
		if err != nil {
			return err
		}
		s.Add(f)
	}
	if err := s.verdictsCSV(); err != nil {
		return err
	}
	// Each model's page, then its answers and cases, unless they were
	// rendered as its submission was checked.
	err := render.Each(len(s.models), func(i int, md *render.Converter) error {
		m := &s.models[i]
		if err := s.modelPage(m); err != nil {
			return err
		}
		if s.in.Paged {
			return nil
		}
		if err := s.modelCasesPage(m); err != nil {
			return err
		}
		return s.answersPages(md, m, m.Run)
	})
	if err != nil {
		return err
	}
	s.rowHeads = s.problemRowHeads()
	return render.Each(len(s.in.Bench.Items), func(i int, md *render.Converter) error {
		return s.problemPage(md, i)
	})
}

// otherBenchmarks puts the model's SciIF correctness and compliance beside
// its figures on the site's other boards: the SciIF paper's Table 2 view.
func (s *site) otherBenchmarks(m *model) []render.OtherRow {
	out := s.Others(m.Scores.ID, s.name)
	if len(out) == 0 {
		return nil
	}
	return append(s.summary(m.Scores), out...)
}

// summary is a model's headline on this board, as rows of a model page's
// "Other benchmarks" table.
func (s *site) summary(ms *sciifdata.ModelScores) []render.OtherRow {
	sci := pair(ms, metric(func(ps *sciifdata.PolicyScores) board.Rate { return ps.Correct }))
	comp := pair(ms, metric(func(ps *sciifdata.PolicyScores) board.Rate { return ps.Compliant }))
	home := s.Home(s.name)
	return []render.OtherRow{
		{Bench: s.benchName(), Href: home, Metric: "Correct", Title: "Answer correctness over all items", S: sci.S, L: sci.L},
		{Bench: s.benchName(), Href: home, Metric: "Compliant", Title: "Items whose every enabled constraint passes, over all items", S: comp.S, L: comp.L},
	}
}

// benchName is the board's title.
func (s *site) benchName() string {
	if s.in.Title != "" {
		return s.in.Title
	}
	n := s.in.Board.Benchmark
	if strings.EqualFold(n, "sciif") {
		return "SciIF"
	}
	return n
}
