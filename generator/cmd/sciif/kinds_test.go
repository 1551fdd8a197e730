package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/templates"
)

// writeTree writes files (slash paths) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for path, data := range files {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestIFEvalOnlyBoard builds a repository whose only benchmark and
// submissions are IFEval's: no SciIF anywhere, no judges in metadata.
func TestIFEvalOnlyBoard(t *testing.T) {
	root := t.TempDir()
	meta := "organization: Org\nopen_weights: true\ndate: 2026-01-02\n"
	writeTree(t, root, map[string]string{
		"benchmarks/ifeval/benchmark.yaml":   "kind: ifeval\ntitle: IFEval\n",
		"benchmarks/ifeval/input_data.jsonl": brokenPrompts,
		"results/a/metadata.yaml":            "name: Model A\n" + meta,
		"results/a/ifeval.jsonl":             `{"prompt": "Write in lowercase.", "response": "all lowercase"}` + "\n" + `{"prompt": "Say hi without commas.", "response": "hi there"}` + "\n",
		"results/b/metadata.yaml":            "name: Model B\n" + meta,
		"results/b/ifeval.jsonl":             `{"prompt": "Write in lowercase.", "response": "Not Lowercase"}` + "\n",
	})
	t.Chdir(root)
	if code, out, errs := runIn(t, "validate", "results"); code != 0 {
		t.Fatalf("validate: %s%s", out, errs)
	}
	code, out, errs := runIn(t, "build", "--out", "site")
	if code != 0 {
		t.Fatalf("build: %s", errs)
	}
	if !strings.Contains(out, "(2 models, 1 boards)") {
		t.Errorf("build says %q", out)
	}
	site := readTree(t, "site")
	index := string(site["index.html"])
	for _, want := range []string{"<h1>IFEval", "Model A", "Model B", `href="ifeval/index.html"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html (the IFEval board) lacks %q", want)
		}
	}
	for _, want := range []string{"ifeval/index.html", "ifeval/1.html", "ifeval/leaderboard.csv", "ifeval/scores.json", "methodology.html", "downloads.html"} {
		if _, ok := site[want]; !ok {
			t.Errorf("site lacks %s", want)
		}
	}
	if _, ok := site["constraints.html"]; ok {
		t.Errorf("an IFEval-only site has SciIF pages")
	}
	code, out, _ = runIn(t, "score", "--format", "json")
	if code != 0 || !strings.Contains(out, `"benchmark": "ifeval"`) {
		t.Errorf("score: %d %s", code, out)
	}
}

// exactFiles are a benchmark of the example kind (examplekind_test.go)
// and its template, as a repository would hold them.
var exactFiles = map[string]string{
	"benchmarks/exact/benchmark.yaml": "kind: exact\ntitle: Exact\n",
	"benchmarks/exact/items.jsonl":    `{"id": "e-1", "question": "2 + 2?", "answer": "4"}` + "\n" + `{"id": "e-2", "question": "Capital of France?", "answer": "Paris"}` + "\n",
	"templates/exact/board.html":      exactTemplate,
}

// exactTemplates is the site's templates with the example kind's added.
func exactTemplates(t *testing.T) fs.FS {
	t.Helper()
	fsys := fstest.MapFS{"exact/board.html": {Data: []byte(exactTemplate)}}
	err := fs.WalkDir(templates.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(templates.FS, path)
		fsys[path] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// TestExampleKindKeepsTheContract runs the kind harness on the example
// kind: a kind written on the toolkit alone keeps the whole contract.
func TestExampleKindKeepsTheContract(t *testing.T) {
	dir := t.TempDir()
	meta := "organization: Org\nopen_weights: true\ndate: 2026-01-02\n"
	files := map[string]string{
		"results/a/metadata.yaml": "name: Model A\n" + meta,
		"results/a/exact.jsonl":   `{"id": "e-1", "response": "4"}` + "\n" + `{"id": "e-2", "response": " paris "}` + "\n",
		"results/b/metadata.yaml": "name: Model B\n" + meta,
		"results/b/exact.jsonl":   `{"id": "e-1", "response": "5"}` + "\n",
	}
	for k, v := range exactFiles {
		if strings.HasPrefix(k, "benchmarks/") {
			files[k] = v
		}
	}
	writeTree(t, dir, files)
	kindtest.RunWith(t, exactKind, dir, kindtest.Options{Templates: exactTemplates(t)})
}

// TestExampleKindIsShort holds the example kind to its promise: a whole
// kind on the toolkit in at most 300 lines.
func TestExampleKindIsShort(t *testing.T) {
	data, err := os.ReadFile("examplekind_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n > 300 {
		t.Errorf("the example kind is %d lines, over the 300 a kind on the toolkit should need", n)
	}
}

// TestAddingAKind registers the example kind beside the real ones and
// builds a site with a SciIF board and an exact board: the registry line
// and the template are all a new kind needs outside its package.
func TestAddingAKind(t *testing.T) {
	saved := registry
	registry = append(append([]*kind.Kind(nil), registry...), exactKind)
	t.Cleanup(func() { registry = saved })

	root := brokenRoot(t)
	files := map[string]string{
		"results/good/exact.jsonl": `{"id": "e-1", "response": "4"}` + "\n" + `{"id": "e-2", "response": "Lyon"}` + "\n",
	}
	for k, v := range exactFiles {
		files[k] = v
	}
	writeTree(t, root, files)
	if err := os.CopyFS(filepath.Join(root, "design"), exactTemplates(t)); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	if code, out, errs := runIn(t, "validate", "results/good"); code != 0 || !strings.Contains(out, "exact: 1/2 right") {
		t.Fatalf("validate: %s%s", out, errs)
	}
	code, _, errs := runIn(t, "build", "--out", "site", "--templates", "design")
	if code != 0 {
		t.Fatalf("build: %s", errs)
	}
	site := readTree(t, "site")
	page := string(site["exact/index.html"])
	if !strings.Contains(page, `<th scope="row">Good Model</th><td class="num">50.0%`) {
		t.Errorf("exact/index.html lacks the board:\n%s", page)
	}
	if !strings.Contains(string(site["index.html"]), `href="exact/index.html"`) {
		t.Errorf("the navigation lacks the exact board")
	}
	if _, ok := site["exact/leaderboard.csv"]; !ok {
		t.Errorf("the site lacks exact/leaderboard.csv")
	}
}

// TestOneBenchmarkOfSeveral scores and validates one benchmark of a
// repository whose submissions answer several: the other benchmarks'
// files are expected in a submission folder, not unexpected files.
func TestOneBenchmarkOfSeveral(t *testing.T) {
	t.Chdir(brokenRoot(t))
	for _, args := range [][]string{
		{"score", "--benchmark", "benchmarks/ifeval"},
		{"score", "--benchmark", "benchmarks/sciif", "--format", "json"},
		{"validate", "--benchmark", "benchmarks/ifeval", "results/good"},
	} {
		if code, out, errs := runIn(t, args...); code != 0 {
			t.Errorf("sciif %v: exit %d\n%s%s", args, code, out, errs)
		}
	}
}
