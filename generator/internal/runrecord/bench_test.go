package runrecord

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// BenchmarkCheck checks a run.json whose one result file holds 64 MiB:
// the cost a run.json adds to a build is reading and hashing that file
// once more (reported as MB/s).
func BenchmarkCheck(b *testing.B) {
	alpha := &bench{name: "alpha", prompts: []string{"one", "two"}}
	dir := filepath.Join(b.TempDir(), "m")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	data := strings.Repeat(`{"prompt":"p","response":"an answer of some length, as models write them"}`+"\n", 64<<20/75)
	if err := os.WriteFile(filepath.Join(dir, "alpha.jsonl"), []byte(data), 0o644); err != nil {
		b.Fatal(err)
	}
	rec := board.RunRecord{Generator: Generator, Model: "m", Benchmarks: []board.RunBenchmark{{Name: "alpha", File: "alpha.jsonl",
		Prompts: 2, PromptsSHA256: PromptsDigest(alpha.AnswerTasks()), FileSHA256: digest(data)}}}
	enc, err := Encode(rec)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "run.json"), enc, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		sub := board.Submission{ID: "m", Dir: dir}
		NewChecker([]kind.Benchmark{alpha}).Check(&sub)
		if sub.Run == nil || !sub.Run.Reproduced {
			b.Fatalf("no match: %v", sub.Warnings)
		}
	}
}
