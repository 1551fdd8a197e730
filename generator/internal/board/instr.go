package board

// InstrBoard is the rescored board of a verifiable-instruction benchmark
// (IFEval, IFBench): its prompts and every model's verdicts under both
// modes. Strict checks the response as it is; Loose passes an instruction if
// any of the official eight variants of the response passes.
type InstrBoard struct {
	// Benchmark is "ifeval" or "ifbench".
	Benchmark string        `json:"benchmark"`
	Prompts   []InstrPrompt `json:"prompts"`
	// Models are in board order: prompt-level Strict accuracy, then id.
	Models []InstrModel `json:"models"`
	// Skipped lists the problems of submissions left out as invalid.
	Skipped Problems `json:"-"`
}

// InstrPrompt is one prompt of an instruction benchmark.
type InstrPrompt struct {
	Key          int64    `json:"key"`
	Prompt       string   `json:"prompt"`
	Instructions []string `json:"instructions"`
	// Kwargs holds each instruction's arguments, in the same order.
	Kwargs []map[string]any `json:"kwargs"`
}

// InstrModel is one submission's results on an instruction benchmark.
type InstrModel struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Answered int         `json:"answered"`
	Complete bool        `json:"complete"`
	Strict   InstrScores `json:"strict"`
	Loose    InstrScores `json:"loose"`
	// Results holds one entry per prompt, in prompt order.
	Results []InstrResult `json:"-"`
}

// InstrScores are the accuracies of one model under one mode. Every
// denominator covers all prompts (or all their instructions): an unanswered
// prompt follows none of its instructions.
type InstrScores struct {
	// Rank is the model's rank by prompt-level accuracy: one plus the
	// number of models significantly better (package score's paired test).
	Rank int `json:"rank"`
	// Prompt is prompt-level accuracy: prompts whose every instruction is
	// followed.
	Prompt Rate `json:"prompt_level"`
	// Instruction is instruction-level accuracy: instructions followed.
	Instruction Rate `json:"instruction_level"`
	// ByInstruction and ByGroup are instruction-level, per id and per group
	// (the part of the id before ':').
	ByInstruction map[string]Rate `json:"by_instruction"`
	ByGroup       map[string]Rate `json:"by_group"`
	// ByCount is prompt-level accuracy by the number of instructions of the
	// prompt: the collapse curve.
	ByCount map[string]Rate `json:"by_count"`
	// Undecided counts the instructions of answered prompts that the
	// checkers could not judge; they count as not followed above.
	Undecided int `json:"undecided"`
}

// InstrResult is one model's response to one prompt and its verdicts.
type InstrResult struct {
	Answered bool
	Response string
	// Strict and Loose hold a verdict per instruction, in prompt order.
	Strict []InstrVerdict
	Loose  []InstrVerdict
}

// InstrVerdict is a checker's verdict on one instruction.
type InstrVerdict struct {
	ID       string `json:"id"`
	Followed bool   `json:"followed"`
	// Undecided is set when the checker could not judge (a missing or
	// malformed argument): not followed, and counted apart.
	Undecided bool   `json:"undecided,omitempty"`
	Reason    string `json:"reason"`
	// Variant names the Loose variant that passed ("" for the response as is).
	Variant string `json:"variant,omitempty"`
}
