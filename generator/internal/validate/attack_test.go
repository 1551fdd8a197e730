package validate

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestNewVersionOutsideTheBoardKeepsItsName: a folder validated from
// elsewhere is the new version of the board's folder of the same id (the
// ranks treat it so), so it keeps that folder's model name; it used to be
// refused as "also claimed by results/<id>", by itself. Another folder
// taking the name is still refused.
func TestNewVersionOutsideTheBoardKeepsItsName(t *testing.T) {
	root := t.TempDir()
	benches := testBenchmarks(t, root)
	files := map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses}
	folder(t, filepath.Join(root, "results", "model-a"), files)
	folder(t, filepath.Join(root, "elsewhere", "model-a"), files)
	folder(t, filepath.Join(root, "elsewhere", "model-b"), files)
	t.Chdir(root)
	for _, tc := range []struct {
		dir   string
		valid bool
	}{
		{filepath.Join("elsewhere", "model-a"), true},
		{filepath.Join("elsewhere", "model-b"), false},
	} {
		rep, err := Run(context.Background(), []string{tc.dir}, Options{Benchmarks: benches, Results: "results", Options: kind.Options{NoRules: true, Policies: board.Policies}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Valid != tc.valid {
			t.Errorf("%s: valid %v, want %v: %+v", tc.dir, rep.Valid, tc.valid, rep.Submissions[0].Findings)
		}
	}
}
