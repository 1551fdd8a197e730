package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// instrInput is an input file in the official format: IFEval's integer
// keys and IFBench's keys in strings, prompts with HTML characters.
const instrInput = `{"key": 1001, "prompt": "Write in lowercase.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}
{"key": "7", "prompt": "Say <hi> & bye without commas.", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}

{"key": 3, "prompt": "Write at least 5 words.", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"relation": "at least", "num_words": 5}]}
`

func TestInstrRunWritesPromptResponseLines(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	input := filepath.Join(dir, "input_data.jsonl")
	os.WriteFile(input, []byte(instrInput), 0o644)
	out := filepath.Join(dir, "results", modelID)
	r := Runner{Options: Options{Clock: clock}}
	run := InstrRun{Bench: "ifeval", Input: input, Model: srv.endpoint("acme", "acme/chat-7b"), Journal: filepath.Join(dir, "j.jsonl"), Out: out}
	if _, err := r.Instr(context.Background(), run, nil); err != nil {
		t.Fatal(err)
	}
	var got []InstrLine
	probs := ingest.PromptResponses(filepath.Join(out, "ifeval.jsonl"), func(pr ingest.PromptResponse) {
		got = append(got, InstrLine{pr.Prompt, pr.Response})
	})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	var want []InstrLine
	for _, p := range []string{"Write in lowercase.", "Say <hi> & bye without commas.", "Write at least 5 words."} {
		want = append(want, InstrLine{p, fakeAnswer("acme/chat-7b", p)})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ifeval.jsonl, in input order (-want +got):\n%s", diff)
	}
	first, _ := os.ReadFile(filepath.Join(out, "ifeval.jsonl"))
	if !strings.Contains(string(first), "Say <hi> & bye") {
		t.Errorf("prompts must be written as they are, not HTML-escaped: %s", first)
	}

	// A rerun asks nothing and writes the same bytes.
	srv.reset()
	if _, err := r.Instr(context.Background(), run, nil); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(out, "ifeval.jsonl"))
	if srv.requestsServed() != 0 || string(again) != string(first) {
		t.Errorf("rerun: %d requests; file changed: %v", srv.requestsServed(), string(again) != string(first))
	}
}

func TestInstrRunRefusesBadInput(t *testing.T) {
	srv := newFakeServer(t, newFakeClock())
	dir := t.TempDir()
	input := filepath.Join(dir, "in.jsonl")
	os.WriteFile(input, []byte(`{"key": 1, "prompt": "a", "instruction_id_list": ["punctuation:no_comma"]}`+"\n"+`{"key": 1, "prompt": "b", "instruction_id_list": [], "kwargs": []}`+"\n"), 0o644)
	r := Runner{}
	tests := []struct{ bench, want string }{
		{"ifeval", "in.jsonl:1: kwargs: missing\n"},
		{"ifeval", "in.jsonl:2: key: 1 already used on line 1"},
		{"sciif", `benchmark "sciif" is neither ifeval nor ifbench`},
	}
	for _, tt := range tests {
		_, err := r.Instr(context.Background(), InstrRun{Bench: tt.bench, Input: input, Model: srv.endpoint("m", "x"), Journal: filepath.Join(dir, "j.jsonl"), Out: dir}, nil)
		if err == nil || !strings.Contains(err.Error()+"\n", tt.want) {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
	if srv.requestsServed() != 0 {
		t.Errorf("requests sent for a bad input file")
	}
}
