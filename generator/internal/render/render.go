// Package render is the render stage of the pipeline: it turns scored
// boards into the files of a static site (HTML pages, CSV and JSON
// downloads, and the static assets).
//
// It is the site's driver and its toolkit, and it knows no benchmark kind:
// each kind's package implements Board and renders its own pages with the
// helpers here (Site.Render, Markdown, rates, charts, slugs), while the
// site adds what belongs to all boards: the navigation, the model
// registry that links boards to each other, the methodology and downloads
// pages, and the assets.
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
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/assets"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/templates"
)

// Input is everything a site is built from.
type Input struct {
	// Boards are the benchmarks' boards, in the order the site shows them:
	// the first is the front page (index.html).
	Boards []Board
	// Version names the generator and verifier that built the site; it is
	// printed in the footer and on the methodology page.
	Version string
	// Reported lists figures published elsewhere (papers, model cards).
	// They are shown apart from the boards as "reported, not rescored",
	// never ranked and never mixed with rescored numbers.
	Reported []board.Reported
	// Templates and Assets, when set, replace the embedded templates/ and
	// assets/ trees, so a designer can edit them and rebuild without
	// recompiling.
	Templates fs.FS
	Assets    fs.FS
	// Progress, when set, is told how many files are rendered so far, as
	// they are (for a progress line).
	Progress func(files int)
	// Sink, when set, receives every file as soon as it is rendered, so the
	// site is never held in memory (publish.Draft is one); Build then
	// returns the files' paths without their data.
	Sink Sink
}

// A Sink takes rendered files; it must be safe for concurrent use, and
// must not keep data once WriteFile returns (pages reuse their buffers).
type Sink interface {
	WriteFile(path string, data []byte) error
}

// A Board is one benchmark's board as the site shows it. Each benchmark
// kind implements it in its own package; the site knows none of them.
type Board interface {
	// Info says what the board adds to the whole site: its name, its
	// models, its navigation entries. front is set for the first board,
	// whose home page is the site's index.html.
	Info(front bool) BoardInfo
	// Pages renders the board's pages and downloads into s (Site.Render,
	// Site.Add).
	Pages(s *Site) error
	// Summary is how model id does on this board, as rows of another
	// board's model page ("Other benchmarks"); nil when the board has no
	// such figures.
	Summary(s *Site, id string) []OtherRow
}

// A RunPager is a kind's run (one submission checked against one
// benchmark) with pages that show its submission alone, such as a model's
// whole answers with every verdict: the pages that would make a build hold
// every submission's full verdicts until the end. The build calls RunPages
// once the submission is checked against every benchmark and accepted, one
// submission per core at a time, before the boards are scored (Start); the
// run then keeps only what its board needs. Without a site, RunPages is not
// called and the board renders those pages itself.
type RunPager interface {
	RunPages(s *Site) error
}

// BoardInfo describes a board to the site.
type BoardInfo struct {
	// Name is the benchmark's name: it prefixes the board's pages, chart
	// ids and downloads when the board is not the front page.
	Name string
	// Title is the benchmark's name for readers ("SciIF", "IFEval").
	Title string
	// Models lists the models on the board, in board order.
	Models []ModelInfo
	// ModelPages is set when the board renders a page per model at
	// Base(Name)+"models/<slug>.html"; the first such board's pages are the
	// ones every other board links to.
	ModelPages bool
	// Nav lists the board's entries in the site's navigation, relative to
	// the site root; the first is the board's home page. Keys are the
	// Page.Nav values of the pages they mark.
	Nav []NavLink
}

// ModelInfo names one model of a board.
type ModelInfo struct {
	ID   string
	Name string
}

// NavLink is one entry of the site's navigation.
type NavLink struct {
	Key  string
	Href string
	Text string
}

// Download is one file of the downloads page, or one stable address.
type Download struct {
	Href string
	// What says what the file holds, as HTML.
	What template.HTML
}

// OtherRow is one line of a model page's "Other benchmarks" table.
type OtherRow struct {
	Bench  string
	Href   string
	Metric string
	Title  string
	S, L   RateView
	// Absent says the model took no part in this benchmark.
	Absent bool
}

// ModelRef is a model as the whole site knows it.
type ModelRef struct {
	ID   string
	Name string
	// Slug names its files and anchors.
	Slug string
	// Index is its place among all the site's models, which fixes its
	// colour in every chart.
	Index int
	// Href is its model page, relative to the site root, or "".
	Href string
}

