package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/publish"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// demoResults copies the committed demo board (its folders by name, never
// all of results/: a new submission must change no test) and returns the
// copy's results folder.
func demoResults(t *testing.T) string {
	t.Helper()
	return demotest.Results(t, "../../..", demotest.All()...)
}

func build(t *testing.T, results, out string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"build", "--benchmarks", "../../../benchmarks", "--results", results, "--out", out}, &stdout, &stderr)
	return code, stderr.String()
}

// TestBuildIsDeterministic builds the repository's own board twice, from
// two checkouts at different paths, and compares the two sites byte for
// byte. The second build runs in a child process with one CPU, another time
// zone and locale, while the first runs beside it under load: nothing the
// machine does may change a verdict or a byte (run it with -race too).
func TestBuildIsDeterministic(t *testing.T) {
	a := checkout(t, filepath.Join(t.TempDir(), "a"))
	b := checkout(t, filepath.Join(t.TempDir(), "a much", "longer path", "with spaces", "b"))
	child := runChild(t, b, []string{"GOMAXPROCS=1", "TZ=Pacific/Chatham", "LC_ALL=tr_TR.UTF-8", "LANG=tr_TR.UTF-8"}, "build", "--out", "site")
	stop := make(chan struct{})
	for range 2 {
		go func() { // load: spin until the build is done
			for x := 0; ; x++ {
				select {
				case <-stop:
					return
				default:
				}
			}
		}()
	}
	t.Chdir(a)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"build", "--out", "site"}, &stdout, &stderr)
	close(stop)
	if code != 0 {
		t.Fatalf("build exited %d: %s", code, stderr.String())
	}
	if out, err := child(); err != nil {
		t.Fatalf("the child build: %v\n%s", err, out)
	}
	fa, fb := readTree(t, filepath.Join(a, "site")), readTree(t, filepath.Join(b, "site"))
	if len(fa) == 0 || len(fa) != len(fb) {
		t.Fatalf("got %d and %d files", len(fa), len(fb))
	}
	for name, data := range fa {
		if !bytes.Equal(data, fb[name]) {
			t.Errorf("%s differs between two builds of the same input", name)
		}
	}
	for _, want := range []string{"index.html", "scores.json", "leaderboard.csv", "ifeval-demo.html", "ifbench-demo.html", "methodology.html", "ifeval-demo/leaderboard.csv"} {
		if _, ok := fa[want]; !ok {
			t.Errorf("site lacks %s", want)
		}
	}
}

