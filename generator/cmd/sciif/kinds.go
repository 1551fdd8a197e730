package main

import (
	"github.com/spf13/pflag"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifbench"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifevalg"
	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifier"
)

// registry is the explicit list of benchmark kinds, in the order the site
// shows their boards (the first board with submissions is the front page).
// Adding a kind is one package and one line here.
var registry = []*kind.Kind{
	sciif.Kind,
	ifeval.Kind,
	ifbench.Kind,
	ifevalg.Kind,
	rubric.Kind,
	verifier.Kind,
}

// benchFlags are the flags that choose benchmarks, shared by every command
// that reads them.
type benchFlags struct {
	root *string
	dirs *[]string
}

func addBenchFlags(fs *pflag.FlagSet) benchFlags {
	return benchFlags{
		root: fs.String("benchmarks", "benchmarks", "folder of benchmark folders; every one with a benchmark.yaml (or a SciIF items.jsonl) is used"),
		dirs: fs.StringArray("benchmark", nil, "use only this benchmark folder (repeatable)"),
	}
}

// open opens the chosen benchmarks.
func (b benchFlags) open() ([]kind.Benchmark, error) {
	return kind.Open(registry, *b.root, *b.dirs)
}

// protect lists the benchmark folders an output may not touch.
func (b benchFlags) protect() []string {
	return append([]string{*b.root}, *b.dirs...)
}
