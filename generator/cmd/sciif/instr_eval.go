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
	res := records.Read(ctx, opt.Responses, spec, func(i, _ int, r *ingest.PromptResponse) board.Problems {
		matched[i] = &r.Response
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

func readFile[T any](path string, read func(io.Reader) ([]T, error)) ([]T, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f)
}
