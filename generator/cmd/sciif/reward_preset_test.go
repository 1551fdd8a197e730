package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// `sciif reward` gives a reasoning model's response, thinking and
// end-of-sequence marker included, the reward of its bare answer under the
// open-instruct preset (--preprocess, or the config's preprocess setting),
// and under none, the default, the reward of the text as written: the
// thinking's commas break no_comma.
func TestRewardPresetThinkAndEOS(t *testing.T) {
	root := moduleRoot(t)
	tmp := t.TempDir()
	label := `"instruction_id_list": ["startend:end_checker", "punctuation:no_comma"], "kwargs": [{"end_phrase": "Is there anything else I can help with?"}, {}]`
	bare := "Thanks for asking. Is there anything else I can help with?"
	think := "<think>\nOkay, the user wants a short reply, so I end with the phrase.\n</think>\n\n"
	var in strings.Builder
	for _, r := range []string{bare, think + bare + "<｜end▁of▁sentence｜>", think + bare + "<|im_end|>", think + bare + "<|return|>"} {
		b, _ := json.Marshal(r)
		in.WriteString(`{"prompt": "Say thanks.", "response": ` + string(b) + `, ` + label + "}\n")
	}
	inPath := filepath.Join(tmp, "in.jsonl")
	cfgPath := filepath.Join(tmp, "reward.yaml")
	if err := os.WriteFile(inPath, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgPath, []byte("ifeval-demo:\n  preprocess: open-instruct\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bench := filepath.Join(root, "benchmarks", "ifeval-demo")
	for _, tc := range []struct {
		name, reason string
		flags        []string
		want         []float64
	}{
		{"default", "none: the thinking is checked", nil, []float64{1, 0.5, 0.5, 0.5}},
		{"none", "as the default", []string{"--preprocess", "none"}, []float64{1, 0.5, 0.5, 0.5}},
		{"open-instruct", "the thinking and the marker go", []string{"--preprocess", "open-instruct"}, []float64{1, 1, 1, 1}},
		{"config", "the config's setting", []string{"--config", cfgPath}, []float64{1, 1, 1, 1}},
		{"flag over config", "the flag wins", []string{"--config", cfgPath, "--preprocess", "none"}, []float64{1, 0.5, 0.5, 0.5}},
	} {
		args := append([]string{"reward", "--benchmark", bench}, tc.flags...)
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(args, inPath), &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.name, code, errb.String())
		}
		var got []float64
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var r struct{ Reward float64 }
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			got = append(got, r.Reward)
		}
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %s", tc.name, out.String())
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s (%s): line %d reward %v, want %v", tc.name, tc.reason, i+1, got[i], tc.want[i])
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"reward", "--benchmark", bench, "--preprocess", "think", inPath}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "none, open-instruct") {
		t.Errorf("an unknown preset: exit %d, %s; want 2 and the presets listed", code, errb.String())
	}
}

// Every end-of-sequence marker of preprocess.Markers (the DeepSeek,
// gpt-oss, Llama 3, Gemma, Qwen and Mistral ones among them), after a
// reasoning model's response, through `sciif reward` on ifeval-demo (an
// IFEval record) and on ifevalg-demo (a training-data ground_truth naming
// training constraints): under open-instruct the response gets the bare
// answer's reward; under none, the reward the same text gets without the
// marker, as before the presets: the thinking is checked.
func TestRewardPresetEveryMarker(t *testing.T) {
	root := moduleRoot(t)
	bare := "Thanks for asking. Is there anything else I can help with?"
	think := "<think>\nOkay, the user wants a short reply, so I end with the phrase.\n</think>\n\n"
	for _, bc := range []struct {
		bench, label string
		// bareWant: the bare answer follows every instruction;
		// thinkWant: under none the thinking breaks one of two.
		bareWant, thinkWant float64
	}{
		// The thinking's commas break no_comma.
		{"ifeval-demo", `"instruction_id_list": ["startend:end_checker", "punctuation:no_comma"], "kwargs": [{"end_phrase": "Is there anything else I can help with?"}, {}]`, 1, 0.5},
		// The thinking's first word is not "Thanks"; the last word is
		// still "with".
		{"ifevalg-demo", `"ground_truth": "[{'instruction_id': ['first_word:first_word_answer', 'last_word:last_word_answer'], 'kwargs': [{'first_word': 'thanks'}, {'last_word': 'with'}]}]"`, 1, 0.5},
	} {
		responses := []string{bare, think + bare}
		for _, m := range preprocess.MarkerTexts() {
			responses = append(responses, think+bare+m, "<|assistant|>"+think+"<answer>"+bare+"</answer>"+m+"\n")
		}
		var in strings.Builder
		for _, r := range responses {
			b, _ := json.Marshal(r)
			in.WriteString(`{"prompt": "Say thanks.", "response": ` + string(b) + `, ` + bc.label + "}\n")
		}
		inPath := filepath.Join(t.TempDir(), "in.jsonl")
		if err := os.WriteFile(inPath, []byte(in.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		rewards := func(preset string) []float64 {
			var out, errb bytes.Buffer
			if code := run(context.Background(), []string{"reward", "--benchmark", filepath.Join(root, "benchmarks", bc.bench), "--preprocess", preset, inPath}, &out, &errb); code != 0 {
				t.Fatalf("%s %s: exit %d: %s%s", bc.bench, preset, code, out.String(), errb.String())
			}
			var got []float64
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				var r struct{ Reward *float64 }
				if err := json.Unmarshal([]byte(line), &r); err != nil || r.Reward == nil {
					t.Fatalf("%s %s: %s", bc.bench, preset, line)
				}
				got = append(got, *r.Reward)
			}
			return got
		}
		oi, none := rewards("open-instruct"), rewards("none")
		if len(oi) != len(responses) || len(none) != len(responses) {
			t.Fatalf("%s: %d and %d rewards for %d records", bc.bench, len(oi), len(none), len(responses))
		}
		if oi[0] != bc.bareWant || none[0] != bc.bareWant || none[1] != bc.thinkWant {
			t.Fatalf("%s: the bare answer %v (open-instruct), %v (none), the thinking and answer %v under none; want %v, %v, %v",
				bc.bench, oi[0], none[0], none[1], bc.bareWant, bc.bareWant, bc.thinkWant)
		}
		for i := 2; i < len(responses); i++ {
			if oi[i] != oi[0] {
				t.Errorf("%s, open-instruct, %q: reward %v, the bare answer's %v", bc.bench, responses[i], oi[i], oi[0])
			}
			// The wrapped responses (odd lines) are checked whole
			// under none; the think+answer ones must get the reward of
			// the text without its marker.
			if i%2 == 0 && none[i] != none[1] {
				t.Errorf("%s, none, %q: reward %v, without the marker %v", bc.bench, responses[i], none[i], none[1])
			}
		}
	}
}
