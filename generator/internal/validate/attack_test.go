package validate

import (
	"context"
	"path/filepath"
	"strings"
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

// A folder whose name holds a control character, a backquote or a pipe is
// refused, and named without letting those bytes act: quoted in the text
// report (no terminal escape reaches the screen), and inside its table
// cell in the Markdown one.
func TestOddFolderNamesAreShownInert(t *testing.T) {
	dir := "results/a\x1b[31m`|b\nc"
	rep := &Report{Submissions: []Submission{{ID: filepath.Base(dir), Dir: dir, Kind: "unknown", Findings: []Finding{{Severity: Error, File: dir, Message: "folder name is not a safe slug"}}, Errors: 1}}}
	var text, md strings.Builder
	if err := WriteText(&text, rep); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, rep); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(text.String(), "\x1b") {
		t.Errorf("text report lets a control character through:\n%q", text.String())
	}
	if !strings.Contains(text.String(), `"results/a\x1b[31m`+"`"+`|b\nc": invalid (1 error(s)); not scored`) {
		t.Errorf("text report does not quote the folder:\n%s", text.String())
	}
	for _, line := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(line, "| `") && strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") != 7 {
			t.Errorf("a table row with a cell too many: %q", line)
		}
	}
	if strings.ContainsRune(md.String(), '\x1b') {
		t.Errorf("Markdown report lets ESC through:\n%q", md.String())
	}
}

// One folder named twice, by a relative and an absolute path, is
// validated once: it used to clash with itself ("model name … is also
// claimed by /…/results/m").
func TestExpandNamesAFolderOnce(t *testing.T) {
	root := t.TempDir()
	folder(t, filepath.Join(root, "results", "m"), map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses})
	t.Chdir(root)
	got := Expand([]string{"results/m", filepath.Join(root, "results", "m"), "./results/m/"})
	if len(got) != 1 {
		t.Errorf("Expand gave %q, want the folder once", got)
	}
}
