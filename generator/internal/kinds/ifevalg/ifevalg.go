// Package ifevalg is the IF-RLVR benchmark kind: prompts whose instructions
// come from open-instruct's IFEvalG registry (IFEval's 25 and the 29
// training constraints of Pyatkin et al., 2025), checked by programs as
// open-instruct checks them, under Strict and Loose, at prompt and
// instruction level. Its reward takes the labels of open-instruct's
// IF-RLVR data (IF_multi_constraints_upto5's ground_truth).
package ifevalg

import (
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifevalg"
)

// Kind is the IF-RLVR (IFEvalG) benchmark kind.
var Kind = verifiable.New("ifevalg", "prompts with open-instruct's IF-RLVR instructions (IFEvalG: IFEval's 25 and 29 training constraints), checked by programs as open-instruct does", ifevalg.Checkers)
