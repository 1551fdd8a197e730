package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
)

// TestRunRecordBadgeOnlyWhileFilesMatch: a submission written by sciif
// run validates without a warning about its run.json, and its model card
// shows the "reproduced with sciif run" badge and the tokens recorded per
// benchmark (the SciIF and ifeval-demo boards a badge and a tokens
// column), the same bytes build after build. Once a line of one result
// file is edited, validate warns (file, field) and the build shows
// neither the badge nor that benchmark's tokens, while the benchmark
// whose file is untouched keeps its recorded tokens.
func TestRunRecordBadgeOnlyWhileFilesMatch(t *testing.T) {
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	if code, out, errs := runCtx(context.Background(), runArgs(srv)...); code != 0 {
		t.Fatalf("sciif run: exit %d\n%s%s", code, out, errs)
	}
	dir := filepath.Join("results", "acme-chat-7b")
	runnertest.FillOrganization(t, dir)
	code, out, errs := runIn(t, "validate", dir)
	if code != 0 || strings.Contains(out+errs, "run.json") {
		t.Fatalf("sciif validate of a fresh run: exit %d\n%s%s", code, out, errs)
	}
	card := func(site string) string {
		t.Helper()
		if code, _, errs := runIn(t, "build", "--out", site, "--results", "results"); code != 0 {
			t.Fatalf("sciif build: exit %d\n%s", code, errs)
		}
		data, err := os.ReadFile(filepath.Join(site, "models", "acme-chat-7b.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	page := card("site")
	for _, want := range []string{">reproduced with sciif run<", "<dt>Tokens</dt>", "sciif: ", "ifeval-demo: ", " completion tokens in ", "(recorded by sciif run)"} {
		if !strings.Contains(page, want) {
			t.Errorf("model card of a fresh run lacks %q", want)
		}
	}
	board := func(site string, page ...string) string {
		t.Helper()
		if len(page) == 0 {
			page = []string{"index.html"}
		}
		data, err := os.ReadFile(filepath.Join(site, page[0]))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if b := board("site"); !strings.Contains(b, `>sciif run</span>`) || !strings.Contains(b, `data-key="tokens"`) {
		t.Errorf("the SciIF board of a fresh run lacks the sciif run badge or the tokens column")
	}
	if b := board("site", "ifeval-demo.html"); !strings.Contains(b, `>sciif run</span>`) || !strings.Contains(b, `data-key="tokens"`) {
		t.Errorf("the ifeval-demo board of a fresh run lacks the sciif run badge or the tokens column")
	}
	card("site2")
	if diff := cmp.Diff(readTree(t, "site"), readTree(t, "site2")); diff != "" {
		t.Errorf("two builds differ (-first +second):\n%s", diff)
	}

	// Edit one response of ifeval-demo.jsonl: still a valid file.
	path := filepath.Join(dir, "ifeval-demo.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`"response":"`), []byte(`"response":"Edited. `), 1)
	if bytes.Equal(edited, data) {
		t.Fatalf("no response to edit in %s:\n%s", path, data)
	}
	if err := os.WriteFile(path, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runIn(t, "validate", dir)
	if code != 0 || !strings.Contains(out+errs, filepath.Join(dir, "run.json")+": benchmarks[1].file_sha256: warning: ifeval-demo.jsonl is not the file sciif run wrote") {
		t.Errorf("sciif validate after an edit: exit %d, want 0 with a warning on run.json's file_sha256\n%s%s", code, out, errs)
	}
	// site3 is a clean build; site is rebuilt over its previous self,
	// through the build cache, which must notice the edit too.
	for _, site := range []string{"site3", "site"} {
		page = card(site)
		if strings.Contains(page, "reproduced with sciif run") || strings.Contains(page, "ifeval-demo: ") {
			t.Errorf("%s: model card after an edit still shows the badge or ifeval-demo's recorded tokens", site)
		}
	}
	if !strings.Contains(page, "sciif: ") {
		t.Errorf("model card after an edit of ifeval-demo.jsonl lost the sciif benchmark's recorded tokens")
	}
	if b := board("site3"); strings.Contains(b, `>sciif run</span>`) || !strings.Contains(b, `data-key="tokens"`) {
		t.Errorf("the SciIF board after an edit of ifeval-demo.jsonl: want no badge, and the tokens column (responses.jsonl still matches)")
	}
	if b := board("site3", "ifeval-demo.html"); strings.Contains(b, `>sciif run</span>`) || strings.Contains(b, `data-key="tokens"`) {
		t.Errorf("the ifeval-demo board after an edit of its file: want neither the badge nor the tokens column")
	}
}
