package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// junkFile writes n lines that are not JSON.
func junkFile(t testing.TB, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "responses.jsonl")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x\n"), n), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestJunkFileIsRefusedWithTheFirstProblemsAndACount(t *testing.T) {
	const n = 30000
	path := junkFile(t, n)
	for name, read := range map[string]func() board.Problems{
		"responses": func() board.Problems {
			return Records(path, func(*sciifdata.Record) { t.Error("a junk line was decoded") })
		},
		"prompt responses": func() board.Problems {
			return PromptResponses(path, func(PromptResponse) { t.Error("a junk line was decoded") })
		},
	} {
		t.Run(name, func(t *testing.T) {
			probs := read()
			if len(probs) != board.MaxPerFile+1 {
				t.Fatalf("got %d problems, want the first %d and a summary", len(probs), board.MaxPerFile)
			}
			for i, p := range probs[:board.MaxPerFile] {
				if p.Line != i+1 || !p.Fatal {
					t.Fatalf("problem %d = %s, want line %d, fatal", i, p, i+1)
				}
			}
			last := probs[board.MaxPerFile]
			if want := path + ": … and 29,900 more problems in this file"; last.String() != want || !last.Fatal {
				t.Errorf("summary %q (fatal %v), want %q, fatal", last.String(), last.Fatal, want)
			}
			if probs.Count() != n {
				t.Errorf("Count() = %d, want %d", probs.Count(), n)
			}
		})
	}
}

// retained reads a junk file of n lines and returns the live heap while
// it still holds the problems, after a collection.
func retained(t *testing.T, n int) (heap uint64, perLine float64, probs board.Problems) {
	path := junkFile(t, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	probs = Records(path, func(*sciifdata.Record) {})
	runtime.GC()
	runtime.ReadMemStats(&after)
	return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc), float64(after.TotalAlloc-before.TotalAlloc) / float64(n), probs
}

func TestMemoryDoesNotGrowWithBadLines(t *testing.T) {
	// Each problem kept costs about half a kilobyte: 200,000 of them
	// kept were 100 MB. Beyond the cap, a bad line costs a counter.
	smallHeap, smallPer, small := retained(t, 20000)
	bigHeap, bigPer, big := retained(t, 200000)
	if big.Count() != 200000 || small.Count() != 20000 {
		t.Fatalf("counts %d and %d", small.Count(), big.Count())
	}
	if bigHeap > smallHeap+(1<<20) {
		t.Errorf("live heap after 200,000 bad lines is %d bytes, after 20,000 %d: it grows with the bad lines", bigHeap, smallHeap)
	}
	// What each line allocates, and drops, does not grow with the line
	// count either (no quadratic work).
	if bigPer > 2*smallPer+64 {
		t.Errorf("allocated %.0f bytes per line of 200,000, %.0f of 20,000", bigPer, smallPer)
	}
}

func TestDeepYAMLIsRefusedBeforeParsing(t *testing.T) {
	// Each of these exhausted memory or took minutes: 60 KB of `- ` or
	// `[` in a metadata.yaml, 241 KB of `[` in a reported.yaml.
	meta := "name: A\norganization: B\nopen_weights: true\ndate: 2026-01-02\nnotes: "
	tests := []struct {
		name   string
		decode func([]byte) board.Problems
		doc    string
		line   int
	}{
		{"metadata dashes", func(d []byte) board.Problems { _, p := DecodeMetadata("m.yaml", d); return p },
			"name: A\n" + strings.Repeat("- ", 30000) + "x\n", 2},
		{"metadata brackets", func(d []byte) board.Problems { _, p := DecodeMetadata("m.yaml", d); return p },
			meta + strings.Repeat("[", 30000) + "\n", 5},
		{"reported brackets", func(d []byte) board.Problems { _, p := DecodeReported("r.yaml", d); return p },
			"model:\n  name: " + strings.Repeat("[", 120000) + "\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			probs := tt.decode([]byte(tt.doc))
			if len(probs) != 1 {
				t.Fatalf("got %d problems, want 1: %v", len(probs), probs)
			}
			p := probs[0]
			if p.Line != tt.line || !p.Fatal || !strings.Contains(p.Msg, "nested 17 levels deep, deeper than the 16 allowed") {
				t.Errorf("got %s, want line %d: nested 17 levels deep…", p, tt.line)
			}
			if len(p.String()) > 200 {
				t.Errorf("message of %d bytes quotes the document", len(p.String()))
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestWrongTypeQuotesAShortExcerpt(t *testing.T) {
	// A list where a string belongs is quoted, but not all of it.
	doc := "name: [" + strings.Repeat("a, ", 5000) + "b]\norganization: B\nopen_weights: true\ndate: 2026-01-02\n"
	_, probs := DecodeMetadata("m.yaml", []byte(doc))
	if len(probs) != 1 || !strings.HasPrefix(probs[0].Msg, `want a string, got "[a, a, a`) {
		t.Fatalf("got %v", probs)
	}
	if n := len(probs[0].Msg); n > 120 {
		t.Errorf("message is %d bytes: %s", n, probs[0].Msg)
	}
}
