package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// InstrOptions configure the rescoring of one instruction benchmark.
type InstrOptions struct {
	// Bench is the benchmark; submissions carry their responses in
	// <Bench.Name>.jsonl.
	Bench   *InstrBench
	Results string
	// Only, when non-empty, restricts the board to these submission ids
	// (the ones on the SciIF board, so that a submission left out there
	// under --skip-invalid is left out here too).
	Only map[string]bool
	// SkipInvalid leaves out the submissions whose file has problems
	// (listed in the board's Skipped) instead of failing.
	SkipInvalid bool
}

// Instructions rescores every submission under opt.Results that carries a
// <Name>.jsonl against the benchmark's prompts. Prompts without a response
// count as not followed. It returns nil when no submission has responses.
func Instructions(ctx context.Context, opt InstrOptions) (*board.InstrBoard, error) {
	ib := opt.Bench
	reg, prompts := ib.Registry, ib.Prompts
	subs, err := submissionsWith(opt.Results, ib.Name+".jsonl", opt.Only, opt.SkipInvalid)
	if err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return nil, nil
	}
	b := &board.InstrBoard{Benchmark: ib.Name}
	for _, p := range prompts {
		ip := board.InstrPrompt{Key: p.Key, Prompt: p.Prompt, Instructions: p.InstructionIDs}
		for _, a := range p.Kwargs {
			ip.Kwargs = append(ip.Kwargs, map[string]any(a))
		}
		b.Prompts = append(b.Prompts, ip)
	}
	var probs board.Problems
	for _, sub := range subs {
		path := filepath.Join(sub.Dir, ib.Name+".jsonl")
		texts, answered, p := InstrResponses(path, ib.Input, ib.Index, ib.N)
		if len(p) > 0 {
			if opt.SkipInvalid {
				b.Skipped = append(b.Skipped, p...)
			} else {
				probs = append(probs, p...)
			}
			continue
		}
		ev := reg.EvaluateAll(prompts, texts)
		m := board.InstrModel{ID: sub.ID, Name: sub.Meta.Name, Results: make([]board.InstrResult, len(prompts))}
		for i := range prompts {
			if !answered[i] {
				continue
			}
			m.Answered++
			m.Results[i] = board.InstrResult{Answered: true, Response: texts[i], Strict: verdicts(ev.Strict[i]), Loose: verdicts(ev.Loose[i])}
		}
		m.Complete = m.Answered == len(prompts)
		m.Strict = score.Instr(b.Prompts, m.Results, false)
		m.Loose = score.Instr(b.Prompts, m.Results, true)
		b.Models = append(b.Models, m)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	sort.SliceStable(b.Models, func(i, j int) bool {
		a, c := b.Models[i].Strict.Prompt, b.Models[j].Strict.Prompt
		if a.Pass != c.Pass {
			return a.Pass > c.Pass
		}
		return b.Models[i].ID < b.Models[j].ID
	})
	return b, nil
}

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

// InstrDefaults are the prompt files an instruction benchmark is read from
// when no flag names one: the official set if the repository has it, else
// the demo benchmark.
var InstrDefaults = []struct {
	Name     string
	Paths    []string
	Checkers []instr.Checker
}{
	{"ifeval", []string{"benchmarks/ifeval/input_data.jsonl", "benchmarks/ifeval-demo/input_data.jsonl"}, ifeval.Checkers},
	{"ifbench", []string{"benchmarks/ifbench/IFBench_test.jsonl", "benchmarks/ifbench-demo/input_data.jsonl"}, ifbench.Checkers},
}

// LoadInstr loads the instruction benchmarks: inputs maps a benchmark name
// to its prompts file ("" for the default). A benchmark with no file is
// left out.
func LoadInstr(inputs map[string]string) ([]*InstrBench, error) {
	var out []*InstrBench
	for _, d := range InstrDefaults {
		input := inputs[d.Name]
		for _, p := range d.Paths {
			if input != "" {
				break
			}
			if _, err := os.Stat(p); err == nil {
				input = p
			}
		}
		if input == "" {
			continue
		}
		reg, err := instr.NewRegistry(d.Checkers)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, err)
		}
		prompts, err := ReadInstrPrompts(input, reg)
		if err != nil {
			return nil, err
		}
		out = append(out, &InstrBench{Name: d.Name, Input: input, Registry: reg, Prompts: prompts, Index: PromptIndex(prompts), N: len(prompts)})
	}
	return out, nil
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
// build` refuse the same files.
func InstrResponses(path, input string, index map[string]int, n int) (texts []string, answered []bool, probs board.Problems) {
	texts, answered = make([]string, n), make([]bool, n)
	var unknown board.Problems
	probs = ingest.PromptResponses(path, func(r ingest.PromptResponse) {
		i, ok := index[r.Prompt]
		if !ok {
			unknown = append(unknown, board.Diagnostic{File: path, Line: r.Line, Field: "prompt", Code: CodeUnknownPrompt, Fatal: true,
				Msg: fmt.Sprintf("prompt not in %s: %s", input, ingest.Excerpt(r.Prompt, 60))})
			return
		}
		texts[i], answered[i] = r.Response, true
	})
	probs = append(probs, unknown...)
	sort.SliceStable(probs, func(a, b int) bool { return probs[a].Line < probs[b].Line })
	return texts, answered, probs
}

func verdicts(r instr.PromptResult) []board.InstrVerdict {
	out := make([]board.InstrVerdict, len(r.Instructions))
	for i, ir := range r.Instructions {
		out[i] = board.InstrVerdict{ID: ir.ID, Followed: ir.Followed, Reason: ir.Reason, Variant: ir.Variant}
	}
	return out
}

// submissionsWith lists the rescorable submissions that hold file, among
// only if it is not empty. Under skip, submissions with problems are left
// out (Rescore reports them); otherwise their problems are returned.
func submissionsWith(results, file string, only map[string]bool, skip bool) ([]board.Submission, error) {
	subs, err := ingest.Submissions(results)
	var probs board.Problems
	if err != nil {
		if !errors.As(err, &probs) || !skip {
			return nil, err
		}
	}
	var out []board.Submission
	for _, s := range subs {
		if len(only) > 0 && !only[s.ID] || Concerns(probs, s.Dir) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(s.Dir, file)); err == nil {
			out = append(out, s)
		}
	}
	return out, nil
}
