package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/validate"
)

func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("validate", "[--benchmark DIR] [--results DIR] [--format text|json|markdown] PATH...", stderr)
	bench := fs.String("benchmark", "benchmarks/sciif", "benchmark folder holding items.jsonl (and optionally catalog.json)")
	results := fs.String("results", "results", "the current board: rank against its submissions and keep model names unique in it (\"\" for none)")
	format := fs.String("format", "text", "output format: text, json or markdown (a pull-request summary)")
	ifevalIn := fs.String("ifeval-input", "", "IFEval-format prompts the ifeval.jsonl files answer (default: as sciif build)")
	ifbenchIn := fs.String("ifbench-input", "", "IFBench prompts the ifbench.jsonl files answer (default: as sciif build)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "sciif validate: give at least one submission folder (results/<model-id>) or a results folder")
		fs.Usage()
		return 2
	}
	switch *format {
	case "text", "json", "markdown":
	default:
		fmt.Fprintf(stderr, "sciif validate: --format must be text, json or markdown, not %q\n", *format)
		return 2
	}
	b, err := ingest.Benchmark(*bench)
	if err != nil {
		printProblems(stderr, "validate", err)
		return 1
	}
	board := *results
	if board != "" {
		if fi, err := os.Stat(board); err != nil || !fi.IsDir() {
			board = "" // no board to rank against: rank among the folders given
		}
	}
	instrs, err := pipeline.LoadInstr(map[string]string{"ifeval": *ifevalIn, "ifbench": *ifbenchIn})
	if err != nil {
		printProblems(stderr, "validate", err)
		return 1
	}
	rep, err := validate.Run(ctx, validate.Expand(fs.Args()), validate.Options{Bench: b, Results: board, Rules: defaultRules(), Instr: instrs})
	if err != nil {
		fmt.Fprintln(stderr, "sciif validate:", err)
		return 1
	}
	switch *format {
	case "json":
		err = validate.WriteJSON(stdout, rep)
	case "markdown":
		err = validate.WriteMarkdown(stdout, rep)
	default:
		err = validate.WriteText(stdout, rep)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sciif validate:", err)
		return 1
	}
	if !rep.Valid {
		return 1
	}
	return 0
}
