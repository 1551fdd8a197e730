package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// flagSet returns a flag set that reports errors instead of exiting and
// prints its usage to stderr.
func flagSet(name, synopsis string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: sciif %s %s\n\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns the exit code to use if parsing
// stopped the command: 0 after --help, 2 after a usage error, -1 otherwise.
func parseFlags(fs *pflag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		return 2
	}
	return -1
}

// noArgs reports, as parseFlags does, the exit code 2 when the command got
// positional arguments it does not take, and -1 otherwise.
func noArgs(fs *pflag.FlagSet, stderr io.Writer) int {
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sciif %s: unexpected arguments %v\n", fs.Name(), fs.Args())
		return 2
	}
	return -1
}

func parsePolicies(s string) ([]board.Policy, error) {
	switch s {
	case "strict":
		return []board.Policy{board.Strict}, nil
	case "loose":
		return []board.Policy{board.Loose}, nil
	case "both":
		return []board.Policy{board.Strict, board.Loose}, nil
	}
	return nil, fmt.Errorf("--policy must be strict, loose or both, not %q", s)
}

func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("score", "[--benchmark DIR] [--results DIR] [--policy strict|loose|both] [--no-rules] [--format table|csv|json]", stderr)
	bench := fs.String("benchmark", "benchmarks/sciif", "benchmark folder holding items.jsonl (and optionally catalog.json)")
	results := fs.String("results", "results", "folder of submissions, one folder per model")
	policy := fs.String("policy", "both", "compliance policy: strict, loose or both")
	noRules := fs.Bool("no-rules", false, "score with the two judges alone (the paper's dual-judge protocol)")
	format := fs.String("format", "table", "output format: table, csv or json")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	policies, err := parsePolicies(*policy)
	if err != nil {
		fmt.Fprintln(stderr, "sciif score:", err)
		return 2
	}
	switch *format {
	case "table", "csv", "json":
	default:
		fmt.Fprintf(stderr, "sciif score: --format must be table, csv or json, not %q\n", *format)
		return 2
	}
	res, err := pipeline.Rescore(ctx, pipeline.Options{Benchmark: *bench, Results: *results, Policies: policies, NoRules: *noRules, Rules: defaultRules()})
	if err != nil {
		printProblems(stderr, "score", err)
		return 1
	}
	for _, d := range res.Diags {
		fmt.Fprintln(stderr, d.String())
	}
	switch *format {
	case "json":
		err = report.JSON(stdout, res.Board)
	case "csv":
		err = report.CSV(stdout, report.Rows(res.Board, policies))
	default:
		err = report.Table(stdout, res.Board, policies)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sciif score:", err)
		return 1
	}
	return 0
}
