// Package render is the render stage of the pipeline: it turns a scored
// board, the benchmark and the verified runs into the files of a static
// site (HTML pages, CSV and JSON downloads, and the static assets).
//
// It performs no disk I/O: it returns files as path and bytes, and package
// publish writes them. It reads no clock and no random source, and ranges
// over maps only through sorted keys, so the same input yields
// byte-identical files.
//
// Everything in the input that comes from a submission (answers, judge
// texts, metadata) is untrusted: it reaches the pages only through
// html/template, through goldmark without raw HTML, or as inert JSON in
// <script type="application/json"> elements. Pages contain no inline script
// and no inline style, so a Content-Security-Policy of script-src 'self'
// and style-src 'self' holds.
package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/assets"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/templates"
)

// Input is everything a site is built from. Bench, Board and Runs are
// required; the other fields are optional. Later boards (IFEval, IFBench)
// and other sources are meant to arrive as further optional fields, each
// adding its own pages and navigation entry, without changing these.
type Input struct {
	// Bench is the benchmark: its catalog and its items.
	Bench *board.Benchmark
	// Board holds both policies' scores, models in leaderboard order with
	// ranks set.
	Board *board.Board
	// Runs holds the verified submissions in the same order as
	// Board.Models, each with one verdict and one response per item.
	Runs []board.Run
	// Version names the generator and verifier that built the site; it is
	// printed in the footer and on the methodology page.
	Version string
	// Reported lists figures published elsewhere (papers, model cards).
	// They are shown apart from the board as "reported, not rescored",
	// never ranked and never mixed with rescored numbers.
	Reported []board.Reported
	// JudgesOnly, when set, is the same board scored with the judges alone
	// (--no-rules): the analysis page compares it with Board.
	JudgesOnly *board.Board
	// Instr holds rescored instruction-following boards (IFEval, IFBench),
	// each shown on its own page, linked to the SciIF model pages by id.
	Instr []*board.InstrBoard
	// Templates and Assets, when set, replace the embedded templates/ and
	// assets/ trees, so a designer can edit them and rebuild without
	// recompiling.
	Templates fs.FS
	Assets    fs.FS
}

// Site renders the whole site. Files are returned sorted by path.
func Site(in Input) ([]board.File, error) {
	s, err := newSite(in)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	files, err := s.build()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for i := 1; i < len(files); i++ {
		if files[i].Path == files[i-1].Path {
			return nil, fmt.Errorf("render: two files at %s", files[i].Path)
		}
	}
	return files, nil
}

// model joins a board row with its run.
type model struct {
	Scores *board.ModelScores
	Run    *board.Run
	Slug   string
	// Index is the position on the board, which fixes its colour in charts.
	Index int
}

type site struct {
	in        Input
	tmpl      fs.FS
	assets    fs.FS
	models    []model
	itemSlugs []string
	// cons lists the catalog's constraints grouped by family in display
	// order.
	cons   []board.Constraint
	groups []familyGroup
	// enabled counts, per constraint id, the items that enable it.
	enabled map[string]int
	pages   map[string]*template.Template
	judges  []string
}

// familyGroup is a family and its constraints in catalog order.
type familyGroup struct {
	Family board.Family
	Name   string
	Cons   []board.Constraint
}

