package sciif

import (
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
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
