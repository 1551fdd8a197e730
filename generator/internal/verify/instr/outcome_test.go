package instr_test

import (
	"errors"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

func TestResultOutcome(t *testing.T) {
	tests := []struct {
		name, reason string
		r            instr.Result
		want         outcome.Outcome
	}{
		{name: "followed", reason: "a followed instruction passes", r: instr.Result{Followed: true}, want: outcome.Pass},
		{name: "not followed", reason: "a judged, unfollowed instruction fails", r: instr.Result{}, want: outcome.Fail},
		{name: "undecided", reason: "a checker that cannot judge is undecided, never a pass", r: instr.Undecided(errors.New("missing argument")), want: outcome.Undecided},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Outcome(); got != tt.want {
				t.Errorf("%s: Outcome() = %v, want %v", tt.reason, got, tt.want)
			}
			ir := instr.InstructionResult{Followed: tt.r.Followed, Undecided: tt.r.Undecided}
			if got := ir.Outcome(); got != tt.want {
				t.Errorf("%s: InstructionResult.Outcome() = %v, want %v", tt.reason, got, tt.want)
			}
		})
	}
}
