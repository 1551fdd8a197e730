package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// The scale benchmarks run a whole command in a child process (this test
// binary, see TestMain) on n records, and report its peak resident set
// (the figure /usr/bin/time -f %M prints) and its checking rate per
// CPU-second, for the memory table of docs/performance.md:
//
//	SCIIF_BENCH_PROMPTS=54100 go test -run '^$' -bench 'Scale' -benchtime 1x ./generator/cmd/sciif
//
// SCIIF_BENCH_PROMPTS is n (default 5410); with SCIIF_BENCH_DIR the input
// files are written there and kept, to run bin/sciif on them by hand. The
// child runs the garbage collector as sciif's main does (GOGC=400,
// GOMEMLIMIT=400MiB; sciif ifeval, ifbench and reward then set GOGC=200).

func benchPrompts(b *testing.B) int {
	if s := os.Getenv("SCIIF_BENCH_PROMPTS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("SCIIF_BENCH_PROMPTS=%q", s)
		}
		return n
	}
	return 5410
}

func benchDir(b *testing.B) string {
	if dir := os.Getenv("SCIIF_BENCH_DIR"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		return dir
	}
	return b.TempDir()
}

// scaleInstr writes into dir input.jsonl and responses.jsonl: the official
// prompts and responses repeated to n records, copy c > 0 of each prompt
// made distinct by " (c)" at its end and its key by c×10⁶. No IFEval or
// IFBench checker reads the prompt's text (combination:repeat_prompt and
// its IFBench kin compare with an argument), so every copy has the
// original's verdicts.
func scaleInstr(b *testing.B, dir, input, responses string, n int) (string, string) {
	b.Helper()
	type rec = map[string]json.RawMessage
	read := func(path string) []rec {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		var out []rec
		for line := range bytes.Lines(data) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var r rec
			if err := json.Unmarshal(line, &r); err != nil {
				b.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	prompts, resps := read(input), read(responses)
	byPrompt := map[string]json.RawMessage{}
	for _, r := range resps {
		var p string
		if err := json.Unmarshal(r["prompt"], &p); err != nil {
			b.Fatal(err)
		}
		byPrompt[p] = r["response"]
	}
	inPath, respPath := filepath.Join(dir, "input.jsonl"), filepath.Join(dir, "responses.jsonl")
	fin, err := os.Create(inPath)
	if err != nil {
		b.Fatal(err)
	}
	fresp, err := os.Create(respPath)
	if err != nil {
		b.Fatal(err)
	}
	win, wresp := bufio.NewWriter(fin), bufio.NewWriter(fresp)
	enc := func(w *bufio.Writer, v any) {
		data, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		w.Write(data)
		w.WriteByte('\n')
	}
	for i := range n {
		c, r := i/len(prompts), prompts[i%len(prompts)]
		var p string
		if err := json.Unmarshal(r["prompt"], &p); err != nil {
			b.Fatal(err)
		}
		key, err := strconv.ParseInt(strings.Trim(string(r["key"]), `"`), 10, 64)
		if err != nil {
			b.Fatal(err)
		}
		resp, ok := byPrompt[p]
		if !ok {
			resp = json.RawMessage(`""`)
		}
		if c > 0 {
			p = fmt.Sprintf("%s (%d)", p, c)
		}
		out := rec{}
		for k, v := range r {
			out[k] = v
		}
		out["key"] = json.RawMessage(strconv.FormatInt(key+int64(c)*1_000_000, 10))
		pj, _ := json.Marshal(p)
		out["prompt"] = pj
		enc(win, out)
		enc(wresp, rec{"prompt": pj, "response": resp})
	}
	for _, w := range []*bufio.Writer{win, wresp} {
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
	}
	for _, f := range []*os.File{fin, fresp} {
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	return inPath, respPath
}

// repeatLines writes path's non-blank lines repeated to n lines into
// dir/name.
func repeatLines(b *testing.B, path, dir, name string, n int) string {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var lines [][]byte
	for line := range bytes.Lines(data) {
		if len(bytes.TrimSpace(line)) > 0 {
			lines = append(lines, bytes.TrimRight(line, "\r\n"))
		}
	}
	var buf bytes.Buffer
	for i := range n {
		buf.Write(lines[i%len(lines)])
		buf.WriteByte('\n')
	}
	out := filepath.Join(dir, name)
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return out
}

// childScale runs sciif with args in a child process b.N times under
// /usr/bin/time and reports its peak resident set in MiB (the largest of
// the runs) and n records per CPU-second of the child. The child is
// started by /usr/bin/time, not by this process: a child Go starts
// shares this process's memory until it execs, and the kernel then
// counts this process's peak (the generated files) as the child's.
func childScale(b *testing.B, n int, args ...string) {
	b.Helper()
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		b.Skip("no /usr/bin/time")
	}
	report := filepath.Join(b.TempDir(), "time")
	var peak, cpu float64
	for b.Loop() {
		cmd := exec.Command("/usr/bin/time", "-f", "%M %U %S", "-o", report, os.Args[0])
		cmd.Env = append(os.Environ(), "SCIIF_TEST_ARGS="+strings.Join(args, "\x1f"), "GOMEMLIMIT=400MiB")
		if args[0] != "ifeval" && args[0] != "ifbench" && args[0] != "reward" {
			// As main's tuneGC; sciif ifeval, ifbench and reward set
			// their own.
			cmd.Env = append(cmd.Env, "GOGC=400")
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("%v: %v\n%s", args, err, stderr.Bytes())
		}
		data, err := os.ReadFile(report)
		if err != nil {
			b.Fatal(err)
		}
		var kib, user, sys float64
		if _, err := fmt.Sscan(string(data), &kib, &user, &sys); err != nil {
			b.Fatalf("%s: %v", data, err)
		}
		peak = max(peak, kib)
		cpu += user + sys
	}
	b.ReportMetric(peak/1024, "peak-MiB")
	b.ReportMetric(float64(n)*float64(b.N)/cpu, "records/cpu-s")
}

// BenchmarkIFEvalScale runs sciif ifeval on n distinct prompts and the
// GPT-4 responses to them (scaleInstr).
func BenchmarkIFEvalScale(b *testing.B) {
	n, dir := benchPrompts(b), benchDir(b)
	conf := filepath.Dir(sharedtest.Conformance(b, "ifeval/input_data.jsonl"))
	in, resp := scaleInstr(b, dir, filepath.Join(conf, "input_data.jsonl"), filepath.Join(conf, "input_response_data_gpt4_20231107_145030.jsonl"), n)
	childScale(b, n, "ifeval", "--input", in, "--responses", resp, "--out", filepath.Join(dir, "ifeval-out"))
}

// BenchmarkIFBenchScale runs sciif ifbench on n distinct prompts and the
// official sample responses to them (scaleInstr).
func BenchmarkIFBenchScale(b *testing.B) {
	n, dir := benchPrompts(b), benchDir(b)
	sub := filepath.Join(dir, "ifbench")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		b.Fatal(err)
	}
	conf := filepath.Dir(sharedtest.Conformance(b, "ifbench/IFBench_test.8a66c06.jsonl"))
	in, resp := scaleInstr(b, sub, filepath.Join(conf, "IFBench_test.8a66c06.jsonl"), filepath.Join(conf, "sample_output.jsonl"), n)
	childScale(b, n, "ifbench", "--input", in, "--responses", resp, "--out", filepath.Join(sub, "out"))
}

// BenchmarkRewardScale runs sciif reward on IFEval's official GPT-4
// responses repeated to n lines (the benchmark's 541 prompts, each
// answered about n/541 times).
func BenchmarkRewardScale(b *testing.B) {
	n, dir := benchPrompts(b), benchDir(b)
	conf := filepath.Dir(sharedtest.Conformance(b, "ifeval/input_data.jsonl"))
	in := repeatLines(b, filepath.Join(conf, gpt4Responses), dir, "reward-in.jsonl", n)
	childScale(b, n, "reward", "--benchmark", filepath.Join(moduleRoot(b), "benchmarks", "ifeval"), "--out", filepath.Join(dir, "reward-out.jsonl"), in)
}

// BenchmarkEquivScale runs sciif equiv --batch on Math-Verify's
// conformance pairs repeated to n lines.
func BenchmarkEquivScale(b *testing.B) {
	n, dir := benchPrompts(b), benchDir(b)
	in := repeatLines(b, sharedtest.Conformance(b, "math-verify/triples.jsonl"), dir, "equiv-in.jsonl", n)
	childScale(b, n, "equiv", "--batch", in)
}