// Site is a site being rendered: the boards' shared state and the files
// rendered so far. Its methods are safe for concurrent use.
type Site struct {
	tmpl, assets fs.FS
	version      string
	reported     []board.Reported
	boards       []Board
	infos        []BoardInfo
	links        []NavLink
	models       []ModelRef
	modelIndex   map[string]int

	sink     Sink
	progress func(int)

	mu    sync.Mutex
	err   error
	paths map[string]bool
	pages map[string]*template.Template
	navs  map[string]template.HTML
	// scored is set by Finish: until then only OneRun pages render.
	scored      bool
	files       []board.File
	answers     map[string][]answer
	methodology []template.HTML
	// protocols are the protocol texts added to the methodology page.
	protocols []string
	downloads []downloadsSection
	updated   string
}

// NoteUpdated tells the site of a submission's date (YYYY-MM-DD): pages
// rendered afterwards say the board was last updated on the newest date
// noted. It is the data's date, never the build's: no clock reaches the
// output.
func (s *Site) NoteUpdated(date string) {
	if len(date) != len("2006-01-02") {
		return
	}
	s.mu.Lock()
	if date > s.updated {
		s.updated = date
	}
	s.mu.Unlock()
}

// Build renders the whole site. Files are returned sorted by path.
func Build(in Input) ([]board.File, error) {
	s, err := Start(in)
	if err != nil {
		return nil, err
	}
	return s.Finish(in.Boards, in.Reported)
}

// Start begins a site before its boards are scored, for the pages that
// show one submission alone (a model's answers): a build renders those as
// soon as the submission is checked, so that no submission's full
// verdicts outlive its check. in.Boards may be unscored (a benchmark's
// empty board): their names, titles and navigation are all that pages
// rendered before Finish show of them. Pages rendered now must set
// Page.OneRun.
func Start(in Input) (*Site, error) {
	if len(in.Boards) == 0 {
		return nil, errors.New("render: no board to show")
	}
	s := &Site{tmpl: in.Templates, assets: in.Assets, version: in.Version, sink: in.Sink, progress: in.Progress, paths: map[string]bool{},
		pages: map[string]*template.Template{}, navs: map[string]template.HTML{}, answers: map[string][]answer{}}
	if s.tmpl == nil {
		s.tmpl = templates.FS
	}
	if s.assets == nil {
		s.assets = assets.FS
	}
	if err := s.setBoards(in.Boards); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return s, nil
}

