package verify_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/outcome"
)

// The tests below pin the audit policy of SciIF §3.4–3.5 and Appendix A:
// rules first, judges as fallback; a point passes under the judges only if
// every judge listed in the metadata says YES; Strict needs every point,
// Loose only the MAIN points; missing evidence is NO.

// testCatalog has one constraint with a SECONDARY point last, one whose
// SECONDARY point is first, and a third that items below never enable.
var testCatalog = sciifdata.Catalog{Constraints: []sciifdata.Constraint{
	{ID: "alpha", Abbrev: "AL", Name: "Alpha", Family: sciifdata.Condition, Description: "alpha description",
		Points: []sciifdata.Point{
			{N: 1, Main: true, Short: "a1", Text: "alpha point one"},
			{N: 2, Main: true, Short: "a2", Text: "alpha point two"},
			{N: 3, Main: false, Short: "a3", Text: "alpha point three"},
		}},
	{ID: "beta", Abbrev: "BE", Name: "Beta", Family: sciifdata.Process, Description: "beta description",
		Points: []sciifdata.Point{
			{N: 1, Main: false, Short: "b1", Text: "beta point one"},
			{N: 2, Main: true, Short: "b2", Text: "beta point two"},
		}},
	{ID: "gamma", Abbrev: "GA", Name: "Gamma", Family: sciifdata.Terminology, Description: "gamma description",
		Points: []sciifdata.Point{{N: 1, Main: true, Short: "g1", Text: "gamma point one"}}},
}}

func testBench() *sciifdata.Benchmark {
	return &sciifdata.Benchmark{Name: "test", Catalog: testCatalog, CatalogSource: "built-in", Items: []sciifdata.Item{testItem()}}
}

func testItem() sciifdata.Item {
	return sciifdata.Item{ID: "it-1", Subject: "Physics", Question: "Find x.", Constraints: []string{"alpha", "beta"},
		Reference: sciifdata.Reference{Answer: "42 J"}}
}

func testSub(judges ...string) *board.Submission {
	return &board.Submission{ID: "model-a", Meta: board.Metadata{Name: "Model A", Judges: judges}}
}

// audit renders a per-constraint judge output from a verdict string such as
// "YYN": one POINT line per letter (Y = YES, N = NO, - = line left out),
// with no OVERALL line.
func audit(verdicts string) string {
	var b strings.Builder
	for i, c := range verdicts {
		switch c {
		case 'Y':
			fmt.Fprintf(&b, "POINT_%d: YES\n", i+1)
		case 'N':
			fmt.Fprintf(&b, "POINT_%d: NO missing evidence\n", i+1)
		}
	}
	return b.String()
}

// out is one judge's output: correctness and per-constraint audits.
func out(correct string, constraints map[string]string) sciifdata.JudgeOutput {
	return sciifdata.JudgeOutput{Correctness: correct, Constraints: constraints}
}

func record(response string, judges map[string]sciifdata.JudgeOutput) *sciifdata.Record {
	return &sciifdata.Record{ID: "it-1", Response: response, Judges: judges, File: "results/model-a/responses.jsonl", Line: 7}
}

// rule returns a point rule with a fixed outcome.
func rule(id, constraint string, point int, o outcome.Outcome) verify.PointRule {
	return verify.PointRule{ID: id, Constraint: constraint, Point: point, Doc: "test rule",
		Check: func(context.Context, *sciifdata.Item, *verify.Answer) sciifdata.RuleVerdict {
			return sciifdata.RuleVerdict{Outcome: o, Reason: "fixed " + o.String()}
		}}
}

// gotPoint is the part of a PointVerdict a row checks: votes as one letter
// per judge in metadata order (Y, N, or - for missing).
type gotPoint struct {
	N         int
	Main      bool
	Votes     string
	Rule      string // "" when no rule ran, else "<rule id>=<outcome>"
	Pass      bool
	DecidedBy sciifdata.Decider
}

type gotConstraint struct {
	ID          string
	Points      []gotPoint
	Strict      bool
	Loose       bool
	JudgeStrict []bool
	JudgeLoose  []bool
	Overridden  int
}

func summarize(cv sciifdata.ConstraintVerdict) gotConstraint {
	g := gotConstraint{ID: cv.ID, Strict: cv.Strict, Loose: cv.Loose, JudgeStrict: cv.JudgeStrict, JudgeLoose: cv.JudgeLoose, Overridden: cv.Overridden}
	for _, p := range cv.Points {
		gp := gotPoint{N: p.N, Main: p.Main, Pass: p.Pass, DecidedBy: p.DecidedBy}
		for _, v := range p.Votes {
			switch {
			case v.Missing:
				gp.Votes += "-"
			case v.Yes:
				gp.Votes += "Y"
			default:
				gp.Votes += "N"
			}
		}
		if p.Rule != nil {
			gp.Rule = p.Rule.Rule + "=" + p.Rule.Outcome.String()
		}
		g.Points = append(g.Points, gp)
	}
	return g
}

