package rules

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// TestVerdictsIgnoreDeadline checks that the rules give the same verdicts
// under a context whose deadline has passed as under none: two builds of
// the same board must agree however busy the machine is.
func TestVerdictsIgnoreDeadline(t *testing.T) {
	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	cases := []struct {
		ref, typ, response string
	}{
		{"(x+1)^2", "expression", "Expanding, the answer is $x^2+2x+1$."},
		{"3.52e4 J/mol", "numeric", "Final Answer: 35.2 kJ/mol"},
		{"12.5 kPa", "", "So the pressure is \\boxed{12.5}."},
		{"1", "", "We verify the boundary condition: $2 \\times 3 + 1 = 8$. The gas constant is 8.0 J/(mol K). Final Answer: 1"},
	}
	for _, tc := range cases {
		it := item(tc.ref, tc.typ)
		var want, got []sciifdata.RuleVerdict
		want = append(want, Correctness(context.Background(), it, answer(tc.response)))
		got = append(got, Correctness(expired, it, answer(tc.response)))
		for _, p := range Points() {
			want = append(want, p.Check(context.Background(), it, answer(tc.response)))
			got = append(got, p.Check(expired, it, answer(tc.response)))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q against %q: verdicts differ under an expired deadline (-none +expired):\n%s", tc.response, tc.ref, diff)
		}
	}
}
