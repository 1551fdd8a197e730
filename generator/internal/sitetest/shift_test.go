package sitetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// watchShifts records every layout shift of the page since it started
// loading (buffered), as Lighthouse counts them for CLS.
const watchShifts = `(() => {
  window.__shifts = [];
  new PerformanceObserver(l => l.getEntries().forEach(e => {
    if (!e.hadRecentInput) window.__shifts.push({ v: e.value, what: e.sources.map(s => (s.node ? (s.node.outerHTML || s.node.nodeName).slice(0, 90) : '?') + ' ' + JSON.stringify([s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height, s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round))).join(', ') });
  })).observe({ type: 'layout-shift', buffered: true });
  return true;
})()`

// TestBrowserNothingMovesAsFormulasAndChartsAppear loads the pages with
// formulas, charts or a script-filled view on a phone and on a laptop, draws every chart (as a
// reader scrolling to it would) and fails if anything on the page moved
// meanwhile: formulas are MathML from the start, and a chart's box keeps
// its height, its legend taking room from the chart (issue 29: a problem
// page shifted by 0.087 as KaTeX typeset it; the analysis page by 0.009 as
// a legend took a grid cell of its own; the compare page by 0.17 as the
// script filled its empty pickers). The bound, 0.005, is a twentieth
// of what Lighthouse calls a good CLS, above the sub-pixel moves of table
// cells seen once in ten runs.
func TestBrowserNothingMovesAsFormulasAndChartsAppear(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(12, 30, 5)
	dir := t.TempDir()
	fixture.WriteSite(t, dir, renderSite(t, in))
	m := in.Board.Models[0].ID
	pages := []string{
		"problems/" + in.Bench.Items[0].ID + ".html", "models/" + m + "/" + strings.ToLower(in.Bench.Items[0].Subject) + ".html",
		"methodology.html", "analysis.html", "models/" + m + ".html", "ifeval.html", "compare.html",
	}
	for _, w := range []int64{390, 1366} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			t.Run(fmt.Sprintf("%d/%s", w, p), func(t *testing.T) {
				browsertest.Open(t, ctx, dir, p)
				browsertest.Eval[bool](t, ctx, watchShifts)
				if browsertest.Eval[int](t, ctx, `document.querySelectorAll('.chart[data-chart]').length`) > 0 {
					showCharts(t, ctx, "charts on "+p)
				}
				browsertest.Settle(t, ctx)
				if got := browsertest.Eval[float64](t, ctx, `window.__shifts.reduce((s, e) => s + e.v, 0)`); got > 0.005 {
					t.Errorf("at %d px the page moved by %.4f (layout shift) as it loaded: %s", w, got,
						browsertest.Eval[string](t, ctx, `JSON.stringify(window.__shifts)`))
				}
			})
		}
	}
}
