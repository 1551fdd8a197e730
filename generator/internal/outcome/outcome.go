// Package outcome is the one kind-neutral encoding of a decision that may
// not be reached: Pass, Fail or Undecided. SciIF's rules decide with it,
// and the instruction checkers' verdicts (verify/instr's Result and
// InstructionResult, instrdata's Verdict) read as one through their
// Outcome method.
//
// It is a leaf package: it imports nothing and performs no I/O.
package outcome

// Outcome is what a deterministic check concluded. The zero Outcome is
// Undecided, so a verdict left unset never reads as a pass.
type Outcome int8

// Outcomes. Undecided is its own outcome and never counts as a pass. The
// values are part of the JSON of verdicts (a rule's "outcome"): they never
// change.
const (
	Undecided Outcome = iota
	Pass
	Fail
)

func (o Outcome) String() string {
	switch o {
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	}
	return "undecided"
}
