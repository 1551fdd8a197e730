package sitetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// layoutChecks measures a page as laid out and returns what is wrong with
// it, one line per defect (issue 14: a site people enjoy reading on any
// screen).
const layoutChecks = `(() => {
  const bad = [];
  const W = document.documentElement.clientWidth, H = innerHeight;
  if (document.documentElement.scrollWidth > W) bad.push('the page scrolls sideways by ' + (document.documentElement.scrollWidth - W) + ' px');
  // Every board shows rank, model and its two headline numbers in the
  // first viewport's width; the index's also in its height.
  document.querySelectorAll('table.board').forEach(t => {
    const heads = Array.from(t.tHead.rows[0].cells).filter(c => getComputedStyle(c).display !== 'none').slice(0, 4);
    heads.forEach(c => {
      const r = c.getBoundingClientRect();
      if (r.width === 0 || r.right > W + 0.5) bad.push(t.id + ': column ' + (c.dataset.key || c.textContent.trim()) + ' is not in view (right ' + Math.round(r.right) + ')');
      if (t.id === 'board' && r.bottom > H) bad.push(t.id + ': column ' + c.dataset.key + ' is below the first screen');
    });
    const box = t.closest('.scroll');
    if (box && W >= 1200 && box.scrollWidth > box.clientWidth + 1) bad.push(t.id + ': the board does not fit its container (' + box.scrollWidth + ' > ' + box.clientWidth + ')');
  });
  // Every table lies inside its card: either within it, or in a scroll
  // box that is. An answer's per-point table fits its card on a desktop.
  document.querySelectorAll('table').forEach(t => {
    const card = t.closest('article') || t.closest('main');
    const box = t.closest('.scroll') || t;
    const cr = card.getBoundingClientRect(), br = box.getBoundingClientRect();
    const name = t.id || t.className || 'table';
    if (br.right > cr.right + 1 && getComputedStyle(box).overflowX === 'visible') bad.push(name + ' overflows its card by ' + Math.round(br.right - cr.right) + ' px');
    if (t.classList.contains('points') && W >= 1200 && box !== t && box.scrollWidth > box.clientWidth + 1) bad.push('a per-point table is clipped in its card');
  });
  // A box that hides part of a table, or the navigation row, sideways
  // scrolls, and shows it: site.js marks the side with more to see
  // (more-right, more-left) and site.css fades that edge. A box whose
  // first columns are sticky keeps its left edge sharp. So an answer's
  // last per-point columns, the published figures and the navigation's
  // last entries are reachable, and a reader can tell.
  const faded = el => { const cs = getComputedStyle(el); return [cs.maskImage, cs.webkitMaskImage].some(m => m && m !== 'none'); };
  const boxes = new Set(Array.from(document.querySelectorAll('header nav')));
  document.querySelectorAll('main table').forEach(t => {
    for (let el = t; el && el.tagName !== 'MAIN'; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== 'visible') { boxes.add(el); break; }
    }
  });
  boxes.forEach(box => {
    if (box.scrollWidth <= box.clientWidth + 1 || box.getClientRects().length === 0) return;
    const t = box.tagName === 'TABLE' ? box : box.querySelector('table');
    const name = box.tagName === 'NAV' ? 'the navigation' : (t && (t.id || t.className)) || 'a table';
    const ox = getComputedStyle(box).overflowX;
    if (ox !== 'auto' && ox !== 'scroll') { bad.push(name + ' is clipped sideways and does not scroll (overflow-x ' + ox + ')'); return; }
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1, left = box.scrollLeft > 1;
    if (right && !(box.classList.contains('more-right') && faded(box))) bad.push(name + ': ' + (box.scrollWidth - box.clientWidth - box.scrollLeft) + ' px hidden on the right with no scroll hint');
    if (left && !box.querySelector('.sticky, .rank') && !(box.classList.contains('more-left') && faded(box))) bad.push(name + ': ' + box.scrollLeft + ' px hidden on the left with no scroll hint');
  });
  // Compare: every compared model's column is in view.
  document.querySelectorAll('#cmp-table thead th.model').forEach(h => {
    if (h.getBoundingClientRect().right > W + 0.5) bad.push('compare: the column of ' + h.textContent.trim() + ' is not in view (right ' + Math.round(h.getBoundingClientRect().right) + ')');
  });
  // No word in a table is split across lines (model names, reasons,
  // headings): each word's pieces, measured as the client rects of its
  // text, lie on one line. Lines may break after a hyphen or slash, as the
  // browser does. Only a word wider than its column may ever be (the
  // column's max-width, and at most 40% of the screen: a column that the
  // table squeezed below its words is the defect, not an excuse).
  const splits = [];
  const lineBox = n => {
    let el = n.parentElement;
    while (el && getComputedStyle(el).display.startsWith('inline')) el = el.parentElement;
    return el;
  };
  const cap = el => {
    const cs = getComputedStyle(el);
    return cs.maxWidth.endsWith('px') ? parseFloat(cs.maxWidth) - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) : Infinity;
  };
  document.querySelectorAll('main th, main td').forEach(cell => {
    if (splits.length >= 5 || getComputedStyle(cell).writingMode !== 'horizontal-tb' || cell.getClientRects().length === 0) return;
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      if (n.parentElement.closest('.katex, math')) continue;
      const room = Math.min(W * 0.4, cap(lineBox(n)), cap(cell));
      for (const m of n.data.matchAll(/[^\s\-\u2010-\u2014\/]+[\-\u2010-\u2014\/]*/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const rects = Array.from(r.getClientRects()).filter(x => x.width > 0);
        if (new Set(rects.map(x => Math.round(x.bottom))).size < 2) continue;
        if (rects.reduce((w, x) => w + x.width, 0) <= room + 0.5) splits.push('"' + m[0] + '" in ' + (cell.closest('table').id || cell.closest('table').className || 'a table'));
      }
    }
  });
  splits.forEach(s => bad.push('a word is split across lines: ' + s));
  // Charts: no paging legend, no clipped legend name, no two series of a
  // chart in one colour.
  document.querySelectorAll('.chart[data-chart]').forEach(el => {
    const c = echarts.getInstanceByDom(el);
    if (!c) { bad.push('chart ' + el.dataset.chart + ' not drawn'); return; }
    const opt = c.getOption();
    (opt.legend || []).forEach(l => { if (l.type === 'scroll' || l.show) bad.push('chart ' + el.dataset.chart + ': ECharts legend shown, type ' + l.type); });
    const colours = {};
    const seen = {};
    (opt.series || []).forEach(s => {
      if (seen[s.name]) return;
      seen[s.name] = true;
      const col = (s.itemStyle && s.itemStyle.color) || (s.lineStyle && s.lineStyle.color);
      if (!col) return;
      if (colours[col]) bad.push('chart ' + el.dataset.chart + ': ' + s.name + ' and ' + colours[col] + ' share ' + col);
      colours[col] = s.name;
    });
    const lg = el.nextElementSibling;
    if (lg && lg.matches('ul.legend')) lg.querySelectorAll('button').forEach(b => {
      if (b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > W) bad.push('chart ' + el.dataset.chart + ': legend name clipped: ' + b.textContent);
    });
  });
  return bad.join('\n');
})()`

