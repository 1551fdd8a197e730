package sitetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// allChartsDrawn is true when every chart container holds a drawn SVG.
const allChartsDrawn = `(() => {
  const cs = Array.from(document.querySelectorAll('.chart[data-chart]'));
  return cs.length > 0 && cs.every(c => {
    const svg = c.querySelector('svg');
    return svg && svg.querySelectorAll('path').length > 5 && svg.getBoundingClientRect().width > 100;
  });
})()`

// showCharts scrolls each chart of the page into view in turn, as a reader
// would (ECharts is fetched, and each chart drawn, as charts come near the
// view), waits until every chart is drawn and scrolls back to the top.
func showCharts(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('.chart[data-chart]').length`)
	for i := range n {
		chart := fmt.Sprintf(`document.querySelectorAll('.chart[data-chart]')[%d]`, i)
		browsertest.Eval[any](t, ctx, chart+`.scrollIntoView({block: 'center'})`)
		browsertest.WaitFor(t, ctx, fmt.Sprintf("chart %d of %s", i+1, what), `!!`+chart+`.querySelector('svg')`)
	}
	browsertest.Eval[any](t, ctx, `window.scrollTo(0, 0)`)
	browsertest.WaitFor(t, ctx, what, allChartsDrawn)
}

// onlyLocalResources is true when the page loaded nothing but files.
const onlyLocalResources = `performance.getEntriesByType('resource').every(e => e.name.startsWith('file://'))`

func TestBrowserSite(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 30, 5)
	in.Reported = fixture.ReportedRows()
	// TeX that package mathml leaves to KaTeX in the browser.
	in.Bench.Items[1].Question += ` Water is $\ce{H2O}$.`
	dir := t.TempDir()
	fixture.WriteSite(t, dir, renderSite(t, in))
	con := browsertest.WatchConsole(ctx)

	browsertest.Open(t, ctx, dir, "index.html")
	if got := browsertest.Eval[int](t, ctx, `document.querySelectorAll('#board tbody tr').length`); got != 6 {
		t.Fatalf("%d leaderboard rows, want 6", got)
	}
	// Sort by correctness: descending first, by the Strict values.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#board th[data-key=correct] button`))); err != nil {
		t.Fatal(err)
	}
	sorted := `(() => {
	  const col = Array.from(document.querySelectorAll('#board thead th')).findIndex(th => th.dataset.key === 'correct');
	  const attr = document.getElementById('policy-loose').checked ? 'data-l' : 'data-s';
	  const v = Array.from(document.querySelectorAll('#board tbody tr')).map(r => parseFloat(r.cells[col].getAttribute(attr)));
	  return v.every((x, i) => i === 0 || v[i-1] >= x);
	})()`
	if !browsertest.Eval[bool](t, ctx, sorted) {
		t.Error("correctness column not sorted descending after one click")
	}
	if got := browsertest.Eval[string](t, ctx, `document.querySelector('#board th[data-key=correct]').getAttribute('aria-sort')`); got != "descending" {
		t.Errorf("aria-sort = %q, want descending", got)
	}
	// Switch to Loose: the Loose values show, the Strict ones hide, the
	// column stays sorted by the Loose values and the URL keeps the view.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`label[for=policy-loose]`))); err != nil {
		t.Fatal(err)
	}
	vis := `(() => {
	  const cell = document.querySelector('#board tbody tr td:nth-child(6)');
	  return [getComputedStyle(cell.querySelector('.s')).display, getComputedStyle(cell.querySelector('.l')).display].join(' ');
	})()`
	if got := browsertest.Eval[string](t, ctx, vis); got != "none inline" {
		t.Errorf("after switching to Loose, Strict/Loose display = %q, want %q", got, "none inline")
	}
	if !browsertest.Eval[bool](t, ctx, sorted) {
		t.Error("correctness column not re-sorted by the Loose values")
	}
	if got := browsertest.Eval[string](t, ctx, `location.hash`); !strings.Contains(got, "policy=loose") || !strings.Contains(got, "sort=correct") {
		t.Errorf("URL fragment %q does not keep the view", got)
	}
	// Filter open weights.
	nOpen := 0
	for _, m := range in.Board.Models {
		if m.OpenWeights {
			nOpen++
		}
	}
	browsertest.Eval[any](t, ctx, `(() => { const s = document.getElementById('f-weights'); s.value = 'open'; s.dispatchEvent(new Event('change')); })()`)
	if got := browsertest.Eval[int](t, ctx, `Array.from(document.querySelectorAll('#board tbody tr')).filter(r => !r.hidden).length`); got != nOpen {
		t.Errorf("%d rows shown with the open filter, want %d", got, nOpen)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatal(err)
	}
	shotDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(shotDir, "index.jpg"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %d bytes", len(shot))
	if !browsertest.Eval[bool](t, ctx, onlyLocalResources) {
		t.Error("index.html loaded something that is not a local file")
	}

	for _, page := range []string{"analysis.html", "models/" + in.Board.Models[0].ID + ".html"} {
		browsertest.Open(t, ctx, dir, page)
		showCharts(t, ctx, "charts on "+page)
		if !browsertest.Eval[bool](t, ctx, onlyLocalResources) {
			t.Errorf("%s loaded something that is not a local file", page)
		}
	}
	// The collapse page follows the policy switch.
	browsertest.Open(t, ctx, dir, "analysis.html")
	showCharts(t, ctx, "charts")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`label[for=policy-loose]`))); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitFor(t, ctx, "charts after switching to Loose", allChartsDrawn)

	// Formulas are MathML, drawn by the browser: the page fetches no
	// KaTeX. One that MathML cannot say (\ce) is typeset by KaTeX.
	browsertest.Open(t, ctx, dir, "problems/"+in.Bench.Items[0].ID+".html")
	mathml := `(() => {
	  const ms = Array.from(document.querySelectorAll('main math'));
	  return ms.length >= 5 && ms.every(m => m.getBoundingClientRect().width > 4 && m.getBoundingClientRect().height > 8);
	})()`
	if !browsertest.Eval[bool](t, ctx, mathml) {
		t.Error("the problem page's formulas are not drawn as MathML")
	}
	noKaTeX := `document.querySelectorAll('.math').length === 0 && typeof katex === 'undefined' && performance.getEntriesByType('resource').every(e => !e.name.includes('katex'))`
	if !browsertest.Eval[bool](t, ctx, noKaTeX) {
		t.Error("a page whose formulas are all MathML fetched KaTeX or kept a formula for it")
	}
	browsertest.Open(t, ctx, dir, "problems/"+in.Bench.Items[1].ID+".html")
	typeset := `document.querySelectorAll('.math .katex').length === 1 && document.querySelectorAll('.math').length === 1`
	browsertest.WaitFor(t, ctx, "KaTeX", typeset)
	if got := browsertest.Eval[string](t, ctx, `getComputedStyle(document.querySelector('.math .katex')).fontFamily`); !strings.Contains(got, "KaTeX_Main") {
		t.Errorf("KaTeX's stylesheet is not applied: the formula's font is %q", got)
	}
	if !browsertest.Eval[bool](t, ctx, onlyLocalResources) {
		t.Error("problem page loaded something that is not a local file")
	}
	browsertest.Open(t, ctx, dir, "cases.html#regime=judges-disagree")
	if got := browsertest.Eval[bool](t, ctx, `Array.from(document.querySelectorAll('#cases tbody tr')).every(r => r.hidden || r.dataset.regime === 'judges-disagree')`); !got {
		t.Error("the regime filter from the URL was not applied")
	}
	// A model's cases page shows that model alone: its menu holds the
	// model, chosen, and "all", which leads back to every model's cases
	// with the other filters kept.
	slug := render.Slug(in.Board.Models[2].ID)
	browsertest.Open(t, ctx, dir, "cases/"+slug+".html#regime=judges-disagree")
	menu := browsertest.Eval[[]string](t, ctx, `Array.from(document.getElementById('cf-model').options).map(o => o.value + (o.selected ? '*' : ''))`)
	if diff := cmp.Diff([]string{"", slug + "*"}, menu); diff != "" {
		t.Errorf("model menu of %s's cases page, values with * for the chosen one (-want +got):\n%s", slug, diff)
	}
	browsertest.Eval[any](t, ctx, `(() => { const s = document.getElementById('cf-model'); s.value = ''; s.dispatchEvent(new Event('change')); })()`)
	browsertest.WaitFor(t, ctx, "\"all\" to lead to the overview with the regime kept", `/\/cases\.html#(.*&)?regime=judges-disagree/.test(location.href)`)

	// The Loose choice made on the leaderboard holds on the other pages
	// (issue 14), and a changed fragment is applied without a reload.
	browsertest.Open(t, ctx, dir, "constraints.html")
	if !browsertest.Eval[bool](t, ctx, `document.getElementById('policy-loose').checked`) {
		t.Error("the Loose choice was not kept across pages")
	}
	browsertest.Eval[any](t, ctx, `location.hash = 'policy=strict'`)
	browsertest.WaitFor(t, ctx, "the fragment's policy", `document.getElementById('policy-strict').checked`)

	// Published curves are in the legend, hidden, and drawn dashed once
	// picked.
	browsertest.Open(t, ctx, dir, "analysis.html#policy=strict")
	showCharts(t, ctx, "charts")
	byk := `echarts.getInstanceByDom(document.querySelector('.chart[data-chart=byk]'))`
	if got := browsertest.Eval[bool](t, ctx, byk+`.getOption().legend[0].selected['Paper B (reported)']`); got {
		t.Error("the published curve is shown before it is picked")
	}
	dashed := `Array.from(document.querySelectorAll('.chart[data-chart=byk] svg path')).some(p => (p.getAttribute('stroke-dasharray') || 'none') !== 'none')`
	if browsertest.Eval[bool](t, ctx, dashed) {
		t.Error("a dashed curve is drawn before one is picked")
	}
	browsertest.Eval[any](t, ctx, byk+`.dispatchAction({type: 'legendSelect', name: 'Paper B (reported)'})`)
	browsertest.WaitFor(t, ctx, "the picked published curve, dashed", dashed)

	// The IFEval pages: chart, case index with a filter from the URL, a
	// case page.
	ib := in.Instr[0]
	browsertest.Open(t, ctx, dir, "ifeval.html")
	showCharts(t, ctx, "charts on ifeval.html")
	if !browsertest.Eval[bool](t, ctx, onlyLocalResources) {
		t.Error("ifeval.html loaded something that is not a local file")
	}
	m := ib.Models[1]
	browsertest.Open(t, ctx, dir, "ifeval/index.html#model="+m.ID+"&outcome=loose-only")
	shown := browsertest.Eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#prompts tbody tr')).filter(r => !r.hidden).map(r => r.querySelector('th a').textContent)`)
	if diff := cmp.Diff([]string{"2"}, shown); diff != "" {
		t.Errorf("prompts shown for %s failing Strict but passing Loose (-want +got):\n%s", m.ID, diff)
	}
	browsertest.Eval[any](t, ctx, `(() => { const s = document.getElementById('pf-outcome'); s.value = 'pass'; s.dispatchEvent(new Event('change')); })()`)
	if got := browsertest.Eval[string](t, ctx, `location.hash`); !strings.Contains(got, "outcome=pass") || !strings.Contains(got, "model="+m.ID) {
		t.Errorf("URL fragment %q does not keep the filter", got)
	}
	if got := browsertest.Eval[string](t, ctx, `document.getElementById('pf-count').textContent`); got != "1 of 2 prompts" {
		t.Errorf("count %q, want %q", got, "1 of 2 prompts")
	}
	// Choosing no model matches an outcome in any model's column.
	browsertest.Eval[any](t, ctx, `(() => { const s = document.getElementById('pf-model'); s.value = ''; s.dispatchEvent(new Event('change')); const o = document.getElementById('pf-outcome'); o.value = 'unanswered'; o.dispatchEvent(new Event('change')); })()`)
	if got := browsertest.Eval[string](t, ctx, `document.getElementById('pf-count').textContent`); got != "1 of 2 prompts" {
		t.Errorf("count %q for an unanswered prompt in any column, want %q", got, "1 of 2 prompts")
	}
	// A cell opens the model's response on the prompt's page.
	browsertest.Eval[any](t, ctx, `document.querySelector('#prompts th[data-m="`+m.ID+`"]') && document.querySelectorAll('#prompts tbody tr')[1].cells[Array.from(document.querySelectorAll('#prompts thead th')).findIndex(th => th.dataset.m === '`+m.ID+`')].click()`)
	browsertest.WaitFor(t, ctx, "a click on a cell to open the model's response", `location.href.endsWith('ifeval/2.html#m-`+m.ID+`')`)
	browsertest.Open(t, ctx, dir, "ifeval/2.html#m-"+m.ID)
	if got := browsertest.Eval[string](t, ctx, `document.querySelector('article.answer:target h3').textContent`); got != m.Name {
		t.Errorf("targeted response is %q, want %q", got, m.Name)
	}
	// Open waited until the page was ready: whatever it does by itself is
	// done.
	if errs := con.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// Charts cost nothing until a reader could see them: ECharts is fetched
