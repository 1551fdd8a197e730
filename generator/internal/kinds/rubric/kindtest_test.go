package rubric_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
)

// TestKindContract checks the kind's contract (package kindtest) on the
// demo benchmark and three named demo submissions.
func TestKindContract(t *testing.T) {
	dir := kindtest.Repo(t, rubric.Kind, "../../../..", "complex-if-demo", "demo-atlas-70b", "demo-borealis-8b", "demo-cirrus-pro")
	kindtest.Run(t, rubric.Kind, dir)
}

// TestPointsKindContract checks the contract on the point-weighted demo
// (scoring: points, conversations) and three demo submissions.
func TestPointsKindContract(t *testing.T) {
	dir := kindtest.Repo(t, rubric.Kind, "../../../..", "healthbench-demo", "demo-atlas-70b", "demo-ember-13b", "demo-cirrus-pro")
	kindtest.Run(t, rubric.Kind, dir)
}
