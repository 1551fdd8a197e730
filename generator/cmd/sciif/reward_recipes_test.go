package main

import (
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/verifier"
)

// recipeServer serves ifeval, complex-if-demo and sciverify-demo, the
// benchmarks the recipes of docs/rewards.md name.
func recipeServer(t *testing.T) *httptest.Server {
	t.Helper()
	root := moduleRoot(t)
	var dirs []string
	for _, b := range []string{"ifeval", "complex-if-demo", "sciverify-demo"} {
		dirs = append(dirs, filepath.Join(root, "benchmarks", b))
	}
	srv := rewardServer(t, dirs...)
	return srv
}

// pyPost posts body, written as Python's json.dumps writes it (", " and
// ": " separators, non-ASCII as \u escapes), and decodes the answer.
func pyPost(t *testing.T, url, body string) map[string]any {
	t.Helper()
	var m map[string]any
	postJSON(t, url, body, http.StatusOK, &m)
	return m
}

// TestRecipeOpenRLHF sends what OpenRLHF v0.11.0's
// _fetch_rewards_via_http sends with --reward.remote_url (query: the
// prompt and the response decoded with special tokens; labels: the
// dataset's label column, a string or an object) and reads the answer as
// it does: rewards, scores, extra_logs.
func TestRecipeOpenRLHF(t *testing.T) {
	srv := recipeServer(t)
	for _, tc := range []struct {
		name, bench, body string
		reward            float64
		logs              map[string]float64
	}{
		{"ifeval label as JSON text", "ifeval",
			`{"query": ["<|im_start|>user\nWrite in lower case.<|im_end|>\n<|im_start|>assistant\nall in lower case, caf\u00e9<|im_end|>"], "prompts": ["<|im_start|>user\nWrite in lower case.<|im_end|>\n<|im_start|>assistant\n"], "labels": ["{\"instruction_id_list\": [\"change_case:english_lowercase\"], \"kwargs\": [{}]}"]}`,
			1, map[string]float64{"V": 1, "prompt_found": 1}},
		{"verifier item id, overlong penalty left to OpenRLHF", "sciverify-demo",
			`{"query": ["<|im_start|>user\nCheck it.<|im_end|>\n<|im_start|>assistant\nBoth are 1.\nFinal Judgment: True<|im_end|>"], "prompts": ["<|im_start|>user\nCheck it.<|im_end|>\n<|im_start|>assistant\n"], "labels": ["math-001"]}`,
			1, map[string]float64{"R_align": 1, "P_overlong": 0}},
		{"rubric label as an object column", "complex-if-demo",
			`{"query": ["Q: Rotate the slot weekly."], "prompts": ["Q: "], "labels": [{"id": "cif-01", "judges": {"a": "` + cifSome + `", "b": "` + cifAll + `"}}]}`,
			0.5, map[string]float64{"PI": 0.75, "EC": 0.5, "DB": 0.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := pyPost(t, srv.URL+"/get_reward?benchmark="+tc.bench, tc.body)
			rewards, _ := m["rewards"].([]any)
			scores, _ := m["scores"].([]any)
			logs, _ := m["extra_logs"].(map[string]any)
			if len(rewards) != 1 || num(t, rewards[0]) != tc.reward || len(scores) != 1 || num(t, scores[0]) != min(1, tc.reward) {
				t.Fatalf("answer %v, want rewards [%v] and scores clipped to [0, 1]", m, tc.reward)
			}
			for k, want := range tc.logs {
				if got, _ := logs[k].([]any); len(got) != 1 || num(t, got[0]) != want {
					t.Errorf("extra_logs %s = %v, want [%v]", k, logs[k], want)
				}
			}
		})
	}
}

