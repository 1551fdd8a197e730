package outcome_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/outcome"
)

func TestOutcomeString(t *testing.T) {
	tests := []struct {
		name, reason string
		o            outcome.Outcome
		want         string
	}{
		{name: "pass", reason: "a rule's pass", o: outcome.Pass, want: "pass"},
		{name: "fail", reason: "a rule's fail", o: outcome.Fail, want: "fail"},
		{name: "undecided", reason: "undecided is its own outcome", o: outcome.Undecided, want: "undecided"},
		{name: "zero value", reason: "the zero Outcome is Undecided, so a verdict left unset never reads as a pass", o: outcome.Outcome(0), want: "undecided"},
		{name: "out of range", reason: "an unknown value reads as undecided, never as pass", o: outcome.Outcome(7), want: "undecided"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.o.String(); got != tt.want {
				t.Errorf("%s: String() = %q, want %q", tt.reason, got, tt.want)
			}
		})
	}
}

// The values are written into verdicts' JSON: they never change.
func TestOutcomeValuesAreStable(t *testing.T) {
	for o, want := range map[outcome.Outcome]int8{outcome.Undecided: 0, outcome.Pass: 1, outcome.Fail: 2} {
		if int8(o) != want {
			t.Errorf("%v = %d, want %d", o, int8(o), want)
		}
	}
}
