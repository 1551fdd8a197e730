package rubric

import (
	"fmt"
	"io"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/report"
	"github.com/sciif/leaderboard/generator/internal/score"
)

func (b *benchmark) Spec() *kind.Spec { return &b.spec }
func (b *benchmark) Size() int        { return len(b.tasks) }

// Rank scores the board: ranks from the paired test (exact McNemar) on
// per-task perfect outcomes, as every board ranks; board order by perfect
// tasks, then mean per-criterion pass rate, then id.
func (b *benchmark) Rank(runs []kind.Run, opt kind.Options) (kind.Board, error) {
	out := &Board{bench: b}
	for _, kr := range runs {
		out.runs = append(out.runs, kr.(*run))
	}
	if b.points {
		rankPoints(out.runs)
		return out, nil
	}
	pass := make([]int, len(out.runs))
	vecs := make([][]bool, len(out.runs))
	for i, r := range out.runs {
		pass[i] = r.scores.PerfectTasks
		vecs[i] = make([]bool, len(b.tasks))
		for t := range b.tasks {
			vecs[i][t] = r.results[t].answered && perfect(r.results[t].sat)
		}
	}
	for i, rk := range score.Ranks(pass, vecs) {
		out.runs[i].scores.Rank = rk
	}
	sort.SliceStable(out.runs, func(i, j int) bool {
		a, c := &out.runs[i].scores, &out.runs[j].scores
		if a.PerfectTasks != c.PerfectTasks {
			return a.PerfectTasks > c.PerfectTasks
		}
		if a.MeanCriterionPass != c.MeanCriterionPass {
			return a.MeanCriterionPass > c.MeanCriterionPass
		}
		return a.ID < c.ID
	})
	return out, nil
}

// Board is a scored rubric board.
type Board struct {
	bench *benchmark
	// runs are in board order.
	runs []*run
}

// Scores is the board as `sciif score --format json` prints it.
func (b *Board) Scores() *Scores {
	s := &Scores{Benchmark: b.bench.spec.Name, Kind: Kind.Name, Title: b.bench.spec.Title, Tasks: len(b.bench.tasks),
		Alpha: b.bench.alpha, Beta: b.bench.beta, Judges: b.bench.judges, Intervals: Intervals, Models: []ModelScores{}, Reported: b.bench.reported}
	s.Criteria = map[string]int{Primary: 0, Extra: 0, Dodged: 0}
	for i := range b.bench.tasks {
		for _, c := range b.bench.tasks[i].Criteria {
			s.Criteria[c.Category]++
		}
	}
	for _, r := range b.runs {
		s.Models = append(s.Models, r.scores)
	}
	return s
}

// Intervals says how the board's intervals are computed.
const Intervals = "95%: Wilson score intervals for rates (perfect tasks, criteria, categories, bins); Student t intervals over tasks for mean_criterion_pass and mean_reward (mean ± t(0.975, n−1)·s/√n, clipped to the metric's range; deterministic, no resampling)"

// Scores is a rubric board's JSON: the benchmark's facts and one
// ModelScores per model in board order.
type Scores struct {
	Benchmark string `json:"benchmark"`
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Tasks     int    `json:"tasks"`
	// Criteria counts the benchmark's criteria by category.
	Criteria  map[string]int `json:"criteria"`
	Alpha     float64        `json:"alpha"`
	Beta      float64        `json:"beta"`
	Judges    int            `json:"judges"`
	Intervals string         `json:"intervals"`
	Models    []ModelScores  `json:"models"`
	// Reported holds the published figures of reported.yaml: reported,
	// not rescored, never ranked.
	Reported *Reported `json:"reported,omitempty"`
}

func (b *Board) Models() []string {
	ids := make([]string, len(b.runs))
	for i, r := range b.runs {
		ids[i] = r.id
	}
	return ids
}

// Headline is a model's headline figures, for sciif validate.
type Headline struct {
	PerfectTaskRate   float64 `json:"perfect_task_rate"`
	MeanCriterionPass float64 `json:"mean_criterion_pass"`
	MeanReward        float64 `json:"mean_reward"`
	Rank              int     `json:"rank"`
	Of                int     `json:"of"`
}

