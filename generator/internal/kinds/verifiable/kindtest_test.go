package verifiable_test

import (
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
}
