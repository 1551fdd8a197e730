package sitetest

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// chartLabelChecks measures the text that each drawn chart shows (ECharts
// draws with its SVG renderer, so every label, axis name and axis label is
// a <text> element) and returns what is wrong, one line per defect: two
// visible labels that overlap, or a label cut by the chart's box. Labels
// that ECharts left out (hideOverlap, an axis interval) are not drawn.
const chartLabelChecks = `(() => {
  const bad = [];
  const shown = el => {
    for (let e = el; e && e.tagName !== 'DIV'; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.display === 'none' || st.visibility === 'hidden' || parseFloat(st.opacity) === 0) return false;
      if (e.getAttribute('opacity') === '0' || e.getAttribute('fill-opacity') === '0') return false;
    }
    return true;
  };
  const at = r => '[' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(' ') + ']';
  document.querySelectorAll('.chart[data-chart]').forEach(el => {
    const name = el.dataset.chart;
    const box = el.getBoundingClientRect();
    const labels = Array.from(el.querySelectorAll('svg text'))
      .filter(t => t.textContent.trim() !== '' && shown(t))
      .map(t => ({ text: t.textContent.trim(), r: t.getBoundingClientRect() }))
      .filter(l => l.r.width > 0 && l.r.height > 0);
    if (labels.length === 0) bad.push(name + ': no label drawn');
    labels.forEach(l => {
      if (l.r.left < box.left - 1 || l.r.right > box.right + 1 || l.r.top < box.top - 1 || l.r.bottom > box.bottom + 1) {
        bad.push(name + ': "' + l.text + '" ' + at(l.r) + ' is cut by the chart\'s box ' + at(box));
      }
    });
    // Glyph boxes include the font's leading: overlaps of a pixel or
    // two are touching lines, not labels drawn over each other.
    const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        if (over(labels[i].r, labels[j].r)) bad.push(name + ': "' + labels[i].text + '" ' + at(labels[i].r) + ' overlaps "' + labels[j].text + '" ' + at(labels[j].r));
      }
    }
  });
  return bad.join('\n');
})()`

// TestBrowserChartLabelsNeverOverlap draws the charts of a board of 100
// models and of one of five (the demo's size and names) on a desktop and
// a phone: however many models, no chart label covers another or is cut
// off (the scatter plot names its top models, the bar charts show the
// names that fit and scroll the rest).
func TestBrowserChartLabelsNeverOverlap(t *testing.T) {
	ctx := browsertest.Browser(t)
	big := fixture.SynthInput(100, 30, 1)
	for i := range big.Board.Models {
		big.Board.Models[i].Name = fmt.Sprintf("Synthetic Model %03d", i+1)
	}
	demo := fixture.SynthInput(5, 30, 5)
	demo.Reported = fixture.ReportedRows()
	for i, n := range []string{"Cirrus Pro (demo)", "Ember 13B (demo)", "Atlas 70B (demo)", "Dune Mini (demo)", "Borealis 8B (demo)"} {
		demo.Board.Models[i].Name = n
	}
	for _, b := range []struct {
		name string
		in   fixture.Input
	}{{"100 models", big}, {"5 models", demo}} {
		dir := t.TempDir()
		fixture.WriteSite(t, dir, renderSite(t, b.in))
		pages := []string{"analysis.html", "models/" + b.in.Board.Models[0].ID + ".html"}
		for _, w := range []int64{390, 1366} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844)); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				for _, policy := range []string{"strict", "loose"} {
					t.Run(fmt.Sprintf("%s/%d/%s/%s", b.name, w, p, policy), func(t *testing.T) {
						browsertest.Open(t, ctx, dir, p+"#policy="+policy)
						showCharts(t, ctx, "charts")
						if bad := browsertest.Eval[string](t, ctx, chartLabelChecks); bad != "" {
							t.Errorf("%s at %d px:\n%s", p, w, bad)
						}
					})
				}
			}
		}
	}
}
