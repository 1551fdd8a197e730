package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
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
	var opt instrOptions
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
// a later one for the same prompt replaces, are dropped as they are read,
// and each prompt's results are written and counted as soon as they are
// known, so memory holds the prompts and one response each, not the
// results.
func runEval(ctx context.Context, opt instrOptions, stdout, stderr io.Writer, reg *instr.Registry) error {
	prompts, err := readFile(opt.Input, func(r io.Reader) ([]instr.Prompt, error) { return instr.ReadPrompts(r, opt.Input, reg) })
	if err != nil {
		return err
	}
	wanted := make(map[string]bool, len(prompts))
	for _, p := range prompts {
		wanted[p.Prompt] = true
	}
	byPrompt := make(map[string]string, len(prompts))
	f, _, err := ingest.Open(opt.Responses, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return err
	}
	err = instr.EachResponse(f, opt.Responses, func(resp instr.Response) {
		if wanted[resp.Prompt] {
			byPrompt[resp.Prompt] = resp.Response
		}
	})
	f.Close()
	if err != nil {
		return err
	}
	matched, missing := instr.MatchByPrompt(prompts, byPrompt, opt.Input, opt.Responses)
	for _, m := range missing {
		fmt.Fprintln(stderr, m.Error())
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
	err = reg.EvaluateEach(prompts, matched, func(_ int, strict, loose instr.PromptResult) error {
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

func readFile[T any](path string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f)
}
