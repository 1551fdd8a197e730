package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
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

// The whole cost of a new benchmark kind: the package below (here in a
// test file), one line in the registry, and its template. The kind counts
// words: an item asks for at least min_words words.

var wordsKind = &kind.Kind{
	Name: "words",
	Doc:  "answers that must be at least so many words long",
	Open: openWords,
}

type wordsItem struct {
	ID       string `json:"id"`
	MinWords int    `json:"min_words"`
}

type wordsBench struct {
	spec  kind.Spec
	items []wordsItem
}

func openWords(spec kind.Spec) (kind.Benchmark, error) {
	b := &wordsBench{spec: spec}
	path := filepath.Join(spec.Dir, "items.jsonl")
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	err = ingest.Lines(path, f, func(line int, data []byte) {
		var it wordsItem
		if json.Unmarshal(data, &it) == nil {
			b.items = append(b.items, it)
		}
	})
	return b, err
}

func (b *wordsBench) Spec() *kind.Spec { return &b.spec }
func (b *wordsBench) Size() int        { return len(b.items) }
func (b *wordsBench) Scaffold() string { return `{"id": "…", "response": "…"}` }
func (b *wordsBench) Prompts(w io.Writer) error {
	for _, it := range b.items {
		fmt.Fprintf(w, "{\"id\": %q, \"prompt\": \"Answer in at least %d words.\"}\n", it.ID, it.MinWords)
	}
	return nil
}

type wordsRun struct {
	id, name string
	passed   int
	total    int
}

func (r *wordsRun) ID() string      { return r.id }
func (r *wordsRun) Summary() string { return fmt.Sprintf("%d/%d long enough", r.passed, r.total) }

func (b *wordsBench) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	r := &wordsRun{id: sub.ID, name: sub.Meta.Name, total: len(b.items)}
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.NoLinks)
	if err != nil {
		return r, board.Problems{{File: path, Msg: err.Error(), Fatal: true}}
	}
	defer f.Close()
	var probs board.Problems
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		var rec struct{ ID, Response string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			probs = append(probs, board.Diagnostic{File: path, Line: line, Msg: "not a JSON object", Fatal: true})
			continue
		}
		for _, it := range b.items {
			if it.ID == rec.ID && len(strings.Fields(rec.Response)) >= it.MinWords {
				r.passed++
			}
		}
	}
	return r, probs
}

func (b *wordsBench) Rank(runs []kind.Run, opt kind.Options) (kind.Board, error) {
	bd := &wordsBoard{spec: b.spec}
	for _, r := range runs {
		bd.runs = append(bd.runs, r.(*wordsRun))
	}
	return bd, nil
}

type wordsBoard struct {
	spec kind.Spec
	runs []*wordsRun
}

func (b *wordsBoard) Models() []string {
	var ids []string
	for _, r := range b.runs {
		ids = append(ids, r.id)
	}
	return ids
}

func (b *wordsBoard) Headline(id string) ([]string, any) { return nil, nil }

func (b *wordsBoard) Write(w io.Writer, format string, opt kind.Options) error {
	for _, r := range b.runs {
		fmt.Fprintf(w, "%s %d/%d\n", r.id, r.passed, r.total)
	}
	return nil
}

func (b *wordsBoard) Info(front bool) render.BoardInfo {
	info := render.BoardInfo{Name: b.spec.Name, Title: b.spec.Title, Nav: []render.NavLink{{Key: "words", Href: "words.html", Text: b.spec.Title}}}
	for _, r := range b.runs {
		info.Models = append(info.Models, render.ModelInfo{ID: r.id, Name: r.name})
	}
	return info
}

func (b *wordsBoard) Pages(s *render.Site) error {
	type row struct {
		Name string
		Rate render.RateView
	}
	var rows []row
	for _, r := range b.runs {
		rows = append(rows, row{r.name, render.NewRate(board.Rate{Pass: r.passed, Total: r.total, Rate: float64(r.passed) / float64(r.total)})})
	}
	f, err := s.Render("words", "words.html", render.Page{Title: b.spec.Title, Nav: "words", Body: rows})
	if err != nil {
		return err
	}
	s.Add(f)
	return nil
}

func (b *wordsBoard) Summary(s *render.Site, id string) []render.OtherRow { return nil }

// TestAddingAKind registers the words kind beside the real ones and builds
// a site with a SciIF board and a words board.
func TestAddingAKind(t *testing.T) {
	saved := registry
	registry = append(append([]*kind.Kind(nil), registry...), wordsKind)
	t.Cleanup(func() { registry = saved })

	root := brokenRoot(t)
	writeTree(t, root, map[string]string{
		"benchmarks/words/benchmark.yaml": "kind: words\ntitle: Words\n",
		"benchmarks/words/items.jsonl":    `{"id": "w-1", "min_words": 3}` + "\n" + `{"id": "w-2", "min_words": 1}` + "\n",
		"results/good/words.jsonl":        `{"id": "w-1", "response": "one two three"}` + "\n" + `{"id": "w-2", "response": ""}` + "\n",
		// The kind's template, beside the others.
		"design/words.html": `{{define "main"}}<h1>{{.Title}}</h1><ul>{{range .Body}}<li class="words">{{.Name}}: {{.Rate.Pct}}</li>{{end}}</ul>{{end}}`,
	})
	if err := os.CopyFS(filepath.Join(root, "design"), templates.FS); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	if code, out, errs := runIn(t, "validate", "results/good"); code != 0 {
		t.Fatalf("validate: %s%s", out, errs)
	}
	code, _, errs := runIn(t, "build", "--out", "site", "--templates", "design")
	if code != 0 {
		t.Fatalf("build: %s", errs)
	}
	site := readTree(t, "site")
	page := string(site["words.html"])
	if !strings.Contains(page, `<li class="words">Good Model: 50.0%</li>`) {
		t.Errorf("words.html lacks the board:\n%s", page)
	}
	if !strings.Contains(string(site["index.html"]), `href="words.html"`) {
		t.Errorf("the navigation lacks the words board")
	}
	if _, err := template.New("x").Parse(page); err != nil {
		t.Error(err)
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
