package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

func runSynth(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("synth", "--out DIR [--models N] [--items N] [--seed N]", stderr)
	out := fs.String("out", "", "folder to write benchmarks/sciif/ and results/ into")
	models := fs.Int("models", 100, "number of synthetic submissions")
	items := fs.Int("items", 334, "number of benchmark items")
	seed := fs.Uint64("seed", 1, "seed; the same seed gives byte-identical files")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	opt := synth.Options{Models: *models, Items: *items, Seed: *seed, Catalog: ingest.BuiltinCatalog()}
	if err := synth.Write(*out, opt); err != nil {
		fmt.Fprintln(stderr, "sciif synth:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote a synthetic board of %d models × %d items to %s (score it with: sciif score --benchmark %s/benchmarks/sciif --results %s/results)\n", *models, *items, *out, *out, *out)
	return 0
}
