package verifier_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifier"
)

// TestKindContract checks the kind's contract (package kindtest) on the
// demo benchmark and three named demo submissions, one with two prompt
// styles.
func TestKindContract(t *testing.T) {
	dir := kindtest.Repo(t, verifier.Kind, "../../../..", "sciverify-demo", "demo-borealis-8b", "demo-cirrus-pro", "demo-ember-13b")
	kindtest.Run(t, verifier.Kind, dir)
}
