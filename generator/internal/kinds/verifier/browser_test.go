package verifier

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// layout measures a page as laid out and returns what is wrong with it,
// one line per defect: sideways scrolling, a board whose rank, verifier
// and first two figures are out of view, a table outside its card, an
// error on the console.
const layout = `(() => {
  const bad = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W) bad.push('the page scrolls sideways by ' + (document.documentElement.scrollWidth - W) + ' px');
  document.querySelectorAll('table.board').forEach(t => {
    Array.from(t.tHead.rows[0].cells).slice(0, 4).forEach(c => {
      const r = c.getBoundingClientRect();
      if (r.width === 0 || r.right > W + 0.5) bad.push(t.id + ': column ' + c.dataset.key + ' is not in view');
    });
  });
  document.querySelectorAll('table').forEach(t => {
    const card = t.closest('article') || t.closest('main');
    const box = t.closest('.scroll') || t;
    if (box.getBoundingClientRect().right > card.getBoundingClientRect().right + 1 && getComputedStyle(box).overflowX === 'visible') bad.push((t.id || t.className) + ' overflows its card');
  });
  document.querySelectorAll('pre').forEach(p => {
    if (p.getBoundingClientRect().right > W + 0.5 && getComputedStyle(p).overflowX === 'visible') bad.push('an output overflows the screen');
  });
  return bad.join('\n');
})()`

// TestBrowserLayout opens the verifier board and its cases page, built
// from the demo data, at a phone's and a laptop's width.
func TestBrowserLayout(t *testing.T) {
	ctx := browsertest.Browser(t)
	_, bd, _ := demoBoard(t, true)
	files, err := render.Build(render.Input{Boards: []render.Board{bd}, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range []int64{390, 1366} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844)); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"index.html", "sciverify-demo/cases.html", "methodology.html", "compare.html#m=" + BuiltinID + "," + bd.runs[0].id + "," + bd.runs[1].id} {
			t.Run(fmt.Sprintf("%d/%s", w, p), func(t *testing.T) {
				console := browsertest.WatchConsole(ctx)
				browsertest.Open(t, ctx, dir, p)
				if bad := browsertest.Eval[string](t, ctx, layout); bad != "" {
					t.Errorf("at %d px:\n%s", w, bad)
				}
				if errs := console.Errors(); len(errs) > 0 {
					t.Errorf("console errors: %v", errs)
				}
			})
		}
	}
}
