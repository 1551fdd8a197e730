package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// The command benchmarks run sciif ifeval and sciif ifbench in this
// process on the files the scale benchmarks write (scaleInstr, n records
// from SCIIF_BENCH_PROMPTS, default 5410), so that -cpuprofile sees the
// whole command, and report records per second. With -cpu=1 that is the
// rate per core:
//
//	go test -run '^$' -bench 'Command' -cpu=1 ./generator/cmd/sciif

// BenchmarkIFEvalCommand runs sciif ifeval on n distinct prompts and the
// GPT-4 responses to them.
func BenchmarkIFEvalCommand(b *testing.B) {
	conf := filepath.Dir(sharedtest.Conformance(b, "ifeval/input_data.jsonl"))
	benchCommand(b, "ifeval", filepath.Join(conf, "input_data.jsonl"), filepath.Join(conf, "input_response_data_gpt4_20231107_145030.jsonl"))
}

// BenchmarkIFBenchCommand runs sciif ifbench on n distinct prompts and the
// official sample responses to them.
func BenchmarkIFBenchCommand(b *testing.B) {
	conf := filepath.Dir(sharedtest.Conformance(b, "ifbench/IFBench_test.8a66c06.jsonl"))
	benchCommand(b, "ifbench", filepath.Join(conf, "IFBench_test.8a66c06.jsonl"), filepath.Join(conf, "sample_output.jsonl"))
}

func benchCommand(b *testing.B, name, input, responses string) {
	n, dir := benchPrompts(b), b.TempDir()
	in, resp := scaleInstr(b, dir, input, responses, n)
	args := []string{name, "--input", in, "--responses", resp, "--out", filepath.Join(dir, "out")}
	b.ResetTimer()
	for b.Loop() {
		if code := run(context.Background(), args, io.Discard, io.Discard); code != 0 {
			b.Fatalf("sciif %s exited with %d", name, code)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
}
