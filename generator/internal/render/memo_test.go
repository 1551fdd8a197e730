package render

import (
	"sync"
	"testing"
	"testing/fstest"
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
