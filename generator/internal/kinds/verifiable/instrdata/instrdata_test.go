package instrdata_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/outcome"
)

func TestVerdictOutcome(t *testing.T) {
	tests := []struct {
		name, reason string
		v            instrdata.Verdict
		want         outcome.Outcome
	}{
		{name: "followed", reason: "a followed instruction passes", v: instrdata.Verdict{Followed: true}, want: outcome.Pass},
		{name: "not followed", reason: "a judged, unfollowed instruction fails", v: instrdata.Verdict{}, want: outcome.Fail},
		{name: "undecided", reason: "a checker that cannot judge is undecided, never a pass", v: instrdata.Verdict{Undecided: true}, want: outcome.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.v.Outcome(); got != tt.want {
				t.Errorf("%s: Outcome() = %v, want %v", tt.reason, got, tt.want)
			}
		})
	}
}
