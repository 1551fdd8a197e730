package sitetest

import (
	"slices"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// The leaderboard's Params column sorts by size, and its size and date
// bounds, kept in the address, leave the rows within them.
func TestBrowserSizeAndDateFilters(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 20, 3)
	// Dates are 2025-01-15, 2025-02-15, … by model.
	for i, p := range []string{"8B", "70B", "1.5T", "350M", "unknown", "13 B"} {
		in.Runs[i].Submission.Meta.Params = p
	}
	dir := t.TempDir()
	fixture.WriteSite(t, dir, renderSite(t, in))
	rows := `Array.from(document.querySelectorAll('#board tbody tr')).filter(r => !r.hidden).map(r => r.id)`
	id := func(i int) string { return "m-" + in.Board.Models[i].ID }

	browsertest.Open(t, ctx, dir, "index.html#pmin=10&pmax=100")
	browsertest.WaitFor(t, ctx, "the size filter", `document.querySelectorAll('#board tbody tr:not([hidden])').length === 2`)
	if got, want := browsertest.Eval[[]string](t, ctx, rows), []string{id(1), id(5)}; !slices.Equal(got, want) {
		t.Errorf("10–100 B: rows %v, want %v", got, want)
	}
	if !browsertest.Eval[bool](t, ctx, `document.getElementById('f-ranges').open && document.getElementById('f-pmin').value === '10'`) {
		t.Error("the bounds in the address are not shown in the filters")
	}
	browsertest.Open(t, ctx, dir, "index.html#from=2025-02-01&to=2025-03-31")
	browsertest.WaitFor(t, ctx, "the date filter", `document.querySelectorAll('#board tbody tr:not([hidden])').length === 2`)
	if got, want := browsertest.Eval[[]string](t, ctx, rows), []string{id(1), id(2)}; !slices.Equal(got, want) {
		t.Errorf("February–March: rows %v, want %v", got, want)
	}
	// Typing a bound filters and writes the address.
	browsertest.Eval[bool](t, ctx, `(e => { e.value = '2025-03-01'; e.dispatchEvent(new Event('input')); return true; })(document.getElementById('f-from'))`)
	if got := browsertest.Eval[[]string](t, ctx, rows); !slices.Equal(got, []string{id(2)}) {
		t.Errorf("March: rows %v", got)
	}
	if h := browsertest.Eval[string](t, ctx, `location.hash`); h != "#from=2025-03-01&to=2025-03-31" {
		t.Errorf("address %q", h)
	}
	// Sorting by size: largest first, a model without a size last.
	browsertest.Open(t, ctx, dir, "index.html#sort=params&dir=descending")
	browsertest.WaitFor(t, ctx, "the sort", `document.querySelector('#board th[data-key=params]').getAttribute('aria-sort') === 'descending'`)
	if got, want := browsertest.Eval[[]string](t, ctx, rows), []string{id(2), id(1), id(5), id(0), id(3), id(4)}; !slices.Equal(got, want) {
		t.Errorf("by size: %v, want %v", got, want)
	}
}
