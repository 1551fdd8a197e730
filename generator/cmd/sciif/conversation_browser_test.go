package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
)

// conversationLayout lists what is wrong with a page that shows
// conversations or the boards built on them: sideways scrolling, a table
// or a turn wider than its card, a turn without its role in view.
const conversationLayout = `(() => {
  const bad = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W) bad.push('the page scrolls sideways by ' + (document.documentElement.scrollWidth - W) + ' px');
  document.querySelectorAll('table').forEach(t => {
    const box = t.closest('.scroll') || t;
    const card = t.closest('article') || t.closest('main');
    if (getComputedStyle(box).overflowX === 'visible' && box.getBoundingClientRect().right > card.getBoundingClientRect().right + 1) bad.push((t.id || t.className || 'a table') + ' overflows its card');
  });
  document.querySelectorAll('ol.conversation > li.turn').forEach((li, i) => {
    const role = li.querySelector('.role');
    const r = role && role.getBoundingClientRect();
    if (!role || r.width === 0 || r.height === 0 || !role.textContent.trim()) bad.push('turn ' + (i + 1) + ' shows no role');
    const pre = li.querySelector('pre');
    if (pre && pre.getBoundingClientRect().right > W + 0.5) bad.push('turn ' + (i + 1) + ' is wider than the screen');
  });
  return bad.join('\n');
})()`

// TestBrowserConversationPages opens the demo site's multi-turn and
// point-weighted pages (boards, the gap table, conversations turn by turn)
// at a phone's and a laptop's width.
func TestBrowserConversationPages(t *testing.T) {
	ctx := browsertest.Browser(t)
	out := filepath.Join(t.TempDir(), "site")
	if code, stderr := build(t, demoResults(t), out); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	pages := []struct{ path, turns string }{
		{"ifbench-mt-demo.html", ""},
		{"ifbench-mt-demo/9203.html", "3"},
		{"healthbench-demo/index.html", ""},
		{"healthbench-demo/hb-06.html", "3"},
		{"healthbench-demo/hb-01.html", "1"},
	}
	for _, w := range []int64{390, 1366} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 844)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			t.Run(fmt.Sprintf("%d/%s", w, p.path), func(t *testing.T) {
				console := browsertest.WatchConsole(ctx)
				browsertest.Open(t, ctx, out, p.path)
				if bad := browsertest.Eval[string](t, ctx, conversationLayout); bad != "" {
					t.Errorf("at %d px:\n%s", w, bad)
				}
				if p.turns != "" {
					if n := browsertest.Eval[string](t, ctx, `String(document.querySelectorAll('ol.conversation > li.turn').length)`); n != p.turns {
						t.Errorf("%s turns shown, want %s", n, p.turns)
					}
				}
				if errs := console.Errors(); len(errs) > 0 {
					t.Errorf("console errors: %v", errs)
				}
			})
		}
	}
}
