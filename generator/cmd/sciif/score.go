package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
)

// flagSet returns a flag set that reports errors instead of exiting. Its
// usage goes where the set writes: standard error, or standard output when
// asked for with --help (see parseFlags).
func flagSet(name, synopsis string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: sciif %s %s\n\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns the exit code to use if parsing
// stopped the command: 0 after --help (the help goes to stdout), 2 after a
// usage error, -1 otherwise.
func parseFlags(fs *pflag.FlagSet, args []string, stdout io.Writer) int {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" {
			errOut := fs.Output()
			fs.SetOutput(stdout)
			defer fs.SetOutput(errOut)
			break
		}
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		fmt.Fprintf(fs.Output(), "sciif %s: %v\n", fs.Name(), err)
		fs.Usage()
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
	fs := flagSet("score", "[--benchmarks DIR | --benchmark DIR...] [--results DIR] [--policy strict|loose|both] [--no-rules] [--syllable-dictionary FILE] [--format table|csv|json]", stderr)
	bf := addBenchFlags(fs)
	syl := addSyllableFlag(fs)
	results := fs.String("results", "results", "folder of submissions, one folder per model")
	policy := fs.String("policy", "both", "compliance policy: strict, loose or both")
	noRules := fs.Bool("no-rules", false, "score with the judges alone where a benchmark has rules and judges (SciIF's dual-judge protocol)")
	format := fs.String("format", "table", "output format: table, csv or json")
	if code := parseFlags(fs, args, stdout); code >= 0 {
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
	dict, err := syl.load()
	if err != nil {
		fmt.Fprintln(stderr, "sciif score:", err)
		return 1
	}
	opt := kind.Options{NoRules: *noRules, Policies: policies, Syllables: dict}
	res, err := pipeline.Boards(ctx, pipeline.BoardsOptions{Kinds: registry, Root: *bf.root, Benchmarks: *bf.dirs, Results: *results, Options: opt})
	if err != nil {
		printProblems(stderr, "score", err)
		return 1
	}
	for _, d := range res.Warnings {
		fmt.Fprintln(stderr, d.String())
	}
	var shown []int
	for i, b := range res.Boards {
		if b != nil || len(res.Benchmarks) == 1 {
			shown = append(shown, i)
		}
	}
	board := func(i int) (kind.Board, error) {
		if b := res.Boards[i]; b != nil {
			return b, nil
		}
		return res.Benchmarks[i].Rank(nil, opt)
	}
	if len(shown) > 1 && *format == "csv" {
		fmt.Fprintln(stderr, "sciif score: --format csv prints one board; choose it with --benchmark")
		return 2
	}
	if len(shown) > 1 && *format == "json" {
		if err := writeBoardsJSON(stdout, res.Benchmarks, shown, board, opt); err != nil {
			fmt.Fprintln(stderr, "sciif score:", err)
			return 1
		}
		return 0
	}
	for n, i := range shown {
		if n > 0 {
			fmt.Fprintln(stdout)
		}
		b, err := board(i)
		if err == nil {
			err = b.Write(stdout, *format, opt)
		}
		if err != nil {
			fmt.Fprintln(stderr, "sciif score:", err)
			return 1
		}
	}
	return 0
}

// writeBoardsJSON writes several boards as one JSON document naming each,
// each board in its stable download format.
func writeBoardsJSON(w io.Writer, benches []kind.Benchmark, shown []int, board func(int) (kind.Board, error), opt kind.Options) error {
	type named struct {
		Name  string          `json:"name"`
		Kind  string          `json:"kind"`
		Title string          `json:"title"`
		Board json.RawMessage `json:"board"`
	}
	doc := struct {
		Benchmarks []named `json:"benchmarks"`
	}{}
	for _, i := range shown {
		b, err := board(i)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := b.Write(&buf, "json", opt); err != nil {
			return err
		}
		spec := benches[i].Spec()
		doc.Benchmarks = append(doc.Benchmarks, named{spec.Name, spec.Kind, spec.Title, json.RawMessage(buf.Bytes())})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
