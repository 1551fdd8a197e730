package validate

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/google/go-cmp/cmp"
	"github.com/rhysd/actionlint"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// repoRoot is the repository root, seen from this package's directory.
var repoRoot = filepath.Join("..", "..", "..")

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

// checkReadOnlyAndPinned checks the properties every workflow must keep:
// no pull_request_target, a read-only token, and actions pinned by full
// commit SHA with the version in a comment. It returns the workflow's text
// without comment lines.
func checkReadOnlyAndPinned(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(file)
	text := regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(string(data), "")
	if strings.Contains(text, "pull_request_target") {
		t.Errorf("%s must not use pull_request_target", name)
	}
	if !regexp.MustCompile(`(?m)^permissions:\n  contents: read\n`).MatchString(text) {
		t.Errorf("%s must set permissions: contents: read at the top level", name)
	}
	uses := regexp.MustCompile(`(?m)^\s*(?:-\s*)?uses:\s*(\S+)(.*)$`).FindAllStringSubmatch(text, -1)
	if len(uses) == 0 {
		t.Fatalf("%s: no uses: lines found", name)
	}
	pinned := regexp.MustCompile(`^[\w.-]+/[\w.-]+@[0-9a-f]{40}$`)
	for _, u := range uses {
		if !pinned.MatchString(u[1]) || !regexp.MustCompile(`# v\d+`).MatchString(u[2]) {
			t.Errorf("%s: %s: pin actions by full commit SHA with a version comment (# vX.Y.Z)", name, u[1])
		}
	}
	return text
}

// TestValidateWorkflowIsSafe checks the properties a pull-request workflow
// must keep: no pull_request_target, a read-only token, actions pinned by
// full commit SHA with the version in a comment, and changed paths mapped
// to folders by the base branch's script, NUL-separated.
func TestValidateWorkflowIsSafe(t *testing.T) {
	text := checkReadOnlyAndPinned(t, filepath.Join(repoRoot, ".github", "workflows", "validate.yml"))
	for _, want := range []string{
		`git diff --name-only -z --no-renames "$BASE_SHA" HEAD -- results/ |`,
		`bash "$RUNNER_TEMP/base/.github/scripts/changed-submissions.sh" > "$RUNNER_TEMP/changed"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("validate.yml must run %s", want)
		}
	}
}

// TestWorkflowsAreReadOnlyAndPinned holds every workflow, not only the
// submission check, to the same rules.
func TestWorkflowsAreReadOnlyAndPinned(t *testing.T) {
	for _, f := range workflows(t) {
		checkReadOnlyAndPinned(t, f)
	}
}

// TestFuzzMatrixCoversEveryTarget checks that the nightly fuzz job of
// test.yml lists every package that has a fuzz target, and nothing else.
func TestFuzzMatrixCoversEveryTarget(t *testing.T) {
	var want []string
	fuzzFunc := regexp.MustCompile(`(?m)^func Fuzz\w*\(`)
	err := filepath.WalkDir(filepath.Join(repoRoot, "generator"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if fuzzFunc.Match(data) {
			rel, err := filepath.Rel(repoRoot, filepath.Dir(path))
			if err != nil {
				return err
			}
			want = append(want, "./"+filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatal("found no fuzz targets")
	}
	data, err := os.ReadFile(filepath.Join(repoRoot, ".github", "workflows", "test.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs struct {
			Fuzz struct {
				Strategy struct {
					Matrix struct {
						Package []string `yaml:"package"`
					} `yaml:"matrix"`
				} `yaml:"strategy"`
			} `yaml:"fuzz"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	got := append([]string(nil), wf.Jobs.Fuzz.Strategy.Matrix.Package...)
	sort.Strings(got)
	sort.Strings(want)
	// A package with fuzz targets in several test files is one entry.
	want = slices.Compact(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("test.yml jobs.fuzz.strategy.matrix.package (-want +got):\n%s", diff)
	}
}

// changedSubmissions runs .github/scripts/changed-submissions.sh with bash
// in a fresh folder holding dirs, feeding it paths NUL-separated (the last
// one unterminated if asked). It returns the folders written, stderr and
// the exit status.
func changedSubmissions(t *testing.T, dirs, paths []string, unterminated bool) ([]string, string, int) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("the workflow script needs bash:", err)
	}
	script, err := filepath.Abs(filepath.Join(repoRoot, ".github", "scripts", "changed-submissions.sh"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var in strings.Builder
	for i, p := range paths {
		in.WriteString(p)
		if !unterminated || i < len(paths)-1 {
			in.WriteByte(0)
		}
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bash, script)
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(in.String())
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatal(err)
		}
		code = exit.ExitCode()
	}
	out := []string{}
	if s := stdout.String(); s != "" {
		if !strings.HasSuffix(s, "\x00") {
			t.Errorf("output %q is not NUL-terminated", s)
		}
		out = strings.Split(strings.TrimSuffix(s, "\x00"), "\x00")
	}
	return out, stderr.String(), code
}

