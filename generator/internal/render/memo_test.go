package render

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// mapStore is a FragmentStore in memory that counts what it is asked.
type mapStore struct {
	mu         sync.Mutex
	m          map[[32]byte][]byte
	gets, puts int
}

func (st *mapStore) Fragment(k [32]byte) ([]byte, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.gets++
	b, ok := st.m[k]
	return b, ok
}

func (st *mapStore) KeepFragment(k [32]byte, data []byte) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.puts++
	st.m[k] = data
}

// TestMemo: without a store Memo renders as Partial does; with one, the
// first call for a view renders and keeps it, a second call for the same
// view takes the kept bytes (altered here, to tell them apart), and
// another view, template or version is rendered again.
func TestMemo(t *testing.T) {
	start := func(version, frag string) *Site {
		tmpl := testTemplates(t)
		tmpl["t.html"] = &fstest.MapFile{Data: []byte(`{{define "main"}}<p>page</p>{{end}}{{define "frag"}}` + frag + `{{end}}`)}
		s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: tmpl, Assets: fstest.MapFS{}, Version: version})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	type view struct{ N int }
	memo := func(s *Site, v view) string {
		t.Helper()
		h, err := s.Memo("t", "frag", v)
		if err != nil {
			t.Fatal(err)
		}
		return string(h)
	}
	plain := start("v", `<b>{{.N}}</b>`)
	if got := memo(plain, view{1}); got != "<b>1</b>" {
		t.Fatalf("without a store: %q", got)
	}
	st := &mapStore{m: map[[32]byte][]byte{}}
	s := start("v", `<b>{{.N}}</b>`)
	if err := s.KeepFragments(st); err != nil {
		t.Fatal(err)
	}
	if got := memo(s, view{1}); got != "<b>1</b>" || st.puts != 1 {
		t.Fatalf("first call: %q, %d kept", got, st.puts)
	}
	for k := range st.m {
		st.m[k] = []byte("<i>kept</i>")
	}
	if got := memo(s, view{1}); got != "<i>kept</i>" {
		t.Errorf("same view again: %q, want the kept bytes", got)
	}
	if got := memo(s, view{2}); got != "<b>2</b>" {
		t.Errorf("another view: %q", got)
	}
	for _, other := range []*Site{start("w", `<b>{{.N}}</b>`), start("v", `<u>{{.N}}</u>`)} {
		if err := other.KeepFragments(st); err != nil {
			t.Fatal(err)
		}
		if got := memo(other, view{1}); got == "<i>kept</i>" {
			t.Error("another version or template took the kept fragment")
		}
	}
}