func TestBrowserLayoutFitsEveryScreen(t *testing.T) {
	ctx := browsertest.Browser(t)
	in := fixture.SynthInput(24, 30, 7)
	in.Reported = fixture.ReportedRows()
	// The longest name metadata allows (ingest.MaxModelName).
	in.Board.Models[3].Name = strings.Repeat("Very-Long-Model-Name ", 4)[:80]
	// Names and reasons with words a narrow column must not split (at
	// 390 px the IFEval board showed "Cirru s P…", an answer's per-point
	// table "algorit hm").
	in.Board.Models[1].Name = "Cirrus Pro (demo)"
	in.Board.Models[2].Name = "Borealis 8B (demo)"
	for _, ib := range in.Instr {
		for i := range ib.Models {
			for _, m := range in.Board.Models {
				if ib.Models[i].ID == m.ID {
					ib.Models[i].Name = m.Name
				}
			}
		}
	}
	for i := range in.Runs {
		for j := range in.Runs[i].Verdicts {
			for _, c := range in.Runs[i].Verdicts[j].Constraints {
				for _, p := range c.Points {
					if len(p.Votes) > 0 { // the votes are shared with the input
						p.Votes[0].Reason = "names the algorithm and characterises its computational complexity"
					}
				}
			}
		}
	}
	dir := t.TempDir()
	fixture.WriteSite(t, dir, renderSite(t, in))
	m := in.Board.Models[0].ID
	pages := []string{
		"index.html", "constraints.html", "analysis.html", "cases.html", "cases/" + m + ".html", "matrix.html",
		"problems/" + in.Bench.Items[0].ID + ".html", "models/" + m + ".html", "models/" + m + "/biology.html",
		"methodology.html", "downloads.html", "ifeval.html", "ifeval/index.html", "ifeval/1.html",
		"compare.html#a=" + m + "&b=" + in.Board.Models[3].ID,
		"overview.html", "ifeval/compare.html#m=" + m + "," + in.Board.Models[1].ID + "," + in.Board.Models[2].ID,
		"compare.html#m=" + m + "," + in.Board.Models[1].ID + "," + in.Board.Models[2].ID + "," + in.Board.Models[3].ID, subjectPage(in.Bench.Items[0].Subject),
	}
	for _, w := range []int64{390, 1366} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			t.Run(fmt.Sprintf("%d/%s", w, p), func(t *testing.T) {
				browsertest.Open(t, ctx, dir, p)
				if strings.Contains(p, "analysis") || strings.HasPrefix(p, "models/model-01.") || p == "ifeval.html" {
					showCharts(t, ctx, "charts")
				}
				if strings.HasPrefix(p, "compare.html") {
					// The permalink picks the two models; the script fills
					// the verdict, the figures and the differing problems.
					browsertest.WaitFor(t, ctx, "the comparison", `document.getElementById('cmp-`+fmt.Sprint(max(2, strings.Count(p, ",")+1))+`').value === '`+in.Board.Models[3].ID+`' && document.getElementById('cmp-verdict').textContent !== '' && document.querySelectorAll('#cmp-items tbody tr').length > 0 && document.querySelector('#cmp-table tbody td').textContent.endsWith('%')`)
				}
				if bad := browsertest.Eval[string](t, ctx, layoutChecks); bad != "" {
					t.Errorf("at %d px:\n%s", w, bad)
				}
				if w == 390 && p == "index.html" {
					// The navigation's hint follows the reader: scrolled to
					// its end, the left edge fades and the right does not.
					browsertest.Eval[bool](t, ctx, `(n => { n.scrollLeft = n.scrollWidth; return true; })(document.querySelector('header nav'))`)
					browsertest.WaitFor(t, ctx, "the navigation's hint to move to its left edge", `(c => c.contains('more-left') && !c.contains('more-right'))(document.querySelector('header nav').classList)`)
				}
			})
		}
	}
}
