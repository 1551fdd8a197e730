package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// open-instruct's IF-RLVR rewards through the command and the server: on
// the IFEvalG differential cases (responses of our own, some wrapped as a
// reasoning model writes them; labels as IF_multi_constraints_upto5 writes
// its ground_truth), the reward of benchmarks/ifevalg-demo under the
// open-instruct preset must be the score of open-instruct's IFEvalVerifier,
// and under none the fraction of instructions its checkers say the raw
// response follows, except on the cases whose verdicts
// known_differences.tsv lists (each is still rewarded). See generator/internal/verify/instr/difftest/testdata/
// ifevalg/SOURCE.md.

type ifevalgCase struct {
	Key      string `json:"key"`
	Mutation string `json:"mutation"`
	Prompt   string `json:"prompt"`
	Label    string `json:"label"`
	Response string `json:"response"`
	Strict   []bool `json:"strict"`
	Score    float64
	// Known is set when known_differences.tsv lists a verdict of the case:
	// its reward is ours by design, not open-instruct's.
	Known bool
}

func ifevalgCases(t testing.TB) []ifevalgCase {
	t.Helper()
	dir := filepath.Join(moduleRoot(t), "generator", "internal", "verify", "instr", "difftest", "testdata", "ifevalg")
	read := func(name string, each func(i int, line []byte)) int {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		n := 0
		for ; sc.Scan(); n++ {
			each(n, sc.Bytes())
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		return n
	}
	var cases []ifevalgCase
	read("cases.jsonl.gz", func(_ int, line []byte) {
		var c ifevalgCase
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	})
	if n := read("verdicts.jsonl.gz", func(i int, line []byte) {
		var v struct {
			Strict []bool   `json:"strict"`
			Score  *float64 `json:"score"`
		}
		if err := json.Unmarshal(line, &v); err != nil || v.Score == nil || i >= len(cases) {
			t.Fatalf("verdicts line %d: %v", i+1, err)
		}
		cases[i].Strict, cases[i].Score = v.Strict, *v.Score
	}); n != len(cases) || n == 0 {
		t.Fatalf("%d verdicts for %d cases", n, len(cases))
	}
	known, err := os.ReadFile(filepath.Join(dir, "known_differences.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, l := range strings.Split(string(known), "\n") {
		if f := strings.Split(l, "\t"); len(f) == 4 && !strings.HasPrefix(l, "#") {
			listed[f[0]+"\t"+f[1]] = true
		}
	}
	for i := range cases {
		cases[i].Known = listed[cases[i].Key+"\t"+cases[i].Mutation]
	}
	return cases
}

// strictFraction is the share of instructions open-instruct's checkers
// say the raw response follows.
func (c ifevalgCase) strictFraction() float64 {
	n := 0
	for _, ok := range c.Strict {
		if ok {
			n++
		}
	}
	return float64(n) / float64(len(c.Strict))
}

func TestRewardIFEvalGMatchesOpenInstruct(t *testing.T) {
	cases := ifevalgCases(t)
	bench := filepath.Join(moduleRoot(t), "benchmarks", "ifevalg-demo")
	var records bytes.Buffer
	for _, c := range cases {
		b, _ := json.Marshal(map[string]string{"prompt": c.Prompt, "response": c.Response, "ground_truth": c.Label})
		records.Write(append(b, '\n'))
	}
	in := filepath.Join(t.TempDir(), "records.jsonl")
	if err := os.WriteFile(in, records.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, preset := range []string{"open-instruct", "none"} {
		want := func(c ifevalgCase) float64 {
			if preset == "none" {
				return c.strictFraction()
			}
			return c.Score
		}
		t.Run("cli/"+preset, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(context.Background(), []string{"reward", "--benchmark", bench, "--preprocess", preset, in}, &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != len(cases) {
				t.Fatalf("%d output lines for %d records", len(lines), len(cases))
			}
			for i, l := range lines {
				var res struct {
					Reward *float64
					Error  string
				}
				if err := json.Unmarshal([]byte(l), &res); err != nil || res.Reward == nil {
					t.Fatalf("line %d: %s", i+1, l)
				}
				if !cases[i].Known && *res.Reward != want(cases[i]) {
					t.Errorf("record %d: reward %v, open-instruct %v", i+1, *res.Reward, want(cases[i]))
				}
			}
		})
	}

	srv := rewardServer(t, bench)
	post := func(t *testing.T, path string, body any, out any) {
		t.Helper()
		b, _ := json.Marshal(body)
		r, err := http.Post(srv.URL+path, "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if r.StatusCode != http.StatusOK {
			var e bytes.Buffer
			e.ReadFrom(r.Body)
			t.Fatalf("%s: status %d: %s", path, r.StatusCode, e.String())
		}
		if err := json.NewDecoder(r.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("get_reward", func(t *testing.T) {
		req := map[string][]string{}
		for _, c := range cases {
			prompt := "<|im_start|>user\n" + c.Prompt + "<|im_end|>\n<|im_start|>assistant\n"
			req["query"] = append(req["query"], prompt+c.Response+"<|im_end|>")
			req["prompts"] = append(req["prompts"], prompt)
			req["labels"] = append(req["labels"], c.Label)
		}
		var resp struct {
			Rewards []float64 `json:"rewards"`
		}
		post(t, "/get_reward?benchmark=ifevalg-demo&preprocess=open-instruct", req, &resp)
		if len(resp.Rewards) != len(cases) {
			t.Fatalf("%d rewards for %d queries", len(resp.Rewards), len(cases))
		}
		for i, c := range cases {
			if !c.Known && resp.Rewards[i] != c.Score {
				t.Errorf("query %d: reward %v, open-instruct %v", i, resp.Rewards[i], c.Score)
			}
		}
	})

	t.Run("v1/rewards", func(t *testing.T) {
		var recs []map[string]string
		for _, c := range cases {
			recs = append(recs, map[string]string{"prompt": c.Prompt, "response": c.Response, "ground_truth": c.Label})
		}
		var resp struct {
			Results []struct {
				Reward *float64 `json:"reward"`
				Error  string   `json:"error"`
			} `json:"results"`
		}
		post(t, "/v1/rewards", map[string]any{"benchmark": "ifevalg-demo", "preprocess": "open-instruct", "records": recs}, &resp)
		if len(resp.Results) != len(cases) {
			t.Fatalf("%d results for %d records", len(resp.Results), len(cases))
		}
		for i, c := range cases {
			if r := resp.Results[i]; r.Reward == nil || (!c.Known && *r.Reward != c.Score) {
				t.Errorf("record %d: %+v, open-instruct %v", i, r, c.Score)
			}
		}
	})
}

// TestRewardIFEvalGRefusesBadLabels: a training label the verifier would
// crash on, or that names an unknown instruction, is refused naming the
// label, never rewarded 0.
func TestRewardIFEvalGRefusesBadLabels(t *testing.T) {
	bench := filepath.Join(moduleRoot(t), "benchmarks", "ifevalg-demo")
	for _, tc := range []struct{ name, label, field string }{
		{"unknown id", `[{'instruction_id': ['copy:no_such'], 'kwargs': [{}]}]`, "label.instruction_id_list"},
		{"not a literal", `[{'instruction_id': ['copy:copy'], 'kwargs': [{'prompt_to_repeat': x}]}]`, "label"},
		{"kwargs short", `[{'instruction_id': ['copy:copy', 'keywords:palindrome'], 'kwargs': [{}]}]`, "label.kwargs"},
		{"wrong type", `[{'instruction_id': ['letters:letter_counting'], 'kwargs': [{'N': 'ten', 'relation': 'at least'}]}]`, "label.kwargs"},
	} {
		var out, errb bytes.Buffer
		rec, _ := json.Marshal(map[string]string{"prompt": "p", "response": "some answer", "ground_truth": tc.label})
		in := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(in, append(rec, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		code := run(context.Background(), []string{"reward", "--benchmark", bench, in}, &out, &errb)
		want := strings.Replace(tc.field, "label", "ground_truth", 1)
		if code != 1 || !strings.Contains(out.String(), `"field":"`+want) {
			t.Errorf("%s: exit %d, %s; want an error on %s", tc.name, code, out.String(), want)
		}
	}
}
