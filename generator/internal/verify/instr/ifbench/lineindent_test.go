package ifbench

import (
	"slices"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// naiveDrop is the reference's loop, which removes from the list it iterates.
func naiveDrop(lines []string) []string {
	lines = slices.Clone(lines)
	for idx := 0; idx < len(lines); {
		line := lines[idx]
		idx++
		if text.Strip(line) != "" {
			continue
		}
		for j, l := range lines {
			if l == line {
				lines = append(lines[:j:j], lines[j+1:]...)
				break
			}
		}
	}
	return lines
}

// TestDropBlankLinesMatchesReferenceLoop compares the linear version with
// the reference's quadratic loop on every small mix of blank and non-blank
// lines a fixed pseudo-random sequence produces.
func TestDropBlankLinesMatchesReferenceLoop(t *testing.T) {
	alpha := []string{"", " ", "  ", "a", " b", "c"}
	seed := uint64(7)
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	for iter := 0; iter < 20000; iter++ {
		n := int(next() % 9)
		ls := make([]string, n)
		for i := range ls {
			ls[i] = alpha[next()%uint64(len(alpha))]
		}
		a, b := naiveDrop(ls), dropBlankLinesLikeReference(slices.Clone(ls))
		if !slices.Equal(a, b) {
			t.Fatalf("%q: naive %q fast %q", ls, a, b)
		}
	}
}
