package ifevalg_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifevalg"
)

// TestKindContract runs the kind contract's harness on the IF-RLVR kind
// with benchmarks/ifevalg-demo and two submissions written here (the demo
// models do not answer it): one answers every prompt with its own text
// (which copies the copy instructions' requests), the other answers every
// second prompt with a fixed short text.
func TestKindContract(t *testing.T) {
	dir := kindtest.Repo(t, ifevalg.Kind, "../../../..", "ifevalg-demo")
	f, err := os.Open(filepath.Join(dir, "benchmarks", "ifevalg-demo", "input_data.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var prompts []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var p struct{ Prompt string }
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		prompts = append(prompts, p.Prompt)
	}
	if len(prompts) == 0 {
		t.Fatal("no prompts")
	}
	for _, m := range []struct {
		id, name string
		answer   func(i int, p string) (string, bool)
	}{
		{"echo", "Echo (test)", func(_ int, p string) (string, bool) { return p, true }},
		{"terse", "Terse (test)", func(i int, _ string) (string, bool) { return "Water boils at level ground, Sir.", i%2 == 0 }},
	} {
		sub := filepath.Join(dir, "results", m.id)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		meta := "name: " + m.name + "\norganization: Test\nopen_weights: true\ndate: 2026-01-02\n"
		if err := os.WriteFile(filepath.Join(sub, "metadata.yaml"), []byte(meta), 0o644); err != nil {
			t.Fatal(err)
		}
		var lines []byte
		for i, p := range prompts {
			if r, ok := m.answer(i, p); ok {
				b, _ := json.Marshal(map[string]string{"prompt": p, "response": r})
				lines = append(append(lines, b...), '\n')
			}
		}
		if err := os.WriteFile(filepath.Join(sub, "ifevalg-demo.jsonl"), lines, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kindtest.Run(t, ifevalg.Kind, dir)
}