func newSite(in Input) (*site, error) {
	if in.Bench == nil || in.Board == nil {
		return nil, errors.New("benchmark and board are required")
	}
	if len(in.Runs) != len(in.Board.Models) {
		return nil, fmt.Errorf("%d runs for %d models", len(in.Runs), len(in.Board.Models))
	}
	s := &site{in: in, tmpl: in.Templates, assets: in.Assets, enabled: map[string]int{}}
	if s.tmpl == nil {
		s.tmpl = templates.FS
	}
	if s.assets == nil {
		s.assets = assets.FS
	}
	seen := map[string]string{}
	for i := range in.Board.Models {
		ms := &in.Board.Models[i]
		run := &in.Runs[i]
		if run.Submission.ID != ms.ID {
			return nil, fmt.Errorf("run %d is %q but board row %d is %q", i, run.Submission.ID, i, ms.ID)
		}
		if n := len(run.Verdicts); n != len(in.Bench.Items) {
			return nil, fmt.Errorf("model %s: %d verdicts for %d items", ms.ID, n, len(in.Bench.Items))
		}
		if n := len(run.Responses); n != 0 && n != len(in.Bench.Items) {
			return nil, fmt.Errorf("model %s: %d responses for %d items", ms.ID, n, len(in.Bench.Items))
		}
		sl := Slug(ms.ID)
		if other, dup := seen[sl]; dup {
			return nil, fmt.Errorf("models %q and %q share the file name %s", other, ms.ID, sl)
		}
		seen[sl] = ms.ID
		s.models = append(s.models, model{Scores: ms, Run: run, Slug: sl, Index: i})
	}
	seen = map[string]string{}
	for i := range in.Bench.Items {
		it := &in.Bench.Items[i]
		sl := Slug(it.ID)
		if other, dup := seen[sl]; dup {
			return nil, fmt.Errorf("items %q and %q share the file name %s", other, it.ID, sl)
		}
		seen[sl] = it.ID
		s.itemSlugs = append(s.itemSlugs, sl)
		for _, c := range it.Constraints {
			s.enabled[c]++
		}
	}
	s.groups = groupFamilies(in.Bench.Catalog)
	for _, g := range s.groups {
		s.cons = append(s.cons, g.Cons...)
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
	var err error
	s.pages, err = parsePages(s.tmpl)
	return s, err
}

// groupFamilies orders the catalog by family: the paper's three first,
// then any other family in order of first appearance.
func groupFamilies(cat board.Catalog) []familyGroup {
	order := append([]board.Family(nil), board.Families...)
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

func familyName(f board.Family) string {
	s := string(f)
	if s == "" {
		return "Other"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pageNames lists the page templates; each is parsed with base.html.
var pageNames = []string{"index", "constraints", "analysis", "cases", "matrix", "problem", "model", "methodology", "downloads", "instr", "instrindex", "instrcase"}

func parsePages(fsys fs.FS) (map[string]*template.Template, error) {
	pages := map[string]*template.Template{}
	for _, name := range pageNames {
		t, err := template.New(name).Funcs(funcs()).ParseFS(fsys, "base.html", name+".html")
		if err != nil {
			return nil, fmt.Errorf("parse templates: %w", err)
		}
		pages[name] = t
	}
	return pages, nil
}

func funcs() template.FuncMap {
	return template.FuncMap{
		// shade names the background class of a cell under a policy
		// ("s" or "l"), in tenths of the rate.
		"shade": func(policy string, r RateView) string {
			if r.Missing {
				return policy + "s-na"
			}
			return fmt.Sprintf("%ss-%d", policy, r.Shade)
		},
		"inc": func(n int) int { return n + 1 },
	}
}

// Page is what base.html needs; Body is the Page's own view model.
type Page struct {
	Title       string
	Description string
	// Root is the relative path from the page to the site root: "" or "../".
	Root      string
	Nav       string
	NoIndex   bool
	Charts    bool
	Math      bool
	Benchmark string
	Version   string
	// Extra lists the optional boards' pages in the navigation.
	Extra []NavLink
	Body  any
	// ChartData holds chart options, each emitted as inert JSON.
	ChartData []ChartData
}

type ChartData struct {
	ID     string
	Option any
}

func (s *site) exec(name, out string, p Page) (board.File, error) {
	if p.Root == "" && strings.Contains(out, "/") {
		p.Root = strings.Repeat("../", strings.Count(out, "/"))
	}
	p.Benchmark = s.in.Board.Benchmark
	if p.Benchmark == "" {
		p.Benchmark = s.in.Bench.Name
	}
	p.Version = s.in.Version
	p.Extra = s.extraNav()
	var buf bytes.Buffer
	if err := s.pages[name].ExecuteTemplate(&buf, "base", p); err != nil {
		return board.File{}, fmt.Errorf("page %s: %w", out, err)
	}
	return board.File{Path: out, Data: buf.Bytes()}, nil
}

func (s *site) build() ([]board.File, error) {
	var files []board.File
	add := func(f board.File, err error) error {
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	}
	md := NewMarkdown()
	steps := []func() (board.File, error){
		s.indexPage,
		s.constraintsPage,
		s.analysisPage,
		s.casesPage,
		s.matrixPage,
		func() (board.File, error) { return s.methodologyPage(md) },
		s.downloadsPage,
		s.leaderboardCSV,
		s.verdictsCSV,
		s.scoresJSON,
	}
	for _, step := range steps {
		if err := add(step()); err != nil {
			return nil, err
		}
	}
	for i := range s.models {
		if err := add(s.modelPage(&s.models[i])); err != nil {
			return nil, err
		}
	}
	for _, b := range s.in.Instr {
		if b == nil {
			continue
		}
		fs, err := s.instrPages(b)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	probs, err := s.problemPages()
	if err != nil {
		return nil, err
	}
	files = append(files, probs...)
	files = append(files, s.answerFiles()...)
	stat, err := s.assetFiles()
	if err != nil {
		return nil, err
	}
	return append(files, stat...), nil
}

// problemPages renders one page per item, spread over the CPUs: each
// page lands in its own slot, so the result does not depend on scheduling.
func (s *site) problemPages() ([]board.File, error) {
	n := len(s.in.Bench.Items)
	files := make([]board.File, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			md := NewMarkdown()
			for i := range next {
				files[i], errs[i] = s.problemPage(md, i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return files, errors.Join(errs...)
}

// assetFiles copies the static assets under assets/, leaving out Go
// sources.
func (s *site) assetFiles() ([]board.File, error) {
	var files []board.File
	err := fs.WalkDir(s.assets, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) == ".go" {
			return err
		}
		data, err := fs.ReadFile(s.assets, p)
		if err != nil {
			return err
		}
		files = append(files, board.File{Path: "assets/" + p, Data: data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("assets: %w", err)
	}
	return files, nil
}

// answerFiles gives, per model with an answer too long for its page, the
// whole text of every such answer: one JSON line {"benchmark", "id",
// "response"} each, in board order. Most boards have none.
func (s *site) answerFiles() []board.File {
	bufs := map[string]*bytes.Buffer{}
	var order []string
	add := func(slug, bench, id, resp string) {
		b, ok := bufs[slug]
		if !ok {
			b = &bytes.Buffer{}
			bufs[slug] = b
			order = append(order, slug)
		}
		line, _ := json.Marshal(struct {
			Benchmark string `json:"benchmark"`
			ID        string `json:"id"`
			Response  string `json:"response"`
		}{bench, id, resp})
		b.Write(line)
		b.WriteByte('\n')
	}
	for mi := range s.models {
		m := &s.models[mi]
		for i, resp := range m.Run.Responses {
			if len(resp) > ShownAnswer {
				add(m.Slug, s.in.Bench.Name, s.in.Bench.Items[i].ID, resp)
			}
		}
	}
	for _, b := range s.in.Instr {
		for _, m := range b.Models {
			for pi, r := range m.Results {
				if len(r.Response) > ShownAnswer {
					add(Slug(m.ID), b.Benchmark, fmt.Sprint(b.Prompts[pi].Key), r.Response)
				}
			}
		}
	}
	sort.Strings(order)
	files := make([]board.File, 0, len(order))
	for _, sl := range order {
		files = append(files, board.File{Path: AnswersPath(sl), Data: bufs[sl].Bytes()})
	}
	return files
}
