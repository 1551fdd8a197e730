package reward_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// ifevalSet serves the ifeval-demo benchmark with the config text cfg.
func ifevalSet(t testing.TB, cfg string) *reward.Set {
	t.Helper()
	return benchSet(t, ifeval.Kind, "ifeval-demo", cfg)
}

// benchSet serves the benchmark of kind k in benchmarks/dir with the
// config text cfg ("" for none).
func benchSet(t testing.TB, k *kind.Kind, dir, cfg string) *reward.Set {
	t.Helper()
	benches, err := kind.Open([]*kind.Kind{k}, "../../../benchmarks", []string{"../../../benchmarks/" + dir})
	if err != nil {
		t.Fatal(err)
	}
	var c reward.Config
	if cfg != "" {
		if c, err = reward.ParseConfig("test", []byte(cfg)); err != nil {
			t.Fatal(err)
		}
	}
	set, err := reward.NewSet(benches, c, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// A reasoning model's answer: a thinking section (with commas) before an
// answer that has none and ends with the phrase asked for, then DeepSeek's
// or Qwen's end-of-sequence marker.
const (
	reasoningLabel = `{"instruction_id_list": ["startend:end_checker", "punctuation:no_comma"], "kwargs": [{"end_phrase": "Is there anything else I can help with?"}, {}]}`
	bareAnswer     = "Thanks for asking. Is there anything else I can help with?"
	thinking       = "<think>\nOkay, the user wants a short reply, so I end with the phrase.\n</think>\n\n"
)

// Under open-instruct, a reasoning model's response with its thinking and
// an end-of-sequence marker gets the reward of the bare answer (1: both
// instructions followed); under none, the default, the thinking is checked
// as today and its commas break no_comma (0.5; end_checker still holds,
// the marker being gone). The same through /get_reward (query parameter,
// and the config's default), /v1/rewards (batch and record field) and the
// stream `sciif reward` runs (--preprocess).
func TestReasoningResponseUnderPresets(t *testing.T) {
	plain := ifevalSet(t, "")
	configured := ifevalSet(t, "ifeval:\n  preprocess: open-instruct\n")
	for _, eos := range []string{"<|im_end|>", "<｜end▁of▁sentence｜>", "<|return|>", "<|eot_id|>", "<end_of_turn>\n", "</s>"} {
		resp := thinking + bareAnswer + eos
		for _, tc := range []struct {
			name, reason string
			set          *reward.Set
			preset       string // the request's choice
			want         float64
		}{
			{"default", "none checks the thinking too", plain, "", 0.5},
			{"none", "as the default", plain, "none", 0.5},
			{"open-instruct", "only the answer is checked", plain, "open-instruct", 1},
			{"config", "the config's preset applies when the request names none", configured, "", 1},
			{"request over config", "the request's choice wins", configured, "none", 0.5},
		} {
			srv := httptest.NewServer(reward.NewServer(tc.set, reward.DefaultOptions()).Handler())
			q := ""
			if tc.preset != "" {
				q = "&preprocess=" + tc.preset
			}
			prompt := "<|im_start|>user\nSay thanks.<|im_end|>\n<|im_start|>assistant\n"
			body := `{"query": [` + quoteJSON(prompt+resp) + `], "prompts": [` + quoteJSON(prompt) + `], "labels": [` + quoteJSON(reasoningLabel) + `]}`
			var gr struct{ Rewards []float64 }
			json.Unmarshal(post(t, srv.URL+"/get_reward?benchmark=ifeval-demo"+q, body), &gr)

			rec := `{"prompt": "Say thanks.", "response": ` + quoteJSON(resp) + `, "instruction_id_list": ["startend:end_checker", "punctuation:no_comma"], "kwargs": [{"end_phrase": "Is there anything else I can help with?"}, {}]}`
			batch := `{"benchmark": "ifeval-demo", "records": [` + rec + `]}`
			wrapped := `{"records": [{"benchmark": "ifeval-demo", "record": ` + rec + `}]}`
			if tc.preset != "" {
				batch = `{"benchmark": "ifeval-demo", "preprocess": "` + tc.preset + `", "records": [` + rec + `]}`
				wrapped = `{"records": [{"benchmark": "ifeval-demo", "preprocess": "` + tc.preset + `", "record": ` + rec + `}]}`
			}
			var got [2]struct {
				Results []struct {
					Reward float64
					Error  string
				}
			}
			json.Unmarshal(post(t, srv.URL+"/v1/rewards", batch), &got[0])
			json.Unmarshal(post(t, srv.URL+"/v1/rewards", wrapped), &got[1])
			srv.Close()

			ctx, err := reward.WithPreset(context.Background(), tc.preset)
			if err != nil {
				t.Fatal(err)
			}
			f, _ := tc.set.Lookup("ifeval-demo")
			var out bytes.Buffer
			if _, err := reward.Stream(ctx, strings.NewReader(rec+"\n"), &out, f.Rewards, "jsonl"); err != nil {
				t.Fatal(err)
			}
			var line struct{ Reward float64 }
			json.Unmarshal(out.Bytes(), &line)

			if len(gr.Rewards) != 1 || gr.Rewards[0] != tc.want {
				t.Errorf("%s (%s), %q: /get_reward gives %v, want %v", tc.name, tc.reason, eos, gr.Rewards, tc.want)
			}
			for i, g := range got {
				if len(g.Results) != 1 || g.Results[0].Error != "" || g.Results[0].Reward != tc.want {
					t.Errorf("%s (%s), %q: /v1/rewards form %d gives %+v, want %v", tc.name, tc.reason, eos, i, g.Results, tc.want)
				}
			}
			if line.Reward != tc.want {
				t.Errorf("%s (%s), %q: the stream gives %s, want %v", tc.name, tc.reason, eos, out.Bytes(), tc.want)
			}
		}
	}
	// The bare answer is 1 under either preset.
	for _, p := range []string{"none", "open-instruct"} {
		ctx, _ := reward.WithPreset(context.Background(), p)
		f, _ := plain.Lookup("ifeval-demo")
		r, err := f.Rewards.Label(ctx, "Say thanks.", bareAnswer, reasoningLabel)
		if err != nil || r.Reward != 1 {
			t.Errorf("the bare answer under %s: %v %v, want 1", p, r.Reward, err)
		}
	}
}

// An unknown preset is refused where it is named: the config, the query
// parameter, the batch and a record.
func TestUnknownPresetRefused(t *testing.T) {
	benches, err := kind.Open([]*kind.Kind{ifeval.Kind}, "../../../benchmarks", []string{"../../../benchmarks/ifeval-demo"})
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []string{"ifeval:\n  preprocess: open_instruct\n", "ifeval-demo:\n  preprocess: [none]\n"} {
		c, err := reward.ParseConfig("test", []byte(cfg))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reward.NewSet(benches, c, kind.Options{}); err == nil || !strings.Contains(err.Error(), "preprocess") {
			t.Errorf("config %q: %v, want an error on preprocess", cfg, err)
		}
	}
	srv := httptest.NewServer(reward.NewServer(ifevalSet(t, ""), reward.DefaultOptions()).Handler())
	defer srv.Close()
	for _, tc := range []struct{ name, url, body string }{
		{"query parameter", "/get_reward?benchmark=ifeval-demo&preprocess=think", `{"query": ["x"], "labels": ["1000"]}`},
		{"batch", "/v1/rewards", `{"benchmark": "ifeval-demo", "preprocess": "think", "records": [{"key": 1000, "response": "x"}]}`},
	} {
		resp, err := http.Post(srv.URL+tc.url, "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 400 || !strings.Contains(string(data), `"field":"preprocess"`) {
			t.Errorf("%s: %d %s, want 400 on field preprocess", tc.name, resp.StatusCode, data)
		}
	}
	var got struct{ Results []struct{ Field string } }
	json.Unmarshal(post(t, srv.URL+"/v1/rewards", `{"records": [{"benchmark": "ifeval-demo", "preprocess": "think", "record": {"key": 1000, "response": "x"}}]}`), &got)
	if len(got.Results) != 1 || got.Results[0].Field != "preprocess" {
		t.Errorf("a record's unknown preset: %+v, want an error on preprocess", got)
	}
}

// recorded is one case of preprocess/testdata/open-instruct.jsonl:
// open-instruct's own preprocessing of a reasoning-shaped response.
type recorded struct {
	Response       string            `json:"response"`
	Answer         string            `json:"answer"`
	Empty          bool              `json:"empty"`
	InstructionIDs []string          `json:"instruction_id_list"`
	Kwargs         []json.RawMessage `json:"kwargs"`
}

func readRecorded(t testing.TB) []recorded {
	t.Helper()
	f, err := os.Open("preprocess/testdata/open-instruct.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []recorded
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c recorded
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func (c *recorded) label() string {
	b, _ := json.Marshal(map[string]any{"instruction_id_list": c.InstructionIDs, "kwargs": c.Kwargs})
	return string(b)
}

// On every recorded response, followed by an end-of-sequence marker, the
// open-instruct preset gives the reward of open-instruct's own answer
// checked as is (0 when open-instruct finds it empty); the none preset
// gives a different reward on some of them, counted in the log.
func TestOpenInstructPresetConformance(t *testing.T) {
	set := ifevalSet(t, "")
	f, _ := set.Lookup("ifeval-demo")
	none, _ := reward.WithPreset(context.Background(), "none")
	oi, _ := reward.WithPreset(context.Background(), "open-instruct")
	cases := readRecorded(t)
	if len(cases) != 720 {
		t.Fatalf("%d cases, want 720", len(cases))
	}
	differ := 0
	for i, c := range cases {
		want, err := f.Rewards.Label(none, "", c.Answer, c.label())
		if err != nil {
			t.Fatalf("case %d: %v", i+1, err)
		}
		if c.Empty {
			want.Reward = 0
		}
		got, err := f.Rewards.Label(oi, "", c.Response+"<|im_end|>", c.label())
		if err != nil {
			t.Fatalf("case %d: %v", i+1, err)
		}
		if got.Reward != want.Reward {
			t.Errorf("case %d %q: open-instruct preset %v, open-instruct's answer %q gets %v", i+1, c.Response, got.Reward, c.Answer, want.Reward)
		}
		raw, _ := f.Rewards.Label(none, "", c.Response+"<|im_end|>", c.label())
		if raw.Reward != got.Reward {
			differ++
		}
	}
	t.Logf("%d of %d recorded responses get another reward under none", differ, len(cases))
	if differ == 0 {
		t.Error("no recorded response tells the presets apart")
	}
}

// BenchmarkRewardPreset is the preset path's cost: the recorded reasoning
// responses as `sciif reward` records, under none and open-instruct, in
// rewards per second and per CPU-second (the process's CPU time, which a
// busy machine disturbs less).
//
//	go test ./generator/internal/reward -run '^$' -bench RewardPreset -cpu 1
func BenchmarkRewardPreset(b *testing.B) {
	set := ifevalSet(b, "")
	f, _ := set.Lookup("ifeval-demo")
	var in bytes.Buffer
	cases := readRecorded(b)
	for _, c := range cases {
		rec, _ := json.Marshal(map[string]any{"prompt": "", "response": c.Response + "<|im_end|>", "instruction_id_list": c.InstructionIDs, "kwargs": c.Kwargs})
		in.Write(append(rec, '\n'))
	}
	for _, p := range []string{"none", "open-instruct"} {
		b.Run(p, func(b *testing.B) {
			ctx, _ := reward.WithPreset(context.Background(), p)
			n := 0
			cpu := benchcpu.Start()
			for b.Loop() {
				if _, err := reward.Stream(ctx, bytes.NewReader(in.Bytes()), io.Discard, f.Rewards, "jsonl"); err != nil {
					b.Fatal(err)
				}
				n += len(cases)
			}
			cpu(b)
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rewards/s")
		})
	}
}
