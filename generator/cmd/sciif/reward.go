package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// runReward is `sciif reward`: one training reward per input record, with
// its parts, from the benchmark's own verifiers (or a formula).
func runReward(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("reward", "(--benchmark DIR | --formula NAME) [--config FILE] [--preprocess PRESET] [--syllable-dictionary FILE] [--format jsonl|csv] [--out FILE] [FILE|-]", stderr)
	bf := addBenchFlags(fs)
	syl := addSyllableFlag(fs)
	formula := fs.String("formula", "", "reward records with a formula instead of a benchmark: "+formulaNames())
	config := fs.String("config", "", "reward config file (YAML or JSON): one section per benchmark, kind or formula")
	preset := fs.String("preprocess", "", "preprocessing preset of the responses, over the config's: "+preprocess.Names())
	format := fs.String("format", "jsonl", "output format: jsonl or csv")
	out := fs.String("out", "-", "output file, - for standard output")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "sciif reward: want at most one input file, got %v\n", fs.Args())
		return 2
	}
	if (*formula == "") == (len(*bf.dirs) == 0) {
		fmt.Fprintln(stderr, "sciif reward: choose one benchmark with --benchmark DIR, or a formula with --formula NAME")
		return 2
	}
	if *format != "jsonl" && *format != "csv" {
		fmt.Fprintf(stderr, "sciif reward: --format must be jsonl or csv, not %q\n", *format)
		return 2
	}
	ctx, err := reward.WithPreset(ctx, *preset)
	if err != nil {
		fmt.Fprintln(stderr, "sciif reward: --preprocess:", err)
		return 2
	}
	cfg, err := reward.LoadConfig(*config)
	if err != nil {
		fmt.Fprintln(stderr, "sciif reward:", err)
		return 1
	}
	dict, err := syl.load()
	if err != nil {
		fmt.Fprintln(stderr, "sciif reward:", err)
		return 1
	}
	var benches []kind.Benchmark
	if *formula == "" {
		if len(*bf.dirs) != 1 {
			fmt.Fprintln(stderr, "sciif reward: choose one benchmark with --benchmark DIR")
			return 2
		}
		if benches, err = bf.open(); err != nil {
			printProblems(stderr, "reward", err)
			return 1
		}
	}
	set, err := reward.NewSet(benches, cfg, kind.Options{Syllables: dict})
	if err != nil {
		fmt.Fprintln(stderr, "sciif reward:", err)
		return 1
	}
	fn, code := rewardFunc(set, *formula, benches, stderr)
	if code != 0 {
		return code
	}
	in, inName := os.Stdin, "stdin"
	if path := fs.Arg(0); path != "" && path != "-" {
		inName = path
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(stderr, "sciif reward:", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	w := stdout
	var f *os.File
	if *out != "-" {
		if f, code = createOut(*out, in, inName, stderr); f == nil {
			return code
		}
		w = f
	}
	code = streamRewards(ctx, in, inName, w, fn, *format, stderr)
	if f != nil {
		if err := f.Close(); err != nil && code == 0 {
			fmt.Fprintln(stderr, "sciif reward:", err)
			code = 1
		}
	}
	return code
}

// createOut creates the output file path, unless it is the input in
// (named inName): creating it would empty the input before a line of it
// is read. When it does not create it, it says why on stderr and returns
// the exit code.
func createOut(path string, in *os.File, inName string, stderr io.Writer) (*os.File, int) {
	if oi, err := os.Stat(path); err == nil && oi.Mode().IsRegular() {
		if ii, err := in.Stat(); err == nil && os.SameFile(ii, oi) {
			fmt.Fprintf(stderr, "sciif reward: --out %s is the input %s; write the rewards elsewhere\n", path, inName)
			return nil, 2
		}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(stderr, "sciif reward:", err)
		return nil, 1
	}
	return f, 0
}

// streamRewards rewards the records of in, read as inName, into w in
// format, and reports on stderr what could not be rewarded. It returns
// the exit code.
func streamRewards(ctx context.Context, in io.Reader, inName string, w io.Writer, fn *reward.Func, format string, stderr io.Writer) int {
	if os.Getenv("GOGC") == "" {
		// Records stream through and little is held: at main's GOGC=400
		// the garbage of checking alone takes the peak to about 64 MiB
		// at 54,100 records; at 200 it stays under 50 MiB for a few
		// percent more CPU (docs/performance.md).
		defer debug.SetGCPercent(debug.SetGCPercent(200))
	}
	st, err := reward.Stream(ctx, in, w, fn.Rewards, format)
	// A line over the limit is not held in memory: it has an error record
	// like any bad line, and is named here too, since it is most likely
	// not a record at all.
	for _, n := range st.TooLong {
		fmt.Fprintf(stderr, "sciif reward: %s:%d: line longer than %d MiB; not rewarded\n", inName, n, ingest.MaxLine>>20)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sciif reward:", err)
		return 1
	}
	if st.Errors > 0 {
		fmt.Fprintf(stderr, "sciif reward: %d of %d lines could not be rewarded (see their error lines)\n", st.Errors, st.Lines)
		return 1
	}
	return 0
}

// rewardFunc is the reward function of the formula, or when formula is
// "" of the one benchmark in benches. When there is none it says why on
// stderr and returns the exit code: 2 for a formula unknown or without
// its parameters, 1 for a benchmark whose kind gives no rewards; else 0.
func rewardFunc(set *reward.Set, formula string, benches []kind.Benchmark, stderr io.Writer) (*reward.Func, int) {
	name := formula
	if name == "" {
		name = benches[0].Spec().Name
	}
	fn, ok := set.Lookup(name)
	if ok {
		return fn, 0
	}
	if formula != "" {
		if _, known := reward.FindFormula(name); known {
			fmt.Fprintf(stderr, "sciif reward: formula %s needs its parameters in a --config file section %q\n", name, name)
			return nil, 2
		}
		fmt.Fprintf(stderr, "sciif reward: unknown formula %q (one of %s)\n", name, formulaNames())
		return nil, 2
	}
	fmt.Fprintf(stderr, "sciif reward: %s gives no rewards (its kind has none)\n", name)
	return nil, 1
}

func formulaNames() string {
	var names []string
	for _, f := range reward.Formulas {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}
