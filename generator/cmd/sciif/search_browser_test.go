package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

// leaderRow is a leaderboard row as built: its model's name, the part that
// lists it and the row's anchor there.
type leaderRow struct {
	Name   string `json:"name"`
	Part   string `json:"part"`
	Anchor string `json:"anchor"`
}

// leaderRows reads every row of the leaderboard's parts (index.html,
// index-2.html, …) in site.
func leaderRows(t *testing.T, site string) (rows []leaderRow, parts int) {
	t.Helper()
	for k := 1; ; k++ {
		name := "index.html"
		if k > 1 {
			name = fmt.Sprintf("index-%d.html", k)
		}
		data, err := os.ReadFile(filepath.Join(site, name))
		if os.IsNotExist(err) && k > 1 {
			return rows, k - 1
		}
		if err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		doc.Find("#board tbody tr").Each(func(_ int, tr *goquery.Selection) {
			id, _ := tr.Attr("id")
			rows = append(rows, leaderRow{Name: strings.TrimSpace(tr.Find("th a.name").Text()), Part: name, Anchor: id})
		})
	}
}

// countText is what the front page says of a search for q, which the
// synthetic board's names alone match.
func countText(rows []leaderRow, q string) string {
	all, here := 0, 0
	for _, r := range rows {
		if strings.Contains(strings.ToLower(r.Name), strings.ToLower(q)) {
			all++
			if r.Part == "index.html" {
				here++
			}
		}
	}
	if all == 1 {
		return fmt.Sprintf("1 match, %d on this part", here)
	}
	return fmt.Sprintf("%d matches, %d on this part", all, here)
}

// TestBrowserSearchFindsEveryPart builds a 1,000-model board, whose
// leaderboard comes in parts of 200, and searches its front page, opened
// from file://, for every model: a model on part 1 is a visible row, any
// other is listed with a link to its row on its part. It then follows the
// link to a model of the last part, and checks that the other parts send a
// search to the front page.
func TestBrowserSearchFindsEveryPart(t *testing.T) {
	ctx := browsertest.Browser(t)
	const models = 1000
	dir := t.TempDir()
	if err := synth.Write(dir, synth.Options{Models: models, Items: 8, Seed: 1, Catalog: ingest.BuiltinCatalog()}); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	buildCrawled(t, filepath.Join(dir, "benchmarks"), filepath.Join(dir, "results"), site)
	rows, parts := leaderRows(t, site)
	if len(rows) != models || parts != 5 {
		t.Fatalf("%d rows in %d parts, want %d in 5", len(rows), parts, models)
	}
	console := browsertest.WatchConsole(ctx)
	browsertest.Open(t, ctx, site, "index.html")

	// The note says that a column sorts this part only.
	note := browsertest.Eval[string](t, ctx, `document.getElementById('part-note').innerText`)
	if !strings.Contains(note, "sorts this part only") || !strings.Contains(note, "models 1–200 of 1000") {
		t.Errorf("part note = %q, want it to say that sorting covers models 1–200 of 1000 only", note)
	}

	// Type the name of the last model of the last part, as a reader would.
	last := rows[len(rows)-1]
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#f-q`), last.Name)); err != nil {
		t.Fatal(err)
	}
	href := fmt.Sprintf("index-%d.html#%s", parts, last.Anchor)
	link := fmt.Sprintf(`document.querySelector('#f-elsewhere a[href=%q]')`, href)
	browsertest.WaitFor(t, ctx, "a link to "+href, link+` && !document.getElementById('f-elsewhere').hidden`)
	item := browsertest.Eval[string](t, ctx, link+`.parentNode.textContent`)
	if !strings.HasPrefix(item, fmt.Sprintf("on part %d: #", parts)) || !strings.Contains(item, last.Name) {
		t.Errorf("result = %q, want it to name part %d and %s", item, parts, last.Name)
	}
	if got, want := browsertest.Eval[string](t, ctx, `document.getElementById('f-count').textContent`), countText(rows, last.Name); got != want {
		t.Errorf("count = %q, want %q", got, want)
	}

	// Every model, from the front page.
	want, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	missed := browsertest.Eval[[]string](t, ctx, `(() => {
	  const q = document.getElementById('f-q'), missed = [];
	  for (const r of `+string(want)+`) {
	    q.value = r.name;
	    q.dispatchEvent(new Event('input'));
	    const found = r.part === 'index.html'
	      ? !!document.getElementById(r.anchor) && !document.getElementById(r.anchor).hidden
	      : Array.from(document.querySelectorAll('#f-elsewhere a')).some(a => a.getAttribute('href') === r.part + '#' + r.anchor && a.textContent.includes(r.name));
	    if (!found) missed.push(r.name + ' (' + r.part + ')');
	  }
	  return missed;
	})()`)
	if len(missed) > 0 {
		t.Errorf("search on the front page misses %d of %d models, first %q", len(missed), len(rows), missed[0])
	}

	// The link opens the model's row on its part.
	browsertest.Eval[any](t, ctx, `(() => { const q = document.getElementById('f-q'); q.value = `+fmt.Sprintf("%q", last.Name)+`; q.dispatchEvent(new Event('input')); })()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#f-elsewhere a[href=%q]`, href)))); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitFor(t, ctx, "the row of "+last.Name+" on part 5", fmt.Sprintf(`location.pathname.endsWith('/index-%d.html') && document.querySelector(':target') && document.querySelector(':target').id === %q && `+browsertest.Ready, parts, last.Anchor))

	// A later part searches its own rows and sends the search to part 1.
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#f-q`), rows[0].Name)); err != nil {
		t.Fatal(err)
	}
	here := 0
	for _, r := range rows {
		if r.Part == last.Part && strings.Contains(strings.ToLower(r.Name), strings.ToLower(rows[0].Name)) {
			here++
		}
	}
	browsertest.WaitFor(t, ctx, "the count of part 5", fmt.Sprintf(`document.getElementById('f-count').textContent === '%d of 200 models on this part'`, here))
	first := browsertest.Eval[string](t, ctx, `document.querySelector('#part-note a').getAttribute('href')`)
	if wantHref := "index.html#q=" + strings.ReplaceAll(rows[0].Name, " ", "%20"); first != wantHref {
		t.Errorf("part 5 sends the search to %q, want %q", first, wantHref)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#part-note a`))); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitFor(t, ctx, "the front page with the search", fmt.Sprintf(`location.pathname.endsWith('/index.html') && document.getElementById(%q) && !document.getElementById(%q).hidden && document.getElementById('f-count').textContent === %q`, rows[0].Anchor, rows[0].Anchor, countText(rows, rows[0].Name)))
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %v", errs)
	}
}