// TestRecipeVerl sends what the compute_score hook of docs/rewards.md
// sends to /get_reward for verl (query: extra_info's prompt, or "", and
// the solution decoded without special tokens; label: ground_truth) and
// reads the answer as it does: rewards[0], extra_logs, and the error of
// a 422.
func TestRecipeVerl(t *testing.T) {
	srv := recipeServer(t)
	for _, tc := range []struct {
		name, bench, body string
		code              int
		reward            float64
		logs              map[string]float64
	}{
		{"ifeval with the prompt in extra_info", "ifeval",
			`{"query": ["Write in lower case.all lower, but a comma"], "prompts": ["Write in lower case."], "labels": ["{\"instruction_id_list\": [\"change_case:english_lowercase\", \"punctuation:no_comma\"], \"kwargs\": [{}, {}]}"]}`,
			http.StatusOK, 0.5, map[string]float64{"V": 0.5, "followed": 1, "prompt_found": 1}},
		{"ifeval without a prompt", "ifeval",
			`{"query": ["all lower and no comma"], "prompts": [""], "labels": ["{\"instruction_id_list\": [\"change_case:english_lowercase\", \"punctuation:no_comma\"], \"kwargs\": [{}, {}]}"]}`,
			http.StatusOK, 1, map[string]float64{"V": 1, "prompt_found": 1}},
		{"verifier item id, overlong penalty left to verl", "sciverify-demo",
			`{"query": ["Both are 1.\nFinal Judgment: True"], "prompts": [""], "labels": ["math-001"]}`,
			http.StatusOK, 1, map[string]float64{"R_align": 1, "P_overlong": 0}},
		{"a label the benchmark cannot use", "sciverify-demo",
			`{"query": ["Final Judgment: True"], "prompts": [""], "labels": ["math-999"]}`,
			http.StatusUnprocessableEntity, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m map[string]any
			postJSON(t, srv.URL+"/get_reward?benchmark="+tc.bench, tc.body, tc.code, &m)
			if tc.code != http.StatusOK {
				if e, _ := m["error"].(string); e == "" {
					t.Errorf("answer %v, want an error", m)
				}
				return
			}
			rewards, _ := m["rewards"].([]any)
			logs, _ := m["extra_logs"].(map[string]any)
			if len(rewards) != 1 || num(t, rewards[0]) != tc.reward {
				t.Fatalf("answer %v, want rewards [%v]", m, tc.reward)
			}
			for k, want := range tc.logs {
				if got, _ := logs[k].([]any); len(got) != 1 || num(t, got[0]) != want {
					t.Errorf("extra_logs %s = %v, want [%v]", k, logs[k], want)
				}
			}
		})
	}
}

// TestRecipeOpenInstruct sends what the SciifIFEvalVerifier of
// docs/rewards.md sends for a reasoning model's prediction (the label
// rebuilt from open-instruct's ground_truth, None kwargs dropped) and
// reads rewards[0]: under the open-instruct preset the thinking is not
// checked.
func TestRecipeOpenInstruct(t *testing.T) {
	srv := recipeServer(t)
	body := `{"query": ["Write in lower case, no commas.<think>\nThe user wants LOWER CASE, no commas.\n</think>\n\nall in lower case and no commas<|im_end|>"], "prompts": ["Write in lower case, no commas."], "labels": ["{\"instruction_id\": [\"change_case:english_lowercase\", \"punctuation:no_comma\"], \"kwargs\": [{}, {}]}"]}`
	for preset, want := range map[string]float64{"open-instruct": 1, "none": 0} {
		m := pyPost(t, srv.URL+"/get_reward?benchmark=ifeval&preprocess="+preset, body)
		if r, _ := m["rewards"].([]any); len(r) != 1 || num(t, r[0]) != want {
			t.Errorf("%s: rewards %v, want [%v]", preset, m["rewards"], want)
		}
	}
}

// TestOverlongPenaltyIsDAPOs: SCI-Verifier's P_overlong with l_max,
// l_buffer and λ is the DAPO overlong penalty of OpenRLHF
// (--reward.overlong_buffer_len l_buffer, --reward.overlong_penalty_factor
// λ, --rollout.max_new_tokens l_max + l_buffer) and of verl's dapo reward
// manager (overlong_buffer_cfg.len l_buffer, penalty_factor λ,
// max_resp_len l_max + l_buffer), as their documentation states it:
// −min(n − (max − buffer), buffer)/buffer · factor when positive, for
// every length up to max (generation stops there).
func TestOverlongPenaltyIsDAPOs(t *testing.T) {
	spec := &verifier.RewardSpec{LMax: 1024, LBuffer: 256, Lambda: 0.5}
	maxNew, buffer, factor := float64(spec.LMax+spec.LBuffer), float64(spec.LBuffer), spec.Lambda
	for n := int64(0); n <= int64(maxNew); n++ {
		dapo := 0.0
		if exceed := min(float64(n)-(maxNew-buffer), buffer); exceed > 0 {
			dapo = -exceed / buffer * factor
		}
		if got := spec.Penalty(n); math.Abs(got-dapo) > 1e-12 {
			t.Fatalf("%d tokens: P_overlong %v, DAPO's %v", n, got, dapo)
		}
	}
}
