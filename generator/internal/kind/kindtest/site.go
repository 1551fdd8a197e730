package kindtest

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// sink keeps a site's files in memory; a second file at one path is an
// error, as publish makes it.
type sink struct {
	mu    sync.Mutex
	files map[string][]byte
}

// WriteFile keeps a copy of data at path.
func (s *sink) WriteFile(path string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.files[path]; dup {
		return fmt.Errorf("two files at %s", path)
	}
	s.files[path] = bytes.Clone(data)
	return nil
}

// build renders the site of the benchmark and the results folder the way
// sciif build does: the site started with the empty boards, each accepted
// submission's own pages rendered as it is checked, then the scored
// boards.
func (h *harness) build(t *testing.T, results string) map[string][]byte {
	t.Helper()
	out := &sink{files: map[string][]byte{}}
	var site *render.Site
	res, err := pipeline.Score(context.Background(), []kind.Benchmark{h.bench}, pipeline.BoardsOptions{
		Results: results, Options: h.opt,
		Start: func(boards []render.Board) (*render.Site, error) {
			var err error
			site, err = render.Start(render.Input{Boards: boards, Version: "kindtest", Sink: out, Templates: h.templates})
			return site, err
		},
	})
	if err != nil {
		t.Fatalf("pipeline.Score: %v", err)
	}
	if site == nil {
		t.Fatal("pipeline.Score started no site")
	}
	shown, err := res.Shown(kind.Options{Policies: board.Policies})
	if err != nil {
		t.Fatalf("Shown: %v", err)
	}
	boards, err := pipeline.SiteBoards(shown)
	if err != nil {
		t.Fatal(err)
	}
	files, err := site.Finish(boards, nil)
	if err != nil {
		t.Fatalf("rendering the site: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f.Path] {
			t.Errorf("two pages at %s", f.Path)
		}
		seen[f.Path] = true
		if _, ok := out.files[f.Path]; !ok {
			t.Errorf("the site lists %s but never wrote it", f.Path)
		}
	}
	return out.files
}

// site checks the pages: rendered twice, byte-identical; the navigation
// names pages that exist; the empty board's site renders.
func (h *harness) site(t *testing.T) {
	results := filepath.Join(h.root, "results")
	a := h.build(t, results)
	b := h.build(t, results)
	if diff := diffSites(a, b); diff != "" {
		t.Errorf("the site is not deterministic: two builds of the same input differ:\n%s", diff)
	}
	info := siteBoard(t, h.rank(t, h.runs)).Info(true)
	for _, l := range info.Nav {
		if path, _, _ := strings.Cut(l.Href, "#"); a[path] == nil {
			t.Errorf("navigation entry %q links to %s, which the site lacks", l.Text, l.Href)
		}
	}
	if a["index.html"] == nil {
		t.Errorf("the site has no index.html: the front board's home page")
	}
	for _, sub := range h.subs {
		if !bytes.Contains(a["index.html"], []byte(sub.Meta.Name)) && !bytes.Contains(a["index.html"], []byte(htmlEscape(sub.Meta.Name))) {
			t.Errorf("index.html does not name the model %q of submission %s", sub.Meta.Name, sub.ID)
		}
	}
	empty := &sink{files: map[string][]byte{}}
	if _, err := render.Build(render.Input{Boards: []render.Board{siteBoard(t, h.rank(t, nil))}, Version: "kindtest", Sink: empty, Templates: h.templates}); err != nil {
		t.Errorf("a site of the empty board alone (no submission answers the benchmark): %v", err)
	} else if empty.files["index.html"] == nil {
		t.Errorf("a site of the empty board alone has no index.html")
	}
}

// htmlEscape escapes s as html/template escapes text.
func htmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	return r.Replace(s)
}

// diffSites lists the paths that differ between two sites, at most 20.
func diffSites(a, b map[string][]byte) string {
	var out []string
	for p, d := range a {
		if e, ok := b[p]; !ok {
			out = append(out, "only in the first: "+p)
		} else if !bytes.Equal(d, e) {
			out = append(out, "differs: "+p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, "only in the second: "+p)
		}
	}
	sort.Strings(out)
	if len(out) > 20 {
		out = append(out[:20], fmt.Sprintf("… and %d more", len(out)-20))
	}
	return strings.Join(out, "\n")
}
