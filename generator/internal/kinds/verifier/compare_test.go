package verifier

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// The demo board's compare page holds the scorer's figures and each
// item's correctness for every verifier and the built-in rules, and its
// ranks are the board's.
func TestCompareMatchesScorer(t *testing.T) {
	b, bd, _ := demoBoard(t, false)
	files, err := render.Build(render.Input{Boards: []render.Board{bd}, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	var page []byte
	for _, f := range files {
		if f.Path == "compare.html" { // the board is the front one
			page = f.Data
		}
	}
	d, err := render.DecodeCompare(page)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Models) != len(bd.runs)+1 || len(d.Items) != len(b.items) {
		t.Fatalf("%d models, %d items; want %d, %d", len(d.Models), len(d.Items), len(bd.runs)+1, len(b.items))
	}
	ranges := d.RankRanges(0)
	for i, cm := range d.Models {
		var m *Metrics
		rank := bd.builtin.Rank
		if i < len(bd.runs) {
			m, rank = bd.runs[i].scores.Policy(bd.policy), bd.runs[i].scores.Rank
		} else {
			m = &bd.builtin.Metrics
		}
		for k, want := range []board.Rate{m.Accuracy, m.FalseAccept, m.FalseReject, m.NoVerdict} {
			if got := cm.Rates[k][0]; got.Pass != want.Pass || got.Total != want.Total {
				t.Errorf("%s %s: %d/%d, want %d/%d", cm.ID, d.Metrics[k].Label, got.Pass, got.Total, want.Pass, want.Total)
			}
		}
		n := 0
		for _, bit := range cm.Bits {
			n += int(bit)
		}
		if n != m.Accuracy.Pass {
			t.Errorf("%s: %d correct items in the bits, accuracy counts %d", cm.ID, n, m.Accuracy.Pass)
		}
		if ranges[i][0] != rank {
			t.Errorf("%s: range %v, board rank %d", cm.ID, ranges[i], rank)
		}
	}
}
