package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sciif/leaderboard/generator/board"
	"github.com/sciif/leaderboard/generator/pipeline"
	"github.com/sciif/leaderboard/generator/publish"
	"github.com/sciif/leaderboard/generator/render"
)

func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("build", "[--benchmark DIR] [--results DIR] [--out DIR] [--no-rules] [--skip-invalid]", stderr)
	bench := fs.String("benchmark", "benchmarks/sciif", "benchmark folder holding items.jsonl (and optionally catalog.json)")
	results := fs.String("results", "results", "folder of submissions, one folder per model")
	out := fs.String("out", "site", "output folder; replaced only when the whole site is built")
	noRules := fs.Bool("no-rules", false, "score with the two judges alone (the paper's dual-judge protocol)")
	skip := fs.Bool("skip-invalid", false, "build the valid submissions and name the invalid ones instead of failing")
	templates := fs.String("templates", "", "read templates from this folder instead of the embedded ones (for design work)")
	assets := fs.String("assets", "", "read assets from this folder instead of the embedded ones (for design work)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sciif build: unexpected arguments %v\n", fs.Args())
		return 2
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
	in := render.Input{Bench: res.Bench, Board: res.Board, Runs: res.Runs, Version: "sciif " + version}
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
