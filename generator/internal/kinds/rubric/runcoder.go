package rubric

// The build cache's view of a run (kind.RunCoder): its results per task
// and its scores, as JSON (which keeps nil and empty lists apart). The
// id, name, judges and Tokens cell are the submission's, made again from
// it.

import (
	"encoding/json"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

var _ kind.RunCoder = (*benchmark)(nil)

// resultWire is a result with its fields exported.
type resultWire struct {
	Answered bool
	Sat      []bool
	Line     int
	Yes      []int
	Response string
	Votes    [][]Answer
}

// runWire is a run without what its submission gives again.
type runWire struct {
	Results []resultWire
	Scores  ModelScores
	Points  *PointScores
}

// EncodeRun is the run's results and scores.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok {
		return nil, fmt.Errorf("%s: not a run of this kind", b.spec.Name)
	}
	w := runWire{Results: make([]resultWire, len(r.results)), Scores: r.scores, Points: r.points}
	for i, res := range r.results {
		w.Results[i] = resultWire{Answered: res.answered, Sat: res.sat, Line: res.line, Yes: res.yes, Response: res.response, Votes: res.votes}
	}
	return json.Marshal(w)
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	var w runWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	if len(w.Results) != len(b.tasks) || w.Scores.ID != sub.ID || (w.Points != nil) != b.points {
		return nil, fmt.Errorf("%s: %s: a run of %d tasks by %q, want %d by the submission", b.spec.Name, sub.ID, len(w.Results), w.Scores.ID, len(b.tasks))
	}
	r := &run{id: sub.ID, name: sub.Meta.Name, judges: sub.Meta.Judges, results: make([]result, len(w.Results)), scores: w.Scores, points: w.Points,
		tokens: render.BoardTokens(sub, b.spec.Name)}
	for i, res := range w.Results {
		if len(res.Sat) != len(b.tasks[i].Criteria) {
			return nil, fmt.Errorf("%s: %s: task %s: %d criteria, want %d", b.spec.Name, sub.ID, b.tasks[i].ID, len(res.Sat), len(b.tasks[i].Criteria))
		}
		r.results[i] = result{answered: res.Answered, sat: res.Sat, line: res.Line, yes: res.Yes, response: res.Response, votes: res.Votes}
	}
	return r, nil
}