// TestChangedSubmissions runs the validate workflow's path filter on
// crafted pull requests.
func TestChangedSubmissions(t *testing.T) {
	long := strings.Repeat("a", 64)
	for _, tc := range []struct {
		name, reason string
		dirs, paths  []string
		unterminated bool
		want         []string
		wantCode     int
		wantStderr   []string
	}{
		{
			name:   "files of one folder",
			reason: "a submission's files map to its folder, written once",
			dirs:   []string{"results/acme-chat-7b"},
			paths:  []string{"results/acme-chat-7b/metadata.yaml", "results/acme-chat-7b/responses.jsonl"},
			want:   []string{"results/acme-chat-7b"},
		},
		{
			name:   "duplicates in any order",
			reason: "folders come out sorted and unique",
			dirs:   []string{"results/zeta-1", "results/alpha.2"},
			paths:  []string{"results/zeta-1/x", "results/alpha.2/y", "results/zeta-1/x", "results/alpha.2/z"},
			want:   []string{"results/alpha.2", "results/zeta-1"},
		},
		{
			name:   "newline in a folder name",
			reason: "a line-based filter used to skip it silently, so the check passed and the next build failed",
			dirs:   []string{"results/acme\nevil", "results/ok"},
			paths:  []string{"results/acme\nevil/metadata.yaml", "results/ok/metadata.yaml"},
			want:   []string{"results/ok"}, wantCode: 1,
			wantStderr: []string{`$'results/acme\nevil/metadata.yaml': the folder name is not a valid model id`, "1 changed path(s)"},
		},
		{
			name:   "space in a folder name",
			reason: "a model id has no spaces",
			dirs:   []string{"results/acme chat"},
			paths:  []string{"results/acme chat/metadata.yaml"},
			want:   []string{}, wantCode: 1,
			wantStderr: []string{`results/acme\ chat/metadata.yaml: the folder name is not a valid model id`},
		},
		{
			name:   "dot-dot",
			reason: "neither a parent folder nor a name containing .. is a model id",
			dirs:   []string{"results/a..b"},
			paths:  []string{"results/../Makefile", "results/a..b/metadata.yaml"},
			want:   []string{}, wantCode: 1,
			wantStderr: []string{"results/../Makefile: the folder name", "results/a..b/metadata.yaml: the folder name", "2 changed path(s)"},
		},
		{
			name:   "unicode and upper case",
			reason: "the rule is byte-wise: lower-case ASCII letters only",
			dirs:   []string{"results/modèle-7b", "results/Acme", "results/ａcme"},
			paths:  []string{"results/modèle-7b/metadata.yaml", "results/Acme/metadata.yaml", "results/ａcme/metadata.yaml"},
			want:   []string{}, wantCode: 1,
			wantStderr: []string{"results/Acme/metadata.yaml: the folder name", "3 changed path(s)"},
		},
		{
			name:   "file directly in results",
			reason: "a submission is a folder; a loose file is refused, not skipped",
			paths:  []string{"results/README.md"},
			want:   []string{}, wantCode: 1,
			wantStderr: []string{"results/README.md: a file directly in results/"},
		},
		{
			name:   "outside results",
			reason: "the script accepts submission paths only",
			dirs:   []string{"results/ok"},
			paths:  []string{"Makefile", "results/ok/metadata.yaml"},
			want:   []string{"results/ok"}, wantCode: 1,
			wantStderr: []string{"Makefile: not under results/"},
		},
		{
			name:       "deleted folder",
			reason:     "a removed submission has nothing to validate and is not an error",
			dirs:       []string{"results/kept"},
			paths:      []string{"results/gone/metadata.yaml", "results/gone/responses.jsonl", "results/kept/metadata.yaml"},
			want:       []string{"results/kept"},
			wantStderr: []string{"results/gone: removed by the pull request"},
		},
		{
			name:   "windows device names",
			reason: "a folder named after a Windows device, or ending with a dot, cannot be checked out on Windows",
			dirs:   []string{"results/con", "results/nul.v2", "results/acme.", "results/console"},
			paths:  []string{"results/con/metadata.yaml", "results/nul.v2/metadata.yaml", "results/acme./metadata.yaml", "results/console/metadata.yaml"},
			want:   []string{"results/console"}, wantCode: 1,
			wantStderr: []string{"results/con/metadata.yaml: the folder name is not a valid model id", "results/nul.v2/metadata.yaml: the folder name", "results/acme./metadata.yaml: the folder name", "3 changed path(s)"},
		},
		{
			name:   "hidden folder and leading dash",
			reason: "an id starts with a letter or digit",
			dirs:   []string{"results/.hidden", "results/-rf"},
			paths:  []string{"results/.hidden/x", "results/-rf/x"},
			want:   []string{}, wantCode: 1,
			wantStderr: []string{"2 changed path(s)"},
		},
		{
			name:   "length limit",
			reason: "an id has at most 64 characters",
			dirs:   []string{"results/" + long, "results/" + long + "b"},
			paths:  []string{"results/" + long + "/x", "results/" + long + "b/x"},
			want:   []string{"results/" + long}, wantCode: 1,
			wantStderr: []string{"1 changed path(s)"},
		},
		{
			name:         "last path unterminated",
			reason:       "a final path without its NUL still counts",
			dirs:         []string{"results/a", "results/b"},
			paths:        []string{"results/a/x", "results/b/x"},
			unterminated: true,
			want:         []string{"results/a", "results/b"},
		},
		{
			name:   "no changes",
			reason: "an empty input is valid and writes nothing",
			want:   []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, stderr, code := changedSubmissions(t, tc.dirs, tc.paths, tc.unterminated)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: folders (-want +got):\n%s", tc.reason, diff)
			}
			if code != tc.wantCode {
				t.Errorf("%s: exit status %d, want %d; stderr:\n%s", tc.reason, code, tc.wantCode, stderr)
			}
			for _, w := range tc.wantStderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("%s: stderr lacks %q:\n%s", tc.reason, w, stderr)
				}
			}
			if tc.wantCode == 0 && strings.Contains(stderr, "changed path(s)") {
				t.Errorf("%s: refusal on success:\n%s", tc.reason, stderr)
			}
		})
	}
}

