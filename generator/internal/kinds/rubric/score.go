package rubric

import (
	"fmt"
	"math"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// ModelScores is one model's scores on a rubric board: the public JSON
// contract of rubric boards (`sciif score --format json`, scores.json).
// Field names never change.
type ModelScores struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Rank     int    `json:"rank"`
	Tasks    int    `json:"tasks"`
	Answered int    `json:"answered"`
	Complete bool   `json:"complete"`
	// PerfectTasks counts the tasks whose every criterion is satisfied
	// (Complex-IF's Table 1); PerfectTaskRate is over all tasks, with its
	// Wilson interval.
	PerfectTasks    int        `json:"perfect_tasks"`
	PerfectTaskRate board.Rate `json:"perfect_task_rate"`
	// MeanCriterionPass is the mean over tasks of satisfied/criteria of
	// the task (Table 3), with a Student t 95% interval over tasks.
	MeanCriterionPass     float64    `json:"mean_criterion_pass"`
	MeanCriterionPassCI95 [2]float64 `json:"mean_criterion_pass_ci95"`
	// MeanReward is the mean over tasks of equation 1's reward, with a
	// Student t 95% interval over tasks.
	MeanReward     float64    `json:"mean_reward"`
	MeanRewardCI95 [2]float64 `json:"mean_reward_ci95"`
	// Criteria pools every criterion of every task.
	Criteria   Count      `json:"criteria"`
	Categories Categories `json:"categories"`
	// ByCriteria is the perfect-task rate by number of criteria, binned:
	// the collapse curve.
	ByCriteria []Bin `json:"by_criteria"`
}

// Count is satisfied criteria over criteria, pooled over tasks, with the
// Wilson interval of the rate.
type Count struct {
	Satisfied int        `json:"satisfied"`
	Total     int        `json:"total"`
	Rate      float64    `json:"rate"`
	CI95      [2]float64 `json:"ci95"`
}

// Categories are the pooled counts of each category. For dodged, a
// satisfied criterion is a misconception avoided.
type Categories struct {
	Primary Count `json:"primary"`
	Extra   Count `json:"extra"`
	Dodged  Count `json:"dodged"`
}

func (c *Categories) of(cat string) *Count {
	switch cat {
	case Extra:
		return &c.Extra
	case Dodged:
		return &c.Dodged
	}
	return &c.Primary
}

// Bin is the perfect-task rate of the tasks with Lo to Hi criteria.
type Bin struct {
	// Criteria labels the bin: "10–14", or "40" for one count.
	Criteria string     `json:"criteria"`
	Lo       int        `json:"lo"`
	Hi       int        `json:"hi"`
	Perfect  board.Rate `json:"perfect"`
}

// BinWidth is the width of the collapse curve's bins, in criteria.
const BinWidth = 5

// binOf is the bin of a task with n criteria: [5k, 5k+4], clipped at the
// benchmark's largest count max.
func binOf(n, max int) (lo, hi int) {
	lo = n / BinWidth * BinWidth
	return lo, min(lo+BinWidth-1, max)
}

func binLabel(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d–%d", lo, hi)
}

// Reward is equation 1 of Complex-IF for one answered task:
//
//	r = PI + α·EC − β·DB
//
// PI is the share of the Primary Intent criteria satisfied, EC the share
// of Extra Credit criteria satisfied, DB the share of Dodged Bullet
// criteria violated (not satisfied); a term whose category has no
// criterion in the task is 0.
func Reward(t *Task, sat []bool, alpha, beta float64) float64 {
	var n, s [3]int
	for c, cr := range t.Criteria {
		k := catIndex(cr.Category)
		n[k]++
		if sat[c] {
			s[k]++
		}
	}
	frac := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return float64(a) / float64(b)
	}
	return frac(s[0], n[0]) + alpha*frac(s[1], n[1]) - beta*frac(n[2]-s[2], n[2])
}

func catIndex(cat string) int {
	switch cat {
	case Extra:
		return 1
	case Dodged:
		return 2
	}
	return 0
}

// perfect reports whether every criterion is satisfied.
func perfect(sat []bool) bool {
	for _, s := range sat {
		if !s {
			return false
		}
	}
	return true
}

