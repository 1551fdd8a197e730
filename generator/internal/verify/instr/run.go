package instr

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"
)

// Exit codes of Run.
const (
	ExitOK       = 0
	ExitBadInput = 1
	ExitUsage    = 2
)

// RunOptions are the flags of the evaluation command.
type RunOptions struct {
	Input     string
	Responses string
	Out       string
}

// Run implements "sciif ifeval" and "sciif ifbench" (name is the command name
// in messages; checkers the benchmark's list):
//
//	sciif ifeval --input input_data.jsonl --responses responses.jsonl --out DIR
//
// It reads the prompts and the responses, writes eval_results_strict.jsonl
// and eval_results_loose.jsonl into DIR (created if needed), and prints the
// official accuracy report of both modes to stdout. It returns ExitOK,
// ExitBadInput (unreadable or malformed files, every problem listed on
// stderr as file:line: field: message) or ExitUsage. This is the only
// function of the package that touches files.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, name string, checkers []Checker) int {
	var opt RunOptions
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&opt.Input, "input", "", "IFEval-format prompts (key, prompt, instruction_id_list, kwargs) as JSONL")
	fs.StringVar(&opt.Responses, "responses", "", "responses as JSONL of {\"prompt\", \"response\"}")
	fs.StringVar(&opt.Out, "out", "", "directory for eval_results_strict.jsonl and eval_results_loose.jsonl")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: sciif %s --input FILE --responses FILE --out DIR\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return ExitOK
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		fs.Usage()
		return ExitUsage
	}
	if opt.Input == "" || opt.Responses == "" || opt.Out == "" || fs.NArg() > 0 {
		fs.Usage()
		return ExitUsage
	}
	reg, err := NewRegistry(checkers)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return ExitUsage
	}
	if err := runEval(ctx, opt, stdout, stderr, reg); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return ExitBadInput
	}
	return ExitOK
}

// runEval streams: responses to prompts not in the input, and responses
// a later one for the same prompt replaces, are dropped as they are read,
// and each prompt's results are written and counted as soon as they are
// known, so memory holds the prompts and one response each, not the
// results.
func runEval(ctx context.Context, opt RunOptions, stdout, stderr io.Writer, reg *Registry) error {
	prompts, err := readFile(opt.Input, func(r io.Reader) ([]Prompt, error) { return ReadPrompts(r, opt.Input, reg) })
	if err != nil {
		return err
	}
	wanted := make(map[string]bool, len(prompts))
	for _, p := range prompts {
		wanted[p.Prompt] = true
	}
	byPrompt := make(map[string]string, len(prompts))
	f, err := os.Open(opt.Responses)
	if err != nil {
		return err
	}
	err = eachResponse(f, opt.Responses, func(resp Response) {
		if wanted[resp.Prompt] {
			byPrompt[resp.Prompt] = resp.Response
		}
	})
	f.Close()
	if err != nil {
		return err
	}
	matched, missing := matchResponses(prompts, byPrompt, opt.Input, opt.Responses)
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
	var scores [2]scorer
	err = reg.EvaluateEach(prompts, matched, func(_ int, strict, loose PromptResult) error {
		for j, r := range [2]PromptResult{strict, loose} {
			writeResult(ws[j], r)
			scores[j].add(r)
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
		if err := WriteReport(stdout, path, scores[i].accuracy()); err != nil {
			return err
		}
	}
	return nil
}

func readFile[T any](path string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f)
}
