package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/prompt"
)

// promptLine is one line of `sciif prompts` output.
type promptLine struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"` // "answer", "correctness" or "constraint"
	Constraint string `json:"constraint,omitempty"`
	Policy     string `json:"policy,omitempty"`
	Prompt     string `json:"prompt"`
}

func runPrompts(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("prompts", "[--benchmark DIR] [--out FILE]", stderr)
	benchDir := fs.String("benchmark", "benchmarks/sciif", "benchmark folder holding items.jsonl")
	out := fs.String("out", "-", "output file, - for standard output")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	bench, err := ingest.Benchmark(*benchDir)
	if err != nil {
		printProblems(stderr, "prompts", err)
		return 1
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
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range bench.Items {
		it := &bench.Items[i]
		lines := []promptLine{
			{ID: it.ID, Kind: "answer", Prompt: prompt.Answer(it, &bench.Catalog)},
			{ID: it.ID, Kind: "correctness", Prompt: prompt.Correctness(it)},
		}
		for _, cid := range it.Constraints {
			c, _ := bench.Catalog.Lookup(cid)
			for _, p := range board.Policies {
				lines = append(lines, promptLine{ID: it.ID, Kind: "constraint", Constraint: cid, Policy: string(p), Prompt: prompt.Judge(it, c, p)})
			}
		}
		for _, l := range lines {
			if err := enc.Encode(l); err != nil {
				fmt.Fprintln(stderr, "sciif prompts:", err)
				return 1
			}
		}
	}
	err = bw.Flush()
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
