package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sciif/leaderboard/generator/internal/browsertest"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// TestBrowserTokensColumn: on a SciIF board of three models, one written
// by sciif run, one declaring its tokens, one with none, the Tokens
// column shows the recorded and the declared totals (each recomputed here
// from run.json and metadata.yaml), sorts by them with the model without
// tokens last, and only the model of sciif run carries the badge.
func TestBrowserTokensColumn(t *testing.T) {
	ctx := browsertest.Browser(t)
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	if code, out, errs := runCtx(context.Background(), runArgs(srv)...); code != 0 {
		t.Fatalf("sciif run: exit %d\n%s%s", code, out, errs)
	}
	dir := filepath.Join("results", "acme-chat-7b")
	runnertest.FillOrganization(t, dir)
	rec, probs := runrecord.Read(filepath.Join(dir, "run.json"))
	if len(probs) > 0 || len(rec.Benchmarks) == 0 || rec.Benchmarks[0].Name != "sciif" {
		t.Fatalf("run.json: %v %+v", probs, rec)
	}
	recorded := rec.Benchmarks[0].Answers.PromptTokens + rec.Benchmarks[0].Answers.CompletionTokens
	if recorded == 0 {
		t.Fatal("the fake server reported no tokens: the test proves nothing")
	}
	// Two more models with the same answers: one declares its tokens,
	// the other says nothing of them.
	meta, err := os.ReadFile(filepath.Join(dir, "metadata.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	responses, err := os.ReadFile(filepath.Join(dir, "responses.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for id, extra := range map[string]string{"declared-m": "tokens:\n  sciif: {prompt: 1000000000, completion: 5}\n", "silent-m": ""} {
		m := strings.Replace(string(meta), `name: "acme/chat-7b"`, "name: "+id, 1) + extra
		writeTree(t, ".", map[string]string{filepath.Join("results", id, "metadata.yaml"): m, filepath.Join("results", id, "responses.jsonl"): string(responses)})
	}
	site, err := filepath.Abs("site")
	if err != nil {
		t.Fatal(err)
	}
	buildCrawled(t, "benchmarks", "results", site)

	console := browsertest.WatchConsole(ctx)
	browsertest.Open(t, ctx, site, "index.html")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`th[data-key="tokens"] button`))); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitFor(t, ctx, "the board sorted by tokens", `document.querySelector('th[data-key="tokens"]').getAttribute('aria-sort') === 'descending'`)
	rows := browsertest.Eval[[][]string](t, ctx, `(() => {
	  const col = Array.from(document.querySelectorAll('#board thead th')).findIndex(th => th.dataset.key === 'tokens');
	  return Array.from(document.querySelectorAll('#board tbody tr')).filter(tr => !tr.hidden).map(tr => [
	    tr.querySelector('th a.name').textContent.trim(),
	    tr.children[col].textContent.trim(),
	    tr.children[col].title,
	    Array.from(tr.querySelectorAll('th .badge.yes')).map(b => b.textContent).join(','),
	  ]);
	})()`)
	want := [][]string{
		{"declared-m", render.Count(1_000_000_005), "1,000,000,000 prompt + 5 completion tokens, as the submitter declares them", ""},
		{"acme/chat-7b", render.Count(recorded), "", "sciif run"},
		{"silent-m", "", "", ""},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %q, want %d", rows, len(want))
	}
	for i, w := range want {
		got := rows[i]
		if got[0] != w[0] || got[1] != w[1] || got[3] != w[3] || w[2] != "" && got[2] != w[2] {
			t.Errorf("row %d = %q, want %q", i+1, got, w)
		}
	}
	if !strings.HasSuffix(rows[1][2], ", recorded by sciif run") {
		t.Errorf("the recorded cell's title %q does not say where its count comes from", rows[1][2])
	}
	if errs := console.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
