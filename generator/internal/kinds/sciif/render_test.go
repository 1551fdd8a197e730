package sciif

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func renderSite(t testing.TB, in fixture.Input) []board.File {
	t.Helper()
	files, err := Site(in)
	if err != nil {
		t.Fatalf("Site: %v", err)
	}
	return files
}

// TestGolden compares every generated page and download of the tiny board
// with testdata/golden, but the IFEval board's (package verifiable's
// goldens); the static assets are copied verbatim and left out.
func TestGolden(t *testing.T) {
	notIFEval := func(p string) bool { return !fixture.IFEvalFile(p) }
	fixture.Golden(t, filepath.Join("testdata", "golden"), renderSite(t, fixture.TinyInput()), notIFEval, *update)
}

func TestSiteRejectsInconsistentInput(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		edit   func(*fixture.Input)
		errHas string
	}{
		{"no board", "the board is required", func(in *fixture.Input) { in.Board = nil }, "benchmark and board are required"},
		{"runs missing", "every board row needs its run", func(in *fixture.Input) { in.Runs = in.Runs[:1] }, "1 runs for 4 models"},
		{"runs out of order", "runs must follow the board order", func(in *fixture.Input) { in.Runs[0], in.Runs[1] = in.Runs[1], in.Runs[0] }, `run 0 is "model-02"`},
		{"verdicts short", "one verdict per item", func(in *fixture.Input) { in.Runs[0].Verdicts = in.Runs[0].Verdicts[:3] }, "3 verdicts for 8 items"},
		{"colliding ids", "two ids may not share a file name", func(in *fixture.Input) { in.Bench.Items[1].ID = "x/y"; in.Bench.Items[2].ID = "x-782f79" }, "share the file name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := fixture.TinyInput()
			tt.edit(&in)
			_, err := Site(in)
			if err == nil || !strings.Contains(err.Error(), tt.errHas) || !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("Site error = %v, want one containing %q (%s)", err, tt.errHas, tt.reason)
			}
		})
	}
}
