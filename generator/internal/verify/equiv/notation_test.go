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
