package main

import (
	"context"
	"io"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

func runIFEval(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return instr.Run(ctx, args, stdout, stderr, "ifeval", ifeval.Checkers)
}

func runIFBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return instr.Run(ctx, args, stdout, stderr, "ifbench", ifbench.Checkers)
}
