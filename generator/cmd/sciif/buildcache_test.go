package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

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
// with want.
func buildSite(t *testing.T, want int, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), append([]string{"build"}, args...), &out, &errb); code != want {
		t.Fatalf("sciif build %s: exit %d, want %d\n%s%s", strings.Join(args, " "), code, want, out.String(), errb.String())
	}
}

// sameAsClean builds the board without the cache into a new folder and
// fails unless the site at out holds the very same files, byte for byte.
func sameAsClean(t *testing.T, out, step string) {
	t.Helper()
	clean := filepath.Join(t.TempDir(), "clean")
	buildSite(t, 0, "--no-cache", "--out", clean)
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
// previous site's files, linked.
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
	}{
		{"first build", func() {}, nil, nil},
		{"nothing changed", func() {}, []string{"synth-model-002", "synth-model-003"}, nil},
		{"submission added", func() {
			copyDir(t, filepath.Join(res, "synth-model-003"), filepath.Join(res, "synth-model-new"))
			edit(t, filepath.Join(res, "synth-model-new", "metadata.yaml"), "name: ", "name: New ")
		}, []string{"synth-model-002", "synth-model-003"}, nil},
		{"submission removed", func() {
			if err := os.RemoveAll(filepath.Join(res, "synth-model-001")); err != nil {
				t.Fatal(err)
			}
		}, []string{"synth-model-002", "synth-model-003"}, nil},
		{"answer edited", func() {
			edit(t, filepath.Join(res, "synth-model-003", "responses.jsonl"), `"response":"`, `"response":"Edited first. `)
		}, []string{"synth-model-002"}, []string{"synth-model-003"}},
		{"metadata edited", func() {
			edit(t, filepath.Join(res, "synth-model-003", "metadata.yaml"), "organization: ", "organization: Other ")
		}, []string{"synth-model-002"}, []string{"synth-model-003"}},
		{"benchmark edited", func() {
			edit(t, filepath.Join(dir, "benchmarks", "sciif", "items.jsonl"), `"question":"`, `"question":"Edited question. `)
		}, nil, []string{"synth-model-002", "synth-model-003"}},
		{"unchanged again", func() {}, []string{"synth-model-002", "synth-model-003"}, nil},
		{"another program", func() {
			prev := programDigest
			programDigest = func() (string, error) { return "another build of sciif", nil }
			t.Cleanup(func() { programDigest = prev })
		}, nil, []string{"synth-model-002", "synth-model-003"}},
	}
	var before map[string]uint64
	for _, st := range steps {
		st.do()
		buildSite(t, 0, "--out", out)
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
		if t.Failed() {
			return
		}
	}
}
