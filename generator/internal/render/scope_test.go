package render

import (
	"io/fs"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// linkSink keeps what is written and linked, by path.
type linkSink struct {
	mu      sync.Mutex
	written map[string]string
	linked  []string
}

func (k *linkSink) WriteFile(p string, data []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.written[p] = string(data)
	return nil
}

func (k *linkSink) Link(p string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.linked = append(k.linked, p)
	return nil
}

// TestScopeRecordsAndReplays records what a view of the site adds, then
// replays it into another site: the files are linked, not rendered, and
// the answers reach the downloads as they did.
func TestScopeRecordsAndReplays(t *testing.T) {
	tmpl := testTemplates(t)
	start := func(k *linkSink) *Site {
		s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: tmpl, Assets: fstest.MapFS{}, Version: "v", Sink: k})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	k1 := &linkSink{written: map[string]string{}}
	s1 := start(k1)
	var sc Scope
	v := s1.Scoped(&sc)
	v.Add(board.File{Path: "models/a/x.html", Data: []byte("x")}, board.File{Path: "points/a.csv", Data: []byte("y")})
	v.AddAnswer("a", "bench", "q1", "the whole answer")
	s1.Add(board.File{Path: "unscoped.html", Data: []byte("z")})
	if want := []string{"models/a/x.html", "points/a.csv"}; !slices.Equal(sc.Files, want) {
		t.Fatalf("scope files %q, want %q", sc.Files, want)
	}
	if want := []Answer{{"a", "bench", "q1", "the whole answer"}}; !slices.Equal(sc.Answers, want) {
		t.Fatalf("scope answers %v, want %v", sc.Answers, want)
	}
	f1, err := s1.Finish([]Board{&fakeBoard{name: "bench"}}, nil)
	if err != nil {
		t.Fatal(err)
	}

	k2 := &linkSink{written: map[string]string{}}
	s2 := start(k2)
	if err := s2.Replay(&sc); err != nil {
		t.Fatal(err)
	}
	s2.Add(board.File{Path: "unscoped.html", Data: []byte("z")})
	f2, err := s2.Finish([]Board{&fakeBoard{name: "bench"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(k2.linked, sc.Files) {
		t.Errorf("linked %q, want %q", k2.linked, sc.Files)
	}
	for _, p := range sc.Files {
		if _, ok := k2.written[p]; ok {
			t.Errorf("%s written, want linked", p)
		}
	}
	paths := func(fs []board.File) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Path)
		}
		return out
	}
	if !slices.Equal(paths(f1), paths(f2)) {
		t.Errorf("replayed site's files %q, want %q", paths(f2), paths(f1))
	}
	for p, data := range k1.written {
		if _, linked := k2.written[p]; !linked && !slices.Contains(sc.Files, p) {
			t.Errorf("%s missing from the replayed site", p)
		} else if linked && k2.written[p] != data {
			t.Errorf("%s differs in the replayed site", p)
		}
	}
	if err := s2.Replay(&sc); err == nil {
		t.Error("replaying a scope twice: no error for two files at one path")
	}
}

// TestStartKey changes with the version and the templates, and not from
// one call to the next.
func TestStartKey(t *testing.T) {
	key := func(version string, tmpl fstest.MapFS) [32]byte {
		s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: tmpl, Assets: fstest.MapFS{}, Version: version})
		if err != nil {
			t.Fatal(err)
		}
		k, err := s.StartKey()
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := s.StartKey(); again != k {
			t.Fatal("StartKey changed between two calls")
		}
		return k
	}
	tmpl := testTemplates(t)
	base := key("v", tmpl)
	if key("v", tmpl) != base {
		t.Error("same input, different StartKey")
	}
	if key("w", tmpl) == base {
		t.Error("another version, same StartKey")
	}
	edited := testTemplates(t)
	edited["t.html"] = &fstest.MapFile{Data: []byte(`{{define "main"}}<p>edited</p>{{end}}`)}
	if key("v", edited) == base {
		t.Error("another template, same StartKey")
	}
}

// foundSink is a linkSink that can be told what it links.
type foundSink struct {
	linkSink
	found map[string]fs.FileInfo
}

func (k *foundSink) LinkFound(p string, fi fs.FileInfo) error {
	k.mu.Lock()
	k.found[p] = fi
	k.mu.Unlock()
	return k.Link(p)
}

// TestReplayPassesWhatWasFound: Replay hands a FoundLinker what the
// caller found of each file, and asks it to look for itself (Link) only
// where the caller found nothing.
func TestReplayPassesWhatWasFound(t *testing.T) {
	k := &foundSink{linkSink: linkSink{written: map[string]string{}}, found: map[string]fs.FileInfo{}}
	s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: testTemplates(t), Assets: fstest.MapFS{}, Version: "v", Sink: k})
	if err != nil {
		t.Fatal(err)
	}
	info, err := fs.Stat(fstest.MapFS{"x": {Data: []byte("x")}}, "x")
	if err != nil {
		t.Fatal(err)
	}
	sc := Scope{Files: []string{"a.html", "b.html", "c.html"}, Found: []fs.FileInfo{info, nil}}
	if err := s.Replay(&sc); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(k.linked, sc.Files) {
		t.Errorf("linked %q, want %q", k.linked, sc.Files)
	}
	if len(k.found) != 1 || k.found["a.html"] != info {
		t.Errorf("LinkFound got %v, want a.html alone with what was found", k.found)
	}
}