// alphaPoints builds the expected points of constraint alpha from its
// votes, pass flags and deciders.
func alphaPoints(votes [3]string, pass [3]bool, by [3]sciifdata.Decider, rules [3]string) []gotPoint {
	main := [3]bool{true, true, false}
	var ps []gotPoint
	for i := range 3 {
		ps = append(ps, gotPoint{N: i + 1, Main: main[i], Votes: votes[i], Rule: rules[i], Pass: pass[i], DecidedBy: by[i]})
	}
	return ps
}

const (
	J = sciifdata.ByJudges
	R = sciifdata.ByRules
)

func TestRecordConstraintPolicy(t *testing.T) {
	noRule := [3]string{}
	tests := []struct {
		name, reason string
		judges       []string
		outputs      map[string]sciifdata.JudgeOutput
		noRules      bool
		rules        []verify.PointRule
		want         gotConstraint // the verdict on alpha
	}{
		{
			name:   "both judges yes on every point",
			reason: "a point passes when every judge says YES; Strict and Loose then both pass",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY"), "beta": audit("YY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY"), "beta": audit("YY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "one judge says no on a main point",
			reason: "two-of-two rule: a point fails unless both judges say YES, so one YES is not enough (Appendix A.1)",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"YN", "YY", "YY"}, [3]bool{false, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "the first judge says no and the second yes",
			reason: "two-of-two rule regardless of judge order: the NO of the first judge is not outvoted by the last YES",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YNY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{false, true}, JudgeLoose: []bool{false, true},
				Points: alphaPoints([3]string{"YY", "NY", "YY"}, [3]bool{true, false, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "one judge says no on the secondary point",
			reason: "Strict needs every point; Loose needs only the MAIN points, so a failed SECONDARY point passes Loose (Appendix A.5)",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYN")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: true, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YN"}, [3]bool{true, true, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "both judges say no on the secondary point only",
			reason: "SECONDARY points may fail without failing the constraint under Loose, but never under Strict",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYN")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYN")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: true, JudgeStrict: []bool{false, false}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "NN"}, [3]bool{true, true, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a main point fails while the secondary point passes",
			reason: "Loose still requires every MAIN point: passing the SECONDARY point does not make up for a MAIN one",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YNY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YNY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{false, false}, JudgeLoose: []bool{false, false},
				Points: alphaPoints([3]string{"YY", "NN", "YY"}, [3]bool{true, false, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a decided rule passes a point both judges failed",
			reason: "rules first: a rule that decides a point overrides the judges, and the override is counted (§3.5)",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r1", "alpha", 1, outcome.Pass)},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{false, false}, JudgeLoose: []bool{false, false}, Overridden: 1,
				Points: alphaPoints([3]string{"NN", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{R, J, J}, [3]string{"alpha/r1=pass", "", ""})},
		},
		{
			name:   "a decided rule fails a main point both judges passed",
			reason: "rules first: a rule's FAIL overrides two YES votes and fails the constraint under both policies",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r2", "alpha", 2, outcome.Fail)},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true}, Overridden: 1,
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, false, true}, [3]sciifdata.Decider{J, R, J}, [3]string{"", "alpha/r2=fail", ""})},
		},
		{
			name:   "a decided rule fails the secondary point both judges passed",
			reason: "a rule's FAIL on a SECONDARY point fails Strict only, the same split as for judges",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r3", "alpha", 3, outcome.Fail)},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true}, Overridden: 1,
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, false}, [3]sciifdata.Decider{J, J, R}, [3]string{"", "", "alpha/r3=fail"})},
		},
		{
			name:   "a decided rule passes a point the judges split on",
			reason: "the rule overrides the two-of-two verdict (FAIL here), not each judge: one override is counted",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r1", "alpha", 1, outcome.Pass)},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false}, Overridden: 1,
				Points: alphaPoints([3]string{"YN", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{R, J, J}, [3]string{"alpha/r1=pass", "", ""})},
		},
		{
			name:   "a decided rule that agrees with the judges",
			reason: "the rule still decides the point, but agreeing with the judges is not an override",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r1", "alpha", 1, outcome.Pass)},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{R, J, J}, [3]string{"alpha/r1=pass", "", ""})},
		},
		{
			name:   "an undecided rule falls back to judges who pass the point",
			reason: "judges as fallback: an undecided rule neither passes nor fails the point; the judges' YES stands",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r1", "alpha", 1, outcome.Undecided)},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{J, J, J}, [3]string{"alpha/r1=undecided", "", ""})},
		},
		{
			name:   "an undecided rule falls back to judges who split",
			reason: "judges as fallback: undecided never counts as a pass, the two-of-two verdict (FAIL) decides",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
			},
			rules: []verify.PointRule{rule("alpha/r1", "alpha", 1, outcome.Undecided)},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"YN", "YY", "YY"}, [3]bool{false, true, true}, [3]sciifdata.Decider{J, J, J}, [3]string{"alpha/r1=undecided", "", ""})},
		},
		{
			name:   "the first decided rule of a point wins over undecided ones",
			reason: "several rules may check one point; the first that decides is used, undecided ones before it are skipped",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			rules: []verify.PointRule{
				rule("alpha/unsure", "alpha", 2, outcome.Undecided),
				rule("alpha/fails", "alpha", 2, outcome.Fail),
				rule("alpha/passes", "alpha", 2, outcome.Pass),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true}, Overridden: 1,
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, false, true}, [3]sciifdata.Decider{J, R, J}, [3]string{"", "alpha/fails=fail", ""})},
		},
		{
			name:   "a rule of another constraint does not touch this one",
			reason: "rules are registered per constraint and point: beta's point 1 rule must not decide alpha's point 1",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			rules: []verify.PointRule{rule("beta/r1", "beta", 1, outcome.Fail)},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "no rules: a decided rule is not run",
			reason: "--no-rules scores with the judges alone, the paper's dual-judge protocol",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("NYN")}),
			},
			noRules: true,
			rules: []verify.PointRule{
				rule("alpha/r1", "alpha", 1, outcome.Pass),
				rule("alpha/r2", "alpha", 2, outcome.Fail),
				rule("alpha/r3", "alpha", 3, outcome.Pass),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{false, false}, JudgeLoose: []bool{false, false},
				Points: alphaPoints([3]string{"NN", "YY", "YN"}, [3]bool{false, true, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge listed in the metadata gave no output at all",
			reason: "missing evidence is NO: an absent judge counts as NO on every point, so nothing passes by judges",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"Y-", "Y-", "Y-"}, [3]bool{false, false, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge did not audit this constraint",
			reason: "missing evidence is NO: a judge output without this constraint's audit counts as NO on every point",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"beta": audit("YY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"Y-", "Y-", "Y-"}, [3]bool{false, false, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge's audit is unreadable",
			reason: "an unparseable output gives no verdict, and a missing verdict counts as NO",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": "All three points look fine to me.\nPOINT_1: PASS"}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"Y-", "Y-", "Y-"}, [3]bool{false, false, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge left out the secondary point's line",
			reason: "a missing point line is NO for that point only: Strict fails, Loose (MAIN points) still passes",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YY-")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: true, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "Y-"}, [3]bool{true, true, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge gives one point two different verdicts",
			reason: "a contradictory output gives no verdict for that point, which counts as NO",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": "POINT_1: YES\nPOINT_1: NO\nPOINT_2: YES\nPOINT_3: YES"}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"Y-", "YY", "YY"}, [3]bool{false, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "the judges' OVERALL YES is not trusted",
			reason: "constraint verdicts are recomputed from the points: OVERALL: YES over a failed MAIN point does not pass",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("NYY") + "OVERALL: YES\n"}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("NYY") + "OVERALL: YES\n"}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{false, false}, JudgeLoose: []bool{false, false},
				Points: alphaPoints([3]string{"NN", "YY", "YY"}, [3]bool{false, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "the judges' OVERALL NO is not trusted either",
			reason: "constraint verdicts are recomputed from the points: OVERALL: NO over all-YES points still passes",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY") + "OVERALL: NO\n"}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY") + "OVERALL: NO\n"}),
			},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge not listed in the metadata cannot stand in for a listed one",
			reason: "the metadata fixes who judges: an extra judge's YES is ignored and the silent listed judge counts as NO",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j3": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"Y-", "Y-", "Y-"}, [3]bool{false, false, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "a judge not listed in the metadata cannot veto",
			reason: "the metadata fixes who judges: an extra judge's NO is ignored too",
			judges: []string{"j1", "j2"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j0": out("CORRECT: NO", map[string]string{"alpha": audit("NNN")}),
			},
			want: gotConstraint{ID: "alpha", Strict: true, Loose: true, JudgeStrict: []bool{true, true}, JudgeLoose: []bool{true, true},
				Points: alphaPoints([3]string{"YY", "YY", "YY"}, [3]bool{true, true, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "votes follow the metadata order of the judges",
			reason: "JudgeStrict, JudgeLoose and each point's votes are per judge in metadata order, not name order",
			judges: []string{"zeta", "alef"},
			outputs: map[string]sciifdata.JudgeOutput{
				"zeta": out("CORRECT: YES", map[string]string{"alpha": audit("YYN")}),
				"alef": out("CORRECT: YES", map[string]string{"alpha": audit("NYY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{false, false}, JudgeLoose: []bool{true, false},
				Points: alphaPoints([3]string{"YN", "YY", "NY"}, [3]bool{false, true, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "three judges must all say yes",
			reason: "the agreement rule is all of the listed judges, not a majority: two YES of three still fail",
			judges: []string{"j1", "j2", "j3"},
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
				"j3": out("CORRECT: YES", map[string]string{"alpha": audit("YNY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{true, true, false}, JudgeLoose: []bool{true, true, false},
				Points: alphaPoints([3]string{"YYY", "YYN", "YYY"}, [3]bool{true, false, true}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
		{
			name:   "no judges listed",
			reason: "with no judge there is no YES: nothing passes by judges (an empty vote is not a pass)",
			judges: nil,
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY")}),
			},
			want: gotConstraint{ID: "alpha", Strict: false, Loose: false, JudgeStrict: []bool{}, JudgeLoose: []bool{},
				Points: alphaPoints([3]string{"", "", ""}, [3]bool{false, false, false}, [3]sciifdata.Decider{J, J, J}, noRule)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verify.New(testBench(), verify.Options{NoRules: tt.noRules, Rules: verify.Rules{Points: tt.rules}})
			item := testItem()
			got, _ := v.Record(context.Background(), &item, testSub(tt.judges...), record("We find x = 42 J.", tt.outputs))
			if len(got.Constraints) != 2 {
				t.Fatalf("got %d constraint verdicts, want 2 (one per enabled constraint)", len(got.Constraints))
			}
			if diff := cmp.Diff(tt.want, summarize(got.Constraints[0])); diff != "" {
				t.Errorf("%s\nalpha verdict mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestRecordSecondaryFirst uses beta, whose SECONDARY point comes first, so
// that a policy keyed on point position instead of the Main flag fails.
func TestRecordSecondaryFirst(t *testing.T) {
	tests := []struct {
		name, reason string
		j1, j2       string
		wantStrict   bool
		wantLoose    bool
	}{
		{name: "secondary point 1 fails", reason: "Loose ignores a failed SECONDARY point wherever it sits", j1: "NY", j2: "YY", wantStrict: false, wantLoose: true},
		{name: "main point 2 fails", reason: "Loose requires the MAIN point even when it is not point 1", j1: "YY", j2: "YN", wantStrict: false, wantLoose: false},
		{name: "every point passes", reason: "Strict passes when every point passes", j1: "YY", j2: "YY", wantStrict: true, wantLoose: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verify.New(testBench(), verify.Options{})
			item := testItem()
			got, _ := v.Record(context.Background(), &item, testSub("j1", "j2"), record("x", map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY"), "beta": audit(tt.j1)}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYY"), "beta": audit(tt.j2)}),
			}))
			beta := got.Constraints[1]
			if beta.ID != "beta" {
				t.Fatalf("second constraint verdict is %q, want beta (item order)", beta.ID)
			}
			gotPol := [2]bool{beta.Strict, beta.Loose}
			if diff := cmp.Diff([2]bool{tt.wantStrict, tt.wantLoose}, gotPol); diff != "" {
				t.Errorf("%s\n[Strict Loose] mismatch (-want +got):\n%s", tt.reason, diff)
			}
			for _, p := range []board.Policy{board.Strict, board.Loose} {
				// alpha passes throughout, so item compliance is beta's verdict.
				if got, want := got.Compliant(p), beta.Pass(p); got != want {
					t.Errorf("Compliant(%s) = %v, want %v (the AND over enabled constraints)", p, got, want)
				}
			}
		})
	}
}

func TestRecordCorrectness(t *testing.T) {
	type gotCorrect struct {
		Correct   bool
		CorrectBy sciifdata.Decider
		Votes     []sciifdata.Vote
		Rule      *sciifdata.RuleVerdict
		Extracted string
	}
	fixed := func(o outcome.Outcome, id string) verify.CorrectnessRule {
		return func(context.Context, *sciifdata.Item, *verify.Answer) sciifdata.RuleVerdict {
			return sciifdata.RuleVerdict{Outcome: o, Rule: id, Reason: "fixed"}
		}
	}
	extract := func(s string) (string, bool) {
		i := strings.Index(s, "x = ")
		if i < 0 {
			return "", false
		}
		return s[i+len("x = "):], true
	}
	yes := sciifdata.Vote{Judge: "j1", Yes: true}
	tests := []struct {
		name, reason string
		judges       []string
		correct      map[string]string // judge → correctness output; absent judge has no output
		noRules      bool
		rules        verify.Rules
		want         gotCorrect
	}{
		{
			name:    "both judges say correct",
			reason:  "correctness by judges passes when every judge says YES",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: YES - same value"},
			want: gotCorrect{Correct: true, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Yes: true, Reason: "same value"}}},
		},
		{
			name:    "one judge says incorrect",
			reason:  "two-of-two rule for correctness: one YES is not enough",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: NO\nREASON: wrong sign"},
			want: gotCorrect{Correct: false, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Yes: false, Reason: "wrong sign"}}},
		},
		{
			name:    "a listed judge gave no output",
			reason:  "an absent judge is a missing vote, which counts as NO",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES"},
			want: gotCorrect{Correct: false, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Missing: true}}},
		},
		{
			name:    "a judge's correctness output has no verdict",
			reason:  "an unparseable correctness output is a missing vote, which counts as NO",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "Looks right."},
			want: gotCorrect{Correct: false, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Missing: true}}},
		},
		{
			name:    "a decided rule passes what both judges failed",
			reason:  "rules first: a decided correctness rule overrides the judges",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: NO", "j2": "CORRECT: NO"},
			rules:   verify.Rules{Correctness: fixed(outcome.Pass, "equiv")},
			want: gotCorrect{Correct: true, CorrectBy: R,
				Votes: []sciifdata.Vote{{Judge: "j1"}, {Judge: "j2"}},
				Rule:  &sciifdata.RuleVerdict{Outcome: outcome.Pass, Rule: "equiv", Reason: "fixed"}},
		},
		{
			name:    "a decided rule fails what both judges passed",
			reason:  "rules first: a decided FAIL overrides two YES votes",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: YES"},
			rules:   verify.Rules{Correctness: fixed(outcome.Fail, "equiv")},
			want: gotCorrect{Correct: false, CorrectBy: R,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Yes: true}},
				Rule:  &sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: "equiv", Reason: "fixed"}},
		},
		{
			name:    "an undecided rule falls back to the judges",
			reason:  "judges as fallback: an undecided rule is kept for the record but the judges decide",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: YES"},
			rules:   verify.Rules{Correctness: fixed(outcome.Undecided, "equiv")},
			want: gotCorrect{Correct: true, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Yes: true}},
				Rule:  &sciifdata.RuleVerdict{Outcome: outcome.Undecided, Rule: "equiv", Reason: "fixed"}},
		},
		{
			name:    "an undecided rule falls back to judges who split",
			reason:  "undecided never counts as a pass: the judges' two-of-two FAIL stands",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: NO"},
			rules:   verify.Rules{Correctness: fixed(outcome.Undecided, "equiv")},
			want: gotCorrect{Correct: false, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2"}},
				Rule:  &sciifdata.RuleVerdict{Outcome: outcome.Undecided, Rule: "equiv", Reason: "fixed"}},
		},
		{
			name:    "an anonymous undecided rule is not recorded",
			reason:  "an undecided verdict without a rule id says nothing worth showing",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: YES"},
			rules:   verify.Rules{Correctness: fixed(outcome.Undecided, "")},
			want: gotCorrect{Correct: true, CorrectBy: J,
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Yes: true}}},
		},
		{
			name:    "the extracted final answer is kept",
			reason:  "the final-answer span the rules compared is part of the verdict",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: YES", "j2": "CORRECT: YES"},
			rules: verify.Rules{Extract: extract, Correctness: func(_ context.Context, _ *sciifdata.Item, a *verify.Answer) sciifdata.RuleVerdict {
				// The rule sees the extracted span.
				if a.HasFinal && a.Final == "42 J." && a.Text == "We find x = 42 J." {
					return sciifdata.RuleVerdict{Outcome: outcome.Pass, Rule: "sees-final"}
				}
				return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: "sees-final", Reason: fmt.Sprintf("final %q %v", a.Final, a.HasFinal)}
			}},
			want: gotCorrect{Correct: true, CorrectBy: R, Extracted: "42 J.",
				Votes: []sciifdata.Vote{yes, {Judge: "j2", Yes: true}},
				Rule:  &sciifdata.RuleVerdict{Outcome: outcome.Pass, Rule: "sees-final"}},
		},
		{
			name:    "no rules: the correctness rule and the extractor are not run",
			reason:  "--no-rules scores correctness with the judges alone",
			judges:  []string{"j1", "j2"},
			correct: map[string]string{"j1": "CORRECT: NO", "j2": "CORRECT: NO"},
			noRules: true,
			rules:   verify.Rules{Extract: extract, Correctness: fixed(outcome.Pass, "equiv")},
			want: gotCorrect{Correct: false, CorrectBy: J,
				Votes: []sciifdata.Vote{{Judge: "j1"}, {Judge: "j2"}}},
		},
		{
			name:    "no judges listed",
			reason:  "with no judge there is no YES: correctness by judges fails",
			judges:  nil,
			correct: map[string]string{"j1": "CORRECT: YES"},
			want:    gotCorrect{Correct: false, CorrectBy: J, Votes: []sciifdata.Vote{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verify.New(testBench(), verify.Options{NoRules: tt.noRules, Rules: tt.rules})
			outputs := map[string]sciifdata.JudgeOutput{}
			for name, c := range tt.correct {
				outputs[name] = out(c, map[string]string{"alpha": audit("YYY"), "beta": audit("YY")})
			}
			item := testItem()
			got, _ := v.Record(context.Background(), &item, testSub(tt.judges...), record("We find x = 42 J.", outputs))
			g := gotCorrect{Correct: got.Correct, CorrectBy: got.CorrectBy, Votes: got.CorrectVotes, Rule: got.CorrectRule, Extracted: got.Extracted}
			if diff := cmp.Diff(tt.want, g); diff != "" {
				t.Errorf("%s\ncorrectness mismatch (-want +got):\n%s", tt.reason, diff)
			}
			if !got.Answered || got.Item != "it-1" {
				t.Errorf("Answered, Item = %v, %q; want true, %q", got.Answered, got.Item, "it-1")
			}
		})
	}
}

