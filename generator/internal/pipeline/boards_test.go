package pipeline

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// pagerBench is a benchmark whose runs have pages of their own: a
// submission's file saying "bad" is refused, "fails" fails to render.
type pagerBench struct{ spec kind.Spec }

func (b *pagerBench) Spec() *kind.Spec { return &b.spec }
func (b *pagerBench) Size() int        { return 1 }
func (b *pagerBench) Check(_ context.Context, sub *board.Submission, _ kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	data, err := os.ReadFile(path)
	r := &pagerRun{id: sub.ID, fails: string(data) == "fails\n"}
	if err != nil || string(data) == "bad\n" {
		return r, board.Problems{{File: path, Line: 1, Msg: "bad", Fatal: true}}
	}
	return r, nil
}
func (b *pagerBench) Rank([]kind.Run, kind.Options) (kind.Board, error) { return nil, nil }
func (b *pagerBench) Prompts(io.Writer) error                           { return nil }
func (b *pagerBench) Scaffold() string                                  { return "" }

type pagerRun struct {
	id           string
	fails, paged bool
}

func (r *pagerRun) ID() string      { return r.id }
func (r *pagerRun) Summary() string { return "" }
func (r *pagerRun) RunPages(*render.Site) error {
	r.paged = true
	if r.fails {
		return errors.New("cannot render")
	}
	return nil
}

// emptyBoard is the board a site needs to start.
type emptyBoard struct{}

func (emptyBoard) Info(bool) render.BoardInfo                     { return render.BoardInfo{Name: "b"} }
func (emptyBoard) Pages(*render.Site) error                       { return nil }
func (emptyBoard) Summary(*render.Site, string) []render.OtherRow { return nil }

// TestCheckRendersAcceptedRunsOnly: with a site, an accepted submission's
// runs render their pages as soon as it is checked; a refused one's (a
// fatal problem of its own, or one in its folder) do not, and its runs
// are dropped; a failure to render is the site's.
func TestCheckRendersAcceptedRunsOnly(t *testing.T) {
	results := t.TempDir()
	bench := &pagerBench{spec: kind.Spec{Name: "b", File: "b.jsonl"}}
	var subs []board.Submission
	for _, s := range []struct{ id, data string }{{"good", "ok\n"}, {"bad", "bad\n"}, {"folder", "ok\n"}, {"fails", "fails\n"}} {
		dir := filepath.Join(results, s.id)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "b.jsonl"), []byte(s.data), 0o644); err != nil {
			t.Fatal(err)
		}
		subs = append(subs, board.Submission{ID: s.id, Dir: dir})
	}
	newSite := func() *render.Site {
		site, err := render.Start(render.Input{Boards: []render.Board{emptyBoard{}}})
		if err != nil {
			t.Fatal(err)
		}
		return site
	}
	folder := board.Problems{{File: filepath.Join(results, "folder", "metadata.yaml"), Msg: "missing", Fatal: true}}
	site := newSite()
	out := check(context.Background(), []kind.Benchmark{bench}, subs[:3], holdings([]kind.Benchmark{bench}, subs[:3]), kind.Options{}, site, folder, nil)
	if r, _ := out[0].Runs[0].(*pagerRun); r == nil || !r.paged {
		t.Error("the accepted submission's pages were not rendered")
	}
	for _, i := range []int{1, 2} {
		if out[i].Runs[0] != nil {
			t.Errorf("%s: a refused submission's run is kept", subs[i].ID)
		}
	}
	if err := site.Err(); err != nil {
		t.Errorf("site.Err() = %v", err)
	}
	site = newSite()
	check(context.Background(), []kind.Benchmark{bench}, subs[3:], holdings([]kind.Benchmark{bench}, subs[3:]), kind.Options{}, site, folder, nil)
	if err := site.Err(); err == nil || err.Error() != "fails: cannot render" {
		t.Errorf("site.Err() = %v, want the failure to render", err)
	}
	// Without a site (sciif validate), every run is kept and none renders.
	out = check(context.Background(), []kind.Benchmark{bench}, subs, holdings([]kind.Benchmark{bench}, subs), kind.Options{}, nil, folder, nil)
	for i := range out {
		if r, _ := out[i].Runs[0].(*pagerRun); r == nil || r.paged {
			t.Errorf("%s: without a site, run %+v", subs[i].ID, out[i].Runs[0])
		}
	}
}
