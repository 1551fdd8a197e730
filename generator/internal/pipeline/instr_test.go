package pipeline

import (
	"context"
	"path/filepath"
	"testing"
)

// TestInstructionsCountsUnansweredPromptsAsFailed checks the instruction
// boards' denominators: every prompt counts, answered or not.
func TestInstructionsCountsUnansweredPromptsAsFailed(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "input_data.jsonl"),
		`{"key": 1, "prompt": "Write in lowercase.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}`+"\n"+
			`{"key": 2, "prompt": "Write at least 5 words in lowercase.", "instruction_id_list": ["length_constraints:number_words", "change_case:english_lowercase"], "kwargs": [{"relation": "at least", "num_words": 5}, {}]}`+"\n"+
			`{"key": 3, "prompt": "Say hi.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}`+"\n")
	meta := "organization: O\nopen_weights: true\ndate: 2026-01-01\njudges: [j]\n"
	record := `{"id": "x", "response": "", "judges": {}}` + "\n"
	write(t, filepath.Join(dir, "results", "m", "metadata.yaml"), "name: M\n"+meta)
	write(t, filepath.Join(dir, "results", "m", "responses.jsonl"), record)
	write(t, filepath.Join(dir, "results", "m", "ifeval.jsonl"),
		`{"prompt": "Write in lowercase.", "response": "all lowercase here"}`+"\n"+
			`{"prompt": "Write at least 5 words in lowercase.", "response": "only Three words"}`+"\n")
	write(t, filepath.Join(dir, "results", "other", "metadata.yaml"), "name: Other\n"+meta)
	write(t, filepath.Join(dir, "results", "other", "responses.jsonl"), record)

	ibs, err := LoadInstr(map[string]string{"ifeval": filepath.Join(dir, "input_data.jsonl")})
	if err != nil || ibs[0].Name != "ifeval" {
		t.Fatal(err)
	}
	b, err := Instructions(context.Background(), InstrOptions{Bench: ibs[0], Results: filepath.Join(dir, "results")})
	if err != nil {
		t.Fatal(err)
	}
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
