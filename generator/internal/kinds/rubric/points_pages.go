package rubric

// The pages of a point-weighted board: the board (mean score with its
// interval, per-tag scores, the share of tasks that hit a negative
// criterion, judge disagreements, and every task's score per model) and
// one page per task (the conversation turn by turn, the rubric with its
// points, and per model the criteria met and missed with their points).

import (
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/render"
)

type pointsBoardView struct {
	Head          render.SortHead
	Name, Dir     string
	Tasks, Judges int
	Rows          []pointsRow
	Tags          []string
	TagRows       []pointsTagRow
	Models        []render.ModelName
	TaskRows      []pointsTaskRow
}

type pointsRow struct {
	Rank          render.RankCell
	Name          render.BoardName
	Score         meanView
	Negative      render.RateView
	PointsMet     int
	Disagreements int
}

type pointsTagRow struct {
	Model render.ModelName
	Cells []string
}

type pointsTaskRow struct {
	ID, Href string
	Positive int
	Cells    []string
}

func (s *site) pointsBoardPage() (board.File, error) {
	b, bn := s.b, s.b.bench
	v := pointsBoardView{Name: bn.spec.Title, Dir: s.dir, Tasks: len(bn.tasks), Judges: bn.judges, Tags: bn.tags(),
		Head: render.SortHead{Caption: bn.spec.Title + " scores; column headers sort the table", Cols: []render.SortCol{
			{Key: "rank", Label: "Rank", Title: "Paired sign test on task scores", Sorted: true},
			{Key: "model", Label: "Model", Class: "sticky"},
			{Key: "score", Label: "Mean score", Class: "num", Title: "Mean over tasks of points met over positive points, clipped to [0, 1]"},
			{Key: "negative", Label: "Tasks hitting a negative criterion", Class: "num", Title: "Tasks where a criterion with negative points was met, over all tasks"},
			{Key: "points", Label: "Points met", Class: "num", Title: "Points of every criterion met, summed over tasks"},
			{Key: "disagree", Label: "Judge disagreements", Class: "num", Title: "Criteria on which the judges disagreed (counted as not met)"},
		}}}
	for mi, r := range b.runs {
		m := r.points
		tied := false
		for _, o := range b.runs {
			tied = tied || (o.id != r.id && o.points.Rank == m.Rank)
		}
		v.Models = append(v.Models, s.links[mi])
		v.Rows = append(v.Rows, pointsRow{Rank: render.RankCell{Label: render.RankLabel(m.Rank, tied), Sort: m.Rank},
			Name: render.BoardName{Model: s.links[mi], Root: render.RootOf(s.home), Complete: m.Complete, Answered: m.Answered, Of: len(bn.tasks)}, Score: scoreMean(m.MeanScore, m.MeanScoreCI95),
			Negative: render.NewRate(m.NegativeRate), PointsMet: m.PointsMet, Disagreements: m.Disagreements})
		tr := pointsTagRow{Model: s.links[mi]}
		for _, tag := range v.Tags {
			cell := "—"
			for _, ts := range m.Tags {
				if ts.Tag == tag {
					cell = fmt.Sprintf("%.3f", ts.Score)
				}
			}
			tr.Cells = append(tr.Cells, cell)
		}
		v.TagRows = append(v.TagRows, tr)
	}
	s.showTokens(&v.Head, len(v.Rows), func(i int) *render.BoardName { return &v.Rows[i].Name })
	for ti := range bn.tasks {
		row := pointsTaskRow{ID: bn.tasks[ti].ID, Href: s.taskHref(ti), Positive: bn.tasks[ti].Positive()}
		for _, r := range b.runs {
			if r.results[ti].answered {
				row.Cells = append(row.Cells, fmt.Sprintf("%.2f", r.points.TaskScores[ti]))
			} else {
				row.Cells = append(row.Cells, "—")
			}
		}
		v.TaskRows = append(v.TaskRows, row)
	}
	return s.Render("rubric/points", s.home, render.Page{
		Title:       bn.spec.Title,
		Description: bn.spec.Title + ": point-weighted rubric scores, per tag, with the tasks that hit a negative criterion.",
		Nav:         b.navKey(), Body: v,
	})
}

