package verifiable_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/runner"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
)

// instrInput is an input file in the official format: IFEval's integer
// keys and IFBench's keys in strings, prompts with HTML characters.
const instrInput = `{"key": 1001, "prompt": "Write in lowercase.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}
{"key": "7", "prompt": "Say <hi> & bye without commas.", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}

{"key": 3, "prompt": "Write at least 5 words.", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"relation": "at least", "num_words": 5}]}
`

func TestRunWritesPromptResponseLines(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "benchmarks", "ifeval", "benchmark.yaml"), "kind: ifeval\ntitle: IFEval\n")
	write(t, filepath.Join(dir, "benchmarks", "ifeval", "input_data.jsonl"), instrInput)
	benches, err := kind.Open([]*kind.Kind{ifeval.Kind}, filepath.Join(dir, "benchmarks"), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := benches[0].(kind.Runnable)
	if !ok || b.Judged() || b.JudgeTasks(map[string]string{verifiable.AnswerKey(1001): "x"}) != nil {
		t.Fatalf("an instruction benchmark is runnable, without judges")
	}

	clock := runnertest.NewClock()
	srv := runnertest.NewServer(t, clock)
	out := filepath.Join(dir, "results", "acme-chat-7b")
	p := runner.Plan{Benchmarks: []kind.Runnable{b},
		Model:   runner.Endpoint{Name: "model", BaseURL: srv.URL + "/v1", Model: "acme/chat-7b", APIKey: runnertest.Key},
		Journal: filepath.Join(dir, ".sciif-run", "acme-chat-7b.jsonl"), Out: out, Date: "2026-11-02"}
	r := runner.Runner{Options: runner.Options{Clock: clock}}
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	var got []verifiable.Line
	probs := ingest.PromptResponses(filepath.Join(out, "ifeval.jsonl"), func(pr ingest.PromptResponse) {
		got = append(got, verifiable.Line{Prompt: pr.Prompt, Response: pr.Response})
	})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	var want []verifiable.Line
	for _, p := range []string{"Write in lowercase.", "Say <hi> & bye without commas.", "Write at least 5 words."} {
		want = append(want, verifiable.Line{Prompt: p, Response: runnertest.Reply("acme/chat-7b", p)})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ifeval.jsonl, in input order (-want +got):\n%s", diff)
	}
	first, _ := os.ReadFile(filepath.Join(out, "ifeval.jsonl"))
	if !strings.Contains(string(first), "Say <hi> & bye") {
		t.Errorf("prompts must be written as they are, not HTML-escaped: %s", first)
	}

	// The kind accepts what it wrote: every prompt answered, and the
	// metadata (no judges) validates once the organization is filled in.
	runnertest.FillOrganization(t, out)
	subs, err := ingest.Submissions(filepath.Join(dir, "results"), []string{"ifeval.jsonl"})
	if err != nil || len(subs) != 1 || len(subs[0].Meta.Judges) != 0 {
		t.Fatalf("submissions %+v: %v", subs, err)
	}
	run, probs := b.Check(context.Background(), &subs[0], kind.Options{Policies: board.Policies})
	if len(probs) > 0 || run.Summary() != "3/3 prompts answered" {
		t.Errorf("check: %s; %v", run.Summary(), probs)
	}

	// A rerun asks nothing and writes the same bytes.
	srv.Reset()
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(out, "ifeval.jsonl"))
	if srv.Total() != 0 || string(again) != string(first) {
		t.Errorf("rerun: %d requests; file changed: %v", srv.Total(), string(again) != string(first))
	}
}
