package instr

import (
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

func runEval(ctx context.Context, opt RunOptions, stdout, stderr io.Writer, reg *Registry) error {
	prompts, err := readFile(opt.Input, func(r io.Reader) ([]Prompt, error) { return ReadPrompts(r, opt.Input, reg) })
	if err != nil {
		return err
	}
	responses, err := readFile(opt.Responses, func(r io.Reader) ([]Response, error) { return ReadResponses(r, opt.Responses) })
	if err != nil {
		return err
	}
	matched, missing := MatchResponses(prompts, responses, opt.Input, opt.Responses)
	for _, m := range missing {
		fmt.Fprintln(stderr, m.Error())
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ev := reg.EvaluateAll(prompts, matched)
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return err
	}
	for _, m := range []struct {
		file    string
		results []PromptResult
	}{{"eval_results_strict.jsonl", ev.Strict}, {"eval_results_loose.jsonl", ev.Loose}} {
		path := filepath.Join(opt.Out, m.file)
		if err := writeFile(path, m.results); err != nil {
			return err
		}
		if err := WriteReport(stdout, path, Score(m.results)); err != nil {
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

func writeFile(path string, results []PromptResult) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := WriteResults(f, results); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
