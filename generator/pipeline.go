package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/sciif/leaderboard/generator/board"
	"github.com/sciif/leaderboard/generator/ingest"
	"github.com/sciif/leaderboard/generator/score"
	"github.com/sciif/leaderboard/generator/verify"
)

// scoreOptions configure one rescoring of a board.
type scoreOptions struct {
	benchmark string
	results   string
	policies  []board.Policy
	noRules   bool
	// keepRuns keeps every verdict and response for the site; without it
	// memory grows with the largest submission, not with their number.
	keepRuns bool
	// only, when non-empty, restricts scoring to these submission ids.
	only map[string]bool
}

// scored is the outcome of rescoring a board.
type scored struct {
	bench *board.Benchmark
	board *board.Board
	// runs parallels board.Models when keepRuns is set.
	runs []board.Run
	// diags are the non-fatal problems, per submission in board order.
	diags []board.Diagnostic
}

// rescore reads the benchmark and every submission, verifies every record
// and scores every model. Fatal input problems are all collected and
// returned as board.Problems.
func rescore(ctx context.Context, opt scoreOptions) (*scored, error) {
	bench, err := ingest.Benchmark(opt.benchmark)
	if err != nil {
		return nil, err
	}
	subs, err := ingest.Submissions(opt.results)
	var probs board.Problems
	if err != nil {
		p, ok := err.(board.Problems)
		if !ok {
			return nil, err
		}
		probs = append(probs, p...)
	}
	v := verify.New(bench, verify.Options{NoRules: opt.noRules, Rules: defaultRules()})
	index := bench.Index()
	out := &scored{bench: bench, board: &board.Board{Benchmark: bench.Name, Rules: !opt.noRules}}
	passes := map[board.Policy][][]bool{}
	for i := range subs {
		sub := &subs[i]
		if len(opt.only) > 0 && !opt.only[sub.ID] {
			continue
		}
		run, p := verifySubmission(ctx, bench, index, v, sub, opt.keepRuns)
		probs = append(probs, p...)
		if len(probs) > 0 {
			continue // keep collecting problems; score nothing
		}
		out.board.Models = append(out.board.Models, score.Model(bench, sub, run.Verdicts, opt.policies))
		for _, pol := range opt.policies {
			vec := make([]bool, len(run.Verdicts))
			for k := range run.Verdicts {
				vec[k] = run.Verdicts[k].Compliant(pol)
			}
			passes[pol] = append(passes[pol], vec)
		}
		out.diags = append(out.diags, run.Diagnostics...)
		if opt.keepRuns {
			out.runs = append(out.runs, run)
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
	for _, pol := range opt.policies {
		score.Rank(out.board.Models, passes[pol], pol)
	}
	// Board order: by the primary policy's compliance; runs follow.
	order := make([]int, len(out.board.Models))
	for i := range order {
		order[i] = i
	}
	primary := opt.policies[0]
	sort.SliceStable(order, func(a, b int) bool {
		return lessModel(&out.board.Models[order[a]], &out.board.Models[order[b]], primary)
	})
	models := make([]board.ModelScores, len(order))
	var runs []board.Run
	for k, i := range order {
		models[k] = out.board.Models[i]
		if opt.keepRuns {
			runs = append(runs, out.runs[i])
		}
	}
	out.board.Models, out.runs = models, runs
	return out, nil
}

// lessModel orders the board: rank, then compliance, then correctness, then id.
func lessModel(a, b *board.ModelScores, p board.Policy) bool {
	pa, pb := a.Policy(p), b.Policy(p)
	if pa.Rank != pb.Rank {
		return pa.Rank < pb.Rank
	}
	if pa.Compliant.Pass != pb.Compliant.Pass {
		return pa.Compliant.Pass > pb.Compliant.Pass
	}
	if pa.Correct.Pass != pb.Correct.Pass {
		return pa.Correct.Pass > pb.Correct.Pass
	}
	return a.ID < b.ID
}

// verifySubmission streams one submission's responses.jsonl and returns a
// verdict per benchmark item. Unknown and duplicate item ids are fatal.
func verifySubmission(ctx context.Context, bench *board.Benchmark, index map[string]int, v *verify.Verifier, sub *board.Submission, keep bool) (board.Run, board.Problems) {
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
	probs = append(probs, ingest.Records(path, func(rec *board.Record) {
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
	})...)
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
