package render

// The site's lifecycle: Start, the files added as they are rendered,
// Finish; and the registry of boards and models that pages ask.

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"runtime"
	"slices"
	"sort"
	"sync"

	"github.com/sciif/leaderboard/assets"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/templates"
)

// Site is a site being rendered: the boards' shared state and the files
// rendered so far. Its methods are safe for concurrent use.
type Site struct {
	*siteState
	// scope, when set, records what is added through this view of the
	// site (Scoped).
	scope *Scope
}

// siteState is what every view of a site shares.
type siteState struct {
	tmpl, assets fs.FS
	version      string
	reported     []sciifdata.Reported
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
	// comparisons are the boards' comparisons (ComparePage), by board
	// name, for the overview.
	comparisons map[string]*Comparison

	// root is the site's first view, the one Start returned.
	root *Site

	// fragments keeps what Memo renders for later builds; nil when none.
	fragments FragmentStore
	// kept says which pages the site being replaced holds unchanged
	// (AddLinkable); nil when none.
	kept PageStore

	// startKey is StartKey's digest, computed once.
	startOnce sync.Once
	startKey  [32]byte
	startErr  error
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
	s := &Site{siteState: &siteState{tmpl: in.Templates, assets: in.Assets, version: in.Version, sink: in.Sink, progress: in.Progress, paths: map[string]bool{},
		pages: map[string]*template.Template{}, navs: map[string]template.HTML{}, answers: map[string][]answer{}}}
	s.root = s
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
func (s *Site) Finish(boards []Board, reported []sciifdata.Reported) ([]board.File, error) {
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
	for _, info := range s.infos {
		if info.Compare { // the overview shows the boards' comparisons
			s.links = append(s.links, NavLink{Key: "overview", Href: OverviewPath, Text: "Overview"})
			break
		}
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
func (s *Site) Reported() []sciifdata.Reported { return s.reported }

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

// BoardModels are a board's models as its pages show them, in board
// order.
type BoardModels struct {
	// Names are their names as tables show them, each linked to the
	// model's page where the site has one.
	Names []ModelName
	// Slugs name their anchors and files on the board's pages.
	Slugs []string
	// Colors are their colours in every chart (Palette).
	Colors []string
}

// BoardModels names a board's n models; model gives the i-th one's id and
// display name. Two ids with one slug, or an id whose slug is one of
// taken (names the board keeps for itself), are an error naming both.
func (s *Site) BoardModels(n int, model func(i int) (id, name string), taken ...string) (BoardModels, error) {
	var out BoardModels
	seen := map[string]string{}
	for _, t := range taken {
		seen[t] = t
	}
	for i := 0; i < n; i++ {
		id, name := model(i)
		sl := Slug(id)
		if other, dup := seen[sl]; dup {
			return BoardModels{}, fmt.Errorf("models %q and %q share the slug %s, which names their anchors and files", other, id, sl)
		}
		seen[sl] = id
		ref, _ := s.Model(id)
		mn := ModelName{Link: Link{Text: name}}
		if ref.Href != "" {
			mn.Href, mn.Linked = ref.Href, true
		}
		out.Names = append(out.Names, mn)
		out.Slugs = append(out.Slugs, sl)
		out.Colors = append(out.Colors, Palette(ref.Index))
	}
	return out, nil
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

// Add adds rendered files to the site.
//
// With a sink, each file goes to it at once and only its path is kept;
// the first failure (a write error, two files at one path) is reported
// by Build.
func (s *Site) Add(files ...board.File) {
	for _, f := range files {
		err := s.claimPath(f.Path)
		if err == nil && s.sink != nil {
			err = s.sink.WriteFile(f.Path, f.Data)
			f.Data = nil
		}
		s.added(f, err)
	}
}

// A Creator is a Sink that can take a file as a stream
// (publish.Draft.Create).
type Creator interface {
	Create(path string) (io.WriteCloser, error)
}

// AddStream adds the file at path that write writes: streamed to the
// sink where it takes streams (Creator), so that a download of tens of
// MB is never held whole, and otherwise written into a buffer and added
// as Add does. An error of write or of the sink is returned, and reported
// by Build too.
func (s *Site) AddStream(path string, write func(w io.Writer) error) error {
	f := board.File{Path: path}
	err := s.claimPath(path)
	if c, ok := s.sink.(Creator); ok && err == nil {
		var w io.WriteCloser
		if w, err = c.Create(path); err == nil {
			err = write(w)
			if cerr := w.Close(); err == nil {
				err = cerr
			}
		}
	} else if err == nil {
		var buf bytes.Buffer
		err = write(&buf)
		f.Data = buf.Bytes()
		if err == nil && s.sink != nil {
			err = s.sink.WriteFile(path, f.Data)
			f.Data = nil
		}
	}
	s.added(f, err)
	return err
}

// claimPath takes path for a file of the site: an error if a file is
// there already.
func (s *Site) claimPath(path string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.paths[path] {
		return fmt.Errorf("two files at %s", path)
	}
	s.paths[path] = true
	return nil
}

// added records f as added (err, if any, is the site's first failure),
// in the view's scope too, and shows the progress.
func (s *Site) added(f board.File, err error) {
	s.scope.addFile(f.Path)
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

// AddShared adds a file whose data the caller reuses once AddShared
// returns (a buffer kept from one page to the next): with a sink the data
// is written at once, without one it is copied.
func (s *Site) AddShared(f board.File) {
	if s.sink == nil {
		f.Data = bytes.Clone(f.Data)
	}
	s.Add(f)
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
