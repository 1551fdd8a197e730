package rubric

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// TestTaskIDsNamingPages: a task's page is <task id>.html in the board's
// folder, beside the board's own pages and downloads; a task id that
// names one of them, or that differs from another task's only in case
// (one file on a case-insensitive file system), is refused where the
// benchmark is read, with its line and field, not when the site is
// rendered.
func TestTaskIDsNamingPages(t *testing.T) {
	task := func(id string) string {
		return fmt.Sprintf(`{"id": %q, "prompt": "p", "criteria": [{"id": "c1", "text": "x", "category": "primary"}]}`, id)
	}
	for _, tc := range []struct {
		name, reason string
		ids          []string
		want         []string
	}{
		{
			name:   "board pages",
			reason: "index.html and cases.html are the board's own pages",
			ids:    []string{"index", "t1", "cases"},
			want: []string{
				`1 index id: task id "index" names the board's own page index.html; rename the task`,
				`3 cases id: task id "cases" names the board's own page cases.html; rename the task`,
			},
		},
		{
			name:   "downloads and case",
			reason: "the downloads' names are reserved too, in any case",
			ids:    []string{"Index", "LEADERBOARD", "scores", "Verdicts", "CASES"},
			want: []string{
				`1 Index id: task id "Index" names the board's own page index.html; rename the task`,
				`2 LEADERBOARD id: task id "LEADERBOARD" names the board's own page leaderboard.csv; rename the task`,
				`3 scores id: task id "scores" names the board's own page scores.json; rename the task`,
				`4 Verdicts id: task id "Verdicts" names the board's own page verdicts.csv; rename the task`,
				`5 CASES id: task id "CASES" names the board's own page cases.html; rename the task`,
			},
		},
		{
			name:   "ids differing only in case",
			reason: "their pages are one file on a case-insensitive file system",
			ids:    []string{"Task-1", "t2", "task-1", "TASK-1"},
			want: []string{
				`3 task-1 id: task id "task-1" differs from "Task-1" (line 1) only in case; their pages would be one file on a case-insensitive file system`,
				`4 TASK-1 id: task id "TASK-1" differs from "Task-1" (line 1) only in case; their pages would be one file on a case-insensitive file system`,
			},
		},
		{
			name:   "names that only start like a page",
			reason: "a task id with more to it names a page of its own",
			ids:    []string{"index-2", "cases.1", "scores-x", "t1"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "benchmark.yaml"), "kind: rubric\ntitle: R\nalpha: 1\nbeta: 1\n")
			var lines []string
			for _, id := range tc.ids {
				lines = append(lines, task(id))
			}
			write(t, filepath.Join(dir, ItemsFile), strings.Join(lines, "\n")+"\n")
			spec, _, ok, err := kind.ReadSpec([]*kind.Kind{Kind}, dir)
			if err != nil || !ok {
				t.Fatalf("benchmark.yaml: %v", err)
			}
			_, err = Kind.Open(spec)
			var got []string
			if err != nil {
				probs, ok := err.(board.Problems)
				if !ok {
					t.Fatalf("want problems, got %v", err)
				}
				for _, p := range probs {
					if p.File != filepath.Join(dir, ItemsFile) || !p.Fatal || p.Code != CodeItems {
						t.Errorf("%s: want a fatal %s problem of items.jsonl", p, CodeItems)
					}
					got = append(got, fmt.Sprintf("%d %s %s: %s", p.Line, p.Item, p.Field, p.Msg))
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestReservedPagesAreTheBoardFiles keeps the reserved task ids in step
// with the pages: every file a board writes in its folder, besides the
// task pages, is one a task id may not name.
func TestReservedPagesAreTheBoardFiles(t *testing.T) {
	b, bd, _ := demoBoard(t)
	files, err := render.Build(render.Input{Boards: []render.Board{bd}, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := map[string]bool{}
	for _, tk := range b.tasks {
		tasks[tk.ID+".html"] = true
	}
	n := 0
	for _, f := range files {
		dir, name := path.Split(f.Path)
		if dir != "complex-if-demo/" || tasks[name] {
			continue
		}
		n++
		if !slices.Contains(boardFiles, name) {
			t.Errorf("the board writes %s, which boardFiles does not reserve", f.Path)
		}
	}
	if n < 3 {
		t.Errorf("found %d files of the board besides its task pages; the test looks in the wrong folder", n)
	}
}
