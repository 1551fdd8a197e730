package equiv

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCompareDerivativesInside holds the reading of derivatives inside
// expressions: each derivative is one variable, the same in every
// notation, and what the reading does not fit is undecided, never algebra.
func TestCompareDerivativesInside(t *testing.T) {
	cases := []struct {
		name, reason string
		gold, pred   string
		want         outcome
	}{
		{name: "square of a quotient", reason: "(dy/dx)^2 is no (y/x)^2 nor xy: it was not equal to (\\frac{dy}{dx})^2", gold: "(dy/dx)^2", pred: `\left(\frac{dy}{dx}\right)^2`, want: outcome{Equal, "derivative"}},
		{name: "prime squared", reason: "y' takes the variable x from dy/dx", gold: "y'^2", pred: "(dy/dx)^2", want: outcome{Equal, "derivative"}},
		{name: "kinetic energy", reason: "Newton's dot is a derivative in t", gold: `\frac{1}{2}m\dot{x}^2`, pred: `\frac{m}{2}\left(\frac{dx}{dt}\right)^2`, want: outcome{Equal, "derivative"}},
		{name: "prime after a factor", reason: "my'' is m times y''", gold: "my'' + ky", pred: `ky + m\frac{d^2y}{dx^2}`, want: outcome{Equal, "derivative"}},
		{name: "prime written out", reason: `y^{\prime\prime} is y''`, gold: `y^{\prime\prime} + y`, pred: "y'' + y", want: outcome{Equal, "derivative"}},
		{name: "square against second derivative", reason: "the orders are other variables", gold: `\frac{d^2y}{dx^2}`, pred: "(dy/dx)^2", want: outcome{NotEqual, "derivative"}},
		{name: "square against double", reason: "(y')^2 and 2y' differ for some y", gold: "(dy/dx)^2", pred: `2\frac{dy}{dx}`, want: outcome{NotEqual, "derivative"}},
		{name: "ambiguous square", reason: "dy^2/dx^2 may be (dy)^2/(dx)^2 or a careless second derivative", gold: "(dy/dx)^2", pred: `\frac{dy^2}{dx^2}`, want: outcome{Undecided, "derivative"}},
		{name: "one side only", reason: "a derivative of an unnamed function against an expression is left to the judges", gold: "(dy/dx)^2", pred: "2x", want: outcome{Undecided, "derivative"}},
		{name: "inverse derivative", reason: "dy/dx times dx/dy is 1: they are no two free variables", gold: `\frac{dy}{dx} + y`, pred: `y + \frac{dx}{dy}`, want: outcome{Undecided, "derivative"}},
		{name: "argument", reason: "f'(x+1) is the derivative at x + 1, not a product", gold: "f'(x+1)^2", pred: "(f'(x+1))^2", want: outcome{Undecided, "parse"}},
		{name: "differential equation", reason: "an equation in derivatives compares up to a factor like any other", gold: "y'' + y = 0", pred: `\frac{d^2y}{dx^2} = -y`, want: outcome{Equal, "derivative"}},
		{name: "other differential equation", reason: "y' = 2x and y' = 2y are different equations", gold: `\frac{dy}{dx} = 2x`, pred: "y' = 2y", want: outcome{NotEqual, "derivative"}},
		{name: "transpose", reason: "A' on a capital may be a transpose: A'B and BA' are not products of numbers", gold: "A'B", pred: "BA'", want: outcome{Undecided, "parse"}},
		{name: "capital with its argument", reason: "F'(x) is a derivative", gold: "F'(x)^2", pred: "(F'(x))^2", want: outcome{Equal, "derivative"}},
		{name: "function applied", reason: "g(x) beside f'(x) is an application, not g times x", gold: "f'(x) g(x)", pred: "g(x) f'(x)", want: outcome{Undecided, "parse"}},
	}
	for _, tc := range cases {
		got := Compare(context.Background(), tc.gold, tc.pred, Options{})
		if diff := cmp.Diff(tc.want, outcome{got.Verdict, got.Rule}); diff != "" {
			t.Errorf("%s (%s): %q vs %q (-want +got):\n%s%s", tc.name, tc.reason, tc.gold, tc.pred, diff, got.Reason)
		}
	}
}
