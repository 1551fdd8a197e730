package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/reward"
)

// BenchmarkRewardIFEvalG measures IF-RLVR rewards (benchmarks/ifevalg-demo)
// on the recorded IFEvalG cases, whose labels are written as the
// training data writes its ground_truth (a Python literal naming every
// argument, or its JSON text in a list): `sciif reward` on records carrying
// ground_truth (decode, parse the label, check every instruction under
// Strict, write) under each preset, and the label path /get_reward takes
// (Label, one call per query, no HTTP).
//
//	go test ./generator/cmd/sciif -run '^$' -bench RewardIFEvalG -cpu 1
func BenchmarkRewardIFEvalG(b *testing.B) {
	cases := ifevalgCases(b)
	fn := benchRewards(b, "ifevalg-demo")
	var in bytes.Buffer
	for _, c := range cases {
		rec, _ := json.Marshal(map[string]string{"prompt": c.Prompt, "response": c.Response, "ground_truth": c.Label})
		in.Write(append(rec, '\n'))
	}
	for _, p := range []string{"none", "open-instruct"} {
		b.Run("record/"+p, func(b *testing.B) {
			ctx, _ := reward.WithPreset(context.Background(), p)
			n := 0
			for b.Loop() {
				st, err := reward.Stream(ctx, bytes.NewReader(in.Bytes()), io.Discard, fn, "jsonl")
				if err != nil || st.Errors != 0 {
					b.Fatal(err, st)
				}
				n += len(cases)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rewards/s")
		})
	}
	b.Run("label/open-instruct", func(b *testing.B) {
		ctx, _ := reward.WithPreset(context.Background(), "open-instruct")
		n := 0
		for b.Loop() {
			for _, c := range cases {
				if _, err := fn.Label(ctx, c.Prompt, c.Response, c.Label); err != nil {
					b.Fatal(err)
				}
			}
			n += len(cases)
		}
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rewards/s")
	})
}