// buildSkipInvalid builds results with --skip-invalid into a new folder,
// which it returns with what the build printed.
func buildSkipInvalid(t *testing.T, results string) (out string, stdout, stderr *bytes.Buffer) {
	t.Helper()
	out = filepath.Join(t.TempDir(), "site")
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	code := run(context.Background(), []string{"build", "--benchmarks", "../../../benchmarks", "--results", results, "--out", out, "--skip-invalid"}, stdout, stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	return out, stdout, stderr
}

// TestSkipInvalidKeepsRefusedBoard: a benchmark that only refused
// submissions answer keeps its board, without models, under
// --skip-invalid: the boards a site shows, and the navigation of the pages
// rendered while checking, do not depend on which submissions pass.
func TestSkipInvalidKeepsRefusedBoard(t *testing.T) {
	results := demotest.Results(t, "../../..", "demo-atlas-70b", "demo-borealis-8b")
	// IFBench is answered by borealis alone, whose IFBench file is broken.
	if err := os.Remove(filepath.Join(results, "demo-atlas-70b", "ifbench-demo.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(results, "demo-borealis-8b", "ifbench-demo.jsonl"), []byte("{not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stdout, _ := buildSkipInvalid(t, results)
	if !strings.Contains(stdout.String(), "(1 models, ") {
		t.Errorf("stdout = %q, want 1 model built", stdout.String())
	}
	site := readTree(t, out)
	page, ok := site["ifbench-demo.html"]
	if !ok {
		t.Fatal("the board of the refused submission's benchmark is missing")
	}
	if bytes.Contains(page, []byte("borealis")) {
		t.Error("the refused submission is on its board")
	}
	if !bytes.Contains(site["models/demo-atlas-70b/physics.html"], []byte(`href="../../ifbench-demo.html"`)) {
		t.Error("the answers pages do not link the board")
	}
}

// TestBuildMatchesSiteInMemory: a build renders each accepted
// submission's own pages (a model's answers) while checking it, the
// boards' pages once they are scored; a site built in memory renders all
// of them from the scored boards. Both must give the same files, byte for
// byte.
func TestBuildMatchesSiteInMemory(t *testing.T) {
	results := demoResults(t)
	out := filepath.Join(t.TempDir(), "site")
	if code, stderr := build(t, results, out); code != 0 {
		t.Fatalf("build exited %d: %s", code, stderr)
	}
	built := readTree(t, out)
	res, err := pipeline.Boards(context.Background(), pipeline.BoardsOptions{
		Kinds: registry, Root: "../../../benchmarks", Results: results,
		Options: kind.Options{Policies: board.Policies, KeepResponses: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	shown, err := res.Shown(kind.Options{Policies: board.Policies})
	if err != nil {
		t.Fatal(err)
	}
	reported, err := ingest.Reported(results)
	if err != nil {
		t.Fatal(err)
	}
	files, err := render.Build(render.Input{Boards: mustSiteBoards(t, shown), Reported: reported, Version: versionString()})
	if err != nil {
		t.Fatal(err)
	}
	answers := 0
	for _, f := range files {
		if strings.HasPrefix(f.Path, "models/demo-atlas-70b/") {
			answers++
		}
		data, ok := built[f.Path]
		if !ok {
			t.Errorf("the build lacks %s", f.Path)
			continue
		}
		delete(built, f.Path)
		if !bytes.Equal(data, f.Data) {
			t.Errorf("%s differs between the build and the site built in memory", f.Path)
		}
	}
	for p := range built {
		if p != publish.Marker {
			t.Errorf("the build has %s, the site built in memory has not", p)
		}
	}
	if answers == 0 {
		t.Error("no answers pages for demo-atlas-70b")
	}
}

// checkout copies the repository's inputs (benchmarks and the demo
// board's folders) to dir, as a checkout at another path would have them,
// and returns dir.
func checkout(t *testing.T, dir string) string {
	t.Helper()
	if err := os.CopyFS(filepath.Join(dir, "benchmarks"), os.DirFS(filepath.Join("..", "..", "..", "benchmarks"))); err != nil {
		t.Fatal(err)
	}
	demotest.Copy(t, filepath.Join("..", "..", ".."), filepath.Join(dir, "results"), demotest.All()...)
	return dir
}

// runChild starts sciif with args in a child process (this test binary,
// see TestMain) in dir with env added, and returns a function that waits
// for it and returns its output.
func runChild(t *testing.T, dir string, env []string, args ...string) func() ([]byte, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "SCIIF_TEST_ARGS="+strings.Join(args, "\x1f")), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return func() ([]byte, error) {
		err := cmd.Wait()
		return out.Bytes(), err
	}
}

// TestFailedBuildKeepsPreviousSite breaks a copy of the results after a
// good build and checks that the next build fails, says why, and leaves
// the previous site exactly as it was.
func TestFailedBuildKeepsPreviousSite(t *testing.T) {
	results := demoResults(t)
	out := filepath.Join(t.TempDir(), "site")
	if code, stderr := build(t, results, out); code != 0 {
		t.Fatalf("first build exited %d: %s", code, stderr)
	}
	before := readTree(t, out)
	f, err := os.OpenFile(filepath.Join(results, "demo-cirrus-pro", "responses.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"id": "physics-0001", "response": "truncated`)
	f.Close()
	code, stderr := build(t, results, out)
	if code != 1 {
		t.Fatalf("broken build exited %d, want 1", code)
	}
	for _, want := range []string{"demo-cirrus-pro/responses.jsonl:45: column", "the previous site is left as it was; fix the problems above or pass --skip-invalid"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	sameSite(t, before, readTree(t, out))
}

// TestRunPagesFailureKeepsPreviousSite breaks the template of the pages
// rendered while submissions are checked (a model's answers pages): the
// build must fail, say why, and leave the previous site.
func TestRunPagesFailureKeepsPreviousSite(t *testing.T) {
	results := demoResults(t)
	out := filepath.Join(t.TempDir(), "site")
	if code, stderr := build(t, results, out); code != 0 {
		t.Fatalf("first build exited %d: %s", code, stderr)
	}
	before := readTree(t, out)
	tmpl := filepath.Join(t.TempDir(), "templates")
	if err := os.CopyFS(tmpl, os.DirFS("../../../templates")); err != nil {
		t.Fatal(err)
	}
	answers, err := os.ReadFile(filepath.Join(tmpl, "sciif", "answers.html"))
	if err != nil {
		t.Fatal(err)
	}
	broken := bytes.Replace(answers, []byte(`<h1>`), []byte(`{{.NoSuchField}}<h1>`), 1)
	if bytes.Equal(broken, answers) {
		t.Fatal("answers.html has no <h1> to break")
	}
	if err := os.WriteFile(filepath.Join(tmpl, "sciif", "answers.html"), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"build", "--benchmarks", "../../../benchmarks", "--results", results, "--out", out, "--templates", tmpl}, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("build with a broken answers template exited %d, want 1:\n%s", code, stderr.String())
	}
	for _, want := range []string{"answers.html", "NoSuchField", "the previous site is left as it was"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if n := strings.Count(stderr.String(), "can't evaluate field"); n != 1 {
		t.Errorf("the failure is told %d times, want once:\n%s", n, stderr.String())
	}
	if strings.Contains(stderr.String(), "--skip-invalid") {
		t.Errorf("stderr suggests --skip-invalid, which cannot help here:\n%s", stderr.String())
	}
	sameSite(t, before, readTree(t, out))
}

// sameSite fails t unless a failed build left the site as it was.
func sameSite(t *testing.T, before, after map[string][]byte) {
	t.Helper()
	if len(after) != len(before) {
		t.Fatalf("site has %d files after the failed build, %d before", len(after), len(before))
	}
	for name, data := range before {
		if !bytes.Equal(data, after[name]) {
			t.Errorf("%s changed although the build failed", name)
		}
	}
}

// TestSkipInvalidBuildsTheRest checks --skip-invalid: the broken submission
// is named and left out, the others are built.
func TestSkipInvalidBuildsTheRest(t *testing.T) {
	results := demoResults(t)
	if err := os.WriteFile(filepath.Join(results, "demo-dune-mini", "metadata.yaml"), []byte("name: Dune\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Refused for its IFEval file alone: its SciIF answers are checked,
	// and must not reach the site either.
	if err := os.WriteFile(filepath.Join(results, "demo-ember-13b", "ifeval-demo.jsonl"), []byte("{not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stdout, stderr := buildSkipInvalid(t, results)
	for _, want := range []string{"demo-dune-mini/metadata.yaml: organization: required field missing", "demo-ember-13b/ifeval-demo.jsonl:1", "left out the submissions"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if !strings.Contains(stdout.String(), "(3 models, ") {
		t.Errorf("stdout = %q, want 3 models built", stdout.String())
	}
	for _, id := range []string{"demo-dune-mini", "demo-ember-13b"} {
		for _, p := range []string{"models/" + id + ".html", "models/" + id, "points/" + id + ".csv", "cases/" + id + ".html"} {
			if _, err := os.Stat(filepath.Join(out, p)); err == nil {
				t.Errorf("the invalid submission has %s", p)
			}
		}
	}
}

func mustSiteBoards(t *testing.T, boards []kind.Board) []render.Board {
	t.Helper()
	rb, err := pipeline.SiteBoards(boards)
	if err != nil {
		t.Fatal(err)
	}
	return rb
}
