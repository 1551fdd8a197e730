package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The official IFBench registry holds IFEval's 25 classic ids beside its
// own (verify/instr/ifbench.WithClassic), so an IFBench prompt set may name
// them. Every path that reads an ifbench prompt set takes them: the
// command `sciif ifbench`, the board (validate, build) and the rewards.
// The three prompts, under Strict (no checker here reads the language, and
// none differs between IFEval and IFBench):
//
//	1 punctuation:no_comma                     "hi, there"        comma: not followed
//	2 startend:end_checker + format:no_whitespace  "ok,bye."      both followed
//	3 length_constraints:number_words (< 3)
//	  + format:no_whitespace                   "all done so bye." four words, spaces: neither
//
// Instruction level 2/5, prompt level 1/3; rewards 0, 1, 0.
var classicPrompts = []struct{ line, response string }{
	{`{"key": 1, "prompt": "Say hi without commas.", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}`, "hi, there"},
	{`{"key": 2, "prompt": "Say bye with no spaces.", "instruction_id_list": ["startend:end_checker", "format:no_whitespace"], "kwargs": [{"end_phrase": "bye."}, {}]}`, "ok,bye."},
	{`{"key": 3, "prompt": "Say bye in fewer than three words, no spaces.", "instruction_id_list": ["length_constraints:number_words", "format:no_whitespace"], "kwargs": [{"num_words": 3, "relation": "less than"}, {}]}`, "all done so bye."},
}

var classicRewards = []float64{0, 1, 0}

// classicRoot lays out a repository with an ifbench benchmark of the
// classic prompts and one submission answering them.
func classicRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	var in, resp strings.Builder
	for _, p := range classicPrompts {
		var rec struct{ Prompt string }
		if err := json.Unmarshal([]byte(p.line), &rec); err != nil {
			t.Fatal(err)
		}
		in.WriteString(p.line + "\n")
		b, _ := json.Marshal(map[string]string{"prompt": rec.Prompt, "response": p.response})
		resp.Write(append(b, '\n'))
	}
	for path, data := range map[string]string{
		"benchmarks/ifbench/benchmark.yaml":   "kind: ifbench\ntitle: IFBench with classic ids\n",
		"benchmarks/ifbench/input_data.jsonl": in.String(),
		"results/m/metadata.yaml":             brokenMeta("Classic Model"),
		"results/m/ifbench.jsonl":             resp.String(),
	} {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// `sciif ifbench` checks the classic ids as `sciif ifeval` does, beside
// IFBench's own, and writes the official results.
func TestIFBenchCommandTakesClassicIDs(t *testing.T) {
	root := classicRoot(t)
	in := filepath.Join(root, "benchmarks", "ifbench", "input_data.jsonl")
	responses := filepath.Join(root, "results", "m", "ifbench.jsonl")
	out := filepath.Join(root, "out")
	code, stdout, stderr := runIn(t, "ifbench", "--input", in, "--responses", responses, "--out", out)
	if code != 0 {
		t.Fatalf("sciif ifbench: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "eval_results_strict.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]bool{{false}, {true, true}, {false, false}}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d results, want %d:\n%s", len(lines), len(want), data)
	}
	for i, l := range lines {
		var r struct {
			Follow []bool `json:"follow_instruction_list"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if !equalBools(r.Follow, want[i]) {
			t.Errorf("prompt %d: follow_instruction_list %v, want %v", i+1, r.Follow, want[i])
		}
	}
	if !strings.Contains(stdout, "instruction-level: 0.4\n") {
		t.Errorf("the report does not give instruction-level strict 0.4:\n%s", stdout)
	}
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The board reads the classic ids in an ifbench benchmark: the submission
// is valid with the scores above, and the site builds.
func TestIFBenchBoardTakesClassicIDs(t *testing.T) {
	root := classicRoot(t)
	t.Chdir(root)
	code, stdout, stderr := runIn(t, "validate", "--format", "json", "results/m")
	if code != 0 {
		t.Fatalf("validate: exit %d: %s%s", code, stdout, stderr)
	}
	var v struct {
		Submissions []struct {
			Valid   bool
			Results []struct {
				Benchmark string
				Scores    map[string]float64
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Submissions) != 1 || !v.Submissions[0].Valid || len(v.Submissions[0].Results) != 1 {
		t.Fatalf("validate: %s", stdout)
	}
	s := v.Submissions[0].Results[0].Scores
	if s["instruction_strict"] != 0.4 || s["prompt_strict"] != 1.0/3 {
		t.Errorf("scores %v, want instruction_strict 0.4, prompt_strict 1/3", s)
	}
	if code, _, stderr := runIn(t, "build", "--out", "site"); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
}

// `sciif reward` and /get_reward give the classic prompts of an ifbench
// benchmark their rewards, by prompt text (the benchmark's instructions)
// and by a label naming the classic ids.
func TestIFBenchRewardsTakeClassicIDs(t *testing.T) {
	root := classicRoot(t)
	bench := filepath.Join(root, "benchmarks", "ifbench")
	var recs bytes.Buffer
	req := map[string][]string{}
	for _, p := range classicPrompts {
		var rec map[string]any
		json.Unmarshal([]byte(p.line), &rec)
		b, _ := json.Marshal(map[string]any{"prompt": rec["prompt"], "response": p.response})
		recs.Write(append(b, '\n'))
		label, _ := json.Marshal(map[string]any{"instruction_id_list": rec["instruction_id_list"], "kwargs": rec["kwargs"]})
		req["query"] = append(req["query"], "Q: "+p.response)
		req["prompts"] = append(req["prompts"], "Q: ")
		req["labels"] = append(req["labels"], string(label))
	}
	in := filepath.Join(root, "records.jsonl")
	if err := os.WriteFile(in, recs.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, "reward", "--benchmark", bench, in)
	if code != 0 {
		t.Fatalf("sciif reward: exit %d: %s%s", code, stdout, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	for i, l := range lines {
		var r struct{ Reward *float64 }
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Reward == nil || i >= len(classicRewards) || *r.Reward != classicRewards[i] {
			t.Errorf("record %d: %s, want reward %v", i+1, l, classicRewards)
		}
	}
	if len(lines) != len(classicRewards) {
		t.Errorf("%d results, want %d", len(lines), len(classicRewards))
	}
	srv := rewardServer(t, bench)
	body, _ := json.Marshal(req)
	resp, err := http.Post(srv.URL+"/get_reward?benchmark=ifbench", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var gr struct{ Rewards []float64 }
	if err := json.NewDecoder(resp.Body).Decode(&gr); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/get_reward: %d %v", resp.StatusCode, err)
	}
	if len(gr.Rewards) != len(classicRewards) || gr.Rewards[0] != 0 || gr.Rewards[1] != 1 || gr.Rewards[2] != 0 {
		t.Errorf("/get_reward: %v, want %v", gr.Rewards, classicRewards)
	}
}