// when a chart comes near the view or the reader shows up (points,
// touches, scrolls, types), and printing draws every chart at once.
func TestBrowserChartsOnDemand(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(6, 30, 5)
	dir := t.TempDir()
	fixture.WriteSite(t, dir, renderSite(t, in))
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	page := "models/" + in.Board.Models[0].ID + ".html"
	browsertest.Open(t, ctx, dir, page)
	if top := browsertest.Eval[float64](t, ctx, `document.querySelector('.chart[data-chart]').getBoundingClientRect().top / innerHeight`); top < 1.6 {
		t.Fatalf("%s: the first chart is %.2f screens from the top; the test needs one further down", page, top)
	}
	// Open waited until the page was ready: its chart observers have
	// reported, so a fetch of ECharts would have begun.
	if browsertest.Eval[bool](t, ctx, `typeof echarts !== 'undefined' || document.querySelector('script[src*="echarts"]') !== null || performance.getEntriesByType('resource').some(e => e.name.includes('echarts'))`) {
		t.Errorf("%s: ECharts fetched with no chart near the view and no reader", page)
	}
	browsertest.Eval[any](t, ctx, `window.dispatchEvent(new PointerEvent('pointermove'))`)
	browsertest.WaitFor(t, ctx, "ECharts after the reader points", `typeof echarts !== 'undefined'`)
	if browsertest.Eval[bool](t, ctx, `document.querySelector('.chart[data-chart] svg') !== null`) {
		t.Errorf("%s: a chart far from the view was drawn", page)
	}
	// Printing lays every chart out before the page is printed.
	if !browsertest.Eval[bool](t, ctx, `window.dispatchEvent(new Event('beforeprint')), `+allChartsDrawn) {
		t.Errorf("%s: charts not drawn for printing", page)
	}
}

