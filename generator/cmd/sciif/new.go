package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// metadataTemplate is the metadata.yaml that `sciif new` writes. Every
// placeholder must be replaced; validate reports the ones left (the date
// and the names are not valid as written).
const metadataTemplate = `# Submission metadata for the SciIF leaderboard. Replace every <…>;
# remove the optional fields you do not use. Check with:
#   sciif validate results/%[1]s

# Required.
name: "<display name of the model, e.g. Acme Chat 7B>"
organization: "<who trained the model>"
open_weights: false          # true if the weights are downloadable
date: YYYY-MM-DD             # when the responses were generated
judges: [gpt-5.1, gemini-3-flash]   # the judge models, as named in responses.jsonl

# Optional.
# link: https://example.org/model-card   # http or https only
# params: 7B
# decoding: temperature 0, max tokens 4096
# notes: anything a reader needs to interpret the results
# training_data: "<what the model was trained on; whether this benchmark's items may have been in it>"   # on the model card; at most 1,000 characters
# tokens:                     # what the answers took, per benchmark, as you counted them; shown as declared
#   sciif: {prompt: 0, completion: 0}

# Optional: the rates you measured yourself, as fractions in [0, 1]
# (0.296 for 29.6 %%). They are never shown; validate compares them with
# the rescored rates and fails if one differs by more than 0.0005.
# claimed:
#   strict: {correct: 0.0, compliant: 0.0, multi: 0.0, single: 0.0}
#   loose:  {correct: 0.0, compliant: 0.0}
`

func runNew(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("new", "[--results DIR] [--benchmarks DIR | --benchmark DIR...] MODEL-ID", stderr)
	results := fs.String("results", "results", "folder of submissions, one folder per model")
	bf := addBenchFlags(fs)
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "sciif new: give exactly one model id, e.g. sciif new acme-chat-7b")
		fs.Usage()
		return 2
	}
	id := fs.Arg(0)
	if !ingest.SafeSlug(id) {
		fmt.Fprintf(stderr, "sciif new: %q is not a safe model id: use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64 characters (e.g. acme-chat-7b)\n", id)
		return 2
	}
	if fi, err := os.Stat(*results); err != nil || !fi.IsDir() {
		fmt.Fprintf(stderr, "sciif new: results folder %s does not exist; run from the repository root or pass --results\n", *results)
		return 1
	}
	benches, err := bf.open()
	if err != nil {
		printProblems(stderr, "new", err)
		return 1
	}
	dir := filepath.Join(*results, id)
	if err := os.Mkdir(dir, 0o755); err != nil {
		if errors.Is(err, os.ErrExist) {
			fmt.Fprintf(stderr, "sciif new: %s already exists; edit it, or choose another id\n", dir)
		} else {
			fmt.Fprintln(stderr, "sciif new:", err)
		}
		return 1
	}
	files := []struct{ name, data string }{
		{"metadata.yaml", fmt.Sprintf(metadataTemplate, id)},
	}
	for _, f := range files {
		// O_EXCL: never overwrite, even if something appeared meanwhile.
		fh, err := os.OpenFile(filepath.Join(dir, f.name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = io.WriteString(fh, f.data)
			if cerr := fh.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, "sciif new:", err)
			return 1
		}
	}
	slash := strings.TrimSuffix(filepath.ToSlash(dir), "/")
	var steps strings.Builder
	fmt.Fprintf(&steps, "created %s/metadata.yaml\n\nnext steps:\n", slash)
	fmt.Fprintf(&steps, "  1. for each benchmark the model answers, run it on the benchmark's prompts\n     (sciif prompts --benchmark DIR lists them, judge prompts included) and write\n     one file into %s:\n", slash)
	for _, b := range benches {
		fmt.Fprintf(&steps, "   - %s (%s): %s\n", b.Spec().File, b.Spec().Title, b.Scaffold())
	}
	fmt.Fprintf(&steps, "  2. fill in %[1]s/metadata.yaml\n  3. sciif validate %[1]s\n  4. open a pull request that adds only %[1]s (see SUBMITTING.md)\n", slash)
	io.WriteString(stdout, steps.String())
	return 0
}
