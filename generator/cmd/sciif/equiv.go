package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

func runEquiv(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("equiv", "REFERENCE ANSWER | --batch FILE.jsonl", stderr)
	batch := fs.String("batch", "", `JSONL of {"gold", "pred", "tolerance", "type"} pairs ("-" for standard input); writes one {"verdict", "reason"} line per pair`)
	typ := fs.String("type", "", "answer type hint: numeric, expression, choice, boolean, formula, sequence, interval, set or text")
	extract := fs.Bool("extract", false, `extract the final answer from ANSWER (with --batch, from each "pred") as a whole response before comparing`)
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if *batch != "" {
		if fs.NArg() > 0 {
			fs.Usage()
			return 2
		}
		var r io.Reader = os.Stdin
		if *batch != "-" {
			f, err := os.Open(*batch)
			if err != nil {
				fmt.Fprintln(stderr, "sciif equiv:", err)
				return 1
			}
			defer f.Close()
			r = f
		}
		// RunBatch buffers and flushes itself whenever it would wait for
		// input, so verdicts stream out as pairs come in.
		if err := equiv.RunBatchOptions(ctx, r, stdout, *batch, equiv.BatchOptions{Extract: *extract}); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return 0
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	gold, pred := fs.Arg(0), fs.Arg(1)
	if *extract {
		span, ok := equiv.Extract(pred)
		if !ok {
			fmt.Fprintln(stdout, "undecided: no final answer found in the response")
			return 0
		}
		fmt.Fprintf(stdout, "extracted: %s\n", span)
		pred = span
	}
	r := equiv.Compare(ctx, gold, pred, equiv.Options{Type: *typ})
	fmt.Fprintf(stdout, "%s: %s (rule %s; compared %q with %q)\n", r.Verdict, r.Reason, r.Rule, r.Gold, r.Pred)
	return 0
}
