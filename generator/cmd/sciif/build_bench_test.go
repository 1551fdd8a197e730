package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

// benchModels is the size of the synthetic board the build benchmarks use:
// SCIIF_BENCH_MODELS models (default 16) on 334 items, the paper's size.
func benchModels(b *testing.B) int {
	if s := os.Getenv("SCIIF_BENCH_MODELS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("SCIIF_BENCH_MODELS=%q", s)
		}
		return n
	}
	return 16
}

// synthBoard writes a synthetic board of n models into a temporary folder.
func synthBoard(b *testing.B, n int) string {
	dir := b.TempDir()
	if err := synth.Write(dir, synth.Options{Models: n, Items: 334, Seed: 1, Catalog: ingest.BuiltinCatalog()}); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkBuild builds the site of a synthetic board; BenchmarkScore
// scores the same board: the README's scaling table compares the two.
//
//	SCIIF_BENCH_MODELS=100 go test -run '^$' -bench 'Build|Score' -benchtime 3x ./generator/cmd/sciif
func BenchmarkBuild(b *testing.B) {
	tuneGC() // as main does
	dir := synthBoard(b, benchModels(b))
	b.Chdir(dir)
	cpu := benchcpu.Start()
	for b.Loop() {
		if code := run(context.Background(), []string{"build", "--out", filepath.Join(dir, "site")}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("build exited %d", code)
		}
	}
	cpu(b)
}

func BenchmarkScore(b *testing.B) {
	tuneGC()
	dir := synthBoard(b, benchModels(b))
	b.Chdir(dir)
	cpu := benchcpu.Start()
	for b.Loop() {
		if code := run(context.Background(), []string{"score", "--format", "json"}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("score exited %d", code)
		}
	}
	cpu(b)
}
