package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// InstrOptions configure the rescoring of one instruction benchmark.
type InstrOptions struct {
	// Name is the benchmark name, "ifeval" or "ifbench"; submissions carry
	// their responses in <Name>.jsonl.
	Name string
	// Input is the benchmark's prompts in the official input format.
	Input    string
	Checkers []instr.Checker
	Results  string
	// Only, when non-empty, restricts the board to these submission ids
	// (the ones on the SciIF board, so that a submission left out there
	// under --skip-invalid is left out here too).
	Only map[string]bool
}

// Instructions rescores every submission under opt.Results that carries a
// <Name>.jsonl against the prompts of opt.Input. Prompts without a response
// count as not followed. It returns nil when no submission has responses.
func Instructions(ctx context.Context, opt InstrOptions) (*board.InstrBoard, error) {
	reg, err := instr.NewRegistry(opt.Checkers)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", opt.Name, err)
	}
	f, err := os.Open(opt.Input)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", opt.Name, err)
	}
	prompts, err := instr.ReadPrompts(f, opt.Input, reg)
	f.Close()
	if err != nil {
		return nil, err
	}
	subs, err := submissionsWith(opt.Results, opt.Name+".jsonl", opt.Only)
	if err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return nil, nil
	}
	b := &board.InstrBoard{Benchmark: opt.Name}
	index := map[string]int{}
	for i, p := range prompts {
		ip := board.InstrPrompt{Key: p.Key, Prompt: p.Prompt, Instructions: p.InstructionIDs}
		for _, a := range p.Kwargs {
			ip.Kwargs = append(ip.Kwargs, map[string]any(a))
		}
		b.Prompts = append(b.Prompts, ip)
		index[p.Prompt] = i
	}
	var probs board.Problems
	for _, sub := range subs {
		path := filepath.Join(sub.Dir, opt.Name+".jsonl")
		rf, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		responses, err := instr.ReadResponses(rf, path)
		rf.Close()
		if err != nil {
			probs = append(probs, board.Diagnostic{File: path, Msg: err.Error(), Fatal: true})
			continue
		}
		texts := make([]string, len(prompts))
		answered := make([]bool, len(prompts))
		for _, r := range responses {
			i, ok := index[r.Prompt]
			if !ok {
				probs = append(probs, board.Diagnostic{File: path, Field: "prompt", Msg: fmt.Sprintf("prompt not in %s: %.60q", opt.Input, r.Prompt), Fatal: true})
				continue
			}
			texts[i], answered[i] = r.Response, true
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

func verdicts(r instr.PromptResult) []board.InstrVerdict {
	out := make([]board.InstrVerdict, len(r.Instructions))
	for i, ir := range r.Instructions {
		out[i] = board.InstrVerdict{ID: ir.ID, Followed: ir.Followed, Reason: ir.Reason, Variant: ir.Variant}
	}
	return out
}

// submissionsWith lists the rescorable submissions that hold file, among
// only if it is not empty.
func submissionsWith(results, file string, only map[string]bool) ([]board.Submission, error) {
	subs, err := ingest.Submissions(results)
	if err != nil && len(only) == 0 {
		return nil, err
	}
	var out []board.Submission
	for _, s := range subs {
		if len(only) > 0 && !only[s.ID] {
			continue
		}
		if _, err := os.Stat(filepath.Join(s.Dir, file)); err == nil {
			out = append(out, s)
		}
	}
	return out, nil
}
