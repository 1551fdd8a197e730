package verifiable

// The build cache's view of a run (kind.RunCoder): the model's scores and
// its gap as JSON, then its results per prompt in binary (buildcache's
// Encoder, several times faster to read back than JSON). The Tokens cell
// is the submission's, made again from it.

import (
	"fmt"
	"path/filepath"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/buildcache"
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

// runWire is the run's scores and gap; its results follow, in binary.
type runWire struct {
	Model instrdata.Model
	Gap   *instrdata.GapModel
}

// EncodeRun is the run's scores and gap, then its results.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok {
		return nil, fmt.Errorf("%s: not a run of this kind", b.spec.Name)
	}
	e := &buildcache.Encoder{}
	if err := e.JSON(runWire{Model: r.model, Gap: r.gap}); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, r.id, err)
	}
	res := r.model.Results
	e.Len(len(res), res == nil)
	for _, x := range res {
		e.Bool(x.Answered)
		e.String(x.Response)
		encodeVerdicts(e, x.Strict)
		encodeVerdicts(e, x.Loose)
	}
	return e.B, nil
}

func encodeVerdicts(e *buildcache.Encoder, vs []instrdata.Verdict) {
	e.Len(len(vs), vs == nil)
	for _, v := range vs {
		e.String(v.ID)
		e.Bool(v.Followed)
		e.Bool(v.Undecided)
		e.String(v.Reason)
		e.String(v.Variant)
	}
}

func decodeVerdicts(d *buildcache.Decoder, max int) []instrdata.Verdict {
	n, isNil := d.Len(max)
	if isNil {
		return nil
	}
	vs := make([]instrdata.Verdict, n)
	for i := range vs {
		vs[i] = instrdata.Verdict{ID: d.String(), Followed: d.Bool(), Undecided: d.Bool(), Reason: d.String(), Variant: d.String()}
	}
	return vs
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	var w runWire
	d := buildcache.NewDecoder(data)
	d.JSON(&w)
	n, isNil := d.Len(b.ib.N)
	if d.Err() == nil && (n != b.ib.N || isNil) || w.Model.ID != sub.ID || w.Gap != nil && b.single == nil {
		return nil, fmt.Errorf("%s: %s: not a run of this benchmark by this submission", b.spec.Name, sub.ID)
	}
	if !isNil {
		w.Model.Results = make([]instrdata.Result, n)
	}
	for i := range w.Model.Results {
		max := len(b.ib.Prompts[i].InstructionIDs)
		w.Model.Results[i] = instrdata.Result{Answered: d.Bool(), Response: d.String(), Strict: decodeVerdicts(d, max), Loose: decodeVerdicts(d, max)}
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	return &run{id: sub.ID, model: w.Model, gap: w.Gap, tokens: render.BoardTokens(sub, b.spec.Name)}, nil
}