// TestRecordCorrectnessIsIndependent checks the two axes are separate: a
// correctness verdict does not depend on compliance and vice versa.
func TestRecordCorrectnessIsIndependent(t *testing.T) {
	tests := []struct {
		name, reason  string
		correct       string
		alpha         string
		wantCorrect   bool
		wantCompliant bool
	}{
		{name: "correct but non-compliant", reason: "failing a constraint does not make a correct answer incorrect (§3.4)", correct: "CORRECT: YES", alpha: "NNN", wantCorrect: true, wantCompliant: false},
		{name: "compliant but incorrect", reason: "an incorrect answer can still be compliant (§3.4)", correct: "CORRECT: NO", alpha: "YYY", wantCorrect: false, wantCompliant: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verify.New(testBench(), verify.Options{})
			item := testItem()
			o := out(tt.correct, map[string]string{"alpha": audit(tt.alpha), "beta": audit("YY")})
			got, _ := v.Record(context.Background(), &item, testSub("j1", "j2"), record("x", map[string]sciifdata.JudgeOutput{"j1": o, "j2": o}))
			if got.Correct != tt.wantCorrect {
				t.Errorf("%s\nCorrect = %v, want %v", tt.reason, got.Correct, tt.wantCorrect)
			}
			for _, p := range board.Policies {
				if got.Compliant(p) != tt.wantCompliant {
					t.Errorf("%s\nCompliant(%s) = %v, want %v", tt.reason, p, got.Compliant(p), tt.wantCompliant)
				}
			}
		})
	}
}

