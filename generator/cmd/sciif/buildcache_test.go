package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

// cacheBoard writes a small synthetic board into a new folder, makes it
// the working directory and returns it.
func cacheBoard(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := synth.Write(dir, synth.Options{Models: 5, Items: 24, Seed: 7, Catalog: ingest.BuiltinCatalog()}); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return dir
}

// buildSite runs sciif build with args, failing the test unless it exits
// with want, and returns its stderr.
func buildSite(t *testing.T, want int, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), append([]string{"build"}, args...), &out, &errb); code != want {
		t.Fatalf("sciif build %s: exit %d, want %d\n%s%s", strings.Join(args, " "), code, want, out.String(), errb.String())
	}
	return errb.String()
}

// sameAsClean builds the board (of the folders named in inputs, the
// working directory's without) without the cache into a new folder and
// fails unless the site at out holds the very same files, byte for byte.
func sameAsClean(t *testing.T, out, step string, inputs ...string) {
	t.Helper()
	clean := filepath.Join(t.TempDir(), "clean")
	buildSite(t, 0, append(inputs, "--no-cache", "--out", clean)...)
	got, want := readTree(t, out), readTree(t, clean)
	for p, w := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s missing from the incremental build", step, p)
		} else if !bytes.Equal(g, w) {
			t.Errorf("%s: %s differs from a clean build", step, p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s is in the incremental build only", step, p)
		}
	}
	if _, err := os.Stat(defaultCache(clean)); err == nil {
		t.Errorf("%s: --no-cache made a cache", step)
	}
}

// inode is the inode of the file at p.
func inode(t *testing.T, p string) uint64 {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ino
}

// answersPage is one of model id's answers pages.
func answersPage(t *testing.T, out, id string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(out, "models", id, "*.html"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no answers page of %s under %s", id, out)
	}
	return m[0]
}

// edit replaces the first old in the file at p by new.
func edit(t *testing.T, p, old, new string) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s holds no %q", p, old)
	}
	if err := os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies the submission folder src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestIncrementalBuildIsAFullBuild builds incrementally through
// additions, removals and edits of submissions, an edit of the benchmark
// and another program, and compares every byte with a clean build after
// each step; the pages of a submission that did not change are the
// previous site's files, linked. Each build after the second starts from
// the spare, the site the build before it replaced, and keeps the one it
// replaces as the next spare; a build without the cache removes it.
func TestIncrementalBuildIsAFullBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a board a dozen times")
	}
	dir := cacheBoard(t)
	out := filepath.Join(dir, "site")
	res := filepath.Join(dir, "results")
	steps := []struct {
		name string
		do   func()
		// kept are models whose answers pages must be linked from the
		// previous site, fresh models whose pages must be rendered anew.
		kept, fresh []string
		// built: do publishes the site itself.
		built bool
	}{
		{"first build", func() {}, nil, nil, false},
		{"nothing changed", func() {}, []string{"synth-model-002", "synth-model-003"}, nil, false},
		{"submission added", func() {
			copyDir(t, filepath.Join(res, "synth-model-003"), filepath.Join(res, "synth-model-new"))
			edit(t, filepath.Join(res, "synth-model-new", "metadata.yaml"), "name: ", "name: New ")
		}, []string{"synth-model-002", "synth-model-003"}, nil, false},
		{"submission removed", func() {
			if err := os.RemoveAll(filepath.Join(res, "synth-model-001")); err != nil {
				t.Fatal(err)
			}
		}, []string{"synth-model-002", "synth-model-003"}, nil, false},
		{"answer edited", func() {
			edit(t, filepath.Join(res, "synth-model-003", "responses.jsonl"), `"response":"`, `"response":"Edited first. `)
		}, []string{"synth-model-002"}, []string{"synth-model-003"}, false},
		{"metadata edited", func() {
			edit(t, filepath.Join(res, "synth-model-003", "metadata.yaml"), "organization: ", "organization: Other ")
		}, []string{"synth-model-002"}, []string{"synth-model-003"}, false},
		{"benchmark edited", func() {
			edit(t, filepath.Join(dir, "benchmarks", "sciif", "items.jsonl"), `"question":"`, `"question":"Edited question. `)
		}, nil, []string{"synth-model-002", "synth-model-003"}, false},
		{"unchanged again", func() {}, []string{"synth-model-002", "synth-model-003"}, nil, false},
		{"history recorded", func() {
			// The board's history is the benchmark folder's, but no run
			// reads it: recording it keeps every run.
			buildSite(t, 0, "--out", out, "--record-history")
			if _, err := os.Stat(filepath.Join(dir, "benchmarks", "sciif", "history.jsonl")); err != nil {
				t.Fatal(err)
			}
		}, []string{"synth-model-002", "synth-model-003"}, nil, true},
		{"another program", func() {
			prev := programDigest
			programDigest = func() (string, error) { return "another build of sciif", nil }
			t.Cleanup(func() { programDigest = prev })
		}, nil, []string{"synth-model-002", "synth-model-003"}, false},
	}
	spare := filepath.Join(dir, ".site.spare")
	var before map[string]uint64
	var previous map[string][]byte
	for i, st := range steps {
		st.do()
		if st.built {
			previous = readTree(t, out)
		}
		stderr := buildSite(t, 0, "--out", out)
		switch _, err := os.Lstat(spare); {
		case i == 0 && err == nil:
			t.Errorf("%s: a spare beside a first site", st.name)
		case i > 0 && err != nil:
			t.Errorf("%s: no spare kept: %v", st.name, err)
		case i > 0:
			if got := readTree(t, spare); !maps.EqualFunc(previous, got, bytes.Equal) {
				t.Errorf("%s: the spare (%d files) is not the site the build replaced (%d files)", st.name, len(got), len(previous))
			}
		}
		if st.name == "nothing changed" && !strings.Contains(stderr, ": 5 run(s) reused with their pages, 0 checked and kept") {
			t.Errorf("nothing changed: stderr does not say all 5 runs were reused:\n%s", stderr)
		}
		for _, id := range st.kept {
			if inode(t, answersPage(t, out, id)) != before[id] {
				t.Errorf("%s: %s's answers page was rendered again, want it linked from the previous site", st.name, id)
			}
		}
		for _, id := range st.fresh {
			if inode(t, answersPage(t, out, id)) == before[id] {
				t.Errorf("%s: %s's answers page was linked from the previous site, want it rendered again", st.name, id)
			}
		}
		sameAsClean(t, out, st.name)
		before = map[string]uint64{}
		for _, id := range []string{"synth-model-002", "synth-model-003"} {
			before[id] = inode(t, answersPage(t, out, id))
		}
		previous = readTree(t, out)
		if t.Failed() {
			return
		}
	}
	buildSite(t, 0, "--no-cache", "--out", out)
	if _, err := os.Lstat(spare); err == nil {
		t.Error("a build without the cache left a spare")
	}
	sameAsClean(t, out, "without the cache")
}

