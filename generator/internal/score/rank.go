package score

import (
	"math"
	"math/bits"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
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
	return mcNemar(n10, n01)
}

// mcNemar is the p-value of n10 and n01 discordant pairs.
func mcNemar(n10, n01 int) float64 {
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
func Passes(verdicts []sciifdata.ItemVerdict, p board.Policy) []bool {
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
func Rank(models []sciifdata.ModelScores, passes [][]bool, p board.Policy) {
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
	ranks, _ := rankCounts(pass, passes)
	return ranks
}

// rankCounts gives each competitor its rank (one plus the number of
// competitors that beat it significantly) and the number of competitors
// it beats significantly. Outcomes are held as bit sets, and each
// verdict of the test kept by discordant counts: a board of 1,000 models
// tests up to half a million pairs that share a few thousand counts.
func rankCounts(pass []int, passes [][]bool) (ranks, beaten []int) {
	sets := bitSets(passes)
	sig := newSignificance(passes)
	ranks = make([]int, len(pass))
	beaten = make([]int, len(pass))
	for i := range pass {
		ranks[i] = 1
		for j := range pass {
			if i == j || pass[j] <= pass[i] {
				continue
			}
			if sig.below(discordant(sets[j], sets[i])) {
				ranks[i]++ // j beats i significantly
				beaten[j]++
			}
		}
	}
	return ranks, beaten
}

// maxDense bounds the table of significance: boards of up to about 2,000
// items keep it in a slice, larger ones in a map.
const maxDense = 1 << 21

// significance is whether mcNemar(n10, n01) < Alpha, worked out once per
// pair of counts: the test is symmetric, so a pair is kept by its total
// n and its smaller count k (at most n/2), at n*(n/2+1)+k in dense when
// that fits, else in sparse.
type significance struct {
	dense  []int8 // 0 not yet known, 1 below Alpha, 2 not
	width  int    // items/2 + 1
	sparse map[[2]int]bool
}

func newSignificance(passes [][]bool) *significance {
	items := 0
	for _, v := range passes {
		items = max(items, len(v))
	}
	s := &significance{width: items/2 + 1}
	if n := (items + 1) * s.width; n <= maxDense {
		s.dense = make([]int8, n)
	} else {
		s.sparse = map[[2]int]bool{}
	}
	return s
}

func (s *significance) below(n10, n01 int) bool {
	n, k := n10+n01, min(n10, n01)
	if s.dense != nil && k < s.width && n*s.width+k < len(s.dense) {
		i := n*s.width + k
		if s.dense[i] == 0 {
			s.dense[i] = 2
			if mcNemar(n10, n01) < Alpha {
				s.dense[i] = 1
			}
		}
		return s.dense[i] == 1
	}
	if s.sparse == nil {
		s.sparse = map[[2]int]bool{}
	}
	key := [2]int{n, k}
	v, ok := s.sparse[key]
	if !ok {
		v = mcNemar(n10, n01) < Alpha
		s.sparse[key] = v
	}
	return v
}

// discordant counts the items a passes and b fails (n10) and the other
// way round (n01).
func discordant(a, b []uint64) (n10, n01 int) {
	for w := range a {
		n10 += bits.OnesCount64(a[w] &^ b[w])
		n01 += bits.OnesCount64(b[w] &^ a[w])
	}
	return n10, n01
}

// RankRanges gives each competitor of Ranks the ranks it could hold given
// the paired tests: from its rank, one plus the number of competitors
// that beat it significantly, to the number of competitors less the
// number it beats significantly. Ranks between the two are those of
// competitors it is not significantly separated from, in either order.
func RankRanges(pass []int, passes [][]bool) [][2]int {
	ranks, worse := rankCounts(pass, passes)
	out := make([][2]int, len(pass))
	for i, r := range ranks {
		out[i] = [2]int{r, len(pass) - worse[i]}
	}
	return out
}

// bitSets holds outcomes as bit sets, for discordant.
func bitSets(passes [][]bool) [][]uint64 {
	sets := make([][]uint64, len(passes))
	for i, vec := range passes {
		sets[i] = make([]uint64, (len(vec)+63)/64)
		for k, ok := range vec {
			if ok {
				sets[i][k/64] |= 1 << (k % 64)
			}
		}
	}
	return sets
}
