package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/publish"
	"github.com/sciif/leaderboard/generator/internal/render"
)

func runBuild(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("build", "[--benchmarks DIR | --benchmark DIR...] [--results DIR] [--out DIR] [--no-rules] [--skip-invalid] [--record-history] [--syllable-dictionary FILE] [--cache DIR | --no-cache]", stderr)
	bf := addBenchFlags(fs)
	syl := addSyllableFlag(fs)
	results := fs.String("results", "results", "folder of submissions, one folder per model")
	out := fs.String("out", "site", "output folder; replaced only when the whole site is built")
	noRules := fs.Bool("no-rules", false, "score with the judges alone where a benchmark has rules and judges (SciIF's dual-judge protocol)")
	skip := fs.Bool("skip-invalid", false, "build the valid submissions and name the invalid ones instead of failing")
	templates := fs.String("templates", "", "read templates from this folder instead of the embedded ones (for design work)")
	assets := fs.String("assets", "", "read assets from this folder instead of the embedded ones (for design work)")
	record := fs.Bool("record-history", false, "append the board's state (newest submission date, version, ranks) to the benchmark's history.jsonl when it changed; the changes page shows it")
	cacheDir := fs.String("cache", "", "build cache: the work of the last build, reused for every submission, benchmark and program that did not change (default .<out>.cache beside the output)")
	noCache := fs.Bool("no-cache", false, "neither use nor fill the build cache: check and render everything")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	dict, err := syl.load()
	if err != nil {
		fmt.Fprintln(stderr, "sciif build:", err)
		return 1
	}
	// The output folder is checked before any work: it may never be, hold
	// or lie inside the input folders or the repository root. A build
	// with the cache starts from the site the last one replaced (the
	// spare) and keeps the one it replaces; one without keeps none.
	draft, err := publish.Begin(*out, publish.Options{Protect: append(bf.protect(), *results, *templates, *assets), Reuse: !*noCache})
	if err != nil {
		fmt.Fprintf(stderr, "sciif build: %v\n", err)
		return 1
	}
	defer draft.Abort()
	var cache *pipeline.Cache
	if !*noCache {
		if *cacheDir == "" {
			*cacheDir = defaultCache(*out)
		}
		cache = openCache(*cacheDir, draft, append(bf.protect(), *results), stderr)
	}
	// Pages go into the draft as they are rendered: the site is never
	// held in memory, and the draft is swapped in only when it is whole.
	// The site is started before any submission is checked, so that each
	// submission's own pages (a model's answers) are rendered as soon as
	// it is accepted.
	in := render.Input{Version: versionString(), Sink: draft, Progress: progressLine(stderr)}
	if *templates != "" {
		in.Templates = os.DirFS(*templates)
	}
	if *assets != "" {
		in.Assets = os.DirFS(*assets)
	}
	built, err := pipeline.Site(ctx, pipeline.SiteOptions{
		BoardsOptions: pipeline.BoardsOptions{
			Kinds: registry, Root: *bf.root, Benchmarks: *bf.dirs, Results: *results, SkipInvalid: *skip,
			Options: kind.Options{NoRules: *noRules, Policies: board.Policies, KeepResponses: true, Syllables: dict},
			Cache:   cache,
		},
		Input:         in,
		RecordHistory: *record,
	})
	for _, p := range built.Skipped {
		fmt.Fprintln(stderr, p.String())
	}
	if len(built.Skipped) > 0 {
		fmt.Fprintf(stderr, "sciif build: left out the submissions with the %d problem(s) above (--skip-invalid)\n", len(built.Skipped))
	}
	if err != nil {
		buildFailed(stderr, err, *bf.root)
		return 1
	}
	if err := draft.Commit(); err != nil {
		fmt.Fprintf(stderr, "sciif build: %v\n", err)
		if publish.PreviousIntact(err) {
			fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
		}
		return 1
	}
	if in.Progress != nil {
		fmt.Fprintln(stderr)
	}
	saveCache(cache, draft, stderr)
	// Builds that record at once take turns: each appends under a lock,
	// and not at all if another recorded the same board meanwhile.
	for _, h := range built.History {
		ok, err := h.Recorder.AppendHistory(h.Line)
		if err != nil {
			fmt.Fprintf(stderr, "sciif build: history: %v\n", err)
			return 1
		}
		if ok {
			fmt.Fprintf(stdout, "recorded the board's state in %s\n", h.Path)
		}
	}
	fmt.Fprintf(stdout, "wrote %d files to %s (%d models, %d boards)\n", len(built.Files), *out, len(built.Submissions), len(built.Boards))
	return 0
}

// buildFailed says why a build failed, and that the previous site is
// left as it was.
func buildFailed(stderr io.Writer, err error, root string) {
	var probs board.Problems
	var reported *pipeline.ReportedError
	switch {
	case errors.Is(err, pipeline.ErrNoBenchmark):
		fmt.Fprintf(stderr, "sciif build: no benchmark under %s; the previous site is left as it was\n", root)
		return
	case errors.As(err, &reported):
		printProblems(stderr, "build", err)
	case errors.As(err, &probs):
		printProblems(stderr, "build", err)
		fmt.Fprintln(stderr, "sciif build: the previous site is left as it was; fix the problems above or pass --skip-invalid")
		return
	default:
		// Not a submission's fault: leaving one out would not help.
		printProblems(stderr, "build", err)
	}
	fmt.Fprintln(stderr, "sciif build: the previous site is left as it was")
}

// progressLine returns a function that shows on w how many files are
// written, when w is a terminal; nil otherwise, so logs and CI output stay
// clean. It redraws at most every 100 files, from any goroutine.
func progressLine(w io.Writer) func(int) {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var mu sync.Mutex
	return func(n int) {
		if n%100 != 0 {
			return
		}
		mu.Lock()
		fmt.Fprintf(f, "\rsciif build: %d files written", n)
		mu.Unlock()
	}
}
