package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func main() {
	tuneGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// tuneGC lets the heap grow to five times the live data before the
// garbage collector runs (GOGC=400), within a soft limit of 400 MiB
// (GOMEMLIMIT), unless either is set in the environment. Scoring and
// building allocate a great deal of short-lived text: this trades memory
// that the limit keeps bounded for about 15% less CPU. Output never
// depends on it.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(400 << 20)
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() map[string]command {
	return map[string]command{
		"score":    {"rescore every submission and print the board", runScore},
		"build":    {"rescore every submission and render the static site", runBuild},
		"prompts":  {"write the answer-generation and judge prompts of every item as JSONL", runPrompts},
		"version":  {"print the version", runVersion},
		"equiv":    {"decide whether an answer matches a reference (equal, not_equal or undecided)", runEquiv},
		"synth":    {"write a synthetic benchmark and board for stress tests and benchmarks", runSynth},
		"ifeval":   {"score IFEval responses under Strict and Loose, in the official output format", runIFEval},
		"ifbench":  {"score IFBench responses under Strict and Loose, in the official output format", runIFBench},
		"validate": {"check submission folders and show their rescored scores", runValidate},
		"new":      {"scaffold a submission folder results/<model-id>", runNew},
		"run":      {"generate a submission: ask a model the benchmarks' prompts and the judges theirs, resumably", runRun},
		"reward":   {"turn records into training rewards with their parts, from the benchmark's own verifiers", runReward},
		"serve":    {"serve rewards over HTTP: OpenRLHF's remote reward protocol, a batch API, health and metrics", runServe},
	}
}

// run is the whole program; it returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return runVersion(ctx, nil, stdout, stderr)
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "sciif: unknown command %q\n", args[0])
		usage(stderr, cmds)
		return 2
	}
	return c.run(ctx, args[1:], stdout, stderr)
}

func usage(w io.Writer, cmds map[string]command) {
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "usage: sciif <command> [flags]\n\ncommands:")
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'sciif <command> --help' for a command's flags.")
}

func runVersion(_ context.Context, _ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, versionString())
	return 0
}

// printProblems prints every problem of err, one per line, then a summary
// that counts the problems not listed too.
func printProblems(w io.Writer, cmd string, err error) {
	var probs board.Problems
	if errors.As(err, &probs) {
		for _, p := range probs {
			fmt.Fprintln(w, p.String())
		}
		fmt.Fprintf(w, "sciif %s: %d problem(s) in the input; nothing was scored\n", cmd, probs.Count())
		return
	}
	fmt.Fprintf(w, "sciif %s: %v\n", cmd, err)
}
