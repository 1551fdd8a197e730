// Package browsertest drives the built site's pages in a headless
// Chromium, for tests only: it finds the browser (or skips, or fails when
// SCIIF_REQUIRE_BROWSER=1), skips under -short, opens a page and waits for
// the ready mark assets/site.js sets, and polls conditions with a bound.
// It never sleeps for a fixed time: a check that nothing happened runs
// once the page says it is ready.
package browsertest

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's Chromium, which CI installs.
const chromiumPath = "/usr/bin/chromium"

// RequireBrowser is the environment variable that turns a skip for a
// missing Chromium into a failure, as CI sets it.
const RequireBrowser = "SCIIF_REQUIRE_BROWSER"

// Browser starts a headless Chromium with a fresh profile, closed when the
// test ends. Browser tests are skipped under -short (go test -short is the
// contributor's quick loop) and without Chromium, where they fail instead
// when SCIIF_REQUIRE_BROWSER=1.
func Browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: skipped under -short")
	}
	if _, err := exec.LookPath(chromiumPath); err != nil {
		if os.Getenv(RequireBrowser) == "1" {
			t.Fatalf("%s=1 but %s is missing: apt-get install -y chromium", RequireBrowser, chromiumPath)
		}
		t.Skipf("%s not installed", chromiumPath)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// Console collects a page's console messages until the test ends.
type Console struct {
	mu   sync.Mutex
	msgs []chromedp.ConsoleMessage
}

// WatchConsole starts collecting the console messages of ctx's page.
func WatchConsole(ctx context.Context) *Console {
	c := &Console{}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			c.mu.Lock()
			c.msgs = append(c.msgs, m)
			c.mu.Unlock()
		}
	}()
	return c
}

// Errors returns the errors and exceptions logged so far.
func (c *Console) Errors() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, m := range c.msgs {
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
			out = append(out, m.String())
		}
	}
	return out
}

// Eval evaluates js in the page and returns its value.
func Eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %q: %v", js, err)
	}
	return v
}

// waitTimeout bounds every wait for the page.
const waitTimeout = 10 * time.Second

// WaitFor waits, for up to ten seconds, until the JavaScript condition js
// holds (a condition that throws does not); what names it in the failure.
// The page polls the condition on every frame.
func WaitFor(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	pred := `(() => { try { return !!(` + js + `); } catch (e) { return false; } })()`
	deadline := time.Now().Add(waitTimeout)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			t.Fatalf("timed out waiting for %s", what)
		}
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](pred, chromedp.WithPollingTimeout(left)))
		if err == nil {
			return
		}
		if errors.Is(err, chromedp.ErrPollingTimeout) || ctx.Err() != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		// A navigation ends the poll: poll again in the new page.
	}
}

// Ready is true once assets/site.js has marked the end of the page's
// start-up: loaded, its scripts' observers run, every formula typeset.
const Ready = `document.documentElement.dataset.ready === "1"`

// Open loads page (a path under dir, with any fragment) and waits until it
// is ready, so that a check that nothing happened runs after everything
// that the page does by itself has.
func Open(t *testing.T, ctx context.Context, dir, page string) {
	t.Helper()
	u := "file://" + filepath.ToSlash(filepath.Join(dir, page))
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		t.Fatalf("open %s: %v", page, err)
	}
	WaitFor(t, ctx, page+" to be ready", Ready)
}

// Settle waits, for up to ten seconds, until the page has drawn two
// frames and run a task after them, so that what the last action set off
// (handlers, zero-delay timers, observers, a redraw) has happened.
func Settle(t *testing.T, ctx context.Context) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, waitTimeout)
	defer cancel()
	const frames = `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(true)))))`
	if _, err := chromedp.Run(tctx, chromedp.Evaluate[bool](frames, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("waiting for the page to settle: %v", err)
	}
}