func TestRecordDiagnostics(t *testing.T) {
	const file, line = "results/model-a/responses.jsonl", 7
	at := func(constraint, judge, field, code, msg string) board.Diagnostic {
		return board.Diagnostic{File: file, Line: line, Item: "it-1", Constraint: constraint, Judge: judge, Field: field, Code: code, Msg: msg}
	}
	clean := map[string]string{"alpha": audit("YYY"), "beta": audit("YY")}
	tests := []struct {
		name, reason string
		response     string
		outputs      map[string]sciifdata.JudgeOutput
		want         []board.Diagnostic
	}{
		{
			name:     "a clean record",
			reason:   "well-formed outputs from every listed judge produce no diagnostics",
			response: "x = 42 J",
			outputs:  map[string]sciifdata.JudgeOutput{"j1": out("CORRECT: YES", clean), "j2": out("CORRECT: NO", clean)},
			want:     nil,
		},
		{
			name:     "an empty response",
			reason:   "an empty response is reported but still scored",
			response: " \n\t",
			outputs:  map[string]sciifdata.JudgeOutput{"j1": out("CORRECT: YES", clean), "j2": out("CORRECT: YES", clean)},
			want:     []board.Diagnostic{at("", "", "", verify.CodeEmptyResponse, "empty response")},
		},
		{
			name:     "a judge gave no output",
			reason:   "an absent listed judge is reported once, not once per constraint",
			response: "x",
			outputs:  map[string]sciifdata.JudgeOutput{"j1": out("CORRECT: YES", clean)},
			want:     []board.Diagnostic{at("", "j2", "", verify.CodeNoOutput, "no output from this judge (counts as NO)")},
		},
		{
			name:     "judges not listed in the metadata",
			reason:   "extra judges are reported in name order and their outputs ignored",
			response: "x",
			outputs: map[string]sciifdata.JudgeOutput{"j1": out("CORRECT: YES", clean), "j2": out("CORRECT: YES", clean),
				"zz": out("", nil), "aa": out("", nil)},
			want: []board.Diagnostic{
				at("", "aa", "", verify.CodeUnlisted, "judge not listed in metadata.yaml; its output is ignored"),
				at("", "zz", "", verify.CodeUnlisted, "judge not listed in metadata.yaml; its output is ignored"),
			},
		},
		{
			name:     "an audit of a constraint the item does not enable",
			reason:   "outputs for constraints not enabled are reported and ignored",
			response: "x",
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY"), "beta": audit("YY"), "gamma": audit("Y")}),
				"j2": out("CORRECT: YES", clean)},
			want: []board.Diagnostic{at("gamma", "j1", "", verify.CodeNotEnabled, "constraint not enabled for this item; output ignored")},
		},
		{
			name:     "a judge skipped a constraint",
			reason:   "a missing audit is reported per constraint and judge",
			response: "x",
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", clean),
				"j2": out("CORRECT: YES", map[string]string{"beta": audit("YY")})},
			want: []board.Diagnostic{at("alpha", "j2", "", verify.CodeNoAudit, "no audit of this constraint (counts as NO)")},
		},
		{
			name:     "problems in the judge outputs",
			reason:   "parser problems are reported with the constraint or the correctness field they come from",
			response: "x",
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("The answer is right.", clean),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YY"), "beta": ""})},
			want: []board.Diagnostic{
				at("", "j1", "correctness", judge.CodeNoCorrect, "no CORRECT line (counts as NO)"),
				at("alpha", "j2", "", judge.CodePointMissing, "point 3 missing (counts as NO)"),
				at("beta", "j2", "", judge.CodeEmpty, "empty output"),
			},
		},
		{
			name:     "an OVERALL line that contradicts the judge's points",
			reason:   "OVERALL is never trusted; when it matches neither the Strict nor the Loose reading of the points it is reported",
			response: "x",
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("NYY") + "OVERALL: YES\n", "beta": audit("YY") + "OVERALL: NO\n"}),
				"j2": out("CORRECT: YES", clean)},
			want: []board.Diagnostic{
				at("alpha", "j1", "", verify.CodeOverall, "the judge's OVERALL YES disagrees with its own points (recomputed from the points)"),
				at("beta", "j1", "", verify.CodeOverall, "the judge's OVERALL NO disagrees with its own points (recomputed from the points)"),
			},
		},
		{
			name:     "an OVERALL line that follows Strict or Loose",
			reason:   "a judge may have been run with either prompt: OVERALL YES over a failed SECONDARY point (Loose) and OVERALL NO (Strict) are both consistent",
			response: "x",
			outputs: map[string]sciifdata.JudgeOutput{
				"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYN") + "OVERALL: YES\n", "beta": audit("YY") + "OVERALL: YES\n"}),
				"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YYN") + "OVERALL: NO\n", "beta": audit("NY") + "OVERALL: NO\n"})},
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verify.New(testBench(), verify.Options{})
			item := testItem()
			_, got := v.Record(context.Background(), &item, testSub("j1", "j2"), record(tt.response, tt.outputs))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s\ndiagnostics mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestUnanswered(t *testing.T) {
	item := testItem()
	got := verify.Unanswered(&item)
	want := sciifdata.ItemVerdict{Item: "it-1", Answered: false, Correct: false, CorrectBy: sciifdata.ByJudges,
		Constraints: []sciifdata.ConstraintVerdict{{ID: "alpha"}, {ID: "beta"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("an item with no record is incorrect and fails every enabled constraint (-want +got):\n%s", diff)
	}
	for _, p := range board.Policies {
		if got.Compliant(p) {
			t.Errorf("Compliant(%s) = true, want false: an unanswered item is never compliant", p)
		}
		for _, c := range got.Constraints {
			if c.Pass(p) {
				t.Errorf("constraint %s passes under %s, want fail: an unanswered item fails every constraint", c.ID, p)
			}
		}
	}
}

// TestRecordBuiltinCatalogSplit runs the demo benchmark's items with the
// built-in catalog: judges who pass exactly the MAIN points make every item
// Loose-compliant, and Strict-compliant only where no enabled constraint has
// a SECONDARY point.
func TestRecordBuiltinCatalogSplit(t *testing.T) {
	bench, err := ingest.Benchmark(filepath.Join("..", "..", "..", "..", "..", "benchmarks", "sciif"))
	if err != nil {
		t.Fatal(err)
	}
	if bench.CatalogSource != "built-in" {
		t.Fatalf("catalog source = %q, want built-in", bench.CatalogSource)
	}
	v := verify.New(bench, verify.Options{NoRules: true})
	sub := testSub("j1", "j2")
	var sawStrictFail bool
	for i := range bench.Items {
		item := &bench.Items[i]
		audits := map[string]string{}
		wantStrict := true
		for _, cid := range item.Constraints {
			c, ok := bench.Catalog.Lookup(cid)
			if !ok {
				t.Fatalf("item %s: constraint %q not in the catalog", item.ID, cid)
			}
			var b strings.Builder
			for _, p := range c.Points {
				if p.Main {
					b.WriteByte('Y')
				} else {
					b.WriteByte('N')
					wantStrict = false
				}
			}
			audits[cid] = audit(b.String())
		}
		o := out("CORRECT: YES", audits)
		got, diags := v.Record(context.Background(), item, sub, &sciifdata.Record{ID: item.ID, Response: "answer", Judges: map[string]sciifdata.JudgeOutput{"j1": o, "j2": o}})
		if len(diags) > 0 {
			t.Errorf("item %s: unexpected diagnostics %v", item.ID, diags)
		}
		if !got.Compliant(board.Loose) {
			t.Errorf("item %s: not Loose-compliant although every MAIN point passed", item.ID)
		}
		if got.Compliant(board.Strict) != wantStrict {
			t.Errorf("item %s (constraints %v): Strict-compliant = %v, want %v", item.ID, item.Constraints, got.Compliant(board.Strict), wantStrict)
		}
		if !wantStrict {
			sawStrictFail = true
		}
	}
	if !sawStrictFail {
		t.Error("the demo benchmark exercised no SECONDARY point; the test checks nothing about Loose")
	}
}

// TestRecordConcurrent checks that one Verifier serves many goroutines, as
// the pipeline uses it, and gives each the same verdict (run with -race).
func TestRecordConcurrent(t *testing.T) {
	v := verify.New(testBench(), verify.Options{Rules: verify.Rules{
		Extract: func(s string) (string, bool) { return s, true },
		Correctness: func(_ context.Context, _ *sciifdata.Item, a *verify.Answer) sciifdata.RuleVerdict {
			a.Lower()
			return sciifdata.RuleVerdict{Outcome: outcome.Undecided, Rule: "c"}
		},
		Points: []verify.PointRule{rule("alpha/r3", "alpha", 3, outcome.Fail)},
	}})
	item := testItem()
	rec := record("X = 42 J", map[string]sciifdata.JudgeOutput{
		"j1": out("CORRECT: YES", map[string]string{"alpha": audit("YYY"), "beta": audit("NY")}),
		"j2": out("CORRECT: YES", map[string]string{"alpha": audit("YNY")}),
	})
	want, wantDiags := v.Record(context.Background(), &item, testSub("j1", "j2"), rec)
	var wg sync.WaitGroup
	got := make([]sciifdata.ItemVerdict, 16)
	gotDiags := make([][]board.Diagnostic, 16)
	for i := range got {
		wg.Go(func() {
			got[i], gotDiags[i] = v.Record(context.Background(), &item, testSub("j1", "j2"), rec)
		})
	}
	wg.Wait()
	for i := range got {
		if diff := cmp.Diff(want, got[i]); diff != "" {
			t.Fatalf("run %d: verdict differs from a sequential run (-want +got):\n%s", i, diff)
		}
		if diff := cmp.Diff(wantDiags, gotDiags[i]); diff != "" {
			t.Fatalf("run %d: diagnostics differ from a sequential run (-want +got):\n%s", i, diff)
		}
	}
}

func TestAnswerMemo(t *testing.T) {
	a := &verify.Answer{Text: "x"}
	calls := 0
	f := func() any { calls++; return calls }
	first := a.Memo("k", f)
	second := a.Memo("k", f)
	other := a.Memo("other", f)
	if diff := cmp.Diff([]any{1, 1, 2}, []any{first, second, other}); diff != "" {
		t.Errorf("Memo computes once per key and answer (-want +got):\n%s", diff)
	}
	if calls != 2 {
		t.Errorf("f called %d times, want 2", calls)
	}
}

func TestAnswerLower(t *testing.T) {
	tests := []struct {
		name, reason string
		text, want   string
	}{
		{name: "ascii", reason: "ASCII letters are lower-cased", text: "Newton's METHOD, 3 Steps", want: "newton's method, 3 steps"},
		{name: "non-ascii kept", reason: "only ASCII is folded, so byte offsets into Text stay valid", text: "ÄÉ Ω Kelvin", want: "ÄÉ Ω kelvin"},
		{name: "empty", reason: "an empty text stays empty", text: "", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &verify.Answer{Text: tt.text}
			got := a.Lower()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
			if len(got) != len(tt.text) {
				t.Errorf("len(Lower()) = %d, want %d (byte offsets kept)", len(got), len(tt.text))
			}
			if a.Text != tt.text {
				t.Errorf("Lower changed Text to %q", a.Text)
			}
		})
	}
}
