package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

func benchRewards(b *testing.B, bench string) kind.Rewards {
	b.Helper()
	benches, err := kind.Open(registry, "", []string{filepath.Join(moduleRoot(b), "benchmarks", bench)})
	if err != nil {
		b.Fatal(err)
	}
	set, err := reward.NewSet(benches, nil, kind.Options{})
	if err != nil {
		b.Fatal(err)
	}
	f, _ := set.Lookup(bench)
	return f.Rewards
}

// BenchmarkRewardGivenVerdicts measures `sciif reward` on SciIF records
// whose verdicts are given: decoding, equations (4)–(6) and writing.
//
//	go test ./generator/cmd/sciif -run '^$' -bench RewardGivenVerdicts -cpu 1
func BenchmarkRewardGivenVerdicts(b *testing.B) {
	fn := benchRewards(b, "sciif")
	line := []byte(`{"id":"physics-0011","verdicts":{"correct":true,"constraints":{"applicability_range":true,"cross_disciplinary_disambiguation":false,"intra_discipline_definitions":false,"numerical_methods":true,"experimental_methods":false}}}` + "\n")
	in := bytes.Repeat(line, 10000)
	b.ResetTimer()
	for range b.N {
		st, err := reward.Stream(context.Background(), bytes.NewReader(in), io.Discard, fn, "jsonl")
		if err != nil || st.Errors != 0 {
			b.Fatal(err, st)
		}
	}
	b.ReportMetric(float64(b.N)*10000/b.Elapsed().Seconds(), "rewards/s")
}

// BenchmarkRewardIFEval measures `sciif reward` on the official GPT-4
// responses to IFEval's 541 prompts: matching, every instruction checked
// under Strict, V_i and writing.
//
//	go test ./generator/cmd/sciif -run '^$' -bench RewardIFEval -cpu 1
func BenchmarkRewardIFEval(b *testing.B) {
	in, err := os.ReadFile(sharedtest.Conformance(b, "ifeval/"+gpt4Responses))
	if err != nil {
		b.Fatal(err)
	}
	fn := benchRewards(b, "ifeval")
	lines := bytes.Count(in, []byte("\n"))
	b.ResetTimer()
	for range b.N {
		st, err := reward.Stream(context.Background(), bytes.NewReader(in), io.Discard, fn, "jsonl")
		if err != nil || st.Errors != 0 {
			b.Fatal(err, st)
		}
	}
	b.ReportMetric(float64(b.N)*float64(lines)/b.Elapsed().Seconds(), "responses/s")
}