func (b *Board) Headline(id string) ([]string, any) {
	if b.bench.points {
		return b.pointHeadline(id)
	}
	for _, r := range b.runs {
		if r.id != id {
			continue
		}
		m := &r.scores
		h := Headline{m.PerfectTaskRate.Rate, m.MeanCriterionPass, m.MeanReward, m.Rank, len(b.runs)}
		return []string{fmt.Sprintf("perfect tasks %5.1f%% (%d/%d)  mean criterion pass %5.1f%%  mean reward %.3f  rank %d of %d",
			100*h.PerfectTaskRate, m.PerfectTasks, m.Tasks, 100*h.MeanCriterionPass, h.MeanReward, h.Rank, h.Of)}, h
	}
	return nil, nil
}

// LeaderboardRow is one line of the board's CSV download and `sciif
// score --format csv`.
type LeaderboardRow struct {
	Benchmark         report.Text `csv:"benchmark"`
	Rank              int         `csv:"rank"`
	ID                report.Text `csv:"id"`
	Name              report.Text `csv:"name"`
	Tasks             int         `csv:"tasks"`
	Answered          int         `csv:"answered"`
	PerfectTasks      int         `csv:"perfect_tasks"`
	PerfectTaskRate   float64     `csv:"perfect_task_rate"`
	PerfectLo         float64     `csv:"perfect_task_rate_lo"`
	PerfectHi         float64     `csv:"perfect_task_rate_hi"`
	MeanCriterionPass float64     `csv:"mean_criterion_pass"`
	MeanCriterionLo   float64     `csv:"mean_criterion_pass_lo"`
	MeanCriterionHi   float64     `csv:"mean_criterion_pass_hi"`
	MeanReward        float64     `csv:"mean_reward"`
	MeanRewardLo      float64     `csv:"mean_reward_lo"`
	MeanRewardHi      float64     `csv:"mean_reward_hi"`
	PrimarySatisfied  int         `csv:"primary_satisfied"`
	PrimaryTotal      int         `csv:"primary_total"`
	ExtraSatisfied    int         `csv:"extra_satisfied"`
	ExtraTotal        int         `csv:"extra_total"`
	DodgedSatisfied   int         `csv:"dodged_satisfied"`
	DodgedTotal       int         `csv:"dodged_total"`
}

func (b *Board) rows() []LeaderboardRow {
	out := []LeaderboardRow{}
	for _, r := range b.runs {
		m := &r.scores
		c := &m.Categories
		out = append(out, LeaderboardRow{Benchmark: report.Text(b.bench.spec.Name), Rank: m.Rank, ID: report.Text(m.ID), Name: report.Text(m.Name), Tasks: m.Tasks, Answered: m.Answered,
			PerfectTasks: m.PerfectTasks, PerfectTaskRate: m.PerfectTaskRate.Rate, PerfectLo: m.PerfectTaskRate.CI95[0], PerfectHi: m.PerfectTaskRate.CI95[1],
			MeanCriterionPass: m.MeanCriterionPass, MeanCriterionLo: m.MeanCriterionPassCI95[0], MeanCriterionHi: m.MeanCriterionPassCI95[1],
			MeanReward: m.MeanReward, MeanRewardLo: m.MeanRewardCI95[0], MeanRewardHi: m.MeanRewardCI95[1],
			PrimarySatisfied: c.Primary.Satisfied, PrimaryTotal: c.Primary.Total, ExtraSatisfied: c.Extra.Satisfied, ExtraTotal: c.Extra.Total,
			DodgedSatisfied: c.Dodged.Satisfied, DodgedTotal: c.Dodged.Total})
	}
	return out
}

func (b *Board) Write(w io.Writer, format string, opt kind.Options) error {
	if b.bench.points {
		return b.writePoints(w, format)
	}
	switch format {
	case "json":
		return report.JSON(w, b.Scores())
	case "csv":
		return report.CSV(w, b.rows())
	}
	bn := b.bench
	fmt.Fprintf(w, "%s (%d tasks; r = PI + %g·EC − %g·DB; %d judges must all say YES)\n", bn.spec.Title, len(bn.tasks), bn.alpha, bn.beta, bn.judges)
	fmt.Fprintf(w, "%-5s %-40s %9s %9s %8s %8s %8s %8s\n", "rank", "model", "perfect", "criteria", "reward", "primary", "extra", "dodged")
	for _, r := range b.runs {
		m := &r.scores
		c := &m.Categories
		fmt.Fprintf(w, "%-5d %-40s %8.1f%% %8.1f%% %8.3f %7.1f%% %7.1f%% %7.1f%%\n", m.Rank, m.ID, 100*m.PerfectTaskRate.Rate, 100*m.MeanCriterionPass, m.MeanReward,
			100*c.Primary.Rate, 100*c.Extra.Rate, 100*c.Dodged.Rate)
	}
	return nil
}
