package verifiable

// The build cache's view of a run (kind.RunCoder): the model's scores,
// its results per prompt and its gap, as JSON (which keeps nil and empty
// lists apart). The Tokens cell is the submission's, made again from it.

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/render"
)

var (
	_ kind.RunInputs = (*benchmark)(nil)
	_ kind.RunReads  = (*benchmark)(nil)
)

// RunInputs are the files Check reads: benchmark.yaml and the prompts,
// and those of the paired single-turn benchmark, whose prompts the gap
// scores the submission's single-turn answers against.
func (b *benchmark) RunInputs() []string {
	out := []string{kind.SpecFile, filepath.Base(b.input)}
	if sb := b.single; sb != nil {
		for _, p := range []string{filepath.Join(sb.spec.Dir, kind.SpecFile), sb.input} {
			rel, err := filepath.Rel(b.spec.Dir, p)
			if err != nil {
				// Unreachable for a folder beside this one; an absolute
				// path keys the same file.
				rel = p
			}
			out = append(out, filepath.ToSlash(rel))
		}
	}
	return out
}

// RunReads is the submission's file of the paired single-turn benchmark,
// which the gap reads; none without one.
func (b *benchmark) RunReads() []string {
	if b.single == nil {
		return nil
	}
	return []string{b.single.spec.File}
}

// runWire is a run without what its submission gives again.
type runWire struct {
	Model   instrdata.Model
	Results []instrdata.Result
	Gap     *instrdata.GapModel
}

// EncodeRun is the run's scores, results and gap.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok {
		return nil, fmt.Errorf("%s: not a run of this kind", b.spec.Name)
	}
	return json.Marshal(runWire{Model: r.model, Results: r.model.Results, Gap: r.gap})
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	var w runWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	if len(w.Results) != b.ib.N || w.Model.ID != sub.ID {
		return nil, fmt.Errorf("%s: %s: a run of %d prompts by %q, want %d by the submission", b.spec.Name, sub.ID, len(w.Results), w.Model.ID, b.ib.N)
	}
	if (w.Gap != nil) && b.single == nil {
		return nil, fmt.Errorf("%s: %s: a gap without a paired benchmark", b.spec.Name, sub.ID)
	}
	w.Model.Results = w.Results
	return &run{id: sub.ID, model: w.Model, gap: w.Gap, tokens: render.BoardTokens(sub, b.spec.Name)}, nil
}
