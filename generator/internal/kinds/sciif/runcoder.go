package sciif

// The build cache's view of a run (kind.RunCoder): its scores, paired
// outcomes and condensed verdicts as JSON, which keeps every nil and
// empty list and map apart.

import (
	"encoding/json"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

var _ kind.RunCoder = (*benchmark)(nil)

// runWire is a run without its submission (the decoder is given it) and
// its benchmark.
type runWire struct {
	Run    sciifdata.Run
	Model  sciifdata.ModelScores
	Passes map[board.Policy][]bool
	Cells  []cellWire
	Rules  map[string][2]int
	Judges *runWire
	Paged  bool
	// Sub says that Run held the submission (the judges' run does not).
	Sub bool
}

type cellWire struct {
	F    uint16
	S, L uint32
	D, A uint8
}

func toWire(r *run) *runWire {
	if r == nil {
		return nil
	}
	w := &runWire{Run: r.run, Model: r.model, Passes: r.passes, Rules: r.cond.rules, Judges: toWire(r.judges), Paged: r.paged}
	w.Sub = r.run.Submission.ID != ""
	w.Run.Submission = board.Submission{}
	if r.cond.cells != nil {
		w.Cells = make([]cellWire, len(r.cond.cells))
		for i, c := range r.cond.cells {
			w.Cells[i] = cellWire{F: c.flags, S: c.consS, L: c.consL, D: c.pointsDecided, A: c.pointsAgainst}
		}
	}
	return w
}

func (w *runWire) toRun(sub *board.Submission, b *benchmark) *run {
	if w == nil {
		return nil
	}
	r := &run{sub: *sub, run: w.Run, model: w.Model, passes: w.Passes, judges: w.Judges.toRun(sub, nil), b: b, paged: w.Paged}
	if w.Sub {
		r.run.Submission = *sub
	}
	r.cond.rules = w.Rules
	if w.Cells != nil {
		r.cond.cells = make([]cell, len(w.Cells))
		for i, c := range w.Cells {
			r.cond.cells[i] = cell{flags: c.F, consS: c.S, consL: c.L, pointsDecided: c.D, pointsAgainst: c.A}
		}
	}
	return r
}

// EncodeRun is the run's scores, paired outcomes and condensed verdicts.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok || r.b != b {
		return nil, fmt.Errorf("%s: not a run of this benchmark", b.spec.Name)
	}
	return json.Marshal(toWire(r))
}

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	var w runWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	if w.Cells != nil && len(w.Cells) != len(b.bench.Items) {
		return nil, fmt.Errorf("%s: %s: %d condensed verdicts for %d items", b.spec.Name, sub.ID, len(w.Cells), len(b.bench.Items))
	}
	return w.toRun(sub, b), nil
}
