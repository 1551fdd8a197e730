package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/publish"
	"github.com/sciif/leaderboard/generator/internal/render"
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
	instrs, err := pipeline.LoadInstr(map[string]string{"ifeval": *ifevalIn, "ifbench": *ifbenchIn})
	if err != nil {
		printProblems(stderr, "build", err)
		fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
		return 1
	}
	// The output folder is checked before any work: it may never be, hold
	// or lie inside the input folders or the repository root.
	protect := []string{*results, *bench, *templates, *assets}
	for _, ib := range instrs {
		protect = append(protect, filepath.Dir(ib.Input))
	}
	draft, err := publish.Begin(*out, publish.Options{Protect: protect})
	if err != nil {
		fmt.Fprintf(stderr, "sciif build: %v\n", err)
		return 1
	}
	defer draft.Abort()
	// The instruction boards first: under --skip-invalid a submission whose
	// ifeval.jsonl is invalid is left out of every board, as sciif validate
	// refuses it whole.
	var instrBoards []*board.InstrBoard
	var skipped board.Problems
	exclude := map[string]bool{}
	for _, ib := range instrs {
		b, err := pipeline.Instructions(ctx, pipeline.InstrOptions{Bench: ib, Results: *results, SkipInvalid: *skip})
		if err != nil {
			printProblems(stderr, "build", err)
			fmt.Fprintln(stderr, "sciif build: the previous site is left as it was; fix the problems above or pass --skip-invalid")
			return 1
		}
		if b == nil {
			continue
		}
		for _, p := range b.Skipped {
			exclude[filepath.Base(filepath.Dir(p.File))] = true
		}
		skipped = append(skipped, b.Skipped...)
		instrBoards = append(instrBoards, b)
	}
	res, err := pipeline.Rescore(ctx, pipeline.Options{
		Benchmark: *bench, Results: *results, Policies: board.Policies,
		NoRules: *noRules, Rules: defaultRules(), KeepRuns: true, SkipInvalid: *skip, Exclude: exclude,
	})
	if err != nil {
		printProblems(stderr, "build", err)
		fmt.Fprintln(stderr, "sciif build: the previous site is left as it was; fix the problems above or pass --skip-invalid")
		return 1
	}
	skipped = append(skipped, res.Skipped...)
	for _, p := range skipped {
		fmt.Fprintln(stderr, p.String())
	}
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "sciif build: left out the submissions with the %d problem(s) above (--skip-invalid)\n", len(skipped))
	}
	reported, err := ingest.Reported(*results)
	if err != nil {
		printProblems(stderr, "build", err)
		fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
		return 1
	}
	reported = slices.DeleteFunc(reported, func(r board.Reported) bool { return pipeline.Concerns(skipped, filepath.Join(*results, r.ID)) })
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
	for _, b := range instrBoards {
		// Only the submissions on the SciIF board: one left out there
		// under --skip-invalid is left out here too.
		b.Models = slices.DeleteFunc(b.Models, func(m board.InstrModel) bool { return !onBoard[m.ID] })
		if len(b.Models) > 0 {
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
	for _, f := range files {
		if err := draft.WriteFile(f.Path, f.Data); err != nil {
			fmt.Fprintf(stderr, "sciif build: %v\nsciif build: the previous site is left as it was\n", err)
			return 1
		}
	}
	if err := draft.Commit(); err != nil {
		fmt.Fprintf(stderr, "sciif build: %v\n", err)
		if publish.PreviousIntact(err) {
			fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
		}
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d files to %s (%d models, %d items)\n", len(files), *out, len(res.Board.Models), len(res.Bench.Items))
	return 0
}
