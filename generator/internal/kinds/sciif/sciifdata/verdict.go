package sciifdata

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/outcome"
)

// Decider names what decided a verdict.
type Decider string

// Deciders of a verdict.
const (
	ByJudges Decider = "judges"
	ByRules  Decider = "rules"
)

// RuleVerdict is the result of a deterministic check.
type RuleVerdict struct {
	Outcome outcome.Outcome `json:"outcome"`
	// Rule is the stable id of the rule that produced the verdict.
	Rule string `json:"rule"`
	// Reason explains the outcome to a reader.
	Reason string `json:"reason"`
	// Evidence is the span of the response the rule looked at, if any.
	Evidence string `json:"evidence,omitempty"`
}

// Vote is one judge's parsed verdict on one point or on correctness.
type Vote struct {
	Judge string `json:"judge"`
	Yes   bool   `json:"yes"`
	// Reason is the text the judge wrote after its verdict.
	Reason string `json:"reason,omitempty"`
	// Missing is set when the judge gave no usable verdict (absent, empty,
	// unparseable or contradictory output); Yes is then false.
	Missing bool `json:"missing,omitempty"`
}

// PointVerdict is the decision on one evidence point of one constraint.
type PointVerdict struct {
	N     int    `json:"n"`
	Main  bool   `json:"main"`
	Votes []Vote `json:"votes"`
	// Rule is the rule's verdict when a rule ran; nil otherwise.
	Rule *RuleVerdict `json:"rule,omitempty"`
	// Pass is the final decision.
	Pass      bool    `json:"pass"`
	DecidedBy Decider `json:"decided_by"`
}

// JudgesPass reports whether every judge said YES: the two-of-two rule.
func (p *PointVerdict) JudgesPass() bool {
	if len(p.Votes) == 0 {
		return false
	}
	for _, v := range p.Votes {
		if !v.Yes {
			return false
		}
	}
	return true
}

// ConstraintVerdict is the decision on one enabled constraint of an item.
type ConstraintVerdict struct {
	ID     string         `json:"id"`
	Points []PointVerdict `json:"points"`
	Strict bool           `json:"strict"`
	Loose  bool           `json:"loose"`
	// JudgeStrict holds, per judge in metadata order, whether that judge
	// alone passed every point: used to measure judge disagreement.
	JudgeStrict []bool `json:"judge_strict"`
	// JudgeLoose is the same under Loose (MAIN points only).
	JudgeLoose []bool `json:"judge_loose"`
	// Overridden counts points where a rule decided against the judges'
	// two-of-two verdict.
	Overridden int `json:"overridden,omitempty"`
}

// Pass returns the constraint's verdict under a policy.
func (c *ConstraintVerdict) Pass(p board.Policy) bool {
	if p == board.Loose {
		return c.Loose
	}
	return c.Strict
}

// ItemVerdict is the whole decision on one item of one submission.
type ItemVerdict struct {
	Item string `json:"item"`
	// Answered is false when the submission has no record for the item;
	// the item then counts as incorrect and non-compliant.
	Answered bool `json:"answered"`
	Correct  bool `json:"correct"`
	// CorrectBy says whether rules or judges decided correctness.
	CorrectBy    Decider      `json:"correct_by"`
	CorrectVotes []Vote       `json:"correct_votes"`
	CorrectRule  *RuleVerdict `json:"correct_rule,omitempty"`
	// Extracted is the final-answer span the rules compared, if any.
	Extracted   string              `json:"extracted,omitempty"`
	Constraints []ConstraintVerdict `json:"constraints"`
}

// Compliant reports whether every enabled constraint passes under p.
// An unanswered item is never compliant.
func (v *ItemVerdict) Compliant(p board.Policy) bool {
	if !v.Answered {
		return false
	}
	for i := range v.Constraints {
		if !v.Constraints[i].Pass(p) {
			return false
		}
	}
	return true
}

// Run is one submission after verification: what the site needs beyond
// the scores to show case studies.
type Run struct {
	Submission board.Submission
	// Verdicts holds one verdict per benchmark item, in benchmark order.
	Verdicts []ItemVerdict
	// Responses holds the response text per item, in benchmark order; ""
	// where the item was not answered.
	Responses []string
	// Diagnostics lists the non-fatal problems met while scoring.
	Diagnostics []board.Diagnostic
}
