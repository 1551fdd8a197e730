// Package score turns verdicts into metrics: counts, rates, Wilson
// intervals, judge disagreement and tied ranks. It is pure: no I/O, no
// clock, no randomness.
//
// Every denominator is taken over the whole benchmark: an item without a
// record counts as incorrect and non-compliant.
package score

import (
	"math"
	"strconv"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// z95 is the two-sided 97.5% standard normal quantile.
const z95 = 1.959963984540054

// NewRate returns pass/total with its 95% Wilson score interval.
func NewRate(pass, total int) board.Rate {
	r := board.Rate{Pass: pass, Total: total, CI95: [2]float64{0, 1}}
	if total <= 0 {
		return r
	}
	n := float64(total)
	p := float64(pass) / n
	r.Rate = p
	z2 := z95 * z95
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := z95 * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / den
	lo, hi := center-half, center+half
	// Exact at the ends, where rounding could leave 1e-17 of slack.
	if pass == 0 {
		lo = 0
	}
	if pass == total {
		hi = 1
	}
	r.CI95 = [2]float64{math.Max(0, lo), math.Min(1, hi)}
	return r
}

// counter is a pass/total pair.
type counter struct{ pass, total int }

func (c *counter) add(ok bool) {
	c.total++
	if ok {
		c.pass++
	}
}

func (c counter) rate() board.Rate { return NewRate(c.pass, c.total) }

// Model computes the scores of one submission from its verdicts, one per
// benchmark item in benchmark order, under the given policies.
func Model(bench *sciifdata.Benchmark, sub *board.Submission, verdicts []sciifdata.ItemVerdict, policies []board.Policy) sciifdata.ModelScores {
	m := sciifdata.ModelScores{
		ID: sub.ID, Name: sub.Meta.Name, Organization: sub.Meta.Organization,
		OpenWeights: sub.Meta.OpenWeights, Date: sub.Meta.Date, Judges: sub.Meta.Judges,
	}
	for i := range verdicts {
		if verdicts[i].Answered {
			m.Answered++
		}
	}
	m.Complete = m.Answered == len(bench.Items)
	for _, p := range policies {
		ps := Policy(bench, sub.Meta.Judges, verdicts, p)
		if p == board.Loose {
			m.Loose = &ps
		} else {
			m.Strict = &ps
		}
	}
	return m
}

// Policy computes the metrics of one submission under one policy.
func Policy(bench *sciifdata.Benchmark, judges []string, verdicts []sciifdata.ItemVerdict, p board.Policy) sciifdata.PolicyScores {
	var correct, compliant, multi, single counter
	cons := map[string]*counter{}
	fams := map[string]*counter{}
	byK := map[int]*counter{}
	dis := map[string]*sciifdata.Disagreement{}
	var q sciifdata.Quadrant
	for i := range bench.Items {
		item := &bench.Items[i]
		v := &verdicts[i]
		ok := v.Compliant(p)
		correct.add(v.Correct)
		compliant.add(ok)
		if item.K() >= 2 {
			multi.add(ok)
		} else if item.K() == 1 {
			single.add(ok)
		}
		if byK[item.K()] == nil {
			byK[item.K()] = &counter{}
		}
		byK[item.K()].add(ok)
		addQuadrant(&q, v.Correct, ok)
		for j, cid := range item.Constraints {
			var cv *sciifdata.ConstraintVerdict
			if j < len(v.Constraints) {
				cv = &v.Constraints[j]
			}
			pass := v.Answered && cv != nil && cv.Pass(p)
			counterOf(cons, cid).add(pass)
			if con, found := bench.Catalog.Lookup(cid); found {
				counterOf(fams, string(con.Family)).add(pass)
			}
			d := dis[cid]
			if d == nil {
				d = &sciifdata.Disagreement{Stricter: map[string]int{}}
				dis[cid] = d
			}
			if !v.Answered || cv == nil {
				continue
			}
			tallyJudges(d, cv, judges, p)
		}
	}
	ps := sciifdata.PolicyScores{
		Items:       len(bench.Items),
		Correct:     correct.rate(),
		Compliant:   compliant.rate(),
		Multi:       multi.rate(),
		Single:      single.rate(),
		Constraints: rates(cons),
		Families:    rates(fams),
		ByK:         map[string]board.Rate{},
		Quadrant:    q,
		Judges:      map[string]sciifdata.Disagreement{},
	}
	for k, c := range byK {
		ps.ByK[strconv.Itoa(k)] = c.rate()
	}
	for k, d := range dis {
		for _, j := range judges {
			if _, ok := d.Stricter[j]; !ok {
				d.Stricter[j] = 0
			}
		}
		ps.Judges[k] = *d
	}
	return ps
}

// counterOf is m's counter for key k, added to m at zero if m has none.
func counterOf(m map[string]*counter, k string) *counter {
	c := m[k]
	if c == nil {
		c = &counter{}
		m[k] = c
	}
	return c
}

// rates is the rate of each of m's counters, by the same keys.
func rates(m map[string]*counter) map[string]board.Rate {
	r := map[string]board.Rate{}
	for k, c := range m {
		r[k] = c.rate()
	}
	return r
}

// addQuadrant counts an answer in its cell of q: correct or not, by
// compliant or not.
func addQuadrant(q *sciifdata.Quadrant, correct, compliant bool) {
	switch {
	case correct && compliant:
		q.CorrectCompliant++
	case correct:
		q.CorrectNonCompliant++
	case compliant:
		q.IncorrectCompliant++
	default:
		q.IncorrectNonCompliant++
	}
}

// tallyJudges adds an audited constraint verdict cv to its constraint's
// disagreement d: its rule overrides and, where the judges split under
// policy p, a disagreement and each stricter judge (judges names them by
// position).
func tallyJudges(d *sciifdata.Disagreement, cv *sciifdata.ConstraintVerdict, judges []string, p board.Policy) {
	d.Audited++
	d.RuleOverrides += cv.Overridden
	jv := cv.JudgeStrict
	if p == board.Loose {
		jv = cv.JudgeLoose
	}
	anyYes, anyNo := false, false
	for _, b := range jv {
		anyYes = anyYes || b
		anyNo = anyNo || !b
	}
	if anyYes && anyNo {
		d.Disagree++
		for k, b := range jv {
			if !b && k < len(judges) {
				d.Stricter[judges[k]]++
			}
		}
	}
}

// Less orders the board under policy p: rank, then compliance, then
// correctness (both descending), then id.
func Less(a, b *sciifdata.ModelScores, p board.Policy) bool {
	pa, pb := a.Policy(p), b.Policy(p)
	if pa != nil && pb != nil {
		if pa.Rank != pb.Rank {
			return pa.Rank < pb.Rank
		}
		if pa.Compliant.Pass != pb.Compliant.Pass {
			return pa.Compliant.Pass > pb.Compliant.Pass
		}
		if pa.Correct.Pass != pb.Correct.Pass {
			return pa.Correct.Pass > pb.Correct.Pass
		}
	}
	return a.ID < b.ID
}

// PoolDisagreement adds up the models' judge disagreement per constraint
// under p: audited and disagreeing enablements, rule overrides, and per
// judge how often it was the stricter one. Models without scores under p
// are left out.
func PoolDisagreement(models []*sciifdata.ModelScores, p board.Policy) map[string]sciifdata.Disagreement {
	out := map[string]sciifdata.Disagreement{}
	for _, m := range models {
		ps := m.Policy(p)
		if ps == nil {
			continue
		}
		for id, d := range ps.Judges {
			o := out[id]
			o.Audited += d.Audited
			o.Disagree += d.Disagree
			o.RuleOverrides += d.RuleOverrides
			if o.Stricter == nil {
				o.Stricter = map[string]int{}
			}
			for j, n := range d.Stricter {
				o.Stricter[j] += n
			}
			out[id] = o
		}
	}
	return out
}
