package kindtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
)

// validateIsBuild checks that pipeline.Check, with the folder check,
// refuses exactly the submissions pipeline.Score leaves out, on the valid
// submissions and the broken ones together.
func (h *harness) validateIsBuild(t *testing.T) {
	results := t.TempDir()
	copyTree(t, filepath.Join(h.root, "results"), results)
	broken := map[string]string{}
	for i, c := range h.brokenFiles(t) {
		id := fmt.Sprintf("broken-%02d", i)
		h.writeSub(t, results, id, "Kindtest broken "+strconv.Itoa(i), c.data, nil)
		broken[id] = c.name + ": " + c.what
	}
	benches := []kind.Benchmark{h.bench}
	ctx := context.Background()
	subs, err := ingest.Submissions(results, kind.Files(benches))
	var folder board.Problems
	if err != nil && !errors.As(err, &folder) {
		t.Fatal(err)
	}
	validate := map[string]bool{}
	for _, c := range pipeline.Check(ctx, benches, subs, h.opt) {
		validate[c.Sub.ID] = c.Fatal() || pipeline.Concerns(folder, c.Sub.Dir)
	}
	out, err := pipeline.Score(ctx, benches, pipeline.BoardsOptions{Results: results, Options: h.opt, SkipInvalid: true})
	if err != nil {
		t.Fatalf("pipeline.Score with SkipInvalid: %v", err)
	}
	accepted := map[string]bool{}
	for _, s := range out.Submissions {
		accepted[s.ID] = true
	}
	entries, err := os.ReadDir(results)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		id := e.Name()
		refusedV, listed := validate[id]
		if !listed {
			refusedV = pipeline.Concerns(folder, filepath.Join(results, id))
		}
		refusedB := pipeline.Concerns(out.Skipped, filepath.Join(results, id)) || !accepted[id]
		what := "submission " + id
		if c, ok := broken[id]; ok {
			what = fmt.Sprintf("broken submission %s (%s)", id, c)
		}
		switch {
		case refusedV != refusedB:
			t.Errorf("%s: validate refuses it: %v; build refuses it: %v", what, refusedV, refusedB)
		case broken[id] != "" && !refusedB:
			t.Errorf("%s: validate and build accept it", what)
		case broken[id] == "" && refusedB:
			t.Errorf("%s: a valid submission is refused: %v", what, short(out.Skipped))
		}
	}
}
