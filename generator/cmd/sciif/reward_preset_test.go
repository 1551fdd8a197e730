package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
