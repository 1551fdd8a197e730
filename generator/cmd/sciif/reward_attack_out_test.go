package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRewardRefusesOutputOverItsInput checks that `sciif reward --out F F`,
// or --out a link to the input, is refused before anything is written:
// creating the output emptied the input first, so that the command
// rewarded nothing, exited 0 and left the records lost.
func TestRewardRefusesOutputOverItsInput(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "reward.yaml")
	in := filepath.Join(dir, "in.jsonl")
	link := filepath.Join(dir, "link.jsonl")
	records := `{"pi":[true]}` + "\n" + `{"pi":[false]}` + "\n"
	if err := os.WriteFile(cfg, []byte("complex-if: {alpha: 1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, []byte(records), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{in, link, filepath.Join(dir, ".", "in.jsonl")} {
		if err := os.WriteFile(in, []byte(records), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"reward", "--formula", "complex-if", "--config", cfg, "--out", out, in}, &stdout, &stderr)
		data, _ := os.ReadFile(in)
		if code != 2 || string(data) != records || !strings.Contains(stderr.String(), "--out") {
			t.Errorf("--out %s over the input: exit %d, stderr %q, input now %q; want exit 2 naming --out and the input untouched", out, code, stderr.String(), data)
		}
	}
	// Another file is written as before.
	out := filepath.Join(dir, "out.jsonl")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"reward", "--formula", "complex-if", "--config", cfg, "--out", out, in}, &stdout, &stderr); code != 0 {
		t.Fatalf("--out another file: exit %d, %s", code, stderr.String())
	}
	if data, _ := os.ReadFile(out); strings.Count(string(data), `"reward"`) != 2 {
		t.Errorf("--out another file: %q, want two rewards", data)
	}
}