// scoreMean is a score in [0, 1] with its interval, for a table cell.
func scoreMean(v float64, ci [2]float64) meanView {
	return meanView{Text: fmt.Sprintf("%.3f", v), CI: fmt.Sprintf("%.3f–%.3f", ci[0], ci[1]), Sort: fmt.Sprintf("%.6f", v), Shade: render.Shade(v)}
}

type pointsCriterion struct {
	ID, Text, Points string
	Negative         bool
	Tags             []string
}

type pointsCheck struct {
	ID, Points string
	Negative   bool
	Met        bool
	Disagree   bool
	Votes      []voteView
}

type pointsAnswer struct {
	Model         render.ModelName
	Anchor        string
	Answered      bool
	Score         string
	Got, Positive int
	Shown         render.ResponseView
	Judges        []string
	Met, Missed   []pointsCheck
	Disagreements int
}

type pointsTaskView struct {
	Pager    render.CasePager
	Name, ID string
	Ask      render.Ask
	Positive int
	Criteria []pointsCriterion
	Answers  []pointsAnswer
}

func signed(n int) string { return fmt.Sprintf("%+d", n) }

func (s *site) pointsTaskPage(ti int) (board.File, error) {
	b, bn := s.b, s.b.bench
	t := &bn.tasks[ti]
	v := pointsTaskView{Name: bn.spec.Title, ID: t.ID, Positive: t.Positive(), Pager: s.taskPager(ti),
		Ask: render.Ask{Turns: chat.Turns(t.Conversation()), Note: "The model answers the last turn; the judges see the whole conversation, the response and the criteria."}}
	for _, c := range t.Criteria {
		v.Criteria = append(v.Criteria, pointsCriterion{ID: c.ID, Text: c.Text, Points: signed(*c.Points), Negative: *c.Points < 0, Tags: c.Tags})
	}
	for mi, r := range b.runs {
		res := &r.results[ti]
		a := pointsAnswer{Model: s.links[mi], Anchor: "m-" + s.slugs[mi], Answered: res.answered, Positive: t.Positive(), Judges: r.judges, Score: "0"}
		if res.answered {
			a.Score = fmt.Sprintf("%.3f", r.points.TaskScores[ti])
			a.Shown = s.Response(res.response, s.taskHref(ti), s.slugs[mi], bn.spec.Name, t.ID)
		}
		for c, cr := range t.Criteria {
			pc := pointsCheck{ID: cr.ID, Points: signed(*cr.Points), Negative: *cr.Points < 0, Met: res.sat[c]}
			if res.answered {
				pc.Disagree = c < len(res.yes) && res.yes[c] > 0 && res.yes[c] < len(r.judges)
				for j := range r.judges {
					var ans Answer
					if j < len(res.votes) && c < len(res.votes[j]) {
						ans = res.votes[j][c]
					}
					vv := voteView{Yes: ans.Verdict == Yes, Verdict: ans.Verdict.String(), Reason: ans.Reason}
					if ans.Verdict != Yes && ans.Verdict != No {
						vv.Reason = "counts as NO"
					}
					pc.Votes = append(pc.Votes, vv)
				}
			}
			if pc.Disagree {
				a.Disagreements++
			}
			if pc.Met {
				a.Got += *cr.Points
				a.Met = append(a.Met, pc)
			} else {
				a.Missed = append(a.Missed, pc)
			}
		}
		v.Answers = append(v.Answers, a)
	}
	return s.Render("rubric/points-task", s.taskHref(ti), render.Page{
		Title:       bn.spec.Title + " task " + t.ID,
		Description: bn.spec.Title + " task " + t.ID + ": the conversation, its point-weighted rubric and every model's response, graded by the judges.",
		NoIndex:     !bn.spec.IndexItems, Nav: b.navKey(), Body: v,
	})
}

