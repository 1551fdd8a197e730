// Package pipeline wires the stages that turn benchmark folders and a
// results folder into scored boards: ingest → (each kind's) verify →
// score. It is the one place that knows their order; the commands (score,
// build, validate) call it, and it names no benchmark kind: it loops over
// the benchmarks opened from the kinds it is given. It reads input through
// ingest and writes nothing itself: given a site (BoardsOptions.Start),
// it has each accepted submission's own pages rendered into it.
package pipeline

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/verify"
)

// CodeIncomplete marks a submission that leaves items unanswered (the
// Incomplete of records.CodesOf("sciif"), SciIF's codes).
const CodeIncomplete = "sciif.incomplete"

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

// VerifySubmission streams one submission's responses.jsonl through
// records.Read and returns a verdict per benchmark item. Unknown and
// duplicate item ids are fatal; an item without a record is scored as
// incorrect and non-compliant (verify.Unanswered). An empty response is
// left to the verifier, which reports it with the judges' problems.
func VerifySubmission(ctx context.Context, bench *sciifdata.Benchmark, index map[string]int, v *verify.Verifier, sub *board.Submission, path string, keep bool) (sciifdata.Run, board.Problems) {
	run := sciifdata.Run{Submission: *sub, Verdicts: make([]sciifdata.ItemVerdict, len(bench.Items))}
	if keep {
		run.Responses = make([]string, len(bench.Items))
	}
	run.Diagnostics = append(run.Diagnostics, sub.Warnings...)
	spec := &records.Spec[sciifdata.Record]{
		Benchmark: bench.Name, N: len(bench.Items), Lookup: lookup(index),
		KeyField: "id", KeyName: "item id", ItemKey: true, Key: func(r *sciifdata.Record) string { return r.ID },
		ResponseField: "response", Response: func(r *sciifdata.Record) string { return r.Response },
		Items: "items", Name: func(i int) string { return bench.Items[i].ID }, Unanswered: "scored as incorrect and non-compliant",
		Codes: records.CodesOf("sciif"), Decode: ingest.DecodeRecord,
	}
	res := records.Read(ctx, path, spec, func(i, line int, rec *sciifdata.Record) board.Problems {
		if probs := ingest.CheckJudges(path, line, rec); len(probs) > 0 {
			return probs
		}
		rec.File, rec.Line = path, line
		verdict, diags := v.Record(ctx, &bench.Items[i], sub, rec)
		run.Verdicts[i] = verdict
		run.Diagnostics = append(run.Diagnostics, diags...)
		if keep {
			run.Responses[i] = rec.Response
		}
		return nil
	})
	var probs board.Problems
	for _, p := range res.Problems {
		if p.Fatal {
			probs = append(probs, p)
		} else {
			run.Diagnostics = append(run.Diagnostics, p)
		}
	}
	for i := range bench.Items {
		if res.Lines[i] == 0 {
			run.Verdicts[i] = verify.Unanswered(&bench.Items[i])
		}
	}
	return run, probs
}

// lookup looks keys up in index.
func lookup(index map[string]int) func(string) (int, bool) {
	return func(key string) (int, bool) {
		i, ok := index[key]
		return i, ok
	}
}
