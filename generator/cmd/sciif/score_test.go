package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestScoreJSONOfSeveralBoardsIsJSON scores two boards whose titles hold
// what Go's %q writes differently from JSON (U+007F, non-ASCII, a quote
// and a backslash): the document must parse, and carry each title exactly.
func TestScoreJSONOfSeveralBoardsIsJSON(t *testing.T) {
	root := t.TempDir()
	titles := map[string]string{
		"sciif":  "SciIF \x7f \"demo\" \\ é",
		"ifeval": "IFEval \u2028 — ünï",
	}
	files := map[string]string{
		"benchmarks/sciif/items.jsonl":       brokenItems,
		"benchmarks/sciif/benchmark.yaml":    "kind: sciif\nfile: responses.jsonl\ntitle: " + jsonString(titles["sciif"]) + "\n",
		"benchmarks/ifeval/input_data.jsonl": brokenPrompts,
		"benchmarks/ifeval/benchmark.yaml":   "kind: ifeval\ntitle: " + jsonString(titles["ifeval"]) + "\n",
		"results/good/metadata.yaml":         brokenMeta("Good Model"),
		"results/good/responses.jsonl":       goodRecords,
		"results/good/ifeval.jsonl":          `{"prompt": "Write in lowercase.", "response": "fine"}` + "\n",
	}
	for path, data := range files {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	code, stdout, stderr := runIn(t, "score", "--format", "json")
	if code != 0 {
		t.Fatalf("score exited %d: %s", code, stderr)
	}
	var doc struct {
		Benchmarks []struct {
			Name, Kind, Title string
			Board             json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("score --format json is not JSON: %v\n%s", err, stdout)
	}
	if len(doc.Benchmarks) != 2 {
		t.Fatalf("got %d boards, want 2", len(doc.Benchmarks))
	}
	for _, b := range doc.Benchmarks {
		if b.Title != titles[b.Name] {
			t.Errorf("board %s: title %q, want %q", b.Name, b.Title, titles[b.Name])
		}
		if !json.Valid(b.Board) || len(b.Board) < 2 || b.Board[0] != '{' {
			t.Errorf("board %s: not a JSON object: %.80s", b.Name, b.Board)
		}
	}
}

// jsonString is s as a YAML double-quoted scalar (JSON's escapes are
// YAML's).
func jsonString(s string) string {
	data, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(data)
}
