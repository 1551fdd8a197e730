package score

import (
	"math"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Alpha is the significance level of the paired test behind tied ranks.
const Alpha = 0.05

// McNemar returns the two-sided exact McNemar p-value for paired binary
// outcomes a and b over the same items: an exact binomial test on the
// discordant pairs (items one passes and the other fails).
func McNemar(a, b []bool) float64 {
	n10, n01 := 0, 0
	for i := range a {
		switch {
		case a[i] && !b[i]:
			n10++
		case !a[i] && b[i]:
			n01++
		}
	}
	n := n10 + n01
	if n == 0 {
		return 1
	}
	k := min(n10, n01)
	// P(X <= k) for X ~ Binomial(n, 1/2), summed in log space.
	cdf := 0.0
	for i := 0; i <= k; i++ {
		cdf += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*cdf)
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// Passes returns each item's compliance under p, in benchmark order: the
// paired outcomes Rank compares.
func Passes(verdicts []board.ItemVerdict, p board.Policy) []bool {
	vec := make([]bool, len(verdicts))
	for k := range verdicts {
		vec[k] = verdicts[k].Compliant(p)
	}
	return vec
}

// Rank sets PolicyScores.Rank under p for every model that has scores under
// p. passes[i] holds model i's per-item compliance under p, in benchmark
// order. A model's rank is one plus the number of models that beat it
// significantly: a higher compliance rate and an exact McNemar p-value below
// Alpha on the shared items. Models whose differences are not significant
// therefore share a rank, as in Chatbot Arena's tied ranks.
func Rank(models []board.ModelScores, passes [][]bool, p board.Policy) {
	var idx []int
	var pass []int
	var vecs [][]bool
	for i := range models {
		if ps := models[i].Policy(p); ps != nil {
			idx = append(idx, i)
			pass = append(pass, ps.Compliant.Pass)
			vecs = append(vecs, passes[i])
		}
	}
	for k, r := range Ranks(pass, vecs) {
		models[idx[k]].Policy(p).Rank = r
	}
}

// Ranks ranks competitors by paired outcomes: pass[i] counts competitor
// i's passes and passes[i] holds its outcome on each shared item. A rank
// is one plus the number of competitors that beat it significantly: more
// passes and an exact McNemar p-value below Alpha. Every board ranks this
// way, so "=2" means the same everywhere: not significantly different.
func Ranks(pass []int, passes [][]bool) []int {
	ranks := make([]int, len(pass))
	for i := range pass {
		rank := 1
		for j := range pass {
			if i == j || pass[j] <= pass[i] {
				continue
			}
			if McNemar(passes[j], passes[i]) < Alpha {
				rank++
			}
		}
		ranks[i] = rank
	}
	return ranks
}