// TestChangedSubmissionsFollowsSafeSlug checks that the workflow script
// accepts exactly the folder names ingest.SafeSlug accepts.
func TestChangedSubmissionsFollowsSafeSlug(t *testing.T) {
	for _, name := range []string{
		"acme-chat-7b", "a", "0", "a.b_c-d", "qwen3-8b", "paper-gpt-5.1", strings.Repeat("z", 64),
		strings.Repeat("z", 65), "a..b", ".hidden", "-x", "_x", "Acme", "modèle", "acme chat",
		"acme\nevil", "acme\tx", "acme\r", "a$b", "a*", "a\\b", "\u00e9",
		// Names Windows cannot check out.
		"con", "nul", "aux", "prn", "com1", "com9", "lpt1", "lpt9", "nul.v2", "con.tar.gz", "acme-7b.", "a.b.",
		"console", "com10", "lpt", "a.con", "nullable",
	} {
		got, stderr, code := changedSubmissions(t, []string{"results/" + name}, []string{"results/" + name + "/metadata.yaml"}, false)
		accepted := code == 0 && len(got) == 1 && got[0] == "results/"+name
		if want := ingest.SafeSlug(name); accepted != want {
			t.Errorf("%q: script accepts %v (exit %d, %q), ingest.SafeSlug says %v", name, accepted, code, stderr, want)
		}
	}
}
