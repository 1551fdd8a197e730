package verifiable

import (
	"context"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// InstrBench is an instruction benchmark loaded for checking submissions:
// its name (which names the submission file, <Name>.jsonl), its prompts
// file and the index of its prompts.
type InstrBench struct {
	Name     string
	Input    string
	Registry *instr.Registry
	Prompts  []instr.Prompt
	Index    map[string]int
	N        int
}

// CodeUnknownPrompt marks a response to a prompt the benchmark lacks.
const CodeUnknownPrompt = "prompt_response.unknown_prompt"

// ReadInstrPrompts reads an instruction benchmark's prompts (the official
// input format) through the bounded reader.
func ReadInstrPrompts(path string, reg *instr.Registry) ([]instr.Prompt, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return instr.ReadPrompts(f, path, reg)
}

// PromptIndex maps each prompt's text to its position.
func PromptIndex(prompts []instr.Prompt) map[string]int {
	index := make(map[string]int, len(prompts))
	for i, p := range prompts {
		index[p.Prompt] = i
	}
	return index
}

// InstrRecords is how records.Read reads the responses to the instruction
// benchmark of prompts (named name): matched to their prompt by exact
// text, as the official code does. Every bad line, every response to a
// prompt the benchmark lacks and a second response to one prompt ("first
// on line N": the official code would keep the last silently, and a board
// submission holding two is a mistake) is a fatal problem naming its line,
// as in every kind's submissions, so that `sciif validate` and `sciif
// build` refuse the same files; a prompt without a response follows none
// of its instructions.
func InstrRecords(name string, prompts []instr.Prompt, index map[string]int) *records.Spec[ingest.PromptResponse] {
	codes := records.CodesOf("prompt_response")
	codes.Line, codes.Missing, codes.Response = ingest.CodePromptLine, ingest.CodePromptLine, ingest.CodePromptLine
	codes.Unknown, codes.Incomplete = CodeUnknownPrompt, CodeInstrIncomplete
	return &records.Spec[ingest.PromptResponse]{
		Benchmark: name, N: len(prompts), Lookup: func(key string) (int, bool) { i, ok := index[key]; return i, ok },
		KeyField: "prompt", KeyName: "prompt", Key: func(r *ingest.PromptResponse) string { return r.Prompt },
		ResponseField: "response", Response: func(r *ingest.PromptResponse) string { return r.Response },
		Items: "prompts", Name: func(i int) string { return fmt.Sprint(prompts[i].Key) }, Unanswered: "scored as following none of their instructions",
		WarnEmpty: true, Codes: codes, Decode: ingest.DecodePromptResponse,
	}
}

// CodeInstrIncomplete marks a submission that leaves prompts unanswered.
const CodeInstrIncomplete = "instr.incomplete"

// InstrResponses reads one submission's ifeval.jsonl or ifbench.jsonl
// (InstrRecords) and returns the response to each prompt and whether it
// has one.
func InstrResponses(ctx context.Context, path string, ib *InstrBench) (texts []string, answered []bool, probs board.Problems) {
	texts = make([]string, ib.N)
	res := records.Read(ctx, path, InstrRecords(ib.Name, ib.Prompts, ib.Index), func(i, _ int, r *ingest.PromptResponse) board.Problems {
		texts[i] = r.Response
		return nil
	})
	answered = make([]bool, ib.N)
	for i, l := range res.Lines {
		answered[i] = l > 0
	}
	return texts, answered, res.Problems
}
