package verifier

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Codes of the problems of a verifier submission. Fatal ones refuse the
// submission; the others are warnings the board is scored with.
const (
	// Fatal: the file cannot be read; a line is not a record (JSON,
	// types, unknown or repeated fields); a missing, unknown or repeated
	// (item, style); an unknown style; a missing, null or oversized
	// output; a negative output_tokens.
	CodeFile       = "verifier.file"
	CodeLine       = "verifier.line"
	CodeKeyMissing = "verifier.key.missing"
	CodeKeyUnknown = "verifier.key.unknown"
	CodeDuplicate  = "verifier.key.duplicate"
	CodeStyle      = "verifier.variant"
	CodeOutput     = "verifier.response"
	CodeTokens     = "verifier.tokens"
	// Warnings: an empty output (no verdict); an output from which the
	// Loose policy reads no verdict; items without a default-style record
	// (wrong, no verdict).
	CodeEmpty      = "verifier.response.empty"
	CodeNoVerdict  = "verifier.verdict.none"
	CodeIncomplete = "verifier.incomplete"
)

// record is one line of a submission's file.
type record struct {
	ID           string  `json:"id"`
	Output       *string `json:"output"`
	Style        *string `json:"style"`
	OutputTokens *int64  `json:"output_tokens"`
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// records is how records.Read reads the benchmark's submission files: one
// record per item and style.
func (b *benchmark) records() *records.Spec[record] {
	return &records.Spec[record]{
		Benchmark: b.spec.Name, N: len(b.items),
		Lookup:   func(id string) (int, bool) { i, ok := b.index[id]; return i, ok },
		KeyField: "id", KeyName: "item id", ItemKey: true, Key: func(r *record) string { return r.ID },
		ResponseField: "output", Response: func(r *record) string { return deref(r.Output) },
		Items: "items", Name: func(i int) string { return b.items[i].ID }, Unanswered: "no verdict: counted wrong",
		WarnEmpty: true, Codes: records.CodesOf(Kind.Name),
		Variants: b.styleNames(), VariantField: "style", VariantName: "prompt style", Variant: func(r *record) string { return deref(r.Style) },
	}
}

// answer is one verifier output on one item in one style.
type answer struct {
	answered bool
	line     int
	// verdicts per policy, in Policies order.
	verdicts [2]Verdict
	tokens   int64
	hasTok   bool
	output   string
}

// run is one submission checked against the benchmark.
type run struct {
	id, name string
	// answers[s][i] is style s's answer on item i.
	answers [][]answer
	// scores per style, then per policy.
	scores Scores
	// reproduced shows the "sciif run" badge (render.Reproduced).
	reproduced bool
}

func (r *run) ID() string { return r.id }
func (r *run) Summary() string {
	m := r.scores.Policy(board.Strict)
	l := r.scores.Policy(board.Loose)
	return fmt.Sprintf("%d/%d items answered, accuracy %.1f%% strict, %.1f%% loose", m.Answered, m.Items, 100*m.Accuracy.Rate, 100*l.Accuracy.Rate)
}

// Check reads sub's file of the benchmark and reads a verdict from every
// output under both policies. Bad records are fatal (see the codes); an
// empty output, an output without a verdict and items without a
// default-style record are warnings and count as wrong.
func (b *benchmark) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	spec := b.records()
	r := &run{id: sub.ID, name: sub.Meta.Name, answers: make([][]answer, len(b.styles)), reproduced: render.Reproduced(sub)}
	for s := range r.answers {
		r.answers[s] = make([]answer, len(b.items))
	}
	res := records.Read(ctx, path, spec, func(i, line int, rec *record) board.Problems {
		s, _ := spec.VariantOf(rec)
		st := &b.styles[s]
		if rec.OutputTokens != nil && *rec.OutputTokens < 0 {
			return board.Problems{{File: path, Line: line, Item: rec.ID, Field: "output_tokens", Code: CodeTokens, Fatal: true,
				Msg: fmt.Sprintf("%d: want the number of tokens the verifier wrote, a whole number ≥ 0", *rec.OutputTokens)}}
		}
		a := answer{answered: true, line: line, output: *rec.Output}
		if rec.OutputTokens != nil {
			a.tokens, a.hasTok = *rec.OutputTokens, true
		}
		for p, pol := range Policies {
			a.verdicts[p] = Read(pol, a.output, st)
		}
		r.answers[s][i] = a
		if a.verdicts[1] == None && a.output != "" {
			return board.Problems{{File: path, Line: line, Item: rec.ID, Field: "output", Code: CodeNoVerdict,
				Msg: fmt.Sprintf("no verdict in the %s-style output, even read loosely (counted wrong); the prompt asks for a last line %q", st.Name, st.LastLine())}}
		}
		return nil
	})
	probs := res.Problems
	if !opt.KeepResponses {
		for s := range r.answers {
			for i := range r.answers[s] {
				r.answers[s][i].output = ""
			}
		}
	}
	r.scores = b.score(sub.ID, sub.Meta.Name, r.answers)
	return r, probs
}
