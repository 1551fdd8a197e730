package rules

import (
	"context"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

func item(answer, typ string) *sciifdata.Item {
	return &sciifdata.Item{ID: "x", Reference: sciifdata.Reference{Answer: answer, Type: typ}}
}

// answer prepares a response the way verify does before calling rules.
func answer(response string) *verify.Answer {
	a := &verify.Answer{Text: response}
	a.Final, a.HasFinal = equiv.Extract(response)
	return a
}

func TestFinalUnit(t *testing.T) {
	tests := []struct {
		name, reason string
		ref, typ     string
		response     string
		want         outcome.Outcome
	}{
		{
			name: "bare number", reason: "the reference is in J/mol and the final answer has no unit",
			ref: "3.52e4 J/mol", response: "Plan: ...\n\nFinal Answer: $3.52 \\times 10^{4}$",
			want: outcome.Fail,
		},
		{
			name: "bare boxed number", reason: "a boxed bare number carries no unit either",
			ref: "12.5 kPa", response: "So the pressure is \\boxed{12.5}.",
			want: outcome.Fail,
		},
		{
			name: "named bare number", reason: "a symbol and approx sign before a bare number still carry no unit",
			ref: "1099 nm", response: "Final Answer: $\\lambda \\approx 1099$",
			want: outcome.Fail,
		},
		{
			name: "named number with unit after the math", reason: "the unit may follow the math span",
			ref: "1099 nm", response: "Final Answer: $\\lambda \\approx 1099$ nm",
			want: outcome.Undecided,
		},
		{
			name: "unit present", reason: "a unit of the right dimension leaves the point to the judges",
			ref: "3.52e4 J/mol", response: "Final Answer: $3.52 \\times 10^{4}\\ \\mathrm{J\\,mol^{-1}}$",
			want: outcome.Undecided,
		},
		{
			name: "converted unit", reason: "35.2 kJ/mol is the same quantity in another unit",
			ref: "3.52e4 J/mol", response: "Final Answer: 35.2 kJ/mol",
			want: outcome.Undecided,
		},
		{
			name: "wrong dimension", reason: "a length where an energy per amount is asked",
			ref: "3.52e4 J/mol", response: "Final Answer: 3.52 m",
			want: outcome.Fail,
		},
		{
			name: "unitless reference", reason: "nothing to check when the reference is a pure number",
			ref: "0.25", response: "Final Answer: 0.25",
			want: outcome.Undecided,
		},
		{
			name: "text reference", reason: "only numeric references are checked",
			ref: "The reaction is exothermic", typ: "text", response: "Final Answer: exothermic",
			want: outcome.Undecided,
		},
		{
			name: "no final answer", reason: "without an extracted answer the rule is silent",
			ref: "3.52e4 J/mol", response: "",
			want: outcome.Undecided,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := finalUnit(context.Background(), item(tt.ref, tt.typ), answer(tt.response))
			if got.Outcome != tt.want {
				t.Errorf("outcome = %v (%s), want %v: %s", got.Outcome, got.Reason, tt.want, tt.reason)
			}
			if got.Reason == "" {
				t.Error("every verdict needs a reason")
			}
		})
	}
}

func TestMethodNamed(t *testing.T) {
	tests := []struct {
		name, reason, response string
		want                   outcome.Outcome
	}{
		{"no method at all", "plain algebra names no algorithm", "Solving the quadratic gives x = 2.", outcome.Fail},
		{"newton", "a named algorithm leaves the point to the judges", "Using Newton's update x_{n+1} = x_n - f/f'.", outcome.Undecided},
		{"generic word", "'iteration' may introduce a method the judges can assess", "After the second iteration the value settles.", outcome.Undecided},
		{"runge kutta", "names with hyphens", "A fourth-order Runge–Kutta step with h = 0.1 s.", outcome.Undecided},
		{"least squares", "a fit is a numerical method too", "A least-squares fit of ln N against t gives the slope.", outcome.Undecided},
		{"regression", "so is a regression through the normal equations", "Regress C_t on log10 N; the normal equations give m.", outcome.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := methodNamed(context.Background(), nil, answer(tt.response)); got.Outcome != tt.want {
				t.Errorf("outcome = %v (%s), want %v: %s", got.Outcome, got.Reason, tt.want, tt.reason)
			}
		})
	}
}

func TestConstantValues(t *testing.T) {
	tests := []struct {
		name, reason, response string
		want                   outcome.Outcome
	}{
		{"right R", "8.314 J/(mol K) is the gas constant", "With the gas constant R = 8.314 J/(mol K), we get", outcome.Undecided},
		{"R in litre-atmospheres", "another unit system is not an error", "Take the gas constant R = 0.08206 L atm/(mol K); then", outcome.Undecided},
		{"rounded c", "3.00e8 m/s is a fine rounding", "The speed of light is 3.00 \\times 10^8 m/s, so", outcome.Undecided},
		{"wrong Boltzmann", "1.38e-22 is off by ten", "The Boltzmann constant k_B = 1.38 \\times 10^{-22} J/K enters", outcome.Fail},
		{"wrong bare Avogadro", "6.02e22 without a unit is still wrong", "Avogadro's number is 6.02e22; therefore", outcome.Fail},
		{"no constants", "nothing to check", "The answer follows from energy conservation.", outcome.Undecided},
		{"name without value", "a constant named but not stated", "The gas constant appears in the rate law.", outcome.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := constantValues(context.Background(), nil, answer(tt.response))
			if got.Outcome != tt.want {
				t.Errorf("outcome = %v (%s), want %v: %s", got.Outcome, got.Reason, tt.want, tt.reason)
			}
		})
	}
}

