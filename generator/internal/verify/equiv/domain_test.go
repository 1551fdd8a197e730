package equiv

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCompareDomains holds the rule of domains: two sides that agree
// wherever both are defined are equal only when no point is found where
// one is defined and the other is not; an expression accepts a removable
// singularity (a divisor of one side alone vanishing), an equation, a
// labelled value and a relation do not.
func TestCompareDomains(t *testing.T) {
	cases := []struct {
		name, reason string
		gold, pred   string
		want         outcome
	}{
		{name: "equation with a hole", reason: "x^2/x = 0 has no solution, x = 0 has one", gold: "x^2/x = 0", pred: "x = 0", want: outcome{Undecided, "equation"}},
		{name: "equation with a hole reversed", reason: "the rule is symmetric", gold: "x = 0", pred: `\frac{x^2}{x} = 0`, want: outcome{Undecided, "equation"}},
		{name: "equation with a hole at 1", reason: "(x^2-1)/(x-1) = 0 has -1 only, x + 1 = 0 too, but they differ in where they are defined", gold: `\frac{x^2-1}{x-1} = 0`, pred: "x+1=0", want: outcome{Undecided, "equation"}},
		{name: "curve with a hole", reason: "a labelled value is a curve: y = (x^2-4)/(x-2) lacks the point (2, 4)", gold: `y = \frac{x^2-4}{x-2}`, pred: "y = x + 2", want: outcome{Undecided, "expression"}},
		{name: "curve on a half-line", reason: "y = (√x)^2 is defined for x >= 0 only", gold: `y = \sqrt{x}^2`, pred: "y = x", want: outcome{Undecided, "expression"}},
		{name: "square of a root", reason: "(√x)^2 is x for x >= 0 only", gold: `\sqrt{x}^2`, pred: "x", want: outcome{Undecided, "expression"}},
		{name: "log of a square", reason: "ln(x^2) is defined for negative x, 2 ln x is not", gold: `\ln(x^2)`, pred: `2\ln x`, want: outcome{Undecided, "expression"}},
		{name: "exp of a log", reason: "e^{ln x} is x for x > 0 only", gold: `e^{\ln x}`, pred: "x", want: outcome{Undecided, "expression"}},
		{name: "domain beyond the samples", reason: "(√(x+50))^2 is undefined below -50, found around the number 50", gold: `\sqrt{x+50}^2`, pred: "x+50", want: outcome{Undecided, "expression"}},
		{name: "arcsine", reason: "sin(arcsin x) is defined on [-1, 1] only", gold: `\sin(\arcsin x)`, pred: "x", want: outcome{Undecided, "expression"}},
		{name: "half power of a negative", reason: "x^{1/2} has no real value at x < 0 in any convention, so (x^{1/2})^2 is not x", gold: `(x^{1/2})^2`, pred: "x", want: outcome{Undecided, "expression"}},
		{name: "removable singularity", reason: "an expression's simplified form is accepted: x + 1 for (x^2-1)/(x-1)", gold: `\frac{x^2-1}{x-1}`, pred: "x+1", want: outcome{Equal, "expression"}},
		{name: "removable singularity reversed", reason: "the unsimplified form has the same values wherever it is defined", gold: "x+1", pred: `\frac{x^2-1}{x-1}`, want: outcome{Equal, "expression"}},
		{name: "removable at an irrational point", reason: "the root √2 of the divisor is found by bisection", gold: `\frac{x^2-2}{x-\sqrt{2}}`, pred: `x+\sqrt{2}`, want: outcome{Equal, "expression"}},
		{name: "removable in two variables", reason: "x - y vanishes on a line", gold: `\frac{x^2-y^2}{x-y}`, pred: "x+y", want: outcome{Equal, "expression"}},
		{name: "removable wrong value", reason: "a removable singularity does not hide a different value", gold: `\frac{x^2-1}{x-1}`, pred: "x-1", want: outcome{NotEqual, "expression"}},
		{name: "same guards", reason: "tan x and sin x / cos x are undefined at the same points", gold: `\tan x`, pred: `\frac{\sin x}{\cos x}`, want: outcome{Equal, "expression"}},
		{name: "same domain, other guards", reason: "√(x^2) and |x| are defined everywhere", gold: `\sqrt{x^2}`, pred: `\left|x\right|`, want: outcome{Equal, "expression"}},
		{name: "log of a square, absolute value", reason: "ln(x^2)/2 and ln|x| are defined for x ≠ 0 both", gold: `\frac{1}{2}\ln(x^2)`, pred: `\ln|x|`, want: outcome{Equal, "expression"}},
		{name: "shared double root", reason: "(x^3+x^2)/(x^2+2x+1) and x^2/(x+1) are both undefined at -1", gold: `\frac{x^3+x^2}{x^2+2x+1}`, pred: `\frac{x^2}{x+1}`, want: outcome{Equal, "expression"}},
		{name: "inequality with a hole, holding", reason: "(x^2-1)/(x-1) > 0 excludes 1, x > -1 holds there", gold: `\frac{x^2-1}{x-1} > 0`, pred: "x+1 > 0", want: outcome{NotEqual, "relation"}},
		{name: "inequality with a hole, not holding", reason: "x^2/x > 0 and x > 0 are both false at 0", gold: `\frac{x^2}{x} > 0`, pred: "x > 0", want: outcome{Equal, "relation"}},
		{name: "hole on the boundary", reason: "x^2/x >= 0 is x > 0: the point where >= would add 0 is where it is undefined", gold: `\frac{x^2}{x} \geq 0`, pred: "x > 0", want: outcome{Undecided, "relation"}},
		{name: "half power inequality", reason: "x^{1/2} < 1 is [0, 1), not x < 1", gold: "x < 1", pred: "x^{1/2} < 1", want: outcome{NotEqual, "relation"}},
		{name: "double root", reason: "(x^2-2)^2 touches zero at ±√2 without a change of sign: found as a minimum of its absolute value", gold: `\frac{(x^2-2)^2}{x^4-4x^2+4} > 0`, pred: "x^2 + 1 > 0", want: outcome{NotEqual, "relation"}},
		{name: "no root", reason: "x^2 + 1 has a minimum and no root: no point is undefined", gold: `\frac{x^2+1}{x^2+1} > 0`, pred: "x^2 + 1 > 0", want: outcome{Equal, "relation"}},
		{name: "hole on the boundary, exactly", reason: "at 1.37 the reference is undefined and the answer exactly at its limit: both fail, and both are x > 1.37", gold: `\frac{x^2-1.37^2}{x-1.37} > 2.74`, pred: "x + 1.37 > 2.74", want: outcome{Equal, "relation"}},
		{name: "hole on the boundary, by bisection", reason: "at √2, found by bisection, the answer is at its limit, where rounding may decide", gold: `\frac{x^2-2}{x-\sqrt{2}} > 2\sqrt{2}`, pred: `x + \sqrt{2} > 2\sqrt{2}`, want: outcome{Undecided, "relation"}},
	}
	for _, tc := range cases {
		got := Compare(context.Background(), tc.gold, tc.pred, Options{})
		if diff := cmp.Diff(tc.want, outcome{got.Verdict, got.Rule}); diff != "" {
			t.Errorf("%s (%s): %q vs %q (-want +got):\n%s%s", tc.name, tc.reason, tc.gold, tc.pred, diff, got.Reason)
		}
	}
}