// entries lists the cache's entry files but the site's manifest, which
// is left sound so that the damaged entries are what the build must
// detect.
func entries(t *testing.T, cache string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(cache, "v*", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range m {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(`{"Dev":`)) {
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		t.Fatalf("%d cache entries under %s, want one per model", len(out), cache)
	}
	return out
}

// TestDamagedCacheIsNeverTrusted damages the cache, and the previous
// site's reused files, in every way it can be damaged: each build after
// that is byte-identical to a clean one, renders what it cannot trust,
// and leaves a cache the next build reuses.
func TestDamagedCacheIsNeverTrusted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a board a dozen times")
	}
	dir := cacheBoard(t)
	out := filepath.Join(dir, "site")
	cache := defaultCache(out)
	rewrite := func(f func(data []byte) []byte) func() { return rewriteEntries(t, cache, f) }
	damages := []struct {
		name string
		do   func()
		// rendered says the answers pages are rendered again; false when
		// the cache is sound but the build cannot use it.
		rendered bool
	}{
		{"entries truncated", rewrite(func(d []byte) []byte { return d[:len(d)*2/3] }), true},
		{"a byte flipped in each entry", rewrite(func(d []byte) []byte { d[len(d)-len(d)/3] ^= 1; return d }), true},
		{"entries emptied", rewrite(func(d []byte) []byte { return nil }), true},
		{"entries under each other's keys", func() {
			es := entries(t, cache)
			first, err := os.ReadFile(es[0])
			if err != nil {
				t.Fatal(err)
			}
			for i := range es[:len(es)-1] {
				if err := os.Rename(es[i+1], es[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(es[len(es)-1], first, 0o644); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"cache unreadable", func() {
			v := filepath.Dir(filepath.Dir(entries(t, cache)[0]))
			if err := os.RemoveAll(v); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(v, []byte("not a folder"), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Remove(v) })
		}, true},
		{"a reused page truncated in the previous site", func() {
			for _, id := range []string{"synth-model-002", "synth-model-003"} {
				if err := os.Truncate(answersPage(t, out, id), 10); err != nil {
					t.Fatal(err)
				}
			}
		}, true},
	}
	buildSite(t, 0, "--out", out)
	for _, d := range damages {
		d.do()
		before := inode(t, answersPage(t, out, "synth-model-002"))
		buildSite(t, 0, "--out", out)
		if got := inode(t, answersPage(t, out, "synth-model-002")); (got != before) != d.rendered {
			t.Errorf("%s: answers page rendered again: %v, want %v", d.name, got != before, d.rendered)
		}
		sameAsClean(t, out, d.name)
		if d.name == "cache unreadable" {
			// The next build makes a cache again.
			if err := os.Remove(filepath.Join(cache, fmt.Sprintf("v%d", buildcache.Version))); err != nil {
				t.Fatal(err)
			}
			buildSite(t, 0, "--out", out)
		}
		before = inode(t, answersPage(t, out, "synth-model-002"))
		buildSite(t, 0, "--out", out)
		if inode(t, answersPage(t, out, "synth-model-002")) != before {
			t.Errorf("%s: the build after the damage did not leave a cache the next build reuses", d.name)
		}
	}
}

// TestFailedBuildKeepsSiteAndCache: a build that fails on an invalid
// submission leaves the previous site as it was and a cache the next
// build reuses once the submission is fixed.
func TestFailedBuildKeepsSiteAndCache(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a board four times")
	}
	dir := cacheBoard(t)
	out := filepath.Join(dir, "site")
	buildSite(t, 0, "--out", out)
	site := readTree(t, out)
	kept := inode(t, answersPage(t, out, "synth-model-003"))
	resp := filepath.Join(dir, "results", "synth-model-002", "responses.jsonl")
	good, err := os.ReadFile(resp)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(resp, append([]byte("{not json\n"), good...), 0o644); err != nil {
		t.Fatal(err)
	}
	buildSite(t, 1, "--out", out)
	after := readTree(t, out)
	if len(after) != len(site) {
		t.Errorf("failed build: %d files in the site, want the previous %d", len(after), len(site))
	}
	for p, data := range site {
		if !bytes.Equal(after[p], data) {
			t.Errorf("failed build changed %s", p)
		}
	}
	if err := os.WriteFile(resp, good, 0o644); err != nil {
		t.Fatal(err)
	}
	buildSite(t, 0, "--out", out)
	if inode(t, answersPage(t, out, "synth-model-003")) != kept {
		t.Error("after a failed build, the cache was not reused")
	}
	sameAsClean(t, out, "after a failed build")
}

// reuseCounts reads the build cache's line on stderr: the runs reused
// and those checked and kept.
func reuseCounts(t *testing.T, stderr string) (reused, checked int) {
	t.Helper()
	m := regexp.MustCompile(`: (\d+) run\(s\) reused with their pages, (\d+) checked and kept`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("stderr does not say how many runs the cache gave:\n%s", stderr)
	}
	reused, _ = strconv.Atoi(m[1])
	checked, _ = strconv.Atoi(m[2])
	return reused, checked
}

// editAnswer puts a word before the first answer (a response, or a
// verifier's output) of the submission file at p.
func editAnswer(t *testing.T, p string) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"response": "`, `"response":"`, `"output": "`, `"output":"`} {
		if bytes.Contains(data, []byte(field)) {
			edit(t, p, field, field+"Edited. ")
			return
		}
	}
	t.Fatalf("%s holds no response or output", p)
}

// TestIncrementalDemoBoard builds the repository's demo board, whose
// models answer benchmarks of every kind, through an edit of each kind's
// file, an addition, a removal and a metadata edit: every run of every
// kind whose inputs did not change is reused (the build's count), every
// other is checked again, and the site is the same as a clean build's
// after each step. The paired multi-turn IFBench board reads the
// submission's single-turn file too, so an edit of it checks both runs.
func TestIncrementalDemoBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo board two dozen times")
	}
	results := demoResults(t)
	bench, err := filepath.Abs("../../../benchmarks")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "site")
	t.Chdir(dir)
	inputs := []string{"--benchmarks", bench, "--results", results}
	args := append(inputs[:len(inputs):len(inputs)], "--out", out)
	// Each submission file of the results is one run of one benchmark.
	files, err := filepath.Glob(filepath.Join(results, "*", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	runs := len(files)
	id, other := "demo-atlas-70b", "demo-borealis-8b"
	perSub, err := filepath.Glob(filepath.Join(results, other, "*.jsonl"))
	if err != nil || len(perSub) < 7 {
		t.Fatalf("%s answers %d benchmarks, want every demo benchmark (%v)", other, len(perSub), err)
	}
	added := filepath.Join(results, "demo-added")
	steps := []struct {
		name string
		do   func()
		// total is the runs on the boards, checked those checked again.
		total, checked int
	}{
		{"first build", func() {}, runs, runs},
		{"nothing changed", func() {}, runs, 0},
		{"an IFEval file edited", func() { editAnswer(t, filepath.Join(results, other, "ifeval-demo.jsonl")) }, runs, 1},
		{"an IFBench file edited (and the multi-turn run it pairs with)", func() { editAnswer(t, filepath.Join(results, other, "ifbench-demo.jsonl")) }, runs, 2},
		{"a multi-turn IFBench file edited", func() { editAnswer(t, filepath.Join(results, other, "ifbench-mt-demo.jsonl")) }, runs, 1},
		{"a Complex-IF file edited", func() { editAnswer(t, filepath.Join(results, other, "complex-if-demo.jsonl")) }, runs, 1},
		{"a point-weighted rubric file edited", func() { editAnswer(t, filepath.Join(results, other, "healthbench-demo.jsonl")) }, runs, 1},
		{"a verifier file edited", func() { editAnswer(t, filepath.Join(results, other, "sciverify-demo.jsonl")) }, runs, 1},
		{"submission added", func() {
			copyDir(t, filepath.Join(results, other), added)
			edit(t, filepath.Join(added, "metadata.yaml"), "name: ", "name: Added ")
		}, runs + len(perSub), len(perSub)},
		{"submission removed", func() {
			if err := os.RemoveAll(added); err != nil {
				t.Fatal(err)
			}
		}, runs, 0},
		{"metadata edited", func() {
			edit(t, filepath.Join(results, other, "metadata.yaml"), "organization: ", "organization: Other ")
		}, runs, len(perSub)},
	}
	var before uint64
	for _, st := range steps {
		st.do()
		reused, checked := reuseCounts(t, buildSite(t, 0, args...))
		if reused+checked != st.total || checked != st.checked {
			t.Errorf("%s: %d run(s) reused and %d checked, want %d reused and %d checked", st.name, reused, checked, st.total-st.checked, st.checked)
		}
		// id's SciIF answers pages are linked from the previous site
		// whatever else changed.
		if page := inode(t, answersPage(t, out, id)); before != 0 && page != before {
			t.Errorf("%s: %s's SciIF answers pages were rendered again", st.name, id)
		} else {
			before = page
		}
		sameAsClean(t, out, st.name, inputs...)
		if t.Failed() {
			return
		}
	}
}

// TestDamagedCacheDemoBoard damages every entry of the demo board's
// cache, which holds runs of every kind: the build after it checks every
// run again rather than trust one, its site is a clean build's, and it
// leaves a cache the next build reuses whole.
func TestDamagedCacheDemoBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo board a dozen times")
	}
	results := demoResults(t)
	bench, err := filepath.Abs("../../../benchmarks")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "site")
	cache := defaultCache(out)
	t.Chdir(dir)
	inputs := []string{"--benchmarks", bench, "--results", results}
	args := append(inputs[:len(inputs):len(inputs)], "--out", out)
	files, err := filepath.Glob(filepath.Join(results, "*", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	runs := len(files)
	rewrite := func(f func(data []byte) []byte) func() { return rewriteEntries(t, cache, f) }
	damages := []struct {
		name string
		do   func()
	}{
		{"entries truncated", rewrite(func(d []byte) []byte { return d[:len(d)*2/3] })},
		{"a byte flipped in each entry", rewrite(func(d []byte) []byte { d[len(d)-len(d)/3] ^= 1; return d })},
		{"entries under each other's keys", func() {
			es := entries(t, cache)
			first, err := os.ReadFile(es[0])
			if err != nil {
				t.Fatal(err)
			}
			for i := range es[:len(es)-1] {
				if err := os.Rename(es[i+1], es[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(es[len(es)-1], first, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
	}
	buildSite(t, 0, args...)
	for _, d := range damages {
		d.do()
		if reused, checked := reuseCounts(t, buildSite(t, 0, args...)); reused != 0 || checked != runs {
			t.Errorf("%s: %d run(s) reused, %d checked, want all %d checked", d.name, reused, checked, runs)
		}
		sameAsClean(t, out, d.name, inputs...)
		if reused, checked := reuseCounts(t, buildSite(t, 0, args...)); reused != runs || checked != 0 {
			t.Errorf("%s: the build after the damage left a cache the next build reuses %d of %d runs of (%d checked)", d.name, reused, runs, checked)
		}
	}
}

// rewriteEntries returns a damage that replaces every entry of the cache
// by f of its bytes.
func rewriteEntries(t *testing.T, cache string, f func(data []byte) []byte) func() {
	return func() {
		for _, p := range entries(t, cache) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