func TestCorrectness(t *testing.T) {
	tests := []struct {
		name, reason  string
		ref, typ, res string
		want          outcome.Outcome
	}{
		{"equal", "same value", "3.52e4 J/mol", "", "Final Answer: 35.2 kJ/mol", outcome.Pass},
		{"not equal", "off by a factor of ten", "3.52e4 J/mol", "", "Final Answer: 3.52 kJ/mol", outcome.Fail},
		{"text", "free-text references go to the judges", "It increases.", "text", "Final Answer: it increases", outcome.Undecided},
		{"unit omitted", "a right number without its unit is for the judges", "371.4 K", "", "Final Answer: $T \\approx 371.4$", outcome.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans := answer(tt.res)
			got := Correctness(context.Background(), item(tt.ref, tt.typ), ans)
			span := ans.Final
			if got.Outcome != tt.want {
				t.Errorf("outcome = %v (%s), want %v: %s", got.Outcome, got.Reason, tt.want, tt.reason)
			}
			if tt.want != outcome.Undecided && !strings.Contains(tt.res, span) {
				t.Errorf("extracted span %q is not part of the response", span)
			}
		})
	}
}

func TestRuleIDsAreUniqueAndDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Points() {
		if seen[r.ID] {
			t.Errorf("duplicate rule id %q", r.ID)
		}
		seen[r.ID] = true
		if !strings.HasPrefix(r.ID, r.Constraint+"/") || r.Doc == "" || r.Point < 1 || r.Check == nil {
			t.Errorf("rule %q must be named constraint/name, documented, and check a point", r.ID)
		}
	}
}

func TestSubstitutionArithmetic(t *testing.T) {
	tests := []struct {
		name, reason, response string
		want                   outcome.Outcome
	}{
		{"right check", "2·0.5 + 1 is 2", "Substituting $x = 0.5$: $2 \\times 0.5 + 1 = 2$, so the boundary condition is satisfied.", outcome.Undecided},
		{"false check", "the stated outcome disagrees with the arithmetic", "Check at the boundary: $2 \\times 0.5 + 1 = 3$, as required.", outcome.Fail},
		{"false but not a check", "arithmetic outside a reported check is not this point's business", "We find $2 \\times 0.5 + 1 = 3$ in the first step.", outcome.Undecided},
		{"rounded", "a rounded result within 1% is fine", "Verify: $\\frac{1}{3} = 0.333$ holds.", outcome.Undecided},
		{"symbols", "equations with symbols are for the judges", "Checking $y(0) = A + B = 0$ gives the condition.", outcome.Undecided},
		{"approximately", "an approximate claim is not an exact one", "Check: $22/7 \\approx 3.14$.", outcome.Undecided},
		{"chain", "only equalities whose left side is arithmetic are read: 12 = 13 has none", "Substitution gives $3 \\cdot 4 = 12 = 13$, so it is satisfied.", outcome.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := substitutionArithmetic(context.Background(), nil, answer(tt.response))
			if got.Outcome != tt.want {
				t.Errorf("outcome = %v (%s), want %v: %s", got.Outcome, got.Reason, tt.want, tt.reason)
			}
		})
	}
}

// TestFirstPhraseAsContains wants firstPhrase to find what testing each
// phrase with strings.Contains, in order, finds: phrases at either end,
// inside words, overlapping, hyphenated and out of order.
func TestFirstPhraseAsContains(t *testing.T) {
	if len(methodPhrases) > 64 {
		t.Fatalf("firstPhrase keeps a bit per phrase: %d phrases", len(methodPhrases))
	}
	contains := func(lower string) string {
		for _, p := range methodPhrases {
			if strings.Contains(lower, p) {
				return p
			}
		}
		return ""
	}
	texts := []string{"", " ", "-", "no method here", "the time is short", "finite", "difference"}
	for i, p := range methodPhrases {
		q := methodPhrases[(i*7+3)%len(methodPhrases)]
		texts = append(texts, p, "x"+p+"y", "we use "+q+" then "+p+".", p[:len(p)-1], p[1:],
			strings.Replace(p, " ", "  ", 1), strings.ToUpper(p), p+" "+p, "a-"+p+"-b")
	}
	texts = append(texts, "step-size-step size", "root root-finding", "time time step", "monte-monte carlo", "fixed fixed-point")
	for _, s := range texts {
		if got, want := firstPhrase(s), contains(s); got != want {
			t.Errorf("firstPhrase(%q) = %q, want %q", s, got, want)
		}
	}
}
