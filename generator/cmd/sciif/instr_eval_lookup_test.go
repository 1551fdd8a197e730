package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIFBenchStrippedPromptLookup runs sciif ifbench and sciif ifeval on
// responses whose prompt differs from the input's only in surrounding white
// space: the official IFBench evaluation finds them (get_response_for_prompt
// strips both sides), the official IFEval evaluation does not.
func TestIFBenchStrippedPromptLookup(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	input := func(id string) string {
		return write(id+".jsonl", strings.ReplaceAll(strings.Join([]string{
			`{"key": 1, "prompt": "Write.", "instruction_id_list": ["ID"], "kwargs": [{}]}`,
			`{"key": 2, "prompt": "  Say.\n", "instruction_id_list": ["ID"], "kwargs": [{}]}`,
			`{"key": 3, "prompt": "Tell.", "instruction_id_list": ["ID"], "kwargs": [{}]}`,
			`{"key": 4, "prompt": " Ask.", "instruction_id_list": ["ID"], "kwargs": [{}]}`,
		}, "\n")+"\n", "ID", id))
	}
	resp := write("resp.jsonl", strings.Join([]string{
		// key 1: the response's prompt, stripped, is the input's.
		`{"prompt": "Write.\n", "response": "ok"}`,
		// key 2: the input's prompt, stripped, is the response's.
		`{"prompt": "Say.", "response": "ok"}`,
		// key 3: an exact match, then a later stripped one, which the
		// official dictionary also files under the exact text: last wins.
		`{"prompt": "Tell.", "response": "a, b"}`,
		`{"prompt": " Tell. ", "response": "ok"}`,
		// key 4: an exact match wins over a later match of both stripped.
		`{"prompt": " Ask.", "response": "ok"}`,
		`{"prompt": "Ask.\t", "response": "a, b"}`,
	}, "\n")+"\n")
	for _, tt := range []struct {
		name, id string
		run      func(context.Context, []string, *strings.Builder, *strings.Builder) int
		want     string
	}{
		{"ifbench", "format:no_whitespace", func(ctx context.Context, a []string, o, e *strings.Builder) int { return runIFBench(ctx, a, o, e) }, "true true true true"},
		{"ifeval", "punctuation:no_comma", func(ctx context.Context, a []string, o, e *strings.Builder) int { return runIFEval(ctx, a, o, e) }, "false false false true"},
	} {
		out := filepath.Join(dir, tt.name)
		var stdout, stderr strings.Builder
		if code := tt.run(context.Background(), []string{"--input", input(tt.id), "--responses", resp, "--out", out}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.name, code, stderr.String())
		}
		data, err := os.ReadFile(filepath.Join(out, "eval_results_strict.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			got = append(got, map[bool]string{true: "true", false: "false"}[strings.Contains(l, `"follow_all_instructions": true`)])
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("sciif %s: follow_all_instructions %s, want %s\n%s", tt.name, g, tt.want, data)
		}
	}
}