// pointsPages renders a point-weighted board's pages and downloads.
func (b *Board) pointsPages(rs *render.Site, s *site) error {
	f, err := s.pointsBoardPage()
	if err != nil {
		return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
	}
	rs.Add(f)
	for i := range b.bench.tasks {
		f, err := s.pointsTaskPage(i)
		if err != nil {
			return fmt.Errorf("%s: %w", b.bench.spec.Name, err)
		}
		rs.Add(f)
	}
	csv, err := render.MarshalCSV(s.dir+"/leaderboard.csv", b.pointRows())
	if err != nil {
		return err
	}
	verdicts, err := render.MarshalCSV(s.dir+"/verdicts.csv", b.verdictRows())
	if err != nil {
		return err
	}
	js, err := render.MarshalJSON(s.dir+"/scores.json", b.pointScores())
	if err != nil {
		return err
	}
	items, err := render.MarshalJSON(s.dir+"/tasks.json", b.bench.tasks)
	if err != nil {
		return err
	}
	rs.Add(csv, verdicts, js, items)
	rs.AddDownloads(b.bench.spec.Title, []render.Download{
		{Href: s.dir + "/leaderboard.csv", What: "one row per model: mean score with its 95% Student t interval, rank, tasks that hit a negative criterion, raw points met and judge disagreements."},
		{Href: s.dir + "/scores.json", What: "the whole board, identical to <code>sciif score --format json</code> on this benchmark: per model the figures above, every task’s score and the per-tag scores."},
		{Href: s.dir + "/verdicts.csv", What: "every verdict: one row per model, task and criterion with each judge’s verdict and whether the criterion is met."},
		{Href: s.dir + "/tasks.json", What: "the tasks: each conversation (its messages, role and content) and its criteria with points and tags."},
	}, []render.Download{
		{Href: s.home, What: "the board."},
		{Href: s.dir + "/<task id>.html", What: "a task: the conversation, its criteria and points, and every response with the criteria met and missed; <code>#m-&lt;model&gt;</code> jumps to one model."},
	})
	sc := b.pointScores()
	m, err := rs.Fragment("rubric/points-methodology", struct {
		Title                             string
		Tasks, Criteria, Negative, Judges int
		Intervals                         string
	}{b.bench.spec.Title, sc.Tasks, sc.Criteria, sc.Negative, sc.Judges, PointIntervals})
	if err != nil {
		return err
	}
	rs.AddMethodology(m)
	return nil
}

// pointsSummary is how model id does on a point-weighted board, for
// another board's model page.
func (b *Board) pointsSummary(rs *render.Site, id string) []render.OtherRow {
	home := rs.Home(b.bench.spec.Name)
	title := b.bench.spec.Title
	for _, r := range b.runs {
		if r.id != id {
			continue
		}
		m := scoreMean(r.points.MeanScore, r.points.MeanScoreCI95)
		return []render.OtherRow{{Bench: title, Href: home, Metric: "Mean score", Title: "Mean over tasks of points met over positive points, clipped to [0, 1], with a Student t interval; no Loose policy on rubric boards",
			S: render.RateView{Pct: m.Text, CI: m.CI, Sort: m.Sort, Shade: m.Shade}, L: render.MissingRate()}}
	}
	return []render.OtherRow{{Bench: title, Href: home, Absent: true}}
}

// showTokens adds the badges, and the Tokens column when some model has
// tokens, to a board of the runs in order whose i-th row's name is
// name(i) (render.ShowTokens).
func (s *site) showTokens(head *render.SortHead, n int, name func(i int) *render.BoardName) {
	names := make([]*render.BoardName, n)
	cells := make([]render.TokensCell, n)
	for i := range n {
		names[i], cells[i] = name(i), s.b.runs[i].tokens
	}
	render.ShowTokens(head, names, cells)
}
