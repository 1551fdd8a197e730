package equiv

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCompareLogsAcidsAndSalts holds the binary logarithm (lb, ld), acids
// written from their acid end (HOOC) and acetate salts against formulas.
func TestCompareLogsAcidsAndSalts(t *testing.T) {
	cases := []struct {
		name   string
		reason string
		gold   string
		pred   string
		want   outcome
	}{
		{name: "binary log", reason: "lb is log2 (ISO 80000-2), not l·b", gold: "lb(8)", pred: "3", want: outcome{Equal, "numeric"}},
		{name: "binary log, German", reason: "ld is log2 too", gold: `\operatorname{ld}(8)`, pred: "3", want: outcome{Equal, "numeric"}},
		{name: "binary log differs", reason: "log2 8 is 3, not 4", gold: "lb(8)", pred: "4", want: outcome{NotEqual, "numeric"}},
		{name: "lb as a product", reason: "lb(h+1) may be l·b·(h+1): the binary-log reading decides no NotEqual between expressions", gold: "lb(h+1)", pred: "lbh + lb", want: outcome{Undecided, "expression"}},
		{name: "lb without parentheses", reason: "lb 8: a logarithm or pounds, never l·b·8", gold: "lb 8", pred: "3", want: outcome{Undecided, "expression"}},
		{name: "pounds", reason: "lb after a number stays the pound", gold: "5 lb", pred: "2.268 kg", want: outcome{Equal, "unit"}},
		{name: "acid from its H", reason: "HOOC leads a carboxyl written from its hydrogen", gold: "CH3COOH", pred: "HOOCCH3", want: outcome{Equal, "formula"}},
		{name: "acid from its H, two ends", reason: "HOOCCH2COOH is malonic acid, not a peroxide (was not equal to (COOH)CH2COOH)", gold: "HOOCCH2COOH", pred: "(COOH)CH2COOH", want: outcome{Equal, "formula"}},
		{name: "acid from its H against an ester", reason: "acetic acid is not methyl formate", gold: "HOOCCH3", pred: "HCOOCH3", want: outcome{NotEqual, "formula"}},
		{name: "lactic acid from its H", reason: "was not equal: read as a peroxide", gold: "HOOCCH(OH)CH3", pred: "CH3CH(OH)COOH", want: outcome{Equal, "formula"}},
		{name: "hydroperoxide", reason: "HOOCH3 has hydrogens on its carbon: methyl hydroperoxide, read as written", gold: "HOOCH3", pred: "CH3OOH", want: outcome{Equal, "formula"}},
		{name: "acetate salt", reason: "lead(II) acetate by charge balance, the ion written CH3COO", gold: "lead(II) acetate", pred: "Pb(CH3COO)2", want: outcome{Equal, "formula"}},
		{name: "acetate salt, OAc", reason: "OAc is acetate in a salt's formula", gold: "copper(II) acetate", pred: "Cu(OAc)2", want: outcome{Equal, "formula"}},
		{name: "acetate salt, wrong charge", reason: "lead(II) acetate has two acetates", gold: "lead(II) acetate", pred: "Pb(CH3COO)4", want: outcome{NotEqual, "formula"}},
		{name: "acetate salt, molecular formula", reason: "PbC4H6O4 proves the counts only: an isomer may share them", gold: "lead(II) acetate", pred: "PbC4H6O4", want: outcome{Undecided, "formula"}},
	}
	for _, tc := range cases {
		r := Compare(context.Background(), tc.gold, tc.pred, Options{})
		if diff := cmp.Diff(tc.want, outcome{r.Verdict, r.Rule}); diff != "" {
			t.Errorf("%s (%s): Compare(%q, %q) (-want +got):\n%s\nreason given: %s", tc.name, tc.reason, tc.gold, tc.pred, diff, r.Reason)
		}
	}
}

