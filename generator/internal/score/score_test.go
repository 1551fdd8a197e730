package score

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

func TestNewRate(t *testing.T) {
	tests := []struct {
		name, reason string
		pass, total  int
		want         board.Rate
	}{
		{
			name: "no items", reason: "nothing is known: the interval is the whole range",
			pass: 0, total: 0, want: board.Rate{CI95: [2]float64{0, 1}},
		},
		{
			name: "half of ten", reason: "textbook Wilson interval for 5/10",
			pass: 5, total: 10, want: board.Rate{Pass: 5, Total: 10, Rate: 0.5, CI95: [2]float64{0.236593, 0.763407}},
		},
		{
			name: "none of twenty", reason: "the lower end is exactly 0, the upper end 3.84/(20+3.84)",
			pass: 0, total: 20, want: board.Rate{Pass: 0, Total: 20, Rate: 0, CI95: [2]float64{0, 0.161125}},
		},
		{
			name: "all of twenty", reason: "mirror image of 0/20",
			pass: 20, total: 20, want: board.Rate{Pass: 20, Total: 20, Rate: 1, CI95: [2]float64{0.838875, 1}},
		},
		{
			name: "paper scale", reason: "99/334 as in a 29.6% compliance",
			pass: 99, total: 334, want: board.Rate{Pass: 99, Total: 334, Rate: 99.0 / 334, CI95: [2]float64{0.249971, 0.347474}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewRate(tt.pass, tt.total)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 5e-7)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func bools(s string) []bool {
	b := make([]bool, len(s))
	for i := range s {
		b[i] = s[i] == '1'
	}
	return b
}

func TestMcNemar(t *testing.T) {
	tests := []struct {
		name, reason string
		a, b         string
		want         float64
	}{
		{name: "identical", reason: "no discordant pairs", a: "1010", b: "1010", want: 1},
		{name: "one discordant", reason: "2·P(X≤0), X~Bin(1,½) = 1", a: "1000", b: "0000", want: 1},
		{name: "five to zero", reason: "2·(½)^5", a: "11111", b: "00000", want: 0.0625},
		{name: "six to zero", reason: "2·(½)^6", a: "111111", b: "000000", want: 0.03125},
		{name: "eight to two", reason: "2·P(X≤2), X~Bin(10,½) = 2·56/1024", a: "1111111100", b: "0000000011", want: 112.0 / 1024},
		{name: "concordant pairs ignored", reason: "items both pass or both fail do not count", a: "11111111", b: "00000011", want: 0.03125},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := McNemar(bools(tt.a), bools(tt.b))
			if math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("McNemar = %v, want %v (%s)", got, tt.want, tt.reason)
			}
			if rev := McNemar(bools(tt.b), bools(tt.a)); math.Abs(rev-got) > 1e-12 {
				t.Errorf("not symmetric: %v vs %v", got, rev)
			}
		})
	}
}

func TestRankTies(t *testing.T) {
	// a beats c significantly (6 discordant pairs, all for a); b sits
	// between and differs significantly from neither.
	passes := [][]bool{bools("1111110000"), bools("1110000000"), bools("0000000000")}
	models := []sciifdata.ModelScores{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	for i := range models {
		n := 0
		for _, p := range passes[i] {
			if p {
				n++
			}
		}
		models[i].Strict = &sciifdata.PolicyScores{Compliant: NewRate(n, 10)}
	}
	Rank(models, passes, board.Strict)
	var got []int
	for _, m := range models {
		got = append(got, m.Strict.Rank)
	}
	if diff := cmp.Diff([]int{1, 1, 2}, got); diff != "" {
		t.Errorf("ranks (-want +got):\n%s", diff)
	}
}

func TestPolicyPoolsFamiliesOverEnablements(t *testing.T) {
	// Two condition constraints on item 1 (one passes), one on item 2
	// (passes): pooled 2/3, not the mean of per-constraint rates (0.75).
	bench := &sciifdata.Benchmark{
		Catalog: sciifdata.Catalog{Constraints: []sciifdata.Constraint{
			{ID: "a", Family: sciifdata.Condition}, {ID: "b", Family: sciifdata.Condition},
		}},
		Items: []sciifdata.Item{{ID: "1", Constraints: []string{"a", "b"}}, {ID: "2", Constraints: []string{"a"}}},
	}
	verdicts := []sciifdata.ItemVerdict{
		{Item: "1", Answered: true, Constraints: []sciifdata.ConstraintVerdict{{ID: "a", Strict: false}, {ID: "b", Strict: true}}},
		{Item: "2", Answered: true, Constraints: []sciifdata.ConstraintVerdict{{ID: "a", Strict: true}}},
	}
	ps := Policy(bench, nil, verdicts, board.Strict)
	if got := ps.Families["condition"]; got.Pass != 2 || got.Total != 3 {
		t.Errorf("condition family = %d/%d, want 2/3", got.Pass, got.Total)
	}
	if got := ps.Constraints["a"]; got.Pass != 1 || got.Total != 2 {
		t.Errorf("constraint a = %d/%d, want 1/2", got.Pass, got.Total)
	}
	if got := ps.ByK["2"]; got.Pass != 0 || got.Total != 1 {
		t.Errorf("k=2 = %d/%d, want 0/1", got.Pass, got.Total)
	}
	if got := ps.Single; got.Pass != 1 || got.Total != 1 {
		t.Errorf("single = %d/%d, want 1/1", got.Pass, got.Total)
	}
}

// TestRanksAsPairwiseMcNemar ranks random boards (sizes around the 64-item
// words of the bit sets, and one past the dense table of verdicts) and
// wants what one McNemar test per pair gives.
func TestRanksAsPairwiseMcNemar(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, items := range []int{1, 63, 64, 65, 334, 3000} { // 3000: past maxDense
		for _, models := range []int{1, 2, 40} {
			passes := make([][]bool, models)
			pass := make([]int, models)
			for i := range passes {
				skill := rng.Float64()
				passes[i] = make([]bool, items)
				for k := range passes[i] {
					passes[i][k] = rng.Float64() < skill
					if passes[i][k] {
						pass[i]++
					}
				}
			}
			want := make([]int, models)
			for i := range want {
				want[i] = 1
				for j := range want {
					if j != i && pass[j] > pass[i] && McNemar(passes[j], passes[i]) < Alpha {
						want[i]++
					}
				}
			}
			if got := Ranks(pass, passes); !slices.Equal(got, want) {
				t.Errorf("%d models × %d items: Ranks = %v, want %v", models, items, got, want)
			}
		}
	}
}
