//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// The load tests under the preprocessing presets: reasoning-shaped
// responses (a <think> section, open-instruct's <answer> and
// <|assistant|> wrappings) ending with every end-of-sequence marker of
// preprocess.Markers, to the ifeval-demo benchmark under open-instruct
// (chosen by the request) and none, and to ifevalg-demo with IF-RLVR
// training labels under open-instruct (chosen by the config, or by the
// request) and none (by the request).

// presetTarget is a loadTarget with the reward its first answer must give.
type presetTarget struct {
	loadTarget
	want float64
}

// presetLoadTargets are the requests of the preset load tests: the
// reasoning response of TestRewardPresetThinkAndEOS with each marker, and
// the reasoning-shaped IFEvalG differential cases whose rewards are
// open-instruct's (known differences left out), each with the marker of
// its turn.
func presetLoadTargets(t testing.TB) []presetTarget {
	t.Helper()
	label := `{"instruction_id_list": ["startend:end_checker", "punctuation:no_comma"], "kwargs": [{"end_phrase": "Is there anything else I can help with?"}, {}]}`
	bare := "Thanks for asking. Is there anything else I can help with?"
	think := "<think>\nOkay, the user wants a short reply, so I end with the phrase.\n</think>\n\n"
	chat := func(prompt string) string {
		return "<|im_start|>user\n" + prompt + "<|im_end|>\n<|im_start|>assistant\n"
	}
	getReward := func(path, prompt, response, label string, want float64) presetTarget {
		body, _ := json.Marshal(map[string][]string{"query": {chat(prompt) + response}, "prompts": {chat(prompt)}, "labels": {label}})
		return presetTarget{loadTarget{path: path, body: body}, want}
	}
	v1 := func(bench, preset string, rec map[string]any, want float64) presetTarget {
		body, _ := json.Marshal(map[string]any{"benchmark": bench, "preprocess": preset, "records": []any{rec}})
		return presetTarget{loadTarget{path: "/v1/rewards", body: body}, want}
	}
	var out []presetTarget
	markers := preprocess.MarkerTexts()
	for _, m := range markers {
		resp := think + bare + m
		var rec map[string]any
		json.Unmarshal([]byte(label), &rec)
		rec["prompt"], rec["response"] = "Say thanks.", resp
		out = append(out,
			// The bare answer follows both instructions: 1.
			getReward("/get_reward?benchmark=ifeval-demo&preprocess=open-instruct", "Say thanks.", resp, label, 1),
			v1("ifeval-demo", "open-instruct", rec, 1),
			// none checks the thinking, whose commas break no_comma.
			getReward("/get_reward?benchmark=ifeval-demo", "Say thanks.", resp, label, 0.5),
		)
	}
	n := 0
	for _, c := range ifevalgCases(t) {
		if c.Known || !strings.Contains(c.Mutation, "think") && !strings.Contains(c.Mutation, "assistant") && !strings.Contains(c.Mutation, "answer") {
			continue
		}
		resp := c.Response + markers[n%len(markers)]
		n++
		rec := map[string]any{"prompt": c.Prompt, "response": resp, "ground_truth": c.Label}
		out = append(out,
			getReward("/get_reward?benchmark=ifevalg-demo", c.Prompt, resp, c.Label, c.Score),
			v1("ifevalg-demo", "open-instruct", rec, c.Score),
			getReward("/get_reward?benchmark=ifevalg-demo&preprocess=none", c.Prompt, resp, c.Label, c.strictFraction()),
		)
	}
	if n < 100 {
		t.Fatalf("only %d reasoning-shaped IFEvalG cases", n)
	}
	return out
}

// startPresetServe runs `sciif serve` with ifeval-demo and ifevalg-demo,
// the latter under open-instruct by the config, and returns the preset
// targets, each answer being the one the server gave the same request
// before any load, which must carry the reward the target wants.
func startPresetServe(t testing.TB) (string, <-chan int, *lockedBuffer, []loadTarget) {
	t.Helper()
	root := moduleRoot(t)
	cfg := filepath.Join(t.TempDir(), "reward.yaml")
	if err := os.WriteFile(cfg, []byte("ifevalg-demo:\n  preprocess: open-instruct\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base, done, stderr := startServe(t, "--config", cfg,
		"--benchmark", filepath.Join(root, "benchmarks", "ifeval-demo"),
		"--benchmark", filepath.Join(root, "benchmarks", "ifevalg-demo"))
	var targets []loadTarget
	bad := 0
	for _, pt := range presetLoadTargets(t) {
		want := post(t, base+pt.path, pt.body, http.StatusOK)
		if got := answerReward(want); got != fmt.Sprint(pt.want) {
			if bad++; bad <= 10 {
				t.Errorf("%s %s: reward %s, want %v: %s", pt.path, pt.body, got, pt.want, want)
			}
		}
		tg := pt.loadTarget
		tg.ok = func(got []byte) bool { return string(got) == string(want) }
		targets = append(targets, tg)
	}
	if bad > 0 {
		t.Fatalf("%d of %d answers before the load have the wrong reward", bad, len(targets))
	}
	t.Logf("%d preset targets", len(targets))
	return base, done, stderr, targets
}

// answerReward is the one reward of a /get_reward or /v1/rewards answer,
// as text ("" when there is not exactly one, or an error).
func answerReward(data []byte) string {
	var a struct {
		Rewards []float64
		Results []struct {
			Reward *float64
			Error  string
		}
	}
	if json.Unmarshal(data, &a) != nil {
		return ""
	}
	switch {
	case len(a.Rewards) == 1 && a.Results == nil:
		return fmt.Sprint(a.Rewards[0])
	case len(a.Results) == 1 && a.Rewards == nil && a.Results[0].Reward != nil && a.Results[0].Error == "":
		return fmt.Sprint(*a.Results[0].Reward)
	}
	return ""
}

// TestServePresetsSIGTERMLosesNothing is TestServeSIGTERMLosesNothing
// over reasoning-shaped responses ending with every end-of-sequence
// marker, under the open-instruct preset (by request and by config) and
// none, to ifeval-demo and to ifevalg-demo with IF-RLVR training labels:
// every answer before the load has the reward of the bare answer (or
// open-instruct's verifier's), every request the server accepted under
// load is answered with those very bytes, nothing is lost, and the server
// exits 0.
func TestServePresetsSIGTERMLosesNothing(t *testing.T) {
	base, done, stderr, targets := startPresetServe(t)
	sigtermUnderLoad(t, base, done, stderr, targets)
}

// BenchmarkServeLoadPresets is BenchmarkServeLoad over the preset load
// targets in turn (one query or record per request): it fails on any
// error, lost request or answer that differs from the first.
//
//	go test ./generator/cmd/sciif -run '^$' -bench ServeLoadPresets -benchtime 20000x
func BenchmarkServeLoadPresets(b *testing.B) {
	base, done, _, targets := startPresetServe(b)
	benchLoad(b, base, done, targets)
}
