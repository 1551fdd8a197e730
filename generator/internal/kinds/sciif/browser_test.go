package sciif

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// The pair compare.html opens with is written into the page as
// compare.js writes it: the script's first run changes no text, so nothing
// moves when it runs.
func TestBrowserCompareFirstPairAsScript(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 40, 11)
	files := renderSite(t, in)
	dir := t.TempDir()
	fixture.WriteSite(t, dir, files)
	const texts = `#cmp-verdict, #cmp-count, #cmp-table th, #cmp-table td, #cmp-items th, #cmp-items td`
	doc := fixture.Parse(t, "compare.html", fixture.FileMap(files)["compare.html"])
	var want []string
	doc.Find(texts).Each(func(_ int, s *goquery.Selection) { want = append(want, s.Text()) })
	doc.Find(`#cmp-items a`).Each(func(_ int, s *goquery.Selection) { want = append(want, s.AttrOr("href", "")) })
	if len(want) < 10 || doc.Find(`#cmp-items tbody tr`).Length() == 0 {
		t.Fatalf("compare.html holds no first pair: %q", want)
	}
	browsertest.Open(t, ctx, dir, "compare.html")
	got := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('`+texts+`')).map(e => e.textContent).concat(Array.from(document.querySelectorAll('#cmp-items a')).map(a => a.getAttribute('href')))`)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("compare.js rewrote the first pair (-page +script):\n%s", diff)
	}
}

// Four models picked by the permalink: four columns, the paired test of
// each of the six pairs, and the problems on which any two differ,
// counted here from the page's bits.
func TestBrowserCompareFourModels(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 40, 11)
	files := renderSite(t, in)
	dir := t.TempDir()
	fixture.WriteSite(t, dir, files)
	d, err := render.DecodeCompare(fixture.FileMap(files)["compare.html"])
	if err != nil {
		t.Fatal(err)
	}
	sel := []int{1, 3, 4, 5}
	var ids []string
	for _, i := range sel {
		ids = append(ids, d.Models[i].ID)
	}
	differ := 0
	for k := range d.Items {
		for _, i := range sel[1:] {
			if d.Models[i].Bits[k]&(vCorrect|vCompliantS) != d.Models[sel[0]].Bits[k]&(vCorrect|vCompliantS) {
				differ++
				break
			}
		}
	}
	browsertest.Open(t, ctx, dir, "compare.html#m="+strings.Join(ids, ","))
	browsertest.WaitFor(t, ctx, "four columns", `document.querySelectorAll('#cmp-table thead th.model').length === 4`)
	got := browsertest.Eval[[]int](t, ctx, `[document.querySelectorAll('#cmp-verdict p').length, document.querySelectorAll('#cmp-items tbody tr').length, document.querySelectorAll('#cmp-items tbody tr:first-child td a').length]`)
	if want := []int{6, differ, 4}; !slices.Equal(got, want) || differ == 0 {
		t.Errorf("verdicts, differing rows, answer links: %v, want %v", got, want)
	}
	heads := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#cmp-table thead th.model')).map(e => e.textContent)`)
	for k, i := range sel {
		if heads[k] != d.Models[i].Name {
			t.Errorf("column %d is %q, want %q", k, heads[k], d.Models[i].Name)
		}
	}
	// Dropping the last two leaves two models and one verdict.
	browsertest.Eval[bool](t, ctx, `['cmp-3', 'cmp-4'].forEach(id => { const s = document.getElementById(id); s.value = ''; s.dispatchEvent(new Event('change')); }); true`)
	if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('#cmp-verdict p').length`); n != 1 {
		t.Errorf("%d verdicts for two models", n)
	}
	if h := browsertest.Eval[string](t, ctx, `location.hash`); h != "#m="+url.QueryEscape(ids[0]+","+ids[1]) {
		t.Errorf("permalink %q", h)
	}
}
