package langdetect

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// gpt4Texts returns the responses of IFEval's official GPT-4 run.
func gpt4Texts(b *testing.B) []string {
	b.Helper()
	f, err := os.Open(sharedtest.Conformance(b, "ifeval/input_response_data_gpt4_20231107_145030.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct{ Response string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			b.Fatal(err)
		}
		out = append(out, r.Response)
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkDetectGPT4 detects the language of each of IFEval's 541 GPT-4
// responses once per iteration and reports texts per second.
func BenchmarkDetectGPT4(b *testing.B) {
	texts := gpt4Texts(b)
	Detect("Load the profiles.")
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuSeconds()
	for b.Loop() {
		for _, t := range texts {
			Detect(t)
		}
	}
	b.ReportMetric(float64(b.N*len(texts))/b.Elapsed().Seconds(), "texts/s")
	b.ReportMetric(float64(b.N*len(texts))/(cpuSeconds()-cpu), "texts/cpu-s")
}

// cpuSeconds is the CPU time this process has used, user and system: on
// a busy machine a rate per CPU-second moves less than one per second.
func cpuSeconds() float64 { return benchcpu.Used().Seconds() }
