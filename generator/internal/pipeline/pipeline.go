// Package pipeline wires the stages that turn a benchmark and a results
// folder into a scored board: ingest → verify → score. It is the one place
// that knows their order; commands (score, build, validate) call it. It
// reads input through ingest and writes nothing.
package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify"
)

// Options configure one rescoring of a board.
type Options struct {
	Benchmark string
	Results   string
	// Policies to score; the first orders the board.
	Policies []board.Policy
	NoRules  bool
	Rules    verify.Rules
	// KeepRuns keeps every verdict and response for the site; without it
	// memory grows with the largest submission, not with their number.
	KeepRuns bool
	// Only, when non-empty, restricts scoring to these submission ids.
	Only map[string]bool
	// Exclude leaves out these submission ids (found invalid elsewhere).
	Exclude map[string]bool
	// SkipInvalid scores the valid submissions and leaves out the invalid
	// ones (listed in Result.Skipped) instead of failing.
	SkipInvalid bool
}

// Result is the outcome of rescoring a board.
type Result struct {
	Bench *board.Benchmark
	Board *board.Board
	// Runs parallels Board.Models when KeepRuns is set.
	Runs []board.Run
	// Diags are the non-fatal problems, per submission in folder order.
	Diags []board.Diagnostic
	// Skipped lists the problems of submissions left out under SkipInvalid.
	Skipped board.Problems
}

// Rescore reads the benchmark and every submission, verifies every record
// and scores every model. Fatal input problems are all collected and
// returned as board.Problems.
func Rescore(ctx context.Context, opt Options) (*Result, error) {
	bench, err := ingest.Benchmark(opt.Benchmark)
	if err != nil {
		return nil, err
	}
	subs, err := ingest.Submissions(opt.Results)
	var probs board.Problems
	if err != nil {
		p, ok := err.(board.Problems)
		if !ok {
			return nil, err
		}
		probs = append(probs, p...)
	}
	out := &Result{Bench: bench, Board: &board.Board{Benchmark: bench.Name, Rules: !opt.NoRules}}
	if opt.SkipInvalid {
		// Leave out submissions whose metadata is invalid.
		var keep []board.Submission
		for _, s := range subs {
			if !Concerns(probs, s.Dir) {
				keep = append(keep, s)
			}
		}
		subs, out.Skipped, probs = keep, probs, nil
	}
	v := verify.New(bench, verify.Options{NoRules: opt.NoRules, Rules: opt.Rules})
	index := bench.Index()
	passes := map[board.Policy][][]bool{}
	var todo []*board.Submission
	for i := range subs {
		if (len(opt.Only) == 0 || opt.Only[subs[i].ID]) && !opt.Exclude[subs[i].ID] {
			todo = append(todo, &subs[i])
		}
	}
	// Submissions are verified in batches of one per core and consumed in
	// order: the output does not depend on scheduling, and memory holds at
	// most one batch of submissions at a time.
	workers := max(1, min(runtime.GOMAXPROCS(0), len(todo)))
	type verified struct {
		run   board.Run
		probs board.Problems
	}
	batch := make([]verified, workers)
	for start := 0; start < len(todo); start += workers {
		n := min(workers, len(todo)-start)
		var wg sync.WaitGroup
		for k := 0; k < n; k++ {
			wg.Go(func() {
				run, p := VerifySubmission(ctx, bench, index, v, todo[start+k], opt.KeepRuns)
				batch[k] = verified{run, p}
			})
		}
		wg.Wait()
		for k := 0; k < n; k++ {
			sub, run, p := todo[start+k], batch[k].run, batch[k].probs
			batch[k] = verified{}
			if len(p) > 0 && opt.SkipInvalid {
				out.Skipped = append(out.Skipped, p...)
				continue
			}
			probs = append(probs, p...)
			if len(probs) > 0 {
				continue // keep collecting problems; score nothing
			}
			out.Board.Models = append(out.Board.Models, score.Model(bench, sub, run.Verdicts, opt.Policies))
			for _, pol := range opt.Policies {
				passes[pol] = append(passes[pol], score.Passes(run.Verdicts, pol))
			}
			out.Diags = append(out.Diags, run.Diagnostics...)
			if opt.KeepRuns {
				out.Runs = append(out.Runs, run)
			}
		}
	}
	if len(probs) > 0 {
		sort.SliceStable(probs, func(i, j int) bool {
			if probs[i].File != probs[j].File {
				return probs[i].File < probs[j].File
			}
			return probs[i].Line < probs[j].Line
		})
		return nil, probs
	}
	for _, pol := range opt.Policies {
		score.Rank(out.Board.Models, passes[pol], pol)
	}
	// Board order: by the primary policy's compliance; runs follow.
	order := make([]int, len(out.Board.Models))
	for i := range order {
		order[i] = i
	}
	primary := opt.Policies[0]
	sort.SliceStable(order, func(a, b int) bool {
		return score.Less(&out.Board.Models[order[a]], &out.Board.Models[order[b]], primary)
	})
	models := make([]board.ModelScores, len(order))
	var runs []board.Run
	for k, i := range order {
		models[k] = out.Board.Models[i]
		if opt.KeepRuns {
			runs = append(runs, out.Runs[i])
		}
	}
	out.Board.Models, out.Runs = models, runs
	return out, nil
}