// TestBrowserHostileSubmission opens every page of a site built from a
// hostile submission and checks that none of its payloads ran: first as
// built, then with the Content-Security-Policy removed, so that escaping
// alone is shown to hold.
func TestBrowserHostileSubmission(t *testing.T) {
	ctx := browsertest.Browser(t)
	files := renderSite(t, fixture.HostileInput())
	for _, csp := range []bool{true, false} {
		name := "with CSP"
		if !csp {
			name = "without CSP"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			out := files
			if !csp {
				out = stripCSP(files)
			}
			fixture.WriteSite(t, dir, out)
			con := browsertest.WatchConsole(ctx)
			for _, f := range fixture.HTMLPages(out) {
				browsertest.Open(t, ctx, dir, f.Path)
				if strings.Contains(string(f.Data), `class="chart`) {
					showCharts(t, ctx, "charts on "+f.Path)
				}
				// Hover every chart's centre and every element, to give
				// mouse handlers a chance to fire.
				browsertest.Eval[any](t, ctx, `document.querySelectorAll('*').forEach(e => { e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})); })`)
				browsertest.Settle(t, ctx)
				if got := browsertest.Eval[string](t, ctx, `String(window.__pwned)`); got != "undefined" {
					t.Errorf("%s: payload %q ran", f.Path, got)
				}
				if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('img:not(.brand img), iframe, object, embed').length`); n > 0 {
					t.Errorf("%s: %d injected elements in the DOM", f.Path, n)
				}
			}
			if errs := con.Errors(); len(errs) > 0 {
				t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}

func stripCSP(files []board.File) []board.File {
	out := make([]board.File, len(files))
	for i, f := range files {
		out[i] = f
		if strings.HasSuffix(f.Path, ".html") {
			s := string(f.Data)
			if a := strings.Index(s, `<meta http-equiv="Content-Security-Policy"`); a >= 0 {
				b := strings.Index(s[a:], ">")
				s = s[:a] + s[a+b+1:]
			}
			out[i].Data = []byte(s)
		}
	}
	return out
}
