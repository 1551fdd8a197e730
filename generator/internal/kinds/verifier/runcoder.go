package verifier

// The build cache's view of a run (kind.RunCoder): the scores as JSON,
// then each output with its verdicts in binary (buildcache's Encoder).
// The id, name and badge are the
// submission's, made again from it.

import (
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

var _ kind.RunCoder = (*benchmark)(nil)

// EncodeRun is the run's scores as JSON, then its answers in binary.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok {
		return nil, fmt.Errorf("%s: not a run of this kind", b.spec.Name)
	}
	e := &buildcache.Encoder{}
	if err := e.JSON(r.scores); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, r.id, err)
	}
	e.Len(len(r.answers), r.answers == nil)
	for _, as := range r.answers {
		e.Len(len(as), as == nil)
		for _, a := range as {
			e.Bool(a.answered)
			e.Int(int64(a.line))
			e.Int(int64(a.verdicts[0]))
			e.Int(int64(a.verdicts[1]))
			e.Int(a.tokens)
			e.Bool(a.hasTok)
			e.String(a.output)
		}
	}
	return e.B, nil
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	r := &run{id: sub.ID, name: sub.Meta.Name, reproduced: render.Reproduced(sub)}
	d := buildcache.NewDecoder(data)
	d.JSON(&r.scores)
	n, _ := d.Len(len(b.styles))
	if d.Err() == nil && n != len(b.styles) || r.scores.ID != sub.ID {
		return nil, fmt.Errorf("%s: %s: not a run of this benchmark by this submission", b.spec.Name, sub.ID)
	}
	r.answers = make([][]answer, n)
	for s := range r.answers {
		m, _ := d.Len(len(b.items))
		if d.Err() == nil && m != len(b.items) {
			return nil, fmt.Errorf("%s: %s: %d answers in style %s, want %d", b.spec.Name, sub.ID, m, b.styles[s].Name, len(b.items))
		}
		r.answers[s] = make([]answer, m)
		for i := range r.answers[s] {
			a := answer{answered: d.Bool(), line: int(d.Int())}
			a.verdicts = [2]Verdict{Verdict(d.Int()), Verdict(d.Int())}
			a.tokens, a.hasTok, a.output = d.Int(), d.Bool(), d.String()
			r.answers[s][i] = a
		}
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	return r, nil
}
