// Package demotest gives tests the repository's committed demo board by
// name, never by listing results/: a submitter's new folder in results/
// must change no test's outcome. It is imported by tests only.
package demotest

import (
	"os"
	"path/filepath"
	"testing"
)

// Rescored lists the committed demo submissions that the board rescores.
var Rescored = []string{"demo-atlas-70b", "demo-borealis-8b", "demo-cirrus-pro", "demo-dune-mini", "demo-ember-13b"}

// Reported lists the committed folders of published figures (the paper's
// Table 1 models, Qwen3-8B and its two post-trained variants).
var Reported = []string{
	"paper-claude-4.5sonnet", "paper-deepseek-v3.2", "paper-gemini-3", "paper-glm-4.7", "paper-gpt-4o",
	"paper-gpt-5.1", "paper-gpt-5.2", "paper-gpt-o3", "paper-gpt-o4mini", "paper-grok-4", "paper-kimi-k2",
	"paper-minimax-m2", "paper-qwen3-235b", "paper-qwen3-80b", "paper-qwen3-8b", "paper-qwen3-8b-sciif-sft",
	"paper-qwen3-8b-sciif-sft-rl", "paper-qwen3-max",
}

// All lists every committed folder of the demo board.
func All() []string { return append(append([]string(nil), Rescored...), Reported...) }

// Results copies the named folders of the repository's results/ (root is
// the repository root) into a new folder named results under a temporary
// folder of tb, and returns its path.
func Results(tb testing.TB, root string, ids ...string) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "results")
	Copy(tb, root, dir, ids...)
	return dir
}

// Copy copies the named folders of the repository's results/ (root is the
// repository root) into dir, which it creates.
func Copy(tb testing.TB, root, dir string, ids ...string) {
	tb.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for _, id := range ids {
		if err := os.CopyFS(filepath.Join(dir, id), os.DirFS(filepath.Join(root, "results", id))); err != nil {
			tb.Fatal(err)
		}
	}
}

// Files returns the paths of the named folders' files matching pattern
// (filepath.Match) in the repository's results/ (root is the repository
// root), folder by folder in the order of ids.
func Files(tb testing.TB, root, pattern string, ids ...string) []string {
	tb.Helper()
	var out []string
	for _, id := range ids {
		m, err := filepath.Glob(filepath.Join(root, "results", id, pattern))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// ResultsOf is Results keeping only each folder's metadata.yaml and the
// named result files it has: a test of some benchmarks then sees no file
// of a benchmark it does not load, whatever the demo folders gain later.
func ResultsOf(tb testing.TB, root string, files []string, ids ...string) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "results")
	for _, id := range ids {
		for _, name := range append([]string{"metadata.yaml"}, files...) {
			data, err := os.ReadFile(filepath.Join(root, "results", id, name))
			if os.IsNotExist(err) && name != "metadata.yaml" {
				continue
			}
			if err != nil {
				tb.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(dir, id), 0o755); err != nil {
				tb.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, id, name), data, 0o644); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return dir
}
