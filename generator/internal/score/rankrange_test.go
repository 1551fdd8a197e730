package score

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// outcomes turns a string of 1s and 0s into paired outcomes.
func outcomes(s string) []bool {
	out := make([]bool, len(s))
	for i, c := range s {
		out[i] = c == '1'
	}
	return out
}

// A hand-made board of four models on twelve items, its p-values worked
// out by hand: A beats C (6 vs 0 discordant, p = 0.031) and D (7 vs 0,
// p = 0.016); every other pair is not separated (A–B 1 vs 0; B–C 6 vs 1,
// p = 0.125; B–D 7 vs 1, p = 0.070; C–D 1 vs 0).
func TestRankRangesHandMadeBoard(t *testing.T) {
	vecs := [][]bool{
		outcomes("111111111111"), // A
		outcomes("011111111111"), // B
		outcomes("111111000000"), // C
		outcomes("111110000000"), // D
	}
	pass := []int{12, 11, 6, 5}
	got := RankRanges(pass, vecs)
	for i, c := range []struct {
		name, reason string
		want         [2]int
	}{
		{"A", "no one beats it; it beats C and D, so it falls no lower than 2", [2]int{1, 2}},
		{"B", "no one beats it and it beats no one: any rank", [2]int{1, 4}},
		{"C", "A beats it; it beats no one", [2]int{2, 4}},
		{"D", "A beats it; it beats no one", [2]int{2, 4}},
	} {
		if diff := cmp.Diff(c.want, got[i]); diff != "" {
			t.Errorf("%s (%s) (-want +got):\n%s", c.name, c.reason, diff)
		}
	}
	// The first rank of each range is the board's rank.
	for i, r := range Ranks(pass, vecs) {
		if got[i][0] != r {
			t.Errorf("model %d: range starts at %d, rank %d", i, got[i][0], r)
		}
	}
}
