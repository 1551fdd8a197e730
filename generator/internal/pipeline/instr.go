package pipeline

import (
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
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

// InstrResponses reads one submission's ifeval.jsonl or ifbench.jsonl and
// matches each response to its prompt by exact text, as the official code
// does (of two responses to one prompt, the last counts there too). Every
// bad line, and every response to a prompt that input (the benchmark)
// lacks, is a fatal problem naming its line: `sciif validate` and `sciif
// build` refuse the same files. The first board.MaxPerFile problems by
// line are kept, the rest counted.
func InstrResponses(path, input string, index map[string]int, n int) (texts []string, answered []bool, probs board.Problems) {
	texts, answered = make([]string, n), make([]bool, n)
	unknown := board.FileCollector(path)
	read := ingest.PromptResponses(path, func(r ingest.PromptResponse) {
		i, ok := index[r.Prompt]
		if !ok {
			unknown.Add(board.Diagnostic{File: path, Line: r.Line, Field: "prompt", Code: CodeUnknownPrompt, Fatal: true,
				Msg: fmt.Sprintf("prompt not in %s: %s", input, ingest.Excerpt(r.Prompt, 60))})
			return
		}
		texts[i], answered[i] = r.Response, true
	})
	return texts, answered, MergeFile(path, read, unknown.Problems())
}

// MergeFile merges the problems two readers of the file path kept, each
// in line order: the first of both by line are kept (board.PerFile), the
// rest counted.
func MergeFile(path string, a, b board.Problems) board.Problems {
	if len(b) == 0 {
		return a
	}
	all := append(append(board.Problems(nil), a...), b...)
	board.SortProblems(all)
	return board.Cap(all, path, "file", board.PerFile)
}