// score computes one model's scores from its results, one per task. An
// unanswered task satisfies no criterion and has reward 0.
func (b *benchmark) score(id, name string, results []result) ModelScores {
	m := ModelScores{ID: id, Name: name, Tasks: len(b.tasks)}
	maxN := b.maxCriteria()
	fracs := make([]float64, len(b.tasks))
	rewards := make([]float64, len(b.tasks))
	bins := map[int]*[2]int{}
	var binOrder []int
	for i := range b.tasks {
		t := &b.tasks[i]
		r := &results[i]
		lo, _ := binOf(len(t.Criteria), maxN)
		if bins[lo] == nil {
			bins[lo] = &[2]int{}
			binOrder = append(binOrder, lo)
		}
		bins[lo][1]++
		sat := 0
		for c, cr := range t.Criteria {
			cnt := m.Categories.of(cr.Category)
			cnt.Total++
			m.Criteria.Total++
			if r.sat[c] {
				cnt.Satisfied++
				m.Criteria.Satisfied++
				sat++
			}
		}
		fracs[i] = float64(sat) / float64(len(t.Criteria))
		if r.answered {
			m.Answered++
			rewards[i] = Reward(t, r.sat, b.alpha, b.beta)
		}
		if r.answered && perfect(r.sat) {
			m.PerfectTasks++
			bins[lo][0]++
		}
	}
	m.Complete = m.Answered == m.Tasks
	m.PerfectTaskRate = score.NewRate(m.PerfectTasks, m.Tasks)
	m.MeanCriterionPass, m.MeanCriterionPassCI95 = MeanCI(fracs)
	m.MeanReward, m.MeanRewardCI95 = MeanCI(rewards)
	m.MeanCriterionPassCI95 = clamp(m.MeanCriterionPassCI95, 0, 1)
	m.MeanRewardCI95 = clamp(m.MeanRewardCI95, -b.beta, 1+b.alpha)
	for _, c := range []*Count{&m.Criteria, &m.Categories.Primary, &m.Categories.Extra, &m.Categories.Dodged} {
		r := score.NewRate(c.Satisfied, c.Total)
		c.Rate, c.CI95 = r.Rate, r.CI95
	}
	sortInts(binOrder)
	for _, lo := range binOrder {
		_, hi := binOf(lo, maxN)
		m.ByCriteria = append(m.ByCriteria, Bin{Criteria: binLabel(lo, hi), Lo: lo, Hi: hi, Perfect: score.NewRate(bins[lo][0], bins[lo][1])})
	}
	return m
}

func (b *benchmark) maxCriteria() int {
	n := 0
	for i := range b.tasks {
		n = max(n, len(b.tasks[i].Criteria))
	}
	return n
}

func clamp(ci [2]float64, lo, hi float64) [2]float64 {
	return [2]float64{math.Max(lo, math.Min(hi, ci[0])), math.Max(lo, math.Min(hi, ci[1]))}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// MeanCI returns the mean of xs and its two-sided 95% Student t interval,
// mean ± t(0.975, n−1)·s/√n. The interval is deterministic (no
// resampling). With fewer than two values it is (−Inf, +Inf), which
// callers clamp to the metric's range; with no spread it is the mean.
func MeanCI(xs []float64) (mean float64, ci [2]float64) {
	n := len(xs)
	if n == 0 {
		return 0, [2]float64{math.Inf(-1), math.Inf(1)}
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	if n < 2 {
		return mean, [2]float64{math.Inf(-1), math.Inf(1)}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(n-1))
	half := TQuantile975(n-1) * sd / math.Sqrt(float64(n))
	return mean, [2]float64{mean - half, mean + half}
}

// TQuantile975 is the 0.975 quantile of Student's t distribution with df
// degrees of freedom, found by bisection on the distribution function
// (itself the regularized incomplete beta function).
func TQuantile975(df int) float64 {
	if df < 1 {
		return math.Inf(1)
	}
	v := float64(df)
	// P(T > t) = I_{v/(v+t²)}(v/2, 1/2) / 2; find t where it is 0.025.
	tail := func(t float64) float64 { return incBeta(v/2, 0.5, v/(v+t*t)) / 2 }
	lo, hi := 0.0, 1.0
	for tail(hi) > 0.025 {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if tail(mid) > 0.025 {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-12 {
			break
		}
	}
	return (lo + hi) / 2
}

// incBeta is the regularized incomplete beta function I_x(a, b), by its
// continued fraction (modified Lentz).
func incBeta(a, b, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log(1-x))
	if x > (a+1)/(a+b+2) {
		return 1 - incBeta(b, a, 1-x)
	}
	const tiny = 1e-300
	f, c, d := 1.0, 1.0, 0.0
	for i := 0; i <= 400; i++ {
		m := float64(i / 2)
		var num float64
		switch {
		case i == 0:
			num = 1
		case i%2 == 0:
			num = m * (b - m) * x / ((a + 2*m - 1) * (a + 2*m))
		default:
			num = -(a + m) * (a + b + m) * x / ((a + 2*m) * (a + 2*m + 1))
		}
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		d = 1 / d
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		cd := c * d
		f *= cd
		if math.Abs(1-cd) < 1e-15 {
			break
		}
	}
	return front * (f - 1) / a
}
