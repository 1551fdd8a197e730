package rubric

// Point-weighted rubrics (benchmark.yaml scoring: points), as HealthBench:
// each criterion carries signed whole points and tags, a criterion is met
// when every judge says YES (for a negative criterion, YES means the fault
// is there), and a task scores
//
//	clip( Σ points of the criteria met / Σ positive points, 0, 1 ).
//
// The board reports the mean over tasks (an unanswered task scores 0) with
// its Student t interval, per-tag scores, the share of tasks that hit a
// negative criterion and the judges' disagreements.

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/report"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// TaskScore is a point-weighted task's score given which criteria are
// met: the points of the criteria met over the task's positive points,
// clipped to [0, 1]. Open refuses a task whose positive points sum to 0.
func TaskScore(t *Task, met []bool) float64 {
	pos, got := t.Positive(), 0
	for c, cr := range t.Criteria {
		if met[c] && cr.Points != nil {
			got += *cr.Points
		}
	}
	if pos <= 0 {
		return 0
	}
	return math.Max(0, math.Min(1, float64(got)/float64(pos)))
}

// PointScores is one model's scores on a point-weighted board: the public
// JSON contract of such boards. Field names never change.
type PointScores struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Rank     int    `json:"rank"`
	Tasks    int    `json:"tasks"`
	Answered int    `json:"answered"`
	Complete bool   `json:"complete"`
	// MeanScore is the mean task score over all tasks (an unanswered task
	// scores 0), with a Student t 95% interval over tasks clipped to
	// [0, 1].
	MeanScore     float64    `json:"mean_score"`
	MeanScoreCI95 [2]float64 `json:"mean_score_ci95"`
	// TaskScores holds each task's score, in benchmark order.
	TaskScores []float64 `json:"task_scores"`
	// NegativeTasks counts the answered tasks where a criterion with
	// negative points was met; NegativeRate is over all tasks, with its
	// Wilson interval.
	NegativeTasks int        `json:"negative_tasks"`
	NegativeRate  board.Rate `json:"negative_rate"`
	// PointsMet sums the points of every criterion met, over all tasks.
	PointsMet int `json:"points_met"`
	// Disagreements counts the criteria of answered tasks on which the
	// judges disagreed (some said YES, not all): counted as not met.
	Disagreements int `json:"disagreements"`
	// Tags is the score per tag, in tag order.
	Tags []TagScore `json:"tags"`
}

// TagScore is a model's score on the criteria carrying one tag: per task
// with such criteria of positive points, the task score computed on those
// criteria alone, averaged over those tasks.
type TagScore struct {
	Tag   string  `json:"tag"`
	Tasks int     `json:"tasks"`
	Score float64 `json:"score"`
}

// tagged is task t's criteria restricted to tag, as a task of its own
// (nil if none has positive points).
func tagged(t *Task, tag string) (*Task, []int) {
	sub := &Task{ID: t.ID}
	var idx []int
	for c, cr := range t.Criteria {
		for _, g := range cr.Tags {
			if g == tag {
				sub.Criteria = append(sub.Criteria, cr)
				idx = append(idx, c)
				break
			}
		}
	}
	if sub.Positive() <= 0 {
		return nil, nil
	}
	return sub, idx
}

