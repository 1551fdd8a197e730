package verifiable_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
)

func write(tb testing.TB, path, data string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// TestInstructionsCountsUnansweredPromptsAsFailed checks the instruction
// boards' denominators: every prompt counts, answered or not.
func TestInstructionsCountsUnansweredPromptsAsFailed(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ifeval", "benchmark.yaml"), "kind: ifeval\ntitle: IFEval\n")
	write(t, filepath.Join(dir, "ifeval", "input_data.jsonl"),
		`{"key": 1, "prompt": "Write in lowercase.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}`+"\n"+
			`{"key": 2, "prompt": "Write at least 5 words in lowercase.", "instruction_id_list": ["length_constraints:number_words", "change_case:english_lowercase"], "kwargs": [{"relation": "at least", "num_words": 5}, {}]}`+"\n"+
			`{"key": 3, "prompt": "Say hi.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}`+"\n")
	meta := "organization: O\nopen_weights: true\ndate: 2026-01-01\n"
	record := `{"prompt": "Say hi.", "response": "hi"}` + "\n"
	write(t, filepath.Join(dir, "results", "m", "metadata.yaml"), "name: M\n"+meta)
	write(t, filepath.Join(dir, "results", "m", "ifeval.jsonl"),
		`{"prompt": "Write in lowercase.", "response": "all lowercase here"}`+"\n"+
			`{"prompt": "Write at least 5 words in lowercase.", "response": "only Three words"}`+"\n")
	write(t, filepath.Join(dir, "results", "other", "metadata.yaml"), "name: Other\n"+meta)
	write(t, filepath.Join(dir, "results", "other", "other.jsonl"), record)
	write(t, filepath.Join(dir, "other", "benchmark.yaml"), "kind: ifeval\ntitle: Other\n")
	write(t, filepath.Join(dir, "other", "input_data.jsonl"), `{"key": 3, "prompt": "Say hi.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}`+"\n")

	out, err := pipeline.Boards(context.Background(), pipeline.BoardsOptions{
		Kinds: []*kind.Kind{sciif.Kind, ifeval.Kind}, Root: dir, Results: filepath.Join(dir, "results"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Boards) != 2 || out.Benchmarks[0].Spec().Name != "ifeval" {
		t.Fatalf("want the boards of two IFEval benchmarks side by side, ifeval first, got %d", len(out.Boards))
	}
	b := out.Boards[0].(*verifiable.Board).Scores()
	if len(b.Models) != 1 || b.Models[0].ID != "m" {
		t.Fatalf("want only model m (the other has no ifeval.jsonl), got %+v", b.Models)
	}
	m := b.Models[0]
	if m.Answered != 2 || m.Complete {
		t.Errorf("answered %d complete %v, want 2 and false", m.Answered, m.Complete)
	}
	// Prompt 1 passes; prompt 2 fails both instructions; prompt 3 is unanswered.
	if got := m.Strict.Prompt; got.Pass != 1 || got.Total != 3 {
		t.Errorf("prompt-level strict = %d/%d, want 1/3", got.Pass, got.Total)
	}
	if got := m.Strict.Instruction; got.Pass != 1 || got.Total != 4 {
		t.Errorf("instruction-level strict = %d/%d, want 1/4", got.Pass, got.Total)
	}
	if got := m.Strict.ByCount["2"]; got.Pass != 0 || got.Total != 1 {
		t.Errorf("prompts with 2 instructions = %d/%d, want 0/1", got.Pass, got.Total)
	}
	if got := m.Strict.ByGroup["change_case"]; got.Pass != 1 || got.Total != 3 {
		t.Errorf("change_case group = %d/%d, want 1/3", got.Pass, got.Total)
	}
	if r := m.Results[1].Strict[0]; r.Followed || r.Reason == "" {
		t.Errorf("word count verdict = %+v, want not followed with a reason", r)
	}
}
