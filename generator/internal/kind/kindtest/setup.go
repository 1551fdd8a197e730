package kindtest

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// harness is one Run: the benchmark opened from a copy of the testdata,
// its valid submissions, and what the checks share.
type harness struct {
	k     *kind.Kind
	root  string // the copy of the testdata
	bench kind.Benchmark
	spec  *kind.Spec
	subs  []board.Submission
	runs  []kind.Run
	opt   kind.Options

	// templates, when set, replace the embedded templates.
	templates fs.FS

	// base is the first valid submission's file, in lines, and meta its
	// metadata.yaml: what the broken submissions are made from.
	base [][]byte
	meta []byte
}

func setup(t *testing.T, k *kind.Kind, dir string) *harness {
	t.Helper()
	h := &harness{k: k, root: t.TempDir(), opt: kind.Options{Policies: board.Policies, KeepResponses: true}}
	copyTree(t, dir, h.root)
	entries, err := os.ReadDir(filepath.Join(h.root, "benchmarks"))
	if err != nil || len(entries) != 1 || !entries[0].IsDir() {
		t.Fatalf("kindtest: want one benchmark folder in %s (%v)", filepath.Join(dir, "benchmarks"), err)
	}
	bdir := filepath.Join(h.root, "benchmarks", entries[0].Name())
	spec, got, ok, err := kind.ReadSpec([]*kind.Kind{k}, bdir)
	switch {
	case err != nil:
		t.Fatalf("kindtest: benchmark.yaml: %v", err)
	case !ok || got != k:
		t.Fatalf("kindtest: %s is no benchmark of kind %s", bdir, k.Name)
	}
	b, err := k.Open(spec)
	if err != nil {
		t.Fatalf("kindtest: %s.Open: %v", k.Name, err)
	}
	h.bench, h.spec = b, b.Spec()
	if h.spec.Name != spec.Name || h.spec.File != spec.File || h.spec.Title != spec.Title {
		t.Errorf("Spec() = %q %q %q, want the spec opened: %q %q %q", h.spec.Name, h.spec.Title, h.spec.File, spec.Name, spec.Title, spec.File)
	}
	if b.Size() <= 0 {
		t.Errorf("Size() = %d, want the number of items (> 0)", b.Size())
	}
	subs, err := ingest.Submissions(filepath.Join(h.root, "results"), kind.Files([]kind.Benchmark{b}))
	if err != nil {
		t.Fatalf("kindtest: the testdata's results folder is not valid: %v", err)
	}
	if len(subs) == 0 {
		t.Fatalf("kindtest: no submission in %s", filepath.Join(dir, "results"))
	}
	ctx := context.Background()
	for i := range subs {
		sub := &subs[i]
		r, probs := h.check(t, "valid submission "+sub.ID, sub)
		for _, p := range probs {
			if p.Fatal {
				t.Fatalf("kindtest: the testdata's submission %s is refused: %s", sub.ID, p)
			}
		}
		if r == nil {
			t.Fatalf("Check(%s) returned no run and no fatal problem", sub.ID)
		}
		if r.ID() != sub.ID {
			t.Errorf("Check(%s).ID() = %q, want the submission's id", sub.ID, r.ID())
		}
		r2, probs2 := b.Check(ctx, sub, h.opt)
		if !reflect.DeepEqual(probs, probs2) {
			t.Errorf("Check(%s) is not deterministic: its problems differ between two calls:\n%v\n%v", sub.ID, probs, probs2)
		}
		if r.Summary() != r2.Summary() {
			t.Errorf("Check(%s) is not deterministic: Summary %q, then %q", sub.ID, r.Summary(), r2.Summary())
		}
		h.runs = append(h.runs, r)
	}
	h.subs = subs
	data, err := os.ReadFile(filepath.Join(subs[0].Dir, h.spec.File))
	if err != nil {
		t.Fatal(err)
	}
	h.base = lines(data)
	if len(h.base) < 2 {
		t.Fatalf("kindtest: %s/%s has %d records; the first submission needs at least two, to make broken files from", subs[0].ID, h.spec.File, len(h.base))
	}
	if h.meta, err = os.ReadFile(filepath.Join(subs[0].Dir, "metadata.yaml")); err != nil {
		t.Fatal(err)
	}
	return h
}

// check calls Check, turning a panic into a test failure.
func (h *harness) check(t *testing.T, what string, sub *board.Submission) (r kind.Run, probs board.Problems) {
	t.Helper()
	defer func() {
		if e := recover(); e != nil {
			t.Errorf("%s: Check panicked: %v\n%s", what, e, debug.Stack())
			r, probs = nil, board.Problems{{File: "panic", Fatal: true, Msg: fmt.Sprint(e)}}
		}
	}()
	return h.bench.Check(context.Background(), sub, h.opt)
}

// rank ranks runs, failing the test on an error or a nil board.
func (h *harness) rank(t *testing.T, runs []kind.Run) kind.Board {
	t.Helper()
	bd, err := h.bench.Rank(runs, kind.Options{Policies: board.Policies})
	if err != nil {
		t.Fatalf("Rank(%d runs): %v", len(runs), err)
	}
	if bd == nil {
		t.Fatalf("Rank(%d runs) returned a nil board", len(runs))
	}
	return bd
}

// siteBoard is bd as a site shows it.
func siteBoard(t *testing.T, bd kind.Board) render.Board {
	t.Helper()
	rb, ok := bd.(render.Board)
	if !ok {
		t.Fatalf("the board, of type %T, is no render.Board: a site cannot show it", bd)
	}
	return rb
}
