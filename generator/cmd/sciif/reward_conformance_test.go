package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// The official IFEval run of GPT-4 (third-party data kept beside the
// repository in ../shared/conformance/ifeval, never copied in): its
// Strict reward for each prompt must be the fraction of instructions the
// official results say it followed, except where a documented deviation
// of our checkers (generator/internal/verify/instr/ifeval/testdata/
// deviations.tsv) says otherwise.

const gpt4Responses = "input_response_data_gpt4_20231107_145030.pr2963.jsonl"

func sharedIFEval(t *testing.T) string {
	t.Helper()
	return filepath.Dir(sharedtest.Conformance(t, "ifeval/input_data.jsonl"))
}

func jsonLines(t *testing.T, path string, fn func(line []byte)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			fn(sc.Bytes())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// officialFractions is, by prompt, the fraction of its instructions the
// official Strict results say were followed, with the documented
// deviations applied.
func officialFractions(t *testing.T, dir string) (map[string]float64, map[string]string) {
	keys := map[string]int64{}
	inputs := map[string]string{}
	jsonLines(t, filepath.Join(dir, "input_data.jsonl"), func(line []byte) {
		var rec struct {
			Key    int64  `json:"key"`
			Prompt string `json:"prompt"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		keys[rec.Prompt] = rec.Key
		inputs[rec.Prompt] = string(line)
	})
	devs := map[string]bool{} // "key id" → our verdict
	devPath := filepath.Join(moduleRoot(t), "generator", "internal", "verify", "instr", "ifeval", "testdata", "deviations.tsv")
	data, err := os.ReadFile(devPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Split(l, "\t")
		if strings.HasPrefix(l, "#") || len(f) != 5 || f[0] != "strict" {
			continue
		}
		official, err := strconv.ParseBool(f[3])
		if err != nil {
			t.Fatalf("deviations.tsv: %q", l)
		}
		devs[f[1]+" "+f[2]] = !official
	}
	out := map[string]float64{}
	used := 0
	jsonLines(t, filepath.Join(dir, "expected", "eval_results_strict.jsonl"), func(line []byte) {
		var rec struct {
			Prompt string   `json:"prompt"`
			IDs    []string `json:"instruction_id_list"`
			Follow []bool   `json:"follow_instruction_list"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		n := 0
		for i, ok := range rec.Follow {
			if ours, dev := devs[strconv.FormatInt(keys[rec.Prompt], 10)+" "+rec.IDs[i]]; dev {
				ok = ours
				used++
			}
			if ok {
				n++
			}
		}
		out[rec.Prompt] = float64(n) / float64(len(rec.Follow))
	})
	if used != len(devs) {
		t.Fatalf("%d strict deviations listed, %d met", len(devs), used)
	}
	return out, inputs
}

func TestRewardIFEvalGPT4(t *testing.T) {
	dir := sharedIFEval(t)
	want, inputs := officialFractions(t, dir)
	bench := filepath.Join(moduleRoot(t), "benchmarks", "ifeval")
	var prompts, responses []string
	jsonLines(t, filepath.Join(dir, gpt4Responses), func(line []byte) {
		var rec struct{ Prompt, Response string }
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		prompts, responses = append(prompts, rec.Prompt), append(responses, rec.Response)
	})
	if len(prompts) != len(want) {
		t.Fatalf("%d responses for %d official results", len(prompts), len(want))
	}

	t.Run("cli", func(t *testing.T) {
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"reward", "--benchmark", bench, filepath.Join(dir, gpt4Responses)}, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != len(prompts) {
			t.Fatalf("%d output lines for %d responses", len(lines), len(prompts))
		}
		for i, l := range lines {
			var res struct {
				Line   int
				Reward float64
			}
			if err := json.Unmarshal([]byte(l), &res); err != nil {
				t.Fatal(err)
			}
			if res.Line != i+1 || res.Reward != want[prompts[i]] {
				t.Errorf("line %d: reward %v, official fraction %v", i+1, res.Reward, want[prompts[i]])
			}
		}
	})

	t.Run("get_reward", func(t *testing.T) {
		srv := rewardServer(t, bench)
		req := map[string][]string{}
		for i, p := range prompts {
			// The chat template and end-of-sequence token a trainer adds.
			prompt := "<|im_start|>user\n" + p + "<|im_end|>\n<|im_start|>assistant\n"
			req["query"] = append(req["query"], prompt+responses[i]+"<|im_end|>")
			req["prompts"] = append(req["prompts"], prompt)
			req["labels"] = append(req["labels"], inputs[p])
		}
		body, _ := json.Marshal(req)
		var resp struct {
			Rewards   []float64            `json:"rewards"`
			Scores    []float64            `json:"scores"`
			ExtraLogs map[string][]float64 `json:"extra_logs"`
		}
		r, err := http.Post(srv.URL+"/get_reward?benchmark=ifeval", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if r.StatusCode != http.StatusOK {
			t.Fatalf("status %d", r.StatusCode)
		}
		if err := json.NewDecoder(r.Body).Decode(&resp); err != nil {
			t.Fatal(err)
		}
		if len(resp.Rewards) != len(prompts) || len(resp.Scores) != len(prompts) || len(resp.ExtraLogs["V"]) != len(prompts) {
			t.Fatalf("%d rewards, %d scores, %d V for %d queries", len(resp.Rewards), len(resp.Scores), len(resp.ExtraLogs["V"]), len(prompts))
		}
		for i, p := range prompts {
			if resp.Rewards[i] != want[p] || resp.Scores[i] != want[p] {
				t.Errorf("query %d: reward %v, score %v, official fraction %v", i, resp.Rewards[i], resp.Scores[i], want[p])
			}
		}
	})
}