// Concerns reports whether any of probs is about the folder dir or a file
// in it.
func Concerns(probs board.Problems, dir string) bool {
	for _, p := range probs {
		if p.File == dir || strings.HasPrefix(p.File, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// VerifySubmission streams one submission's responses.jsonl and returns a
// verdict per benchmark item. Unknown and duplicate item ids are fatal.
func VerifySubmission(ctx context.Context, bench *board.Benchmark, index map[string]int, v *verify.Verifier, sub *board.Submission, keep bool) (board.Run, board.Problems) {
	run := board.Run{Submission: *sub, Verdicts: make([]board.ItemVerdict, len(bench.Items))}
	if keep {
		run.Responses = make([]string, len(bench.Items))
	}
	path := filepath.Join(sub.Dir, "responses.jsonl")
	if _, err := os.Stat(path); err != nil {
		return run, board.Problems{{File: path, Msg: "missing responses.jsonl", Fatal: true}}
	}
	seenAt := make([]int, len(bench.Items))
	var probs board.Problems
	run.Diagnostics = append(run.Diagnostics, sub.Warnings...)
	read := ingest.Records(path, func(rec *board.Record) {
		i, ok := index[rec.ID]
		if !ok {
			probs = append(probs, board.Diagnostic{File: path, Line: rec.Line, Field: "id", Msg: fmt.Sprintf("unknown item id %q (not in %s)", rec.ID, bench.Name), Fatal: true})
			return
		}
		if seenAt[i] != 0 {
			probs = append(probs, board.Diagnostic{File: path, Line: rec.Line, Field: "id", Msg: fmt.Sprintf("duplicate item id %q (first on line %d)", rec.ID, seenAt[i]), Fatal: true})
			return
		}
		seenAt[i] = rec.Line
		verdict, diags := v.Record(ctx, &bench.Items[i], sub, rec)
		run.Verdicts[i] = verdict
		run.Diagnostics = append(run.Diagnostics, diags...)
		if keep {
			run.Responses[i] = rec.Response
		}
	})
	for _, p := range read {
		if p.Fatal {
			probs = append(probs, p)
		} else {
			run.Diagnostics = append(run.Diagnostics, p)
		}
	}
	var missing []string
	for i := range bench.Items {
		if seenAt[i] == 0 {
			run.Verdicts[i] = verify.Unanswered(&bench.Items[i])
			missing = append(missing, bench.Items[i].ID)
		}
	}
	if len(missing) > 0 {
		msg := fmt.Sprintf("incomplete: %d of %d items have no record (scored as incorrect and non-compliant): %s", len(missing), len(bench.Items), abbreviate(missing, 10))
		run.Diagnostics = append(run.Diagnostics, board.Diagnostic{File: path, Msg: msg})
	}
	return run, probs
}

func abbreviate(list []string, n int) string {
	if len(list) <= n {
		return fmt.Sprint(list)
	}
	return fmt.Sprintf("%v and %d more", list[:n], len(list)-n)
}