// TestGuards checks the conditions read from a side.
func TestGuards(t *testing.T) {
	cases := []struct {
		name, expr string
		want       []string
	}{
		{name: "divisor factors", expr: `\frac{1}{2x(x-1)^2}`, want: []string{"0vx", "0-(vx,n1,)"}},
		{name: "negative power", expr: "x^{-2}", want: []string{"0vx"}},
		{name: "even root", expr: `\sqrt[4]{x}`, want: []string{"1vx"}},
		{name: "odd root", expr: `\sqrt[3]{x}`, want: nil},
		{name: "half power", expr: "x^{3/2}", want: []string{"1vx"}},
		{name: "third power", expr: "x^{1/3}", want: nil},
		{name: "logarithm", expr: `\ln(x+1)`, want: []string{"2+(vx,n1,)"}},
		{name: "tangent", expr: `\tan x`, want: []string{"0fcos(vx,)"}},
		{name: "constant divisor", expr: `\frac{x}{2}`, want: nil},
	}
	for _, tc := range cases {
		n, err := parseExpr(normalize(tc.expr))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		gs, err := (&cmpr{tol: DefaultTolerance()}).guards(n)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, g := range gs {
			got = append(got, g.key)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: guards of %q (-want +got):\n%s", tc.name, tc.expr, diff)
		}
	}
}
