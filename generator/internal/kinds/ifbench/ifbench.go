// Package ifbench is the IFBench benchmark kind (Pyatkin et al., 2025): 58
// new verifiable instructions checked by programs, scored as the official
// code does, under Strict and Loose, at prompt and instruction level. Like
// the official registry, it also knows IFEval's 25 classic instructions.
package ifbench

import (
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
)

// Kind is the IFBench benchmark kind.
var Kind = verifiable.New("ifbench", "prompts with verifiable instructions (IFBench's 58), checked by programs as the official code does", ifbench.WithClassic)
