// Package instrdata holds the domain types of the verifiable-instruction
// kinds (IFEval, IFBench, single- and multi-turn): a benchmark's prompts,
// each model's verdicts and accuracies under Strict and Loose, and the
// single-turn versus multi-turn gap.
//
// It is a leaf of kind verifiable: it imports only the standard library and
// the kind-neutral packages board and chat, and performs no I/O.
package instrdata

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/outcome"
)

// Board is the rescored board of a verifiable-instruction benchmark
// (IFEval, IFBench): its prompts and every model's verdicts under both
// modes. Strict checks the response as it is; Loose passes an instruction if
// any of the official eight variants of the response passes.
type Board struct {
	// Benchmark is "ifeval" or "ifbench".
	Benchmark string   `json:"benchmark"`
	Prompts   []Prompt `json:"prompts"`
	// Models are in board order: prompt-level Strict accuracy, then id.
	Models []Model `json:"models"`
	// Gap, on a multi-turn board paired with a single-turn one, compares
	// per instruction id how each model follows an instruction given late
	// (multi-turn) and given with the request (single-turn).
	Gap *Gap `json:"gap,omitempty"`
	// SyllableDictionary names the syllable dictionary the checkers
	// looked words up in ("sha256:<hex>", kind.Options.Syllables), when a
	// command gave one and the board's prompts carry an instruction that
	// uses it (IFBench's words:odd_even_syllables).
	SyllableDictionary string `json:"syllable_dictionary,omitempty"`
	// Syllables says the board's prompts carry such an instruction, so
	// that its pages say how syllables were counted, with a dictionary
	// or without.
	Syllables bool `json:"-"`
	// Skipped lists the problems of submissions left out as invalid.
	Skipped board.Problems `json:"-"`
}

// Prompt is one prompt of an instruction benchmark.
type Prompt struct {
	Key int64 `json:"key"`
	// Prompt is the text of the turn answered: the one user message, or a
	// conversation's last user turn (the constraint turn).
	Prompt string `json:"prompt"`
	// Messages is the whole conversation of a multi-turn prompt, ending
	// with the turn answered; nil for a single prompt.
	Messages     []chat.Message `json:"messages,omitempty"`
	Instructions []string       `json:"instructions"`
	// Kwargs holds each instruction's arguments, in the same order.
	Kwargs []map[string]any `json:"kwargs"`
}

// Model is one submission's results on an instruction benchmark.
type Model struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Answered int    `json:"answered"`
	Complete bool   `json:"complete"`
	Strict   Scores `json:"strict"`
	Loose    Scores `json:"loose"`
	// Results holds one entry per prompt, in prompt order.
	Results []Result `json:"-"`
}

// Scores are the accuracies of one model under one mode. Every
// denominator covers all prompts (or all their instructions): an unanswered
// prompt follows none of its instructions.
type Scores struct {
	// Rank is the model's rank by prompt-level accuracy: one plus the
	// number of models significantly better (package score's paired test).
	Rank int `json:"rank"`
	// Prompt is prompt-level accuracy: prompts whose every instruction is
	// followed.
	Prompt board.Rate `json:"prompt_level"`
	// Instruction is instruction-level accuracy: instructions followed.
	Instruction board.Rate `json:"instruction_level"`
	// ByInstruction and ByGroup are instruction-level, per id and per group
	// (the part of the id before ':').
	ByInstruction map[string]board.Rate `json:"by_instruction"`
	ByGroup       map[string]board.Rate `json:"by_group"`
	// ByCount is prompt-level accuracy by the number of instructions of the
	// prompt: the collapse curve.
	ByCount map[string]board.Rate `json:"by_count"`
	// Undecided counts the instructions of answered prompts that the
	// checkers could not judge; they count as not followed above.
	Undecided int `json:"undecided"`
}

// Result is one model's response to one prompt and its verdicts.
type Result struct {
	Answered bool
	Response string
	// Strict and Loose hold a verdict per instruction, in prompt order.
	Strict []Verdict
	Loose  []Verdict
}

// Verdict is a checker's verdict on one instruction.
type Verdict struct {
	ID       string `json:"id"`
	Followed bool   `json:"followed"`
	// Undecided is set when the checker could not judge (a missing or
	// malformed argument): not followed, and counted apart.
	Undecided bool   `json:"undecided,omitempty"`
	Reason    string `json:"reason"`
	// Variant names the Loose variant that passed ("" for the response as is).
	Variant string `json:"variant,omitempty"`
}

// Outcome is v as the one kind-neutral encoding: Pass when followed,
// Undecided when the checker could not judge, Fail otherwise.
func (v Verdict) Outcome() outcome.Outcome {
	switch {
	case v.Followed:
		return outcome.Pass
	case v.Undecided:
		return outcome.Undecided
	}
	return outcome.Fail
}

// Gap is the single-turn versus multi-turn comparison of a multi-turn
// instruction board: per model, the instruction ids it answered both ways
// (on the paired single-turn benchmark and on this one), under Strict.
type Gap struct {
	// Single names the single-turn benchmark compared with.
	Single string `json:"single"`
	// Models are in the board's order; a model without a valid
	// submission to Single is absent.
	Models []GapModel `json:"models"`
}

// GapModel is one model's gap.
type GapModel struct {
	ID string `json:"id"`
	// Instructions are the ids followed at least once asked both ways (an
	// answered prompt carrying the id on each benchmark), in id order.
	Instructions []GapRow `json:"instructions"`
	// Worse and Better count the ids whose multi-turn rate is below and
	// above the single-turn one; the others tie.
	Worse  int `json:"worse"`
	Better int `json:"better"`
	// MeanGap is the mean over the ids of multi-turn minus single-turn rate.
	MeanGap float64 `json:"mean_gap"`
	// P is the two-sided exact sign test of Worse against Better (ties
	// dropped): the paired test across instruction ids.
	P float64 `json:"p"`
}

// GapRow is one instruction id of a model's gap.
type GapRow struct {
	ID string `json:"id"`
	// Single and Multi count, over the answered prompts carrying the id,
	// the instructions followed (Strict) and the instructions.
	SingleFollowed int `json:"single_followed"`
	SingleTotal    int `json:"single_total"`
	MultiFollowed  int `json:"multi_followed"`
	MultiTotal     int `json:"multi_total"`
	// Gap is the multi-turn rate minus the single-turn rate.
	Gap float64 `json:"gap"`
}
