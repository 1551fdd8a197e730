package verifiable_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifbench"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
)

// TestKindContract runs the kind contract's harness on both instruction
// kinds, with the repository's demo benchmarks and three demo submissions.
func TestKindContract(t *testing.T) {
	subs := []string{"demo-atlas-70b", "demo-borealis-8b", "demo-cirrus-pro"}
	t.Run("ifeval", func(t *testing.T) {
		kindtest.Run(t, ifeval.Kind, kindtest.Repo(t, ifeval.Kind, "../../../..", "ifeval-demo", subs...))
	})
	t.Run("ifbench", func(t *testing.T) {
		kindtest.Run(t, ifbench.Kind, kindtest.Repo(t, ifbench.Kind, "../../../..", "ifbench-demo", subs...))
	})
	// The multi-turn demo. The harness takes one benchmark folder, so the
	// pairing with the single-turn demo (single:) is left out here;
	// TestGapRecountedFromVerdicts checks the paired board.
	t.Run("ifbench-multi-turn", func(t *testing.T) {
		dir := kindtest.Repo(t, ifbench.Kind, "../../../..", "ifbench-mt-demo", subs...)
		spec := filepath.Join(dir, "benchmarks", "ifbench-mt-demo", "benchmark.yaml")
		data, err := os.ReadFile(spec)
		if err != nil {
			t.Fatal(err)
		}
		unpaired := strings.Replace(string(data), "\nsingle: ifbench-demo\n", "\n", 1)
		if unpaired == string(data) {
			t.Fatal("benchmarks/ifbench-mt-demo/benchmark.yaml no longer says single: ifbench-demo")
		}
		if err := os.WriteFile(spec, []byte(unpaired), 0o644); err != nil {
			t.Fatal(err)
		}
		kindtest.Run(t, ifbench.Kind, dir)
	})
}
