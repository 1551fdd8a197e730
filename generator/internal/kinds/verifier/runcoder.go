package verifier

// The build cache's view of a run (kind.RunCoder): each output with its
// verdicts, and the scores, as JSON. The id, name and badge are the
// submission's, made again from it.

import (
	"encoding/json"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

var _ kind.RunCoder = (*benchmark)(nil)

// answerWire is an answer with its fields exported, under short names
// (there is one per item and style).
type answerWire struct {
	Answered bool       `json:"a,omitempty"`
	Line     int        `json:"l,omitempty"`
	Verdicts [2]Verdict `json:"v"`
	Tokens   int64      `json:"t,omitempty"`
	HasTok   bool       `json:"h,omitempty"`
	Output   string     `json:"o,omitempty"`
}

// runWire is a run without what its submission gives again.
type runWire struct {
	Answers [][]answerWire
	Scores  Scores
}

// EncodeRun is the run's answers and scores.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok {
		return nil, fmt.Errorf("%s: not a run of this kind", b.spec.Name)
	}
	w := runWire{Answers: make([][]answerWire, len(r.answers)), Scores: r.scores}
	for s, as := range r.answers {
		w.Answers[s] = make([]answerWire, len(as))
		for i, a := range as {
			w.Answers[s][i] = answerWire{Answered: a.answered, Line: a.line, Verdicts: a.verdicts, Tokens: a.tokens, HasTok: a.hasTok, Output: a.output}
		}
	}
	return json.Marshal(w)
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	var w runWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	if len(w.Answers) != len(b.styles) || w.Scores.ID != sub.ID {
		return nil, fmt.Errorf("%s: %s: a run of %d styles by %q, want %d by the submission", b.spec.Name, sub.ID, len(w.Answers), w.Scores.ID, len(b.styles))
	}
	r := &run{id: sub.ID, name: sub.Meta.Name, answers: make([][]answer, len(w.Answers)), scores: w.Scores, reproduced: render.Reproduced(sub)}
	for s, as := range w.Answers {
		if len(as) != len(b.items) {
			return nil, fmt.Errorf("%s: %s: %d answers in style %s, want %d", b.spec.Name, sub.ID, len(as), b.styles[s].Name, len(b.items))
		}
		r.answers[s] = make([]answer, len(as))
		for i, a := range as {
			r.answers[s][i] = answer{answered: a.Answered, line: a.Line, verdicts: a.Verdicts, tokens: a.Tokens, hasTok: a.HasTok, output: a.Output}
		}
	}
	return r, nil
}
