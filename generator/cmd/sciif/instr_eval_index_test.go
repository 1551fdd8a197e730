package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
)

// TestPromptIndexLookup checks the index of fingerprints runEval keeps
// against the official lookups it stands for: IFEval's by exact text (the
// last of two equal prompts), IFBench's by exact text, then by the
// response's prompt stripped, then by both stripped, where a prompt that
// is already stripped wins its text over an earlier one that is not, and
// among those that are not the first wins.
func TestPromptIndexLookup(t *testing.T) {
	prompts := []string{"Say.", " Ask.", "Ask.", "  Tell.", "Tell.\n", "Say."}
	var lines []string
	for i, p := range prompts {
		lines = append(lines, `{"key": `+string(rune('1'+i))+`, "prompt": "`+strings.ReplaceAll(p, "\n", `\n`)+`", "instruction_id_list": ["format:no_whitespace"], "kwargs": [{}]}`)
	}
	path := filepath.Join(t.TempDir(), "input.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err := instr.NewRegistry(ifbench.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, reason, key string
		stripped          bool
		want              int // -1: no prompt
	}{
		{"exact", "two prompts of one text: the last", "Say.", false, 5},
		{"exact only", "IFEval does not strip", "Ask. ", false, -1},
		{"exact first", "an exact match before any stripping", " Ask.", true, 1},
		{"stripped key", "the response's prompt stripped is a prompt", "Ask.\t", true, 2},
		{"already stripped wins", "a prompt that is its own stripped text wins it over an earlier one", "\tAsk. ", true, 2},
		{"both stripped", "no prompt is Tell.: the first of those that strip to it", " Tell. ", true, 3},
		{"none", "no prompt strips to it", "Sing.", true, -1},
	}
	for _, tt := range tests {
		idx, err := promptIndex(instrOptions{Input: path, stripped: tt.stripped}, reg)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := idx.lookup(tt.key)
		if !ok {
			got = -1
		}
		if got != tt.want {
			t.Errorf("%s: %s: lookup(%q) = %d; want %d", tt.name, tt.reason, tt.key, got, tt.want)
		}
	}
}
