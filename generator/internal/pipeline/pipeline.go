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
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/verify"
)

// CodeIncomplete marks a submission that leaves items unanswered.
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

// VerifySubmission streams one submission's responses.jsonl and returns a
// verdict per benchmark item. Unknown and duplicate item ids are fatal.
func VerifySubmission(ctx context.Context, bench *board.Benchmark, index map[string]int, v *verify.Verifier, sub *board.Submission, path string, keep bool) (board.Run, board.Problems) {
	run := board.Run{Submission: *sub, Verdicts: make([]board.ItemVerdict, len(bench.Items))}
	if keep {
		run.Responses = make([]string, len(bench.Items))
	}
	if _, err := os.Lstat(path); err != nil {
		return run, board.Problems{{File: path, Msg: "missing " + filepath.Base(path), Fatal: true}}
	}
	seenAt := make([]int, len(bench.Items))
	ids := board.FileCollector(path)
	run.Diagnostics = append(run.Diagnostics, sub.Warnings...)
	read := ingest.Records(path, func(rec *board.Record) {
		i, ok := index[rec.ID]
		if !ok {
			ids.Add(board.Diagnostic{File: path, Line: rec.Line, Field: "id", Msg: fmt.Sprintf("unknown item id %q (not in %s)", rec.ID, bench.Name), Fatal: true})
			return
		}
		if seenAt[i] != 0 {
			ids.Add(board.Diagnostic{File: path, Line: rec.Line, Field: "id", Msg: fmt.Sprintf("duplicate item id %q (first on line %d)", rec.ID, seenAt[i]), Fatal: true})
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
	var probs board.Problems
	for _, p := range MergeFile(path, read, ids.Problems()) {
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
		run.Diagnostics = append(run.Diagnostics, board.Diagnostic{File: path, Field: "id", Code: CodeIncomplete, Msg: msg})
	}
	return run, probs
}

func abbreviate(list []string, n int) string {
	if len(list) <= n {
		return fmt.Sprint(list)
	}
	return fmt.Sprintf("%v and %d more", list[:n], len(list)-n)
}
