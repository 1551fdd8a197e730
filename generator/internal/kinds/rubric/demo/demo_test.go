package demo

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed demo rubric benchmark and submissions")

// root is the repository root, seen from this package's folder.
const root = "../../../../.."

// TestGolden keeps the committed demo files equal to what Files builds.
// Run `go test ./generator/internal/kinds/rubric/demo -update` after
// editing tasks.txt or this package.
func TestGolden(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		path := filepath.Join(root, filepath.FromSlash(f.Path))
		if *update {
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run go test ./generator/internal/kinds/rubric/demo -update)", err)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%s is stale: run go test ./generator/internal/kinds/rubric/demo -update", f.Path)
		}
	}
}

// TestTasksShape checks what the issue asks of the demo: 20 tasks of 10
// to 40 criteria, every category used, every task with primary criteria.
func TestTasksShape(t *testing.T) {
	tasks, err := Tasks()
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 20 {
		t.Errorf("%d tasks, want 20", len(tasks))
	}
	cats := map[string]int{}
	seen := map[string]bool{}
	for _, tk := range tasks {
		if seen[tk.ID] {
			t.Errorf("task %s twice", tk.ID)
		}
		seen[tk.ID] = true
		if n := len(tk.Criteria); n < 10 || n > 40 {
			t.Errorf("%s: %d criteria, want 10 to 40", tk.ID, n)
		}
		if tk.Prompt == "" || tk.Reference == "" {
			t.Errorf("%s: prompt or reference response missing", tk.ID)
		}
		primary := false
		for _, c := range tk.Criteria {
			cats[c.Category]++
			primary = primary || c.Category == "primary"
		}
		if !primary {
			t.Errorf("%s: no primary criterion", tk.ID)
		}
	}
	for _, c := range []string{"primary", "extra", "dodged"} {
		if cats[c] == 0 {
			t.Errorf("no %s criterion", c)
		}
	}
}

func TestFilesAreDeterministic(t *testing.T) {
	a, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Files()
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two runs", a[i].Path)
		}
	}
}
