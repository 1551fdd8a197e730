// Package difftest holds the differential tests of the instruction
// checkers against the reference Python code. testdata/cases.jsonl.gz holds
// mutated official responses (made by ./mutate) and
// testdata/verdicts.jsonl.gz the official IFEval and IFBench code's Strict
// and Loose verdicts on them (made by run_official.py); testdata/ifevalg
// holds the same for the IFEvalG registry against open-instruct's code
// (made by ./ifevalgcases and run_ifevalg.py). See SOURCE.md and
// testdata/ifevalg/SOURCE.md.
//
// Outside its tests the package holds only the shape of a cases file,
// which the programs that write them share; it is used by no stage.
package difftest

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
)

// CaseHead is what a line of a cases file (testdata/cases.jsonl.gz,
// testdata/ifevalg/cases.jsonl.gz) says before its label and response:
// where the case comes from (suite, prompt key, mutation) and the prompt
// with its instructions and their arguments. The programs that write the
// cases (./mutate, ./ifevalgcases) and the tests that read them share it.
type CaseHead struct {
	Suite    string           `json:"suite"`
	Key      string           `json:"key"`
	Mutation string           `json:"mutation"`
	Prompt   string           `json:"prompt"`
	IDs      []string         `json:"instruction_id_list"`
	Kwargs   []map[string]any `json:"kwargs"`
}

// WriteCases writes cases to the file path as gzipped JSON lines (best
// compression, no HTML escaping, no name or time in the gzip header), so
// that the same cases give the same bytes.
func WriteCases[T any](path string, cases []T) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	bw := bufio.NewWriter(zw)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			f.Close()
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
