package verifier

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestMeanTokensDoNotOverflow: output_tokens is any whole number ≥ 0 up
// to JSON's int64, so the mean of many large counts must not wrap around
// (the sum of two counts near 2^63 was read as -1 tokens on the board).
func TestMeanTokensDoNotOverflow(t *testing.T) {
	spec, k, ok, err := kind.ReadSpec([]*kind.Kind{Kind}, demoDir)
	if err != nil || !ok || k != Kind {
		t.Fatalf("benchmark.yaml: %v", err)
	}
	kb, err := Kind.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	b := kb.(*benchmark)
	for _, n := range []int64{math.MaxInt64, 1_000_000_000_000_000_000} {
		dir := t.TempDir()
		var lines strings.Builder
		for _, it := range b.items {
			fmt.Fprintf(&lines, `{"id": %q, "output": "Final Judgment: True", "output_tokens": %d}`+"\n", it.ID, n)
		}
		if err := os.WriteFile(filepath.Join(dir, spec.File), []byte(lines.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		r, probs := b.Check(context.Background(), &board.Submission{ID: "m", Dir: dir, Meta: board.Metadata{Name: "M"}}, kind.Options{})
		for _, p := range probs {
			if p.Fatal {
				t.Fatalf("%s", p)
			}
		}
		got := r.(*run).scores.Styles[0]
		if got.Tokens != len(b.items) || got.MeanTokens != float64(n) {
			t.Errorf("%d records of %d tokens each: mean %v over %d records, want %v", len(b.items), n, got.MeanTokens, got.Tokens, float64(n))
		}
	}
}
