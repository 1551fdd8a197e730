package sciif_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
)

// TestKindContract checks the kind's contract (package kindtest) on the
// demo benchmark and three named demo submissions.
func TestKindContract(t *testing.T) {
	dir := kindtest.Repo(t, sciif.Kind, "../../../..", "sciif", "demo-atlas-70b", "demo-borealis-8b", "demo-cirrus-pro")
	kindtest.Run(t, sciif.Kind, dir)
}
