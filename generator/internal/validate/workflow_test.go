package validate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// workflows returns the repository's GitHub Actions workflow files.
func workflows(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", ".github", "workflows", "*.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no workflow files under .github/workflows")
	}
	return files
}

// TestWorkflowsLint runs actionlint (with shellcheck on the run: scripts
// when it is installed) over every workflow and fails on any finding.
func TestWorkflowsLint(t *testing.T) {
	var out bytes.Buffer
	opts := &actionlint.LinterOptions{Oneline: true}
	if sc, err := exec.LookPath("shellcheck"); err == nil {
		opts.Shellcheck = sc
	}
	l, err := actionlint.NewLinter(&out, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The linter must be live: a job without runs-on is a finding.
	bad, err := l.Lint("bad.yml", []byte("on: push\njobs:\n  x:\n    steps:\n      - run: echo\n"), nil)
	if err != nil || len(bad) == 0 {
		t.Fatalf("actionlint found nothing in a broken workflow (err %v)", err)
	}
	out.Reset()
	for _, f := range workflows(t) {
		errs, err := l.LintFile(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range errs {
			t.Errorf("%s:%d:%d: %s [%s]", f, e.Line, e.Column, e.Message, e.Kind)
		}
	}
}

// TestValidateWorkflowIsSafe checks the properties a pull-request workflow
// must keep: no pull_request_target, a read-only token, and actions pinned
// by full commit SHA with the version in a comment.
func TestValidateWorkflowIsSafe(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", ".github", "workflows", "validate.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(string(data), "")
	if strings.Contains(text, "pull_request_target") {
		t.Error("validate.yml must not use pull_request_target")
	}
	if !regexp.MustCompile(`(?m)^permissions:\n  contents: read\n`).MatchString(text) {
		t.Error("validate.yml must set permissions: contents: read at the top level")
	}
	uses := regexp.MustCompile(`(?m)^\s*(?:-\s*)?uses:\s*(\S+)(.*)$`).FindAllStringSubmatch(text, -1)
	if len(uses) == 0 {
		t.Fatal("no uses: lines found")
	}
	pinned := regexp.MustCompile(`^[\w.-]+/[\w.-]+@[0-9a-f]{40}$`)
	for _, u := range uses {
		if !pinned.MatchString(u[1]) || !regexp.MustCompile(`# v\d+`).MatchString(u[2]) {
			t.Errorf("%s: pin actions by full commit SHA with a version comment (# vX.Y.Z)", u[1])
		}
	}
}
