package sciif

import (
	"context"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/records"
)

// CodeIncomplete marks a submission that leaves items unanswered (the
// Incomplete of records.CodesOf("sciif"), SciIF's codes).
const CodeIncomplete = "sciif.incomplete"

// verifySubmission streams one submission's responses.jsonl through
// records.Read and returns a verdict per benchmark item. Unknown and
// duplicate item ids are fatal; an item without a record is scored as
// incorrect and non-compliant (verify.Unanswered). An empty response is
// left to the verifier, which reports it with the judges' problems.
func verifySubmission(ctx context.Context, bench *sciifdata.Benchmark, index map[string]int, v *verify.Verifier, sub *board.Submission, path string, keep bool) (sciifdata.Run, board.Problems) {
	run := sciifdata.Run{Submission: *sub, Verdicts: make([]sciifdata.ItemVerdict, len(bench.Items))}
	if keep {
		run.Responses = make([]string, len(bench.Items))
	}
	run.Diagnostics = append(run.Diagnostics, sub.Warnings...)
	spec := &records.Spec[sciifdata.Record]{
		Benchmark: bench.Name, N: len(bench.Items), Lookup: func(key string) (int, bool) { i, ok := index[key]; return i, ok },
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
