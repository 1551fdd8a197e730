package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

func runPrompts(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("prompts", "[--benchmarks DIR | --benchmark DIR...] [--out FILE]", stderr)
	bf := addBenchFlags(fs)
	out := fs.String("out", "-", "output file, - for standard output")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	benches, err := bf.open()
	if err != nil {
		printProblems(stderr, "prompts", err)
		return 1
	}
	if len(benches) != 1 {
		var names []string
		for _, b := range benches {
			names = append(names, b.Spec().Dir)
		}
		fmt.Fprintf(stderr, "sciif prompts: choose one benchmark with --benchmark (one of %s)\n", strings.Join(names, ", "))
		return 2
	}
	w := stdout
	var f *os.File
	if *out != "-" {
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(stderr, "sciif prompts:", err)
			return 1
		}
		w = f
	}
	err = benches[0].Prompts(w)
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "sciif prompts:", err)
		return 1
	}
	return 0
}
