package sitetest

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// The overview lists every model of the site with its headline on each
// board, as the boards' compare pages hold it (each board's scorer's
// counts); a board's column sorts the rows by its figure under the policy
// chosen, the models not on it last.
func TestBrowserOverview(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 30, 5)
	files := renderSite(t, in)
	dir := t.TempDir()
	fixture.WriteSite(t, dir, files)
	fm := fixture.FileMap(files)
	sci, err := render.DecodeCompare(fm["compare.html"])
	if err != nil {
		t.Fatal(err)
	}
	browsertest.Open(t, ctx, dir, "overview.html")
	ids := map[string]bool{}
	for _, m := range in.Board.Models {
		ids[m.ID] = true
	}
	for _, b := range in.Instr {
		for _, m := range b.Models {
			ids[m.ID] = true
		}
	}
	if got := browsertest.Eval[int](t, ctx, `document.querySelectorAll('#overview tbody tr').length`); got != len(ids) || len(ids) <= len(in.Board.Models) {
		t.Fatalf("%d rows, want %d (the site's models, some not on SciIF)", got, len(ids))
	}
	// A model not on SciIF answers fewer boards and has no SciIF figure.
	last := browsertest.Eval[[]string](t, ctx, `(r => [r.cells[1].textContent, r.cells[2].getAttribute('data-s')])(document.querySelector('#overview tbody tr:last-child'))`)
	if last[1] != "-1" || last[0] != "1" {
		t.Errorf("the model off SciIF: answered %s, SciIF %s; want 1 and -1", last[0], last[1])
	}
	// The SciIF column is compliance, the figure ranks follow.
	got := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#overview tbody tr')).map(r => r.cells[2].getAttribute('data-s'))`)
	for i, m := range sci.Models {
		r := m.Rates[1][0]
		if want := render.NewRate(in.Board.Models[i].Strict.Compliant).Sort; got[i] != want || r.Pass != in.Board.Models[i].Strict.Compliant.Pass {
			t.Errorf("%s: SciIF %s, want %s", m.ID, got[i], want)
		}
	}
	// Sorting by the IFEval column under Loose puts the highest first.
	browsertest.Eval[bool](t, ctx, `document.getElementById('policy-loose').click(); document.querySelector('#overview th[data-key=b1] button').click(); true`)
	vals := browsertest.Eval[[]float64](t, ctx, `Array.from(document.querySelectorAll('#overview tbody tr')).map(r => parseFloat(r.cells[3].getAttribute('data-l')))`)
	for i := 1; i < len(vals); i++ {
		if vals[i] > vals[i-1] {
			t.Fatalf("IFEval (Loose) not sorted descending: %v", vals)
		}
	}
	if browsertest.Eval[string](t, ctx, `getComputedStyle(document.querySelector('#overview tbody tr td:nth-child(4) .l')).display`) == "none" {
		t.Error("the Loose figures are hidden under Loose")
	}
}
