package sciif

// The build cache's view of a run (kind.RunCoder): its scores as JSON,
// which keeps every nil and empty list and map apart, and its paired
// outcomes and condensed verdicts packed in bytes. The JSON is
// go-json-experiment's (what encoding/json/v2 is made from), which
// decodes a run in about half the time of encoding/json (135 against
// 280 µs for a synthetic 334-item run): a build that reuses 1,000 runs
// decodes them all. The model's rows of verdicts.csv follow the JSON as
// they are.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/go-json-experiment/json"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

var _ kind.RunInputs = (*benchmark)(nil)

// RunInputs are the files a run reads (ingest.Benchmark, the spec): not
// the history, which only the board reads.
func (b *benchmark) RunInputs() []string {
	return []string{kind.SpecFile, "catalog.json", "items.jsonl"}
}

// runWire is a run without its submission (the decoder is given it) and
// its benchmark.
type runWire struct {
	Run   sciifdata.Run
	Model sciifdata.ModelScores
	// Passes holds each policy's paired outcomes, a bit per item.
	Passes map[board.Policy]bitList
	// Cells are the condensed verdicts, cellSize bytes each.
	Cells []byte
	// NoCells tells nil cells (a judges' run) from none.
	NoCells bool
	Rules   map[string][2]int
	// CSV is the model's rows of verdicts.csv, when written: kept beside
	// the JSON, as bytes (EncodeRun).
	CSV    []byte `json:"-"`
	Judges *runWire
	Paged  bool
	// Sub says that Run held the submission (the judges' run does not).
	Sub bool
}

// bitList is a list of booleans, eight to a byte, and its length.
type bitList struct {
	N int
	B []byte
}

func toBits(bs []bool) bitList {
	out := bitList{N: len(bs), B: make([]byte, (len(bs)+7)/8)}
	for i, b := range bs {
		if b {
			out.B[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

func (b bitList) bools() ([]bool, bool) {
	if b.N < 0 || len(b.B) != (b.N+7)/8 {
		return nil, false
	}
	out := make([]bool, b.N)
	for i := range out {
		out[i] = b.B[i/8]&(1<<(i%8)) != 0
	}
	return out, true
}

// cellSize is a cell's encoded length: flags, consS, consL, the two counts.
const cellSize = 2 + 4 + 4 + 1 + 1

func toWire(r *run) *runWire {
	if r == nil {
		return nil
	}
	w := &runWire{Run: r.run, Model: r.model, Rules: r.cond.rules, CSV: r.cond.csv, Judges: toWire(r.judges), Paged: r.paged, NoCells: r.cond.cells == nil}
	w.Sub = r.run.Submission.ID != ""
	w.Run.Submission = board.Submission{}
	if r.passes != nil {
		w.Passes = map[board.Policy]bitList{}
		for p, bs := range r.passes {
			w.Passes[p] = toBits(bs)
		}
	}
	w.Cells = make([]byte, 0, cellSize*len(r.cond.cells))
	for _, c := range r.cond.cells {
		w.Cells = binary.LittleEndian.AppendUint16(w.Cells, c.flags)
		w.Cells = binary.LittleEndian.AppendUint32(w.Cells, c.consS)
		w.Cells = binary.LittleEndian.AppendUint32(w.Cells, c.consL)
		w.Cells = append(w.Cells, c.pointsDecided, c.pointsAgainst)
	}
	return w
}

func (w *runWire) toRun(sub *board.Submission, b *benchmark) (*run, error) {
	if w == nil {
		return nil, nil
	}
	judges, err := w.Judges.toRun(sub, nil)
	if err != nil {
		return nil, err
	}
	r := &run{sub: *sub, run: w.Run, model: w.Model, judges: judges, b: b, paged: w.Paged}
	if w.Sub {
		r.run.Submission = *sub
	}
	if w.Passes != nil {
		r.passes = map[board.Policy][]bool{}
		for p, bs := range w.Passes {
			var ok bool
			if r.passes[p], ok = bs.bools(); !ok {
				return nil, errors.New("bad passes")
			}
		}
	}
	r.cond.rules, r.cond.csv = w.Rules, w.CSV
	if len(w.Cells)%cellSize != 0 {
		return nil, errors.New("bad cells")
	}
	if !w.NoCells {
		r.cond.cells = make([]cell, len(w.Cells)/cellSize)
		for i := range r.cond.cells {
			c := w.Cells[i*cellSize:]
			r.cond.cells[i] = cell{flags: binary.LittleEndian.Uint16(c), consS: binary.LittleEndian.Uint32(c[2:]), consL: binary.LittleEndian.Uint32(c[6:]),
				pointsDecided: c[10], pointsAgainst: c[11]}
		}
	}
	return r, nil
}

// EncodeRun is the run's scores, paired outcomes and condensed verdicts.
func (b *benchmark) EncodeRun(kr kind.Run) ([]byte, error) {
	r, ok := kr.(*run)
	if !ok || r.b != b {
		return nil, fmt.Errorf("%s: not a run of this benchmark", b.spec.Name)
	}
	w := toWire(r)
	j, err := json.Marshal(w, wireJSON)
	if err != nil {
		return nil, err
	}
	// The JSON, then the rows of verdicts.csv as they are (in the JSON
	// they were base64, a third larger and decoded on every build).
	var e buildcache.Encoder
	e.Bytes(j)
	e.Bool(w.CSV != nil)
	e.Bytes(w.CSV)
	return e.B, nil
}

// wireJSON writes nil lists and maps as null, as encoding/json does, so
// that they read back nil and empty ones empty, and map keys in order.
var wireJSON = json.JoinOptions(json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true), json.Deterministic(true))

// DecodeRun is the run EncodeRun encoded, for sub.
func (b *benchmark) DecodeRun(sub *board.Submission, data []byte) (kind.Run, error) {
	d := buildcache.NewDecoder(data)
	j := d.Bytes()
	hasCSV := d.Bool()
	csv := d.Bytes()
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	var w runWire
	if err := json.Unmarshal(j, &w, wireJSON); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	if hasCSV {
		w.CSV = bytes.Clone(csv) // not the whole entry's buffer
		if w.CSV == nil {
			w.CSV = []byte{}
		}
	}
	if !w.NoCells && len(w.Cells) != cellSize*len(b.bench.Items) {
		return nil, fmt.Errorf("%s: %s: %d bytes of condensed verdicts for %d items", b.spec.Name, sub.ID, len(w.Cells), len(b.bench.Items))
	}
	r, err := w.toRun(sub, b)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", b.spec.Name, sub.ID, err)
	}
	return r, nil
}
