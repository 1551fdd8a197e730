package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/publish"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("build", "[--benchmark DIR] [--results DIR] [--out DIR] [--no-rules] [--skip-invalid]", stderr)
	bench := fs.String("benchmark", "benchmarks/sciif", "benchmark folder holding items.jsonl (and optionally catalog.json)")
	results := fs.String("results", "results", "folder of submissions, one folder per model")
	out := fs.String("out", "site", "output folder; replaced only when the whole site is built")
	noRules := fs.Bool("no-rules", false, "score with the two judges alone (the paper's dual-judge protocol)")
	skip := fs.Bool("skip-invalid", false, "build the valid submissions and name the invalid ones instead of failing")
	ifevalIn := fs.String("ifeval-input", "", "IFEval-format prompts for the results' ifeval.jsonl files (default: benchmarks/ifeval/input_data.jsonl if present, else the demo benchmark benchmarks/ifeval-demo/input_data.jsonl)")
	ifbenchIn := fs.String("ifbench-input", "", "IFBench prompts for the results' ifbench.jsonl files (default: benchmarks/ifbench/IFBench_test.jsonl if present, else the demo benchmark benchmarks/ifbench-demo/input_data.jsonl)")
	templates := fs.String("templates", "", "read templates from this folder instead of the embedded ones (for design work)")
	assets := fs.String("assets", "", "read assets from this folder instead of the embedded ones (for design work)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	res, err := pipeline.Rescore(ctx, pipeline.Options{
		Benchmark: *bench, Results: *results, Policies: board.Policies,
		NoRules: *noRules, Rules: defaultRules(), KeepRuns: true, SkipInvalid: *skip,
	})
	if err != nil {
		printProblems(stderr, "build", err)
		fmt.Fprintln(stderr, "sciif build: the previous site is left as it was; fix the problems above or pass --skip-invalid")
		return 1
	}
	for _, p := range res.Skipped {
		fmt.Fprintln(stderr, p.String())
	}
	if len(res.Skipped) > 0 {
		fmt.Fprintf(stderr, "sciif build: left out the submissions with the %d problem(s) above (--skip-invalid)\n", len(res.Skipped))
	}
	reported, err := ingest.Reported(*results)
	if err != nil {
		printProblems(stderr, "build", err)
		fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
		return 1
	}
	in := render.Input{Bench: res.Bench, Board: res.Board, Runs: res.Runs, Reported: reported, Version: "sciif " + version}
	onBoard := map[string]bool{}
	for _, m := range res.Board.Models {
		onBoard[m.ID] = true
	}
	if !*noRules && len(onBoard) > 0 {
		// The same board with the judges alone, for the comparison on the
		// analysis page.
		jo, err := pipeline.Rescore(ctx, pipeline.Options{
			Benchmark: *bench, Results: *results, Policies: board.Policies, NoRules: true, Only: onBoard, SkipInvalid: *skip,
		})
		if err != nil {
			printProblems(stderr, "build", err)
			return 1
		}
		in.JudgesOnly = jo.Board
	}
	for _, ib := range []struct {
		name, input string
		defaults    []string
		checkers    []instr.Checker
	}{
		{"ifeval", *ifevalIn, []string{"benchmarks/ifeval/input_data.jsonl", "benchmarks/ifeval-demo/input_data.jsonl"}, ifeval.Checkers},
		{"ifbench", *ifbenchIn, []string{"benchmarks/ifbench/IFBench_test.jsonl", "benchmarks/ifbench-demo/input_data.jsonl"}, ifbench.Checkers},
	} {
		input := ib.input
		for _, d := range ib.defaults {
			if input != "" {
				break
			}
			if _, err := os.Stat(d); err == nil {
				input = d
			}
		}
		if input == "" {
			continue
		}
		b, err := pipeline.Instructions(ctx, pipeline.InstrOptions{Name: ib.name, Input: input, Checkers: ib.checkers, Results: *results, Only: onBoard})
		if err != nil {
			printProblems(stderr, "build", err)
			fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
			return 1
		}
		if b != nil {
			in.Instr = append(in.Instr, b)
		}
	}
	if *templates != "" {
		in.Templates = os.DirFS(*templates)
	}
	if *assets != "" {
		in.Assets = os.DirFS(*assets)
	}
	files, err := render.Site(in)
	if err != nil {
		fmt.Fprintf(stderr, "sciif build: %v\nsciif build: the previous site is left as it was\n", err)
		return 1
	}
	if err := publish.Write(*out, files); err != nil {
		fmt.Fprintf(stderr, "sciif build: %v\nsciif build: the previous site is left as it was\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d files to %s (%d models, %d items)\n", len(files), *out, len(res.Board.Models), len(res.Bench.Items))
	return 0
}
