package board_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func junk(path string, line int, fatal bool) board.Diagnostic {
	return board.Diagnostic{File: path, Line: line, Msg: "not a JSON object", Fatal: fatal}
}

func TestCollectorKeepsTheFirstAndCountsTheRest(t *testing.T) {
	const path = "results/m/responses.jsonl"
	tests := []struct {
		name, reason string
		fatal, other int // added in this order: fatal ones first
		max          int
		wantKept     int
		wantSummary  []string
		wantFatal    bool
	}{
		{name: "under the cap", reason: "nothing is dropped, no summary", fatal: 3, max: 5, wantKept: 3, wantFatal: true},
		{name: "exactly the cap", reason: "the cap is a number kept, not one less", fatal: 5, max: 5, wantKept: 5, wantFatal: true},
		{name: "one over", reason: "singular", fatal: 6, max: 5, wantKept: 5, wantFatal: true,
			wantSummary: []string{path + ": … and 1 more problem in this file"}},
		{name: "three million", reason: "the count is exact and grouped by thousands", fatal: 3_000_000, max: 100, wantKept: 100, wantFatal: true,
			wantSummary: []string{path + ": … and 2,999,900 more problems in this file"}},
		{name: "warnings counted apart", reason: "each severity has its own cap, and a summary is fatal only for fatal problems, so counts by severity stay exact",
			fatal: 5, other: 7, max: 3, wantKept: 6, wantFatal: true,
			wantSummary: []string{path + ": … and 2 more problems in this file", path + ": … and 4 more warnings in this file"}},
		{name: "warnings only", reason: "warnings never refuse the input, kept or counted",
			other: 5, max: 3, wantKept: 3, wantFatal: false,
			wantSummary: []string{path + ": … and 2 more warnings in this file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := board.NewCollector(path, "file", board.Limit{Errors: tt.max, Warnings: tt.max})
			for i := range tt.fatal {
				c.Add(junk(path, i+1, true))
			}
			for i := range tt.other {
				c.Add(junk(path, tt.fatal+i+1, false))
			}
			got := c.Problems()
			if len(got)-len(tt.wantSummary) != tt.wantKept {
				t.Fatalf("%s: kept %d, want %d", tt.reason, len(got)-len(tt.wantSummary), tt.wantKept)
			}
			var sums []string
			for _, d := range got[tt.wantKept:] {
				sums = append(sums, d.String())
			}
			if diff := cmp.Diff(tt.wantSummary, sums); diff != "" {
				t.Errorf("%s: summaries (-want +got):\n%s", tt.reason, diff)
			}
			if got.Count() != tt.fatal+tt.other {
				t.Errorf("%s: Count() = %d, want %d", tt.reason, got.Count(), tt.fatal+tt.other)
			}
			if c.Fatal() != tt.wantFatal {
				t.Errorf("%s: Fatal() = %v, want %v", tt.reason, c.Fatal(), tt.wantFatal)
			}
		})
	}
}

func TestCollectorFatalWhenOnlyACountedProblemIs(t *testing.T) {
	// The one fatal problem is past the cap: it is not kept, but the
	// input is still refused.
	c := board.NewCollector("f.jsonl", "file", board.Limit{Errors: 0, Warnings: 5})
	c.Add(junk("f.jsonl", 1, false))
	c.Add(junk("f.jsonl", 2, true))
	if !c.Fatal() {
		t.Fatal("Fatal() = false with a fatal problem past the cap")
	}
	got := c.Problems()
	if last := got[len(got)-1]; !last.Fatal || last.Omitted != 1 {
		t.Errorf("summary = %+v, want fatal, standing for 1 problem", last)
	}
}

func TestCollectorCountsSummariesAsWhatTheyStandFor(t *testing.T) {
	// A submission's collector gathers its files' capped lists: a file's
	// summary past the submission's cap adds its whole count.
	file := board.FileCollector("d/a.jsonl")
	for i := range 250 {
		file.Add(junk("d/a.jsonl", i+1, true))
	}
	sub := board.NewCollector("d", "submission", board.Limit{Errors: 10, Warnings: 10})
	sub.AddAll(file.Problems())
	got := sub.Problems()
	if got.Count() != 250 {
		t.Errorf("Count() = %d, want 250", got.Count())
	}
	want := "d: … and 240 more problems in this submission"
	if s := got[len(got)-1].String(); s != want {
		t.Errorf("summary %q, want %q", s, want)
	}
}

func TestCollectorAddAllocatesNothingOnceFull(t *testing.T) {
	// What a bad line costs once the cap is reached is a counter: memory
	// does not grow with the number of bad lines.
	c := board.FileCollector("f.jsonl")
	d, w := junk("f.jsonl", 7, true), junk("f.jsonl", 8, false)
	for range board.MaxPerFile {
		c.Add(d)
	}
	for range board.MaxWarningsPerFile {
		c.Add(w)
	}
	if n := testing.AllocsPerRun(10000, func() { c.Add(d); c.Add(w) }); n != 0 {
		t.Errorf("Add on a full collector allocates %v times per call, want 0", n)
	}
}

func TestProblemsErrorCountsOmitted(t *testing.T) {
	p := board.Cap(board.Problems{junk("f", 1, true), junk("f", 2, true), junk("f", 3, true)}, "f", "file", board.Limit{Errors: 1})
	want := "f:1: not a JSON object (and 2 more problems)"
	if got := p.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestSortProblemsPutsSummariesAfterWhatTheySummarise(t *testing.T) {
	p := board.Problems{
		{File: "r/m", Msg: "… and 5 more problems in this submission", Omitted: 5, Fatal: true},
		{File: "r/m/a.jsonl", Msg: "… and 9 more problems in this file", Omitted: 9, Fatal: true},
		{File: "r/m/a.jsonl", Line: 7, Msg: "x"},
		{File: "r/m/metadata.yaml", Line: 2, Msg: "y"},
		{File: "r/m0/metadata.yaml", Line: 1, Msg: "z"},
		{File: "r/m/a.jsonl", Line: 3, Msg: "w"},
	}
	board.SortProblems(p)
	var got []string
	for _, d := range p {
		got = append(got, fmt.Sprintf("%s:%d:%s", d.File, d.Line, d.Msg))
	}
	want := []string{
		"r/m/a.jsonl:3:w",
		"r/m/a.jsonl:7:x",
		"r/m/a.jsonl:0:… and 9 more problems in this file",
		"r/m/metadata.yaml:2:y",
		"r/m:0:… and 5 more problems in this submission",
		"r/m0/metadata.yaml:1:z",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 2999900: "2,999,900", -1234: "-1,234"} {
		if got := board.Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
