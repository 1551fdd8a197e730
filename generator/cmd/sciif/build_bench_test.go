package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"io/fs"
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
// scores the same board: the scaling table of docs/performance.md compares the two.
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
	reportSite(b, filepath.Join(dir, "site"))
}

// reportSite reports the page figures of docs/performance.md of the site at dir: its
// largest HTML page, its index page gzipped (at the best compression) and
// its number of files.
func reportSite(b *testing.B, dir string) {
	largest, files := 0, 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		if filepath.Ext(p) == ".html" {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			largest = max(largest, int(fi.Size()))
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		b.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(index)
	zw.Close()
	b.ReportMetric(float64(largest)/1024, "largest-page-KiB")
	b.ReportMetric(float64(gz.Len())/1024, "index-gzip-KiB")
	b.ReportMetric(float64(files), "files")
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
