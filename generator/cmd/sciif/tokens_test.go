package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// TestDeclaredTokensOnEveryBoard: tokens declared in metadata.yaml show
// on the model card and in the Tokens column of each board they name
// (instruction, rubric, points), labelled as declared; a board they do not
// name (SciIF's here) gets no column.
func TestDeclaredTokensOnEveryBoard(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	dir := t.TempDir()
	copyDir(t, filepath.Join(root, "benchmarks"), filepath.Join(dir, "benchmarks"))
	sub := filepath.Join(dir, "results", "demo-atlas-70b")
	copyDir(t, filepath.Join(root, "results", "demo-atlas-70b"), sub)
	meta, err := os.ReadFile(filepath.Join(sub, "metadata.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	meta = append(meta, "tokens:\n  complex-if-demo: {prompt: 1234, completion: 567}\n  healthbench-demo: {completion: 89}\n  ifeval-demo: {prompt: 10}\n"...)
	if err := os.WriteFile(filepath.Join(sub, "metadata.yaml"), meta, 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	buildCrawled(t, filepath.Join(dir, "benchmarks"), filepath.Join(dir, "results"), site)
	read := func(page string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(site, page))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for page, cell := range map[string]string{
		"complex-if-demo/index.html":  `<td class="num opt" data-sort="1801" title="1,234 prompt &#43; 567 completion tokens, as the submitter declares them">1,801</td>`,
		"healthbench-demo/index.html": `<td class="num opt" data-sort="89" title="89 completion tokens, as the submitter declares them">89</td>`,
		"ifeval-demo.html":            `<td class="num opt" data-sort="10" title="10 prompt tokens, as the submitter declares them">10</td>`,
	} {
		p := read(page)
		if !strings.Contains(p, `data-key="tokens"`) || !strings.Contains(p, cell) {
			t.Errorf("%s: no Tokens column with the cell %s", page, cell)
		}
		if strings.Contains(p, `>sciif run</span>`) {
			t.Errorf("%s: a badge for declared tokens", page)
		}
	}
	if p := read("index.html"); strings.Contains(p, `data-key="tokens"`) {
		t.Errorf("the SciIF board has a Tokens column though no model has tokens on it")
	}
	card := read(filepath.Join("models", "demo-atlas-70b.html"))
	for _, want := range []string{
		"complex-if-demo: 1,234 prompt &#43; 567 completion tokens <span class=\"muted\">(as the submitter declares them; not checked)</span>",
		"healthbench-demo: 89 completion tokens", "ifeval-demo: 10 prompt tokens",
	} {
		if !strings.Contains(card, want) {
			t.Errorf("model card lacks %q", want)
		}
	}
}

// TestHandWrittenRunRecordEarnsTheBadge shows the limit docs/run.md
// states: the badge proves that the files are those a run.json digests,
// against the benchmarks' current prompts, not that sciif run asked a
// model. A run.json written by hand for a demo submission's files earns
// the badge on every board it answers, the verifier board's too; one
// byte changed in one file takes it away everywhere.
func TestHandWrittenRunRecordEarnsTheBadge(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	dir := t.TempDir()
	copyDir(t, filepath.Join(root, "benchmarks"), filepath.Join(dir, "benchmarks"))
	sub := filepath.Join(dir, "results", "demo-atlas-70b")
	copyDir(t, filepath.Join(root, "results", "demo-atlas-70b"), sub)
	benches, err := kind.Open(registry, filepath.Join(dir, "benchmarks"), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := board.RunRecord{Generator: runrecord.Generator, Version: "by hand", Model: "atlas-70b"}
	for _, b := range benches {
		file := filepath.Join(sub, b.Spec().File)
		if _, err := os.Stat(file); err != nil {
			continue
		}
		r, ok := b.(kind.Runnable)
		if !ok {
			t.Fatalf("%s: the demo submission answers a benchmark sciif run cannot", b.Spec().Name)
		}
		d, err := runrecord.FileDigest(file)
		if err != nil {
			t.Fatal(err)
		}
		tasks := r.AnswerTasks()
		rec.Benchmarks = append(rec.Benchmarks, board.RunBenchmark{Name: b.Spec().Name, File: b.Spec().File, Prompts: len(tasks),
			PromptsSHA256: runrecord.PromptsDigest(tasks), FileSHA256: d, Answers: board.Usage{Requests: 1, PromptTokens: 2, CompletionTokens: 3}})
	}
	data, err := runrecord.Encode(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "run.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	boards := []string{"index.html", "ifeval-demo.html", "complex-if-demo/index.html", "sciverify-demo/index.html"}
	badges := func(site string) map[string]bool {
		buildCrawled(t, filepath.Join(dir, "benchmarks"), filepath.Join(dir, "results"), site)
		out := map[string]bool{}
		for _, page := range boards {
			data, err := os.ReadFile(filepath.Join(site, page))
			if err != nil {
				t.Fatal(err)
			}
			out[page] = strings.Contains(string(data), `>sciif run</span>`)
		}
		return out
	}
	for page, ok := range badges(filepath.Join(dir, "site")) {
		if !ok {
			t.Errorf("%s: no badge for a run.json that matches every file", page)
		}
	}
	// One byte of one file.
	path := filepath.Join(sub, "sciverify-demo.jsonl")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(file, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	for page, ok := range badges(filepath.Join(dir, "site2")) {
		if ok {
			t.Errorf("%s: a badge though sciverify-demo.jsonl is no longer the file recorded", page)
		}
	}
}
