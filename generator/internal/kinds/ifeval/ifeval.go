// Package ifeval is the IFEval benchmark kind (Zhou et al., 2023): 25
// verifiable instructions checked by programs, scored as the official
// code does, under Strict and Loose, at prompt and instruction level.
package ifeval

import (
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// Kind is the IFEval benchmark kind.
var Kind = verifiable.New("ifeval", "prompts with verifiable instructions (IFEval's 25), checked by programs as the official code does", ifeval.Checkers)