// TestCompareLogReadingsAndBoundaries holds the readings of a logarithm
// without a base (ln, log10 and log2), bases run into the name (lg2(8),
// log2 8, lg_2 8) and strict against non-strict inequalities, which
// differ only at a boundary.
func TestCompareLogReadingsAndBoundaries(t *testing.T) {
	cases := []struct {
		name   string
		reason string
		gold   string
		pred   string
		want   outcome
	}{
		{name: "log may be binary", reason: `\log 8 is 3 as log2 (computer science), 2.08 as ln, 0.90 as log10`, gold: `\log 8`, pred: "3", want: outcome{Undecided, "numeric"}},
		{name: "log may be decimal", reason: "log 100 is 2 as log10 only", gold: `\log 100`, pred: "2", want: outcome{Undecided, "numeric"}},
		{name: "log in no reading", reason: "log 8 is 2.08, 0.90 or 3: never 2", gold: `\log 8`, pred: "2", want: outcome{NotEqual, "numeric"}},
		{name: "log 2 may be 1", reason: "log2 2 is 1", gold: `\log 2`, pred: "1", want: outcome{Undecided, "numeric"}},
		{name: "log rule in every reading", reason: "log 16 = 4 log 2 whatever the base", gold: `\log 16`, pred: `4\log 2`, want: outcome{Equal, "numeric"}},
		{name: "ln has one reading", reason: "ln 8 is 2.08", gold: `\ln 8`, pred: "3", want: outcome{NotEqual, "numeric"}},
		{name: "log against log2", reason: "log x is log2 x in one reading only", gold: `\log x`, pred: `\log_2 x`, want: outcome{Undecided, "expression"}},
		{name: "lg2 with parentheses", reason: "lg2(8) is log2 8, never lg(2·8)", gold: "lg2(8)", pred: "3", want: outcome{Equal, "numeric"}},
		{name: "lg2 is not lg 16", reason: "lg 16 is 1.20 or 4, never 3 (was equal: read as lg(2·8))", gold: "lg2(8)", pred: "lg(16)", want: outcome{NotEqual, "numeric"}},
		{name: "log2 and a space", reason: "log2 8 is log2 of 8 (was ln 16)", gold: "log2 8", pred: "3", want: outcome{Equal, "numeric"}},
		{name: "lg2 and a space", reason: "lg2 8 is log2 of 8 (was lg 16)", gold: "lg2 8", pred: "3", want: outcome{Equal, "numeric"}},
		{name: "lg with a subscript base", reason: "lg_2 8 is log2 8", gold: "lg_2 8", pred: "3", want: outcome{Equal, "numeric"}},
		{name: "log10 and a space", reason: "log10 1000 is 3", gold: "log10 1000", pred: "3", want: outcome{Equal, "numeric"}},
		{name: "base run into the number", reason: "log28: log 28 or log2 8?", gold: "log28", pred: "3", want: outcome{Undecided, "parse"}},
		{name: "base run into a letter", reason: "log2x: log2 x or log 2x?", gold: "log2x", pred: `\log_2 x`, want: outcome{Undecided, "parse"}},
		{name: "log of 2 plus one", reason: "log2 + 1 is log(2) + 1: no argument after the space", gold: "log2 + 1", pred: `\log 2 + 1`, want: outcome{Equal, "numeric"}},
		{name: "no boundary, proved", reason: "x^2 + 1 is a square plus 1: both hold for every real x (was not equal)", gold: "x^2+1 > 0", pred: "x^2+1 >= 0", want: outcome{Equal, "relation"}},
		{name: "no boundary, proved apart", reason: "x^2 >= 0 and x^2 + 1 > 0 hold for every real x", gold: `x^2 \geq 0`, pred: "x^2 + 1 > 0", want: outcome{Equal, "relation"}},
		{name: "no boundary, exponential", reason: "e^x is positive: every real x", gold: "e^x > 0", pred: `e^x \geq 0`, want: outcome{Equal, "relation"}},
		{name: "no boundary, root of a positive", reason: "√(x^2+1) is defined and positive for every real x", gold: `\sqrt{x^2+1} > 0`, pred: `\sqrt{x^2+1} \geq 0`, want: outcome{Equal, "relation"}},
		{name: "no proof in two variables", reason: "x^2 + y^2 >= 0 holds at the origin alone: a boundary no scan along one variable finds", gold: "x^2 + y^2 > 0", pred: `x^2 + y^2 \geq 0`, want: outcome{Undecided, "relation"}},
		{name: "no boundary found, none proved", reason: "sin x is never -2, but no rule proves it: undecided", gold: `\sin x > -2`, pred: `\sin x \geq -2`, want: outcome{Undecided, "relation"}},
		{name: "a square touching 0", reason: "x^2 >= 0 holds at 0 and x^2 > 0 does not", gold: "x^2 > 0", pred: `x^2 \geq 0`, want: outcome{NotEqual, "relation"}},
		{name: "boundary at a root", reason: "x^3 - 2 >= 0 holds at ∛2, x^3 - 2 > 0 does not", gold: "x^3-2 > 0", pred: `x^3 - 2 \geq 0`, want: outcome{NotEqual, "relation"}},
		{name: "boundary, sides moved", reason: "x^3 > 2 against 2 <= x^3: the root ∛2 again", gold: "x^3 > 2", pred: `2 \leq x^3`, want: outcome{NotEqual, "relation"}},
		{name: "boundary on the grid", reason: "x^2 >= 4 holds at 2, x^2 > 4 does not", gold: "x^2 > 4", pred: `x^2 \geq 4`, want: outcome{NotEqual, "relation"}},
		{name: "a pole is no boundary", reason: "1/x > 0 and 1/x >= 0 are both x > 0 (was not equal)", gold: "1/x > 0", pred: `1/x \geq 0`, want: outcome{Undecided, "relation"}},
		{name: "set with a boundary", reason: "∛2 is in the second set only (was undecided)", gold: `\{x \mid x^3 > 2\}`, pred: `\{x \mid x^3 \geq 2\}`, want: outcome{NotEqual, "set_builder"}},
		{name: "set without a boundary", reason: "x^2 > -1 and x^2 >= -1 are every real (was undecided)", gold: `\{x \mid x^2 > -1\}`, pred: `\{x \mid x^2 \geq -1\}`, want: outcome{Equal, "set_builder"}},
		{name: "boundary in two variables", reason: "x + y >= 0 holds on the line x + y = 0", gold: "x + y > 0", pred: `x + y \geq 0`, want: outcome{NotEqual, "relation"}},
	}
	for _, tc := range cases {
		r := Compare(context.Background(), tc.gold, tc.pred, Options{})
		if diff := cmp.Diff(tc.want, outcome{r.Verdict, r.Rule}); diff != "" {
			t.Errorf("%s (%s): Compare(%q, %q) (-want +got):\n%s\nreason given: %s", tc.name, tc.reason, tc.gold, tc.pred, diff, r.Reason)
		}
	}
}
