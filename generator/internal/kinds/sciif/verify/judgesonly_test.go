package verify_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify/rules"
)

// TestJudgesOnlyEqualsNoRules verifies every record of the repository's
// demo board twice, rules first and judges alone, and checks that
// JudgesOnly derives the second from the first exactly: the build needs
// one verification for the board and the analysis page's comparison.
func TestJudgesOnlyEqualsNoRules(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..", "..")
	bench, err := ingest.Benchmark(filepath.Join(root, "benchmarks", "sciif"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"responses.jsonl"}
	subs, err := ingest.Submissions(demotest.ResultsOf(t, root, files, demotest.Rescored...), files)
	if err != nil {
		t.Fatal(err)
	}
	withRules := verify.New(bench, verify.Options{Rules: rules.Default()})
	judgesOnly := verify.New(bench, verify.Options{NoRules: true})
	index := bench.Index()
	n, byRules := 0, 0
	for i := range subs {
		sub := &subs[i]
		probs := ingest.Records(filepath.Join(sub.Dir, "responses.jsonl"), func(rec *sciifdata.Record) {
			item := &bench.Items[index[rec.ID]]
			rv, _ := withRules.Record(context.Background(), item, sub, rec)
			jv, _ := judgesOnly.Record(context.Background(), item, sub, rec)
			if diff := cmp.Diff(jv, verify.JudgesOnly(rv)); diff != "" {
				t.Errorf("%s %s: JudgesOnly differs from judges-only verification (-want +got):\n%s", sub.ID, rec.ID, diff)
			}
			if rv.CorrectBy == sciifdata.ByRules {
				byRules++
			}
			for _, c := range rv.Constraints {
				for _, p := range c.Points {
					if p.DecidedBy == sciifdata.ByRules {
						byRules++
					}
				}
			}
			n++
		})
		if len(probs) > 0 {
			t.Fatal(probs)
		}
	}
	if n < 200 || byRules == 0 {
		t.Fatalf("checked %d records with %d verdicts decided by rules; the demo board should exercise both", n, byRules)
	}
	item := &bench.Items[0]
	if got := verify.JudgesOnly(verify.Unanswered(item)); got.Compliant(board.Strict) || got.Correct {
		t.Errorf("an unanswered item stays incorrect and non-compliant")
	}
}