// Finish renders the scored boards and the pages of the whole site, and
// returns every file of the site, sorted by path. boards are the boards
// Start was given, scored: they must keep the names and navigation the
// pages rendered since Start show.
func (s *Site) Finish(boards []Board, reported []board.Reported) ([]board.File, error) {
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	names, links := s.infos, s.links
	s.mu.Lock()
	s.scored = true
	s.mu.Unlock()
	if err := s.setBoards(boards); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	same := len(names) == len(s.infos) && slices.Equal(links, s.links)
	for i := 0; same && i < len(names); i++ {
		same = names[i].Name == s.infos[i].Name && names[i].Title == s.infos[i].Title
	}
	if !same {
		return nil, errors.New("render: the scored boards are not the ones the site was started with")
	}
	s.reported = reported
	for _, b := range s.boards {
		if err := b.Pages(s); err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
	}
	if err := s.sitePages(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	files := s.files
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// Fail records a failure to render or write part of the site, which
// Finish reports; the first one is kept.
func (s *Site) Fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
}

// Err is the first failure recorded so far.
func (s *Site) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// setBoards registers the boards: their infos, the site's models and its
// navigation.
func (s *Site) setBoards(boards []Board) error {
	if len(boards) == 0 {
		return errors.New("no board to show")
	}
	s.boards, s.infos, s.links = boards, nil, nil
	s.models, s.modelIndex = nil, map[string]int{}
	names := map[string]bool{}
	pagesOf := ""
	for i, b := range boards {
		info := b.Info(i == 0)
		if names[info.Name] {
			return fmt.Errorf("two boards are named %q", info.Name)
		}
		names[info.Name] = true
		s.infos = append(s.infos, info)
		if info.ModelPages && pagesOf == "" {
			pagesOf = info.Name
		}
	}
	slugs := map[string]string{}
	for _, info := range s.infos {
		for _, m := range info.Models {
			if _, ok := s.modelIndex[m.ID]; ok {
				continue
			}
			sl := Slug(m.ID)
			if other, dup := slugs[sl]; dup {
				return fmt.Errorf("models %q and %q share the file name %s", other, m.ID, sl)
			}
			slugs[sl] = m.ID
			ref := ModelRef{ID: m.ID, Name: m.Name, Slug: sl, Index: len(s.models)}
			s.modelIndex[m.ID] = len(s.models)
			s.models = append(s.models, ref)
		}
	}
	if pagesOf != "" {
		for _, info := range s.infos {
			if info.Name != pagesOf {
				continue
			}
			for _, m := range info.Models {
				s.models[s.modelIndex[m.ID]].Href = s.Base(pagesOf) + "models/" + s.models[s.modelIndex[m.ID]].Slug + ".html"
			}
		}
	}
	for _, info := range s.infos {
		s.links = append(s.links, info.Nav...)
	}
	s.links = append(s.links, NavLink{Key: "methodology", Href: "methodology.html", Text: "Methodology"}, NavLink{Key: "downloads", Href: "downloads.html", Text: "Downloads"})
	return nil
}

// Front is the name of the front page's board.
func (s *Site) Front() string { return s.infos[0].Name }

// Title is the site's name: the front board's title.
func (s *Site) Title() string { return s.infos[0].Title }

// Base is a folder, relative to the site root, for board name's pages:
// "" for the front board, "<name>/" for the others. A board may place its
// pages otherwise.
func (s *Site) Base(name string) string {
	if name == s.Front() {
		return ""
	}
	return Slug(name) + "/"
}

// Home is board name's home page: the first of its navigation entries.
func (s *Site) Home(name string) string {
	for _, info := range s.infos {
		if info.Name == name && len(info.Nav) > 0 {
			return info.Nav[0].Href
		}
	}
	return "index.html"
}

// Version names the generator that builds the site.
func (s *Site) Version() string { return s.version }

// Reported lists the figures published elsewhere.
func (s *Site) Reported() []board.Reported { return s.reported }

// Templates is the template tree, for a board's own texts.
func (s *Site) Templates() fs.FS { return s.tmpl }

// Model returns the site's record of model id.
func (s *Site) Model(id string) (ModelRef, bool) {
	i, ok := s.modelIndex[id]
	if !ok {
		return ModelRef{}, false
	}
	return s.models[i], true
}

// Others gathers model id's rows from every board but except, in board
// order.
func (s *Site) Others(id, except string) []OtherRow {
	var out []OtherRow
	for i, b := range s.boards {
		if s.infos[i].Name == except {
			continue
		}
		out = append(out, b.Summary(s, id)...)
	}
	return out
}

// Render executes page template name (with base.html) into the file out.
func (s *Site) Render(name, out string, p Page) (board.File, error) {
	t, err := s.template(name)
	if err != nil {
		return board.File{}, err
	}
	if p.Root == "" {
		p.Root = RootOf(out)
	}
	p.Benchmark = s.Front()
	p.Version = s.version
	p.Links = s.links
	s.mu.Lock()
	scored := s.scored
	if !p.OneRun {
		p.Updated = s.updated
	}
	s.mu.Unlock()
	if !scored && !p.OneRun {
		return board.File{}, fmt.Errorf("page %s: rendered before the boards are scored, it must show one run alone (Page.OneRun)", out)
	}
	if p.SiteNav, err = s.siteNav(t, p); err != nil {
		return board.File{}, fmt.Errorf("page %s: %w", out, err)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "base", p); err != nil {
		return board.File{}, fmt.Errorf("page %s: %w", out, err)
	}
	return board.File{Path: out, Data: buf.Bytes()}, nil
}

// siteNav is base.html's "sitenav" for p: run once for each depth and
// current entry, since thousands of pages share each.
func (s *Site) siteNav(t *template.Template, p Page) (template.HTML, error) {
	key := p.Root + "\x00" + p.Nav
	s.mu.Lock()
	h, ok := s.navs[key]
	s.mu.Unlock()
	if ok {
		return h, nil
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "sitenav", p); err != nil {
		return "", err
	}
	h = template.HTML(buf.String())
	s.mu.Lock()
	s.navs[key] = h
	s.mu.Unlock()
	return h, nil
}

// RootOf is the relative path from the page at out to the site root.
func RootOf(out string) string { return strings.Repeat("../", strings.Count(out, "/")) }

// template parses page template name with base.html, once.
func (s *Site) template(name string) (*template.Template, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.pages[name]; ok {
		return t, nil
	}
	t, err := template.New(name).Funcs(funcs()).ParseFS(s.tmpl, "base.html", name+".html")
	if err != nil {
		return nil, fmt.Errorf("parse templates: %w", err)
	}
	s.pages[name] = t
	return t, nil
}

// Partial executes the template name defined in page's template file
// (parsed with base.html, as Render does), for a part of such pages that
// is worth rendering once and keeping.
func (s *Site) Partial(page, name string, data any) (template.HTML, error) {
	t, err := s.template(page)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return template.HTML(buf.String()), nil
}

// Fragment executes the template file name.html on its own (no base
// page): a board's part of a page the site makes, such as its section of
// the methodology page.
func (s *Site) Fragment(name string, data any) (template.HTML, error) {
	t, err := template.New(name).Funcs(funcs()).ParseFS(s.tmpl, name+".html")
	if err != nil {
		return "", fmt.Errorf("parse templates: %w", err)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, path.Base(name)+".html", data); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return template.HTML(buf.String()), nil
}

// AddMethodology adds a board's section to the methodology page: the
// facts of this build (judges, items, rules that decided verdicts).
func (s *Site) AddMethodology(section template.HTML) {
	s.mu.Lock()
	s.methodology = append(s.methodology, section)
	s.mu.Unlock()
}

// AddProtocol adds to the methodology page the Markdown text name (a
// template file, such as "sciif/protocol.md") that says what a kind's
// benchmarks ask and how their answers are verified and scored: once, at
// the first board that adds it, so two boards of one kind share it. The
// page's own text says only what every board shares; a site without a
// kind's boards says nothing of its protocol.
func (s *Site) AddProtocol(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.Contains(s.protocols, name) {
		return nil
	}
	src, err := ReadText(s.tmpl, name)
	if err != nil {
		return err
	}
	s.protocols = append(s.protocols, name)
	s.methodology = append(s.methodology, `<div class="md prose">`+Markdown(NewMarkdown(), src)+`</div>`)
	return nil
}

// AddDownloads lists a board's downloads on the downloads page; files
// hold hrefs relative to the site root, addresses the board's stable
// page addresses.
func (s *Site) AddDownloads(title string, files, addresses []Download) {
	s.mu.Lock()
	s.downloads = append(s.downloads, downloadsSection{Title: title, Files: files, Addresses: addresses})
	s.mu.Unlock()
}

// Add adds rendered files to the site.
//
// With a sink, each file goes to it at once and only its path is kept;
// the first failure (a write error, two files at one path) is reported
// by Build.
func (s *Site) Add(files ...board.File) {
	for _, f := range files {
		s.mu.Lock()
		dup := s.paths[f.Path]
		s.paths[f.Path] = true
		s.mu.Unlock()
		var err error
		switch {
		case dup:
			err = fmt.Errorf("two files at %s", f.Path)
		case s.sink != nil:
			err = s.sink.WriteFile(f.Path, f.Data)
			f.Data = nil
		}
		s.mu.Lock()
		if err != nil && s.err == nil {
			s.err = err
		}
		s.files = append(s.files, f)
		n := len(s.files)
		s.mu.Unlock()
		if s.progress != nil {
			s.progress(n)
		}
	}
}

// AddShared adds a file whose data the caller reuses once AddShared
// returns (a buffer kept from one page to the next): with a sink the data
// is written at once, without one it is copied.
func (s *Site) AddShared(f board.File) {
	if s.sink == nil {
		f.Data = bytes.Clone(f.Data)
	}
	s.Add(f)
}

// AddAnswer records the whole text of an answer that a page shows
// shortened (see Shown): it goes into the model's download at AnswersPath,
// whose lines are sorted by benchmark and id whatever order pages are
// rendered in.
func (s *Site) AddAnswer(slug, bench, id, resp string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers[slug] = append(s.answers[slug], answer{bench, id, resp})
}

type answer struct {
	Benchmark string `json:"benchmark"`
	ID        string `json:"id"`
	Response  string `json:"response"`
}

// Each calls do(i, md) for i in [0, n), spread over the CPUs, each worker
// with a Markdown Converter of its own; it returns every error. do
// must add what it renders with Site.Add, which is safe for concurrent use:
// the site's bytes do not depend on the order.
func Each(n int, do func(i int, md *Converter) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), n)) {
		wg.Go(func() {
			md := NewConverter()
			for i := range next {
				errs[i] = do(i, md)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// methodologyView is the methodology page: the protocol's text, then each
// board's facts of this build.
type methodologyView struct {
	Text     template.HTML
	Version  string
	Sections []template.HTML
}

// downloadsView is the downloads page.
type downloadsView struct {
	Boards []downloadsSection
}

type downloadsSection struct {
	Title     string
	Files     []Download
	Addresses []Download
}

// sitePages renders the pages of the whole site: methodology, downloads,
// the shortened answers' downloads and the static assets.
func (s *Site) sitePages() error {
	src, err := ReadText(s.tmpl, "methodology.md")
	if err != nil {
		return err
	}
	mv := methodologyView{Text: Markdown(NewMarkdown(), src), Version: s.version, Sections: s.methodology}
	dv := downloadsView{Boards: s.downloads}
	f, err := s.Render("methodology", "methodology.html", Page{
		Title:       "Methodology",
		Description: "How the leaderboard is scored: protocol, policies, metrics, intervals and ranks.",
		Nav:         "methodology", Math: true, Body: mv,
	})
	if err != nil {
		return err
	}
	s.Add(f)
	f, err = s.Render("downloads", "downloads.html", Page{
		Title:       "Downloads",
		Description: "Every table of every board as CSV and JSON, and every verdict.",
		Nav:         "downloads", Body: dv,
	})
	if err != nil {
		return err
	}
	s.Add(f)
	slugs := make([]string, 0, len(s.answers))
	for sl := range s.answers {
		slugs = append(slugs, sl)
	}
	sort.Strings(slugs)
	for _, sl := range slugs {
		as := s.answers[sl]
		sort.Slice(as, func(i, j int) bool {
			if as[i].Benchmark != as[j].Benchmark {
				return as[i].Benchmark < as[j].Benchmark
			}
			return as[i].ID < as[j].ID
		})
		var buf bytes.Buffer
		for _, a := range as {
			line, _ := json.Marshal(a)
			buf.Write(line)
			buf.WriteByte('\n')
		}
		s.Add(board.File{Path: AnswersPath(sl), Data: buf.Bytes()})
	}
	stat, err := s.assetFiles()
	if err != nil {
		return err
	}
	s.Add(stat...)
	return nil
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
		// policyTips is what a board's Strict and Loose policies mean,
		// for the policy switch's tooltips.
		"policyTips": func(strict, loose string) PolicyTips { return PolicyTips{strict, loose} },
	}
}

// PolicyTips say what a board's Strict and Loose policies mean.
type PolicyTips struct{ Strict, Loose string }

// Page is what base.html needs; Body is the Page's own view model.
type Page struct {
	Title       string
	Description string
	// Root is the relative path from the page to the site root: "" or
	// "../". Set by Site.Render from the page's path.
	Root      string
	Nav       string
	NoIndex   bool
	Charts    bool
	Math      bool
	Benchmark string
	Version   string
	// Updated is the newest submission date noted so far (NoteUpdated).
	Updated string
	// OneRun marks a page that shows one submission alone and may be
	// rendered before the boards are scored (Start): it says nothing that
	// depends on the other submissions, such as when the board was last
	// updated.
	OneRun bool
	// Links is the site's navigation; a page whose Nav is a link's Key is
	// marked as the current one. Set by Site.Render, as is SiteNav, the
	// navigation as HTML.
	Links   []NavLink
	SiteNav template.HTML
	Body    any
	// ChartData holds chart options, each emitted as inert JSON.
	ChartData []ChartData
	// Pager links the pages a long table is split into; the current one
	// has no Href.
	Pager []Link
}

// ChartData is one chart's ECharts option, emitted as inert JSON.
type ChartData struct {
	ID     string
	Option any
}

// assetFiles copies the static assets under assets/, leaving out Go
// sources.
func (s *Site) assetFiles() ([]board.File, error) {
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
