package sciif

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func renderSite(t testing.TB, in Input) []board.File {
	t.Helper()
	files, err := Site(in)
	if err != nil {
		t.Fatalf("Site: %v", err)
	}
	return files
}

func fileMap(files []board.File) map[string][]byte {
	m := make(map[string][]byte, len(files))
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

// TestGolden compares every generated page and download of the tiny board
// with testdata/golden; the static assets are copied verbatim and left out.
func TestGolden(t *testing.T) {
	files := renderSite(t, tinyInput())
	root := filepath.Join("testdata", "golden")
	var want []string
	for _, f := range files {
		if strings.HasPrefix(f.Path, "assets/") {
			continue
		}
		want = append(want, f.Path)
		p := filepath.Join(root, filepath.FromSlash(f.Path))
		if *update {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		golden, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: %v (run go test -update)", f.Path, err)
			continue
		}
		if diff := cmp.Diff(string(golden), string(f.Data)); diff != "" {
			t.Errorf("%s differs from its golden file (-want +got):\n%s", f.Path, diff)
		}
	}
	var have []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			have = append(have, filepath.ToSlash(rel))
		}
		return nil
	})
	// WalkDir lists a folder before a file whose name extends the
	// folder's ("ifeval/" before "ifeval.html"); compare as sets.
	sort.Strings(want)
	sort.Strings(have)
	if !*update {
		if diff := cmp.Diff(want, have); diff != "" {
			t.Errorf("golden file set (-rendered +on disk):\n%s", diff)
		}
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	a := renderSite(t, synthInput(5, 40, 3))
	b := renderSite(t, synthInput(5, 40, 3))
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two renders of the same input", a[i].Path)
		}
	}
}

// writeSite publishes files into dir for inspection or the browser tests.
func writeSite(t testing.TB, dir string, files []board.File) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSiteRejectsInconsistentInput(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		edit   func(*Input)
		errHas string
	}{
		{"no board", "the board is required", func(in *Input) { in.Board = nil }, "benchmark and board are required"},
		{"runs missing", "every board row needs its run", func(in *Input) { in.Runs = in.Runs[:1] }, "1 runs for 4 models"},
		{"runs out of order", "runs must follow the board order", func(in *Input) { in.Runs[0], in.Runs[1] = in.Runs[1], in.Runs[0] }, `run 0 is "model-02"`},
		{"verdicts short", "one verdict per item", func(in *Input) { in.Runs[0].Verdicts = in.Runs[0].Verdicts[:3] }, "3 verdicts for 8 items"},
		{"colliding ids", "two ids may not share a file name", func(in *Input) { in.Bench.Items[1].ID = "x/y"; in.Bench.Items[2].ID = "x-782f79" }, "share the file name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tinyInput()
			tt.edit(&in)
			_, err := Site(in)
			if err == nil || !strings.Contains(err.Error(), tt.errHas) || !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("Site error = %v, want one containing %q (%s)", err, tt.errHas, tt.reason)
			}
		})
	}
}
