package validate

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// FuzzSubmissionReader feeds arbitrary bytes to every reader of submitted
// files: the JSONL framing (ingest.Lines), the record decoder
// (ingest.Records), metadata.yaml and reported.yaml. None may panic, and
// every problem must say where and what.
func FuzzSubmissionReader(f *testing.F) {
	for _, seed := range []string{
		goodResponses,
		"\ufeff" + goodResponses,
		"[" + record("c-1", "j1") + "]",
		`{"id": "c-1", "response": 42}`,
		`{"id": "c-1", "id": "c-2"}`,
		"{\"id\": \"caf\xe9\"}\r\n",
		`{"id": "c-1", "response": "`,
		goodMeta,
		"name: [\n",
		"model: {name: X, organization: Y}\ncitation: {title: T, authors: A}\npolicy: strict\nby_k: {2: 55.2}\n",
		"",
		"\n\n\r\n",
		goodMeta + "claimed:\n  strict: {correct: .nan, compliant: 1.5}\n  loose: {single: \"0.5\"}\n",
		goodMeta + "claimed:\n  medium: {accuracy: 0.5}\n",
	} {
		f.Add([]byte(seed))
	}
	// One file per fuzzing process, rewritten on each input: a fresh
	// t.TempDir per input is far too slow under the fuzzer.
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		err := ingest.Lines("x.jsonl", bytes.NewReader(data), func(line int, b []byte) {
			if line < 1 || bytes.ContainsAny(b, "\n") {
				t.Fatalf("line %d: bad framing %q", line, b)
			}
		})
		if err != nil {
			t.Fatalf("Lines on %d bytes: %v", len(data), err)
		}
		path := filepath.Join(dir, "responses.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		n := 0
		probs := ingest.Records(path, func(r *sciifdata.Record) {
			n++
			if r.ID == "" || r.Line < 1 {
				t.Fatalf("record without id or line: %+v", r)
			}
		})
		check := func(what string, probs board.Problems) {
			for _, p := range probs {
				if p.File == "" || p.Msg == "" {
					t.Fatalf("%s: problem without file or message: %+v", what, p)
				}
			}
		}
		check("records", probs)
		m, mp := ingest.DecodeMetadata("metadata.yaml", data)
		check("metadata", mp)
		if !anyFatal(mp) && m.Claimed != nil {
			// An accepted claim is a number the pages can print.
			for _, r := range []*board.ClaimedRates{m.Claimed.Strict, m.Claimed.Loose} {
				if r == nil {
					continue
				}
				for _, v := range []*float64{r.Correct, r.Compliant, r.Multi, r.Single} {
					if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0)) {
						t.Fatalf("metadata.yaml accepted with the claim %v", *v)
					}
				}
			}
		}
		_, rp := ingest.DecodeReported("reported.yaml", data)
		check("reported", rp)
	})
}

func anyFatal(probs board.Problems) bool {
	for _, p := range probs {
		if p.Fatal {
			return true
		}
	}
	return false
}
