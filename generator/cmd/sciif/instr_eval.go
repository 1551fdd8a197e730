package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func runIFEval(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runInstr(ctx, args, stdout, stderr, "ifeval", ifeval.Checkers)
}

func runIFBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runInstr(ctx, args, stdout, stderr, "ifbench", ifbench.Checkers)
}

// instrOptions are the flags of sciif ifeval and sciif ifbench.
type instrOptions struct {
	Input     string
	Responses string
	Out       string
	// stripped is the official IFBench lookup of a response's prompt
	// (strippedLookup); sciif ifbench sets it, no flag does.
	stripped bool
}

// runInstr implements "sciif ifeval" and "sciif ifbench" (name is the
// command; checkers the benchmark's list), the official tools' interface:
//
//	sciif ifeval --input input_data.jsonl --responses responses.jsonl --out DIR
//
// It reads the prompts and the responses, writes eval_results_strict.jsonl
// and eval_results_loose.jsonl into DIR (created if needed), and prints the
// official accuracy report of both modes to stdout. Exit 1 for unreadable or
// malformed files (every problem listed on stderr as file:line: field:
// message), 2 for usage errors.
func runInstr(ctx context.Context, args []string, stdout, stderr io.Writer, name string, checkers []instr.Checker) int {
	opt := instrOptions{stripped: name == "ifbench"}
	fs := flagSet(name, "--input FILE --responses FILE --out DIR", stderr)
	fs.StringVar(&opt.Input, "input", "", "IFEval-format prompts (key, prompt, instruction_id_list, kwargs) as JSONL")
	fs.StringVar(&opt.Responses, "responses", "", "responses as JSONL of {\"prompt\", \"response\"}")
	fs.StringVar(&opt.Out, "out", "", "directory for eval_results_strict.jsonl and eval_results_loose.jsonl")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	if opt.Input == "" || opt.Responses == "" || opt.Out == "" {
		fmt.Fprintf(stderr, "sciif %s: --input, --responses and --out are required\n", name)
		fs.Usage()
		return 2
	}
	reg, err := instr.NewRegistry(checkers)
	if err != nil {
		fmt.Fprintf(stderr, "sciif %s: %v\n", name, err)
		return 2
	}
	if err := runEval(ctx, opt, stdout, stderr, reg); err != nil {
		fmt.Fprintf(stderr, "sciif %s: %v\n", name, err)
		return 1
	}
	return 0
}

