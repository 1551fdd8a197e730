package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/validate"
)

func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("validate", "[--benchmarks DIR | --benchmark DIR...] [--results DIR] [--syllable-dictionary FILE] [--format text|json|markdown] PATH...", stderr)
	bf := addBenchFlags(fs)
	syl := addSyllableFlag(fs)
	results := fs.String("results", "results", "the current board: rank against its submissions and keep model names unique in it (\"\" for none)")
	format := fs.String("format", "text", "output format: text, json or markdown (a pull-request summary)")
	if code := parseFlags(fs, args, stdout); code >= 0 {
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
	dict, err := syl.load()
	if err != nil {
		fmt.Fprintln(stderr, "sciif validate:", err)
		return 1
	}
	benches, err := bf.open()
	if err != nil {
		printProblems(stderr, "validate", err)
		return 1
	}
	boardDir := *results
	if boardDir != "" {
		if fi, err := os.Stat(boardDir); err != nil || !fi.IsDir() {
			boardDir = "" // no board to rank against: rank among the folders given
		}
	}
	fixes, err := validate.Fixes(registry)
	if err != nil {
		fmt.Fprintln(stderr, "sciif validate:", err)
		return 1
	}
	rep, err := validate.Run(ctx, validate.Expand(fs.Args()), validate.Options{Benchmarks: benches, Results: boardDir, Options: kind.Options{Policies: board.Policies, Syllables: dict}, Known: kind.KnownFiles(registry, *bf.root), Fixes: fixes})
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
