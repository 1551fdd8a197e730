package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// kindRewardPaths are the rewards of the rubric, point-weighted and
// verifier kinds and of the formulas, each with the records it is
// measured on and the record's field that is the generated text ("-": a
// formula, whose label is the whole record).
var kindRewardPaths = []struct {
	name, bench, formula, config string
	records                      func(testing.TB) []string
	query                        string
}{
	{name: "complex-if", bench: "complex-if-demo", records: demoRecords("complex-if-demo.jsonl"), query: "response"},
	{name: "points", bench: "healthbench-demo", records: demoRecords("healthbench-demo.jsonl"), query: "response"},
	{name: "verifier", bench: "sciverify-demo", records: demoRecords("sciverify-demo.jsonl"), query: "output"},
	{name: "formula-sci-verifier", formula: "sci-verifier", config: "sci-verifier: " + svConfig, query: "-",
		records: repeated(`{"verdict":true,"label":true,"tokens":125}`, 1000)},
	{name: "formula-complex-if", formula: "complex-if", config: "complex-if: " + cxConfig, query: "-",
		records: repeated(`{"pi":[true,false,false,true,true,true,true,true],"ec":[false,true],"db":[false,true]}`, 1000)},
}

// demoRecords reads the records of one demo model's submission file.
func demoRecords(file string) func(testing.TB) []string {
	return func(tb testing.TB) []string {
		data, err := os.ReadFile(filepath.Join(moduleRoot(tb), "results", "demo-atlas-70b", file))
		if err != nil {
			tb.Fatal(err)
		}
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
}

func repeated(rec string, n int) func(testing.TB) []string {
	return func(testing.TB) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = rec
		}
		return out
	}
}

// BenchmarkRewardKinds measures each kind's reward and each formula's,
// per core: by record through `sciif reward` (reward.Stream: decode,
// verify, reward, write) and by label through /get_reward (the handler,
// one request holding every record as a query and its label: decode,
// split, reward, answer), on the demo records of demo-atlas-70b (their
// judge outputs and verifier outputs as submitted). cpu-s/op over the
// records of one op is the CPU time of one reward, which a busy machine
// disturbs less than rewards/s.
//
//	go test ./generator/cmd/sciif -run '^$' -bench RewardKinds -cpu 1
func BenchmarkRewardKinds(b *testing.B) {
	root := moduleRoot(b)
	for _, p := range kindRewardPaths {
		var benches []kind.Benchmark
		name := p.formula
		if p.bench != "" {
			name = p.bench
			var err error
			if benches, err = kind.Open(registry, "", []string{filepath.Join(root, "benchmarks", p.bench)}); err != nil {
				b.Fatal(err)
			}
		}
		cfg, err := reward.ParseConfig("reward.yaml", []byte(p.config))
		if err != nil {
			b.Fatal(err)
		}
		set, err := reward.NewSet(benches, cfg, kind.Options{})
		if err != nil {
			b.Fatal(err)
		}
		f, _ := set.Lookup(name)
		recs := p.records(b)
		in := []byte(strings.Join(recs, "\n") + "\n")
		b.Run("record/"+p.name, func(b *testing.B) {
			cpu := benchcpu.Start()
			for range b.N {
				st, err := reward.Stream(context.Background(), bytes.NewReader(in), io.Discard, f.Rewards, "jsonl")
				if err != nil || st.Errors != 0 {
					b.Fatal(err, st)
				}
			}
			cpu(b)
			b.ReportMetric(float64(b.N)*float64(len(recs))/b.Elapsed().Seconds(), "rewards/s")
		})
		req := map[string][]string{}
		for _, rec := range recs {
			label, response := queryLabel(b, rec, p.query)
			req["query"] = append(req["query"], "Q: "+response)
			req["prompts"] = append(req["prompts"], "Q: ")
			req["labels"] = append(req["labels"], label)
		}
		body, _ := json.Marshal(req)
		h := reward.NewServer(set, reward.DefaultOptions()).Handler()
		b.Run("get_reward/"+p.name, func(b *testing.B) {
			cpu := benchcpu.Start()
			for range b.N {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/get_reward?benchmark="+name, bytes.NewReader(body)))
				if w.Code != http.StatusOK {
					b.Fatalf("%d: %s", w.Code, w.Body.Bytes())
				}
			}
			cpu(b)
			b.ReportMetric(float64(b.N)*float64(len(recs))/b.Elapsed().Seconds(), "rewards/s")
		})
	}
}
