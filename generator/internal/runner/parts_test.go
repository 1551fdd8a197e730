package runner

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifbench"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
)

// Execute hands a benchmark its answers a part at a time; the files are
// those of the whole whatever the part size, for every kind of the demo
// benchmarks, and the judge tasks made from parts are those made from the
// whole (a rerun in small parts asks nothing).
func TestExecuteInPartsWritesTheFilesOfTheWhole(t *testing.T) {
	kinds := []*kind.Kind{sciif.Kind, ifeval.Kind, ifbench.Kind, rubric.Kind}
	root := filepath.Join("..", "..", "..", "benchmarks")
	opened, err := kind.Open(kinds, root, []string{filepath.Join(root, "sciif"), filepath.Join(root, "ifeval-demo"), filepath.Join(root, "complex-if-demo")})
	if err != nil {
		t.Fatal(err)
	}
	var benches []kind.Runnable
	for _, b := range opened {
		benches = append(benches, b.(kind.Runnable))
	}
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	p := Plan{Benchmarks: benches, Model: srv.endpoint("model", "acme/chat-7b"), Judges: []Endpoint{srv.endpoint("gpt-5.1", "gpt-5.1")},
		Journal: filepath.Join(dir, "j.jsonl"), Date: "2026-11-02"}
	files := func(out string, partSize int) map[string]string {
		t.Helper()
		p.Out = filepath.Join(dir, out)
		r := Runner{Options: Options{Clock: clock}, partSize: partSize}
		if _, err := r.Execute(context.Background(), p, nil); err != nil {
			t.Fatalf("part size %d: %v", partSize, err)
		}
		got := map[string]string{}
		for _, b := range benches {
			data, err := os.ReadFile(filepath.Join(p.Out, b.Spec().File))
			if err != nil {
				t.Fatal(err)
			}
			got[b.Spec().File] = string(data)
		}
		return got
	}
	whole := files("whole", 1000)
	for f, data := range whole {
		if data == "" {
			t.Errorf("%s: empty", f)
		}
	}
	srv.Reset()
	for _, size := range []int{1, 3} {
		if diff := cmp.Diff(whole, files("parts", size)); diff != "" {
			t.Errorf("files written in parts of %d (-whole +parts):\n%s", size, diff)
		}
	}
	if srv.Total() != 0 {
		t.Errorf("%d requests when run again in parts: the parts' judge tasks differ from the whole's", srv.Total())
	}
}