// TestMemoBytes: without a store MemoBytes makes; with one, the first
// call for a view makes and keeps, a second takes the kept bytes
// (altered, to tell them apart), and another view, name or version
// makes again; a Memo of the same name and view is not taken for it.
func TestMemoBytes(t *testing.T) {
	start := func(version string) *Site {
		tmpl := testTemplates(t)
		tmpl["t.html"] = &fstest.MapFile{Data: []byte(`{{define "main"}}<p>page</p>{{end}}{{define "frag"}}<b>{{.N}}</b>{{end}}`)}
		s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: tmpl, Assets: fstest.MapFS{}, Version: version})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	type view struct{ N int }
	made := 0
	memo := func(s *Site, name string, v view) string {
		t.Helper()
		b, err := s.MemoBytes(name, v, func() ([]byte, error) {
			made++
			return []byte(fmt.Sprintf("made %d", v.N)), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := memo(start("v"), "frag", view{1}); got != "made 1" || made != 1 {
		t.Fatalf("without a store: %q, made %d times", got, made)
	}
	st := &mapStore{m: map[[32]byte][]byte{}}
	s := start("v")
	if err := s.KeepFragments(st); err != nil {
		t.Fatal(err)
	}
	if got := memo(s, "frag", view{1}); got != "made 1" || st.puts != 1 {
		t.Fatalf("first call: %q, %d kept", got, st.puts)
	}
	for k := range st.m {
		st.m[k] = []byte("kept")
	}
	if got := memo(s, "frag", view{1}); got != "kept" {
		t.Errorf("same view again: %q, want the kept bytes", got)
	}
	if got := memo(s, "frag", view{2}); got != "made 2" {
		t.Errorf("another view: %q", got)
	}
	if got := memo(s, "other", view{1}); got != "made 1" {
		t.Errorf("another name: %q", got)
	}
	if h, err := s.Memo("t", "frag", view{1}); err != nil || h != "<b>1</b>" {
		t.Errorf("Memo of the same name and view: %q, %v", h, err)
	}
	other := start("w")
	if err := other.KeepFragments(st); err != nil {
		t.Fatal(err)
	}
	if got := memo(other, "frag", view{1}); got != "made 1" {
		t.Errorf("another version: %q", got)
	}
}

// samePages is a PageStore that knows the previous site's pages by their
// bytes, and notes the new ones.
type samePages struct {
	mu          sync.Mutex
	prev, noted map[string]string
}

func (p *samePages) Same(path string, data []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.noted[path] = string(data)
	old, ok := p.prev[path]
	return ok && old == string(data)
}

// TestAddLinkable: a page whose bytes the previous site holds at its
// path is linked, another (changed bytes, or a page the previous site
// lacks) written; every one is noted; without a store every page is
// written.
func TestAddLinkable(t *testing.T) {
	tmpl := testTemplates(t)
	start := func(k *linkSink) *Site {
		s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: tmpl, Assets: fstest.MapFS{}, Version: "v", Sink: k})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	files := []board.File{
		{Path: "models/same.html", Data: []byte("rank 3")},
		{Path: "models/moved.html", Data: []byte("rank 5")},
		{Path: "models/new.html", Data: []byte("rank 1")},
	}
	k := &linkSink{written: map[string]string{}}
	s := start(k)
	ps := &samePages{prev: map[string]string{"models/same.html": "rank 3", "models/moved.html": "rank 4"}, noted: map[string]string{}}
	s.KeepPages(ps)
	for _, f := range files {
		s.AddLinkable(f)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(k.linked, []string{"models/same.html"}) {
		t.Errorf("linked %q, want only the unchanged page", k.linked)
	}
	if _, ok := k.written["models/same.html"]; ok || k.written["models/moved.html"] != "rank 5" || k.written["models/new.html"] != "rank 1" {
		t.Errorf("written %q", k.written)
	}
	if len(ps.noted) != len(files) {
		t.Errorf("noted %q, want every page", ps.noted)
	}
	plain := &linkSink{written: map[string]string{}}
	s = start(plain)
	for _, f := range files {
		s.AddLinkable(f)
	}
	if len(plain.linked) != 0 || len(plain.written) != len(files) {
		t.Errorf("without a store: linked %q, written %d", plain.linked, len(plain.written))
	}
}

// TestRenderMemo: RenderMemo writes what Render writes; with a store, the
// same page again is taken from it (altered here, to tell them apart),
// and a page of another view, path or title is rendered again.
func TestRenderMemo(t *testing.T) {
	tmpl := testTemplates(t)
	tmpl["t.html"] = &fstest.MapFile{Data: []byte(`{{define "main"}}<p>{{.Body.N}}</p>{{end}}`)}
	s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: tmpl, Assets: fstest.MapFS{}, Version: "v"})
	if err != nil {
		t.Fatal(err)
	}
	type view struct{ N int }
	page := func(n int, title string) Page { return Page{Title: title, Body: view{n}, OneRun: true} }
	render := func(out string, p Page) string {
		t.Helper()
		f, err := s.RenderMemo("t", out, p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.Render("t", out, p)
		if err != nil {
			t.Fatal(err)
		}
		if f.Path != want.Path {
			t.Errorf("path %s, want %s", f.Path, want.Path)
		}
		return string(f.Data)
	}
	want, err := s.Render("t", "a/x.html", page(1, "A"))
	if err != nil {
		t.Fatal(err)
	}
	if got := render("a/x.html", page(1, "A")); got != string(want.Data) {
		t.Fatalf("without a store: %q, want Render's %q", got, want.Data)
	}
	st := &mapStore{m: map[[32]byte][]byte{}}
	if err := s.KeepFragments(st); err != nil {
		t.Fatal(err)
	}
	if got := render("a/x.html", page(1, "A")); got != string(want.Data) || st.puts != 1 {
		t.Fatalf("first call with a store: %q (%d kept), want Render's", got, st.puts)
	}
	for k := range st.m {
		st.m[k] = []byte("kept")
	}
	if got := render("a/x.html", page(1, "A")); got != "kept" {
		t.Errorf("the same page again: %q, want the kept bytes", got)
	}
	for _, c := range []struct {
		out string
		p   Page
	}{{"a/x.html", page(2, "A")}, {"a/x.html", page(1, "B")}, {"b/x.html", page(1, "A")}} {
		if got := render(c.out, c.p); got == "kept" {
			t.Errorf("%s %+v took the kept page", c.out, c.p)
		}
	}
}
