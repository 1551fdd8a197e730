// Package instr defines verifiable-instruction checkers (IFEval, IFBench):
// small, stateless functions keyed by the official instruction ids, and the
// Strict and Loose evaluation of a response against a prompt's instructions.
//
// It is part of the verify stage: it performs no I/O besides the JSONL
// readers and writers of the official formats, and holds no global state.
package instr

// Args are an instruction's keyword arguments as they appear in the official
// input files (kwargs): JSON numbers arrive as float64, lists as []any.
type Args map[string]any

// Result is a checker's verdict on one response.
type Result struct {
	Followed bool
	// Reason says in plain words what was found and what was needed
	// ("found 3 bullet points, need exactly 4").
	Reason string
}

// Checker verifies one instruction id. Check must be safe for concurrent use
// and must not keep state between calls: the prompt is passed because a few
// official instructions (repeat the prompt, for example) depend on it.
type Checker struct {
	// ID is the official instruction id, "group:name".
	ID string
	// Doc is one sentence describing what the instruction requires.
	Doc   string
	Check func(prompt, response string, args Args) Result
}