// tags lists every tag of the benchmark, sorted.
func (b *benchmark) tags() []string {
	seen := map[string]bool{}
	var out []string
	for i := range b.tasks {
		for _, c := range b.tasks[i].Criteria {
			for _, g := range c.Tags {
				if !seen[g] {
					seen[g] = true
					out = append(out, g)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// pointScores scores one model's results on a point-weighted benchmark.
func (b *benchmark) pointScores(id, name string, results []result, judges int) PointScores {
	m := PointScores{ID: id, Name: name, Tasks: len(b.tasks), TaskScores: make([]float64, len(b.tasks)), Tags: []TagScore{}}
	for i := range b.tasks {
		t, r := &b.tasks[i], &results[i]
		if !r.answered {
			continue
		}
		m.Answered++
		m.TaskScores[i] = TaskScore(t, r.sat)
		neg := false
		for c, cr := range t.Criteria {
			if r.sat[c] {
				m.PointsMet += *cr.Points
				neg = neg || *cr.Points < 0
			}
			if c < len(r.yes) && r.yes[c] > 0 && r.yes[c] < judges {
				m.Disagreements++
			}
		}
		if neg {
			m.NegativeTasks++
		}
	}
	m.Complete = m.Answered == m.Tasks
	m.MeanScore, m.MeanScoreCI95 = MeanCI(m.TaskScores)
	m.MeanScoreCI95 = clamp(m.MeanScoreCI95, 0, 1)
	m.NegativeRate = score.NewRate(m.NegativeTasks, m.Tasks)
	for _, tag := range b.tags() {
		ts := TagScore{Tag: tag}
		sum := 0.0
		for i := range b.tasks {
			sub, idx := tagged(&b.tasks[i], tag)
			if sub == nil {
				continue
			}
			ts.Tasks++
			if !results[i].answered {
				continue
			}
			met := make([]bool, len(idx))
			for k, c := range idx {
				met[k] = results[i].sat[c]
			}
			sum += TaskScore(sub, met)
		}
		if ts.Tasks > 0 {
			ts.Score = sum / float64(ts.Tasks)
			m.Tags = append(m.Tags, ts)
		}
	}
	return m
}

// rankPoints ranks the runs of a point-weighted board as every board
// ranks: one plus the number of models that beat a model significantly, a
// higher mean score and a two-sided exact sign test on the paired task
// scores (tasks where one scores higher than the other) below
// score.Alpha. Then it puts them in board order: mean score, then id.
func rankPoints(runs []*run) {
	for i, r := range runs {
		rank := 1
		for j, o := range runs {
			if i == j || o.points.MeanScore <= r.points.MeanScore {
				continue
			}
			n := len(r.points.TaskScores)
			a, c := make([]bool, n), make([]bool, n)
			for k := range n {
				a[k] = o.points.TaskScores[k] > r.points.TaskScores[k]
				c[k] = r.points.TaskScores[k] > o.points.TaskScores[k]
			}
			if score.McNemar(a, c) < score.Alpha {
				rank++
			}
		}
		r.points.Rank = rank
	}
	sort.SliceStable(runs, func(i, j int) bool {
		a, c := runs[i].points, runs[j].points
		if a.MeanScore != c.MeanScore {
			return a.MeanScore > c.MeanScore
		}
		return a.ID < c.ID
	})
}

// PointIntervals says how a point-weighted board's intervals are made.
const PointIntervals = "95%: Student t interval over tasks for mean_score (mean ± t(0.975, n−1)·s/√n, clipped to [0, 1]; deterministic, no resampling); Wilson score interval for negative_rate"

// PointBoardScores is a point-weighted board as `sciif score --format json`
// prints it and scores.json holds it.
type PointBoardScores struct {
	Benchmark string `json:"benchmark"`
	Kind      string `json:"kind"`
	Scoring   string `json:"scoring"`
	Title     string `json:"title"`
	Tasks     int    `json:"tasks"`
	// Criteria counts the criteria, Negative those with negative points.
	Criteria  int           `json:"criteria"`
	Negative  int           `json:"negative"`
	Judges    int           `json:"judges"`
	Intervals string        `json:"intervals"`
	Models    []PointScores `json:"models"`
}

func (b *Board) pointScores() *PointBoardScores {
	s := &PointBoardScores{Benchmark: b.bench.spec.Name, Kind: Kind.Name, Scoring: "points", Title: b.bench.spec.Title, Tasks: len(b.bench.tasks),
		Judges: b.bench.judges, Intervals: PointIntervals, Models: []PointScores{}}
	for i := range b.bench.tasks {
		for _, c := range b.bench.tasks[i].Criteria {
			s.Criteria++
			if *c.Points < 0 {
				s.Negative++
			}
		}
	}
	for _, r := range b.runs {
		s.Models = append(s.Models, *r.points)
	}
	return s
}

// PointRow is one line of a point-weighted board's CSV.
type PointRow struct {
	Benchmark     report.Text `csv:"benchmark"`
	Rank          int         `csv:"rank"`
	ID            report.Text `csv:"id"`
	Name          report.Text `csv:"name"`
	Tasks         int         `csv:"tasks"`
	Answered      int         `csv:"answered"`
	MeanScore     float64     `csv:"mean_score"`
	MeanScoreLo   float64     `csv:"mean_score_lo"`
	MeanScoreHi   float64     `csv:"mean_score_hi"`
	NegativeTasks int         `csv:"negative_tasks"`
	NegativeRate  float64     `csv:"negative_rate"`
	PointsMet     int         `csv:"points_met"`
	Disagreements int         `csv:"judge_disagreements"`
}

func (b *Board) pointRows() []PointRow {
	out := []PointRow{}
	for _, r := range b.runs {
		m := r.points
		out = append(out, PointRow{Benchmark: report.Text(b.bench.spec.Name), Rank: m.Rank, ID: report.Text(m.ID), Name: report.Text(m.Name), Tasks: m.Tasks, Answered: m.Answered,
			MeanScore: m.MeanScore, MeanScoreLo: m.MeanScoreCI95[0], MeanScoreHi: m.MeanScoreCI95[1],
			NegativeTasks: m.NegativeTasks, NegativeRate: m.NegativeRate.Rate, PointsMet: m.PointsMet, Disagreements: m.Disagreements})
	}
	return out
}

func (b *Board) writePoints(w io.Writer, format string) error {
	switch format {
	case "json":
		return report.JSON(w, b.pointScores())
	case "csv":
		return report.CSV(w, b.pointRows())
	}
	bn := b.bench
	fmt.Fprintf(w, "%s (%d tasks; score = points met / positive points, clipped to [0, 1]; %d judges must all say YES)\n", bn.spec.Title, len(bn.tasks), bn.judges)
	fmt.Fprintf(w, "%-5s %-40s %8s %17s %9s %9s\n", "rank", "model", "score", "95% interval", "negative", "disagree")
	for _, r := range b.runs {
		m := r.points
		fmt.Fprintf(w, "%-5d %-40s %8.3f   [%.3f, %.3f] %8.1f%% %9d\n", m.Rank, m.ID, m.MeanScore, m.MeanScoreCI95[0], m.MeanScoreCI95[1], 100*m.NegativeRate.Rate, m.Disagreements)
	}
	return nil
}

// PointHeadline is a model's figures on a point-weighted board.
type PointHeadline struct {
	MeanScore    float64 `json:"mean_score"`
	NegativeRate float64 `json:"negative_rate"`
	Rank         int     `json:"rank"`
	Of           int     `json:"of"`
}

func (b *Board) pointHeadline(id string) ([]string, any) {
	for _, r := range b.runs {
		if r.id != id {
			continue
		}
		m := r.points
		h := PointHeadline{m.MeanScore, m.NegativeRate.Rate, m.Rank, len(b.runs)}
		return []string{fmt.Sprintf("mean score %.3f [%.3f, %.3f]  tasks hitting a negative criterion %5.1f%%  rank %d of %d",
			m.MeanScore, m.MeanScoreCI95[0], m.MeanScoreCI95[1], 100*h.NegativeRate, h.Rank, h.Of)}, h
	}
	return nil, nil
}
