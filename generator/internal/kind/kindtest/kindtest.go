// Package kindtest checks that a benchmark kind keeps the contract of
// package kind, as go/analysis's analysistest checks an analyzer: every
// kind calls Run once, in its own package's tests, on a benchmark folder
// and a few valid submissions of it, and gets the whole contract checked:
//
//   - the empty board: Rank(nil) has no models, and its Info (name,
//     title, navigation) is the scored board's;
//   - the site: the build's own path (pipeline.Score starting a site,
//     render.Finish) renders byte-identical files twice, with unique
//     paths, and every navigation entry names a rendered page; a site of
//     the empty board alone renders too;
//   - Write: "json" is one JSON value, "csv" parses and no cell could run
//     as a spreadsheet formula, "table" is not empty, all deterministic;
//   - Headline covers every model on the board, in lines and as JSON;
//   - Prompts writes JSON objects, one a line;
//   - Check is deterministic, never panics, and refuses a shared set of
//     broken files (empty, not JSON, an array, a truncated line, an
//     unknown field, a duplicate record, invalid UTF-8, a line over
//     ingest.MaxLine, a NUL byte, a huge number) with a fatal problem
//     naming the file and, where the fault is on a line, that line;
//   - validate ≡ build: pipeline.Check refuses exactly the submissions
//     pipeline.Score leaves out;
//   - a kind.Rewarder rewards every valid record with finite parts it
//     names, and a broken record is a *kind.RecordError;
//   - a kind.Runnable lists answer tasks with unique keys and prompts,
//     and the submission it writes from answers to all of them is
//     accepted by Check;
//   - a kind.RunCoder whose runs have no pages of their own decodes what
//     it encodes to a run whose board writes and renders byte-identical
//     files, and refuses damaged bytes.
//
// The testdata are copied before use: the kind's tests never depend on
// what else lies in the repository's results/, and Run writes only into
// the test's temporary folders.
package kindtest

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// Run checks that k keeps the contract of package kind on the testdata
// in dir, laid out as the repository is: dir/benchmarks holds one
// benchmark folder of kind k (benchmark.yaml and its files; the folder's
// name is the benchmark's unless benchmark.yaml names it) and dir/results
// a few valid submissions of it (metadata.yaml and the benchmark's
// submission file each; the first in name order needs at least two
// records). Each part of the contract is a subtest named for it.
func Run(t *testing.T, k *kind.Kind, dir string) {
	t.Helper()
	RunWith(t, k, dir, Options{})
}

// Options change what Run assumes of the kind.
type Options struct {
	// Templates replaces the site's embedded templates (templates.FS), for
	// a kind whose templates are not among them: one written in a test.
	Templates fs.FS
}

// RunWith is Run with options.
func RunWith(t *testing.T, k *kind.Kind, dir string, opt Options) {
	t.Helper()
	h := setup(t, k, dir)
	h.templates = opt.Templates
	t.Run("EmptyBoard", h.emptyBoard)
	t.Run("Site", h.site)
	t.Run("Write", h.write)
	t.Run("Headline", h.headline)
	t.Run("Prompts", h.prompts)
	t.Run("BrokenInputs", h.brokenInputs)
	t.Run("ValidateIsBuild", h.validateIsBuild)
	t.Run("Rewards", h.rewards)
	t.Run("Runnable", h.runnable)
	t.Run("RunCoder", h.runCoder)
}

// Repo gathers testdata for Run from a repository checkout at root: a
// copy of the benchmark folder root/benchmarks/bench and, of each
// submission root/results/<id> named, its metadata.yaml and its file of
// that benchmark. Only the folders named are read, so a new submission in
// the repository's results/ never changes a test's outcome. It returns
// the testdata folder, a temporary one.
func Repo(t testing.TB, k *kind.Kind, root, bench string, subs ...string) string {
	t.Helper()
	dir := t.TempDir()
	bdir := filepath.Join(dir, "benchmarks", bench)
	copyTree(t, filepath.Join(root, "benchmarks", bench), bdir)
	spec, got, ok, err := kind.ReadSpec([]*kind.Kind{k}, bdir)
	if err != nil || !ok || got != k {
		t.Fatalf("kindtest: benchmarks/%s is no benchmark of kind %s: %v", bench, k.Name, err)
	}
	for _, id := range subs {
		for _, f := range []string{"metadata.yaml", spec.File} {
			copyFile(t, filepath.Join(root, "results", id, f), filepath.Join(dir, "results", id, f))
		}
	}
	return dir
}