// runEval streams: responses to prompts not in the input, and responses
// a later one for the same prompt replaces, are dropped as they are read
// (readResponses), and each prompt's results are written and counted as soon as they are
// known, so memory holds the prompts and one response each, not the
// results.
func runEval(ctx context.Context, opt instrOptions, stdout, stderr io.Writer, reg *instr.Registry) error {
	prompts, err := readFile(opt.Input, func(r io.Reader) ([]instr.Prompt, error) { return instr.ReadPrompts(r, opt.Input, reg) })
	if err != nil {
		return err
	}
	matched, err := readResponses(ctx, opt, prompts)
	if err != nil {
		return err
	}
	for i, p := range prompts {
		if matched[i] == nil {
			fmt.Fprintf(stderr, "%s:%d: prompt: no response in %s for this prompt (key %d); scored as an empty response\n", opt.Input, p.Line, opt.Responses, p.Key)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return err
	}
	paths := [2]string{filepath.Join(opt.Out, "eval_results_strict.jsonl"), filepath.Join(opt.Out, "eval_results_loose.jsonl")}
	var files [2]*os.File
	var ws [2]*bufio.Writer
	for i, path := range paths {
		f, err := os.Create(path)
		if err != nil {
			for _, g := range files[:i] {
				g.Close()
			}
			return err
		}
		files[i], ws[i] = f, bufio.NewWriter(f)
	}
	var scores [2]instr.Scorer
	texts := make([]string, len(prompts))
	for i, m := range matched {
		if m != nil {
			texts[i] = *m
		}
	}
	err = reg.EvaluateEach(prompts, texts, func(_ int, strict, loose instr.PromptResult) error {
		for j, r := range [2]instr.PromptResult{strict, loose} {
			instr.WriteResult(ws[j], r)
			scores[j].Add(r)
		}
		return ctx.Err()
	})
	for i, f := range files {
		if e := ws[i].Flush(); err == nil {
			err = e
		}
		if e := f.Close(); err == nil {
			err = e
		}
	}
	if err != nil {
		return err
	}
	for i, path := range paths {
		if err := instr.WriteReport(stdout, path, scores[i].Accuracy()); err != nil {
			return err
		}
	}
	return nil
}

// readResponses reads the responses with the boards' reader
// (pipeline.InstrRecords) as the official tools do: a response to a
// prompt not in the input is ignored, so are fields besides prompt and
// response, the last of two responses to one prompt counts, and the file
// may be a link (it is the user's own, named on the command line). It
// returns each prompt's response, nil for none; a bad line is an error
// listing every problem, one per line.
func readResponses(ctx context.Context, opt instrOptions, prompts []instr.Prompt) ([]*string, error) {
	spec := pipeline.InstrRecords(filepath.Base(opt.Input), prompts, pipeline.PromptIndex(prompts))
	spec.Links, spec.IgnoreUnknown, spec.LastWins, spec.Unanswered = ingest.FollowLinks, true, true, ""
	spec.Decode = func(data []byte, r *ingest.PromptResponse) *strictjson.Error { return strictjson.DecodeOpen(data, r) }
	matched := make([]*string, len(prompts))
	rank := make([]int, len(prompts))
	if opt.stripped {
		spec.Lookup = strippedLookup(prompts, spec.Lookup)
	}
	res := records.Read(ctx, opt.Responses, spec, func(i, _ int, r *ingest.PromptResponse) board.Problems {
		// Without the stripped lookup every match is exact (rank 0).
		k := 0
		if opt.stripped && r.Prompt != prompts[i].Prompt && text.Strip(r.Prompt) != prompts[i].Prompt {
			k = -1
		}
		if matched[i] != nil && k < rank[i] {
			return nil
		}
		matched[i], rank[i] = &r.Response, k
		return nil
	})
	if !res.Fatal() {
		return matched, ctx.Err()
	}
	lines := make([]string, len(res.Problems))
	for i, p := range res.Problems {
		lines[i] = p.String()
	}
	return nil, errors.New(strings.Join(lines, "\n"))
}

// strippedLookup is the official IFBench evaluation's lookup of a
// response's prompt (evaluation_lib.py of allenai/IFBench since commit
// db69a6f: read_prompt_to_response_dict and get_response_for_prompt): a
// response answers the prompt equal to its own prompt, or to its own
// prompt stripped of surrounding white space (Python's str.strip), and
// failing both, a prompt that equals it once both are stripped. Among
// several responses to one prompt the last of the first kind wins, else
// the last of the second (readResponses ranks them). The official
// dictionary can give one response to two prompts that differ only in
// surrounding white space; here it answers the first of them, which no
// published prompt set exercises. IFEval's official code matches the
// exact text only, and so do the boards: a submission's prompt must be
// copied exactly, and any other is refused as an unknown prompt.
func strippedLookup(prompts []instr.Prompt, exact func(string) (int, bool)) func(string) (int, bool) {
	index := make(map[string]int, len(prompts))
	for i, p := range prompts {
		if _, seen := index[text.Strip(p.Prompt)]; !seen {
			index[text.Strip(p.Prompt)] = i
		}
	}
	for i, p := range prompts {
		// A prompt that is already stripped wins its stripped form over
		// one that is not: Python finds it by exact text first.
		if p.Prompt == text.Strip(p.Prompt) {
			index[p.Prompt] = i
		}
	}
	return func(key string) (int, bool) {
		if i, ok := exact(key); ok {
			return i, true
		}
		i, ok := index[text.Strip(key)]
		return i, ok
	}
}

func readFile[T any](path string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f)
}
