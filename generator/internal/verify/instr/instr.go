// Package instr defines verifiable-instruction checkers (IFEval, IFBench):
// small, stateless functions keyed by the official instruction ids, and the
// Strict and Loose evaluation of a response against a prompt's instructions.
//
// It also reads and writes the official file formats (prompts, responses,
// eval_results_*.jsonl, the accuracy report) and implements the evaluation
// command (Run), which readers of a combined IFEval + IFBench registry share.
//
// It is part of the verify stage. Only Run touches the file system; the
// readers and writers work on io.Reader and io.Writer. It holds no global
// mutable state.
package instr

import (
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
)

// Args are an instruction's keyword arguments as they appear in the official
// input files (kwargs): JSON numbers arrive as float64, lists as []any.
type Args map[string]any

// Result is a checker's verdict on one response: followed, not followed,
// or undecided (the checker cannot judge, for example because an argument
// is missing). Undecided never counts as followed, and is counted apart.
type Result struct {
	Followed bool
	// Undecided is set when the checker could not judge; Followed is then
	// false.
	Undecided bool
	// Reason says in plain words what was found and what was needed
	// ("found 3 bullet points, need exactly 4"), or why nothing could be
	// decided.
	Reason string
}

// Outcome is r as the one kind-neutral encoding: Pass when followed,
// Undecided when the checker could not judge, Fail otherwise.
func (r Result) Outcome() outcome.Outcome { return outcomeOf(r.Followed, r.Undecided) }

// outcomeOf encodes a verdict's Followed and Undecided as an Outcome.
func outcomeOf(followed, undecided bool) outcome.Outcome {
	switch {
	case followed:
		return outcome.Pass
	case undecided:
		return outcome.Undecided
	}
	return outcome.Fail
}

// Checker verifies one instruction id. Check must be safe for concurrent use
// and must not keep state between calls: the prompt is passed because a few
// official instructions (repeat the prompt, for example) depend on it.
type Checker struct {
	// ID is the official instruction id, "group:name".
	ID string
	// Doc is one sentence describing what the instruction requires.
	Doc string
	// Takes lists, in the order of its signature, the keyword arguments
	// the official build_description of the instruction takes; AnyArg
	// stands for a **kwargs that takes any. A non-null argument of another
	// name is refused (CheckArgs), as Python raises TypeError on it.
	Takes []string
	Check func(prompt, response string, args Args) Result
	// Bind, when set, returns Check for the reference data d: a checker
	// whose official code looks words up in data that is not shipped
	// (syllapy's dictionary) uses it when a command was given it, and
	// its built-in estimate (Check) otherwise. Registry.With applies it.
	Bind func(d Data) func(prompt, response string, args Args) Result
}

// Data is the optional reference data a command loads for checkers that
// can use it (Checker.Bind). The zero value is none: every checker then
// uses its built-in estimate.
type Data struct {
	// Syllables is a syllable dictionary in syllapy's format, for
	// IFBench's words:odd_even_syllables.
	Syllables *syllables.Dictionary
}

// Undecided is the Result of a checker that cannot judge the response, for
// example because an argument is missing. It never counts as followed.
func Undecided(err error) Result {
	return Result{Undecided: true, Reason: err.Error()}
}
