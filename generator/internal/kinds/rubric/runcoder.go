package rubric

// The build cache's view of a run (kind.RunCoder): its scores as JSON,
// then its results per task in binary (buildcache's Encoder). The
// id, name, judges and Tokens cell are the submission's, made again from
// it.

import (
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

var _ kind.RunCoder = (*benchmark)(nil)

// runWire is the run's scores; its results follow, in binary.
type runWire struct {
	Scores ModelScores
	Points *PointScores
}

// EncodeRun is the run's scores, then its results.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok {
		return nil, fmt.Errorf("%s: not a run of this kind", b.spec.Name)
	}
	e := &buildcache.Encoder{}
	if err := e.JSON(runWire{Scores: r.scores, Points: r.points}); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, r.id, err)
	}
	e.Len(len(r.results), r.results == nil)
	for _, res := range r.results {
		e.Bool(res.answered)
		e.Int(int64(res.line))
		e.String(res.response)
		e.Len(len(res.sat), res.sat == nil)
		for _, v := range res.sat {
			e.Bool(v)
		}
		e.Len(len(res.yes), res.yes == nil)
		for _, v := range res.yes {
			e.Int(int64(v))
		}
		e.Len(len(res.votes), res.votes == nil)
		for _, as := range res.votes {
			e.Len(len(as), as == nil)
			for _, a := range as {
				e.Int(int64(a.Verdict))
				e.String(a.Reason)
				e.Int(int64(a.Line))
			}
		}
	}
	return e.B, nil
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	var w runWire
	d := buildcache.NewDecoder(data)
	d.JSON(&w)
	n, _ := d.Len(len(b.tasks))
	if d.Err() == nil && n != len(b.tasks) || w.Scores.ID != sub.ID || (w.Points != nil) != b.points {
		return nil, fmt.Errorf("%s: %s: not a run of this benchmark by this submission", b.spec.Name, sub.ID)
	}
	r := &run{id: sub.ID, name: sub.Meta.Name, judges: sub.Meta.Judges, results: make([]result, n), scores: w.Scores, points: w.Points,
		tokens: render.BoardTokens(sub, b.spec.Name)}
	for i := range r.results {
		r.results[i] = decodeResult(d, len(b.tasks[i].Criteria), len(sub.Meta.Judges))
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	return r, nil
}

// decodeResult reads a result of a task of criteria criteria, judged by
// judges judges.
func decodeResult(d *buildcache.Decoder, criteria, judges int) result {
	res := result{answered: d.Bool(), line: int(d.Int()), response: d.String()}
	if n, isNil := d.Len(criteria); !isNil {
		res.sat = make([]bool, n)
		for c := range res.sat {
			res.sat[c] = d.Bool()
		}
	}
	if n, isNil := d.Len(criteria); !isNil {
		res.yes = make([]int, n)
		for c := range res.yes {
			res.yes[c] = int(d.Int())
		}
	}
	if n, isNil := d.Len(judges); !isNil {
		res.votes = make([][]Answer, n)
		for j := range res.votes {
			m, isNil := d.Len(criteria)
			if isNil {
				continue
			}
			res.votes[j] = make([]Answer, m)
			for c := range res.votes[j] {
				res.votes[j][c] = Answer{Verdict: Verdict(d.Int()), Reason: d.String(), Line: int(d.Int())}
			}
		}
	}
	return res
}
