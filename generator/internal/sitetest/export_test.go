package sitetest

import (
	"encoding/csv"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// The leaderboard's "Download this view" writes the rows shown, filtered
// and sorted, with the figures of the policy chosen (recomputed here from
// the scorer's rates) and a name that a spreadsheet would run as a
// formula defused.
func TestBrowserExportView(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 20, 3)
	in.Board.Models[3].Name = `=HYPERLINK("https://example.org","x")`
	dir := t.TempDir()
	fixture.WriteSite(t, dir, renderSite(t, in))
	browsertest.Open(t, ctx, dir, "index.html#weights=closed&policy=loose&sort=correct&dir=descending")
	browsertest.WaitFor(t, ctx, "the view", `document.getElementById('policy-loose').checked && document.querySelector('#board th[data-key=correct]').getAttribute('aria-sort') === 'descending'`)
	browsertest.Eval[bool](t, ctx, `window.__csv = undefined; const o = URL.createObjectURL; URL.createObjectURL = b => { b.text().then(t => { window.__csv = t; }); return o(b); };
		document.querySelector('#board').closest('.scroll').nextElementSibling.querySelector('button').click(); true`)
	browsertest.WaitFor(t, ctx, "the CSV", `typeof window.__csv === 'string'`)
	text := browsertest.Eval[string](t, ctx, `window.__csv`)
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, text)
	}
	head := recs[0]
	col := func(name string) int {
		for i, h := range head {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %q in %q", name, head)
		return -1
	}
	model, correct, ci := col("Model"), col("Correct"), col("Correct 95% interval")
	type row struct{ Name, Correct, CI string }
	var want []row
	for _, m := range in.Board.Models {
		if m.OpenWeights {
			continue
		}
		r := render.NewRate(m.Loose.Correct)
		name := m.Name
		if strings.HasPrefix(name, "=") {
			name = "'" + name
		}
		want = append(want, row{name, r.Pct, r.CI})
	}
	sort.SliceStable(want, func(i, j int) bool { return want[i].Correct > want[j].Correct })
	var got []row
	for _, r := range recs[1:] {
		got = append(got, row{r[model], r[correct], r[ci]})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("exported rows (-want +got):\n%s", diff)
	}
	if !strings.Contains(text, `"'=HYPERLINK(""https://example.org"",""x"")"`) {
		t.Errorf("the formula name is not defused and quoted:\n%s", text)
	}
}
