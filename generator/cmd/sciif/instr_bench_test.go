package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// BenchmarkRunIFEvalGPT4 runs the whole "sciif ifeval" command on GPT-4's
// 541 official responses: reading, both modes, writing and the report.
func BenchmarkRunIFEvalGPT4(b *testing.B) {
	dir := filepath.Dir(sharedtest.Conformance(b, "ifeval/input_data.jsonl"))
	out := b.TempDir()
	args := []string{"--input", filepath.Join(dir, "input_data.jsonl"), "--responses", filepath.Join(dir, "input_response_data_gpt4_20231107_145030.jsonl"), "--out", out}
	b.ReportAllocs()
	for b.Loop() {
		if code := runIFEval(context.Background(), args, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit code %d", code)
		}
	}
	b.ReportMetric(float64(b.N*541)/b.Elapsed().Seconds(), "responses/s")
}
