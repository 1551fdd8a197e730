package sciif

// The constraints page: the paper's Table 1 layout.

import (
	"sort"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// consCol is one column of the per-constraint table: a constraint or a
// family average.
type consCol struct {
	Family string
	ID     string
	Abbrev string
	Name   string
	N      int
	Avg    bool
}

type consRow struct {
	Model render.Link
	Cells []render.RatePair
	// Reported marks published figures, not rescored.
	Reported bool
}

type consSection struct {
	ID    string
	Label string
	Rows  []consRow
}

type pointInfo struct {
	N     int
	Main  bool
	Short string
	Text  string
}

type consInfo struct {
	ID          string
	Abbrev      string
	Name        string
	Family      string
	Description string
	Points      []pointInfo
	Enabled     int
	Audited     int
	Disagree    int
	Overrides   int
	Stricter    []judgeCount
}

type judgeCount struct {
	Judge string
	N     int
}

type consHeadGroup struct {
	Name string
	Span int
}

type constraintsView struct {
	Heads    []consHeadGroup
	Cols     []consCol
	Sections []consSection
	Cons     []consInfo
}

func (s *site) consInfo(c sciifdata.Constraint) consInfo {
	ci := consInfo{ID: c.ID, Abbrev: c.Abbrev, Name: c.Name, Family: familyName(c.Family), Description: c.Description, Enabled: s.enabled[c.ID]}
	for _, p := range c.Points {
		ci.Points = append(ci.Points, pointInfo{N: p.N, Main: p.Main, Short: p.Short, Text: p.Text})
	}
	return ci
}

func (s *site) consColumns() ([]consHeadGroup, []consCol, []func(*sciifdata.PolicyScores) (board.Rate, bool)) {
	var heads []consHeadGroup
	var cols []consCol
	var gets []func(*sciifdata.PolicyScores) (board.Rate, bool)
	for _, g := range s.groups {
		n := 0
		for _, c := range g.Cons {
			cols = append(cols, consCol{Family: g.Name, ID: c.ID, Abbrev: c.Abbrev, Name: c.Name, N: s.enabled[c.ID]})
			gets = append(gets, fromMap(constraints, c.ID))
			n += s.enabled[c.ID]
		}
		cols = append(cols, consCol{Family: g.Name, ID: "f-" + string(g.Family), Abbrev: "Avg.", Name: g.Name + " family, pooled over enablements", N: n, Avg: true})
		gets = append(gets, fromMap(families, string(g.Family)))
		heads = append(heads, consHeadGroup{Name: g.Name, Span: len(g.Cons) + 1})
	}
	return heads, cols, gets
}

func (s *site) constraintsPage() (board.File, error) {
	heads, cols, gets := s.consColumns()
	v := constraintsView{Heads: heads, Cols: cols}
	for _, open := range []bool{false, true} {
		sec := consSection{Label: "Closed-weight models"}
		if open {
			sec.Label = "Open-weight models"
		}
		for i := range s.models {
			m := &s.models[i]
			if m.Scores.OpenWeights != open {
				continue
			}
			row := consRow{Model: s.modelLink(m)}
			for _, g := range gets {
				row.Cells = append(row.Cells, pair(m.Scores, g))
			}
			sec.Rows = append(sec.Rows, row)
		}
		if len(sec.Rows) > 0 {
			v.Sections = append(v.Sections, sec)
		}
	}
	if sec := s.reportedConsSection(cols); len(sec.Rows) > 0 {
		v.Sections = append(v.Sections, sec)
	}
	for _, c := range s.cons {
		ci := s.consInfo(c)
		stricter := map[string]int{}
		for i := range s.models {
			if ps := s.models[i].Scores.Strict; ps != nil {
				d := ps.Judges[c.ID]
				ci.Audited += d.Audited
				ci.Disagree += d.Disagree
				ci.Overrides += d.RuleOverrides
				for j, n := range d.Stricter {
					stricter[j] += n
				}
			}
		}
		ci.Stricter = judgeCounts(stricter)
		v.Cons = append(v.Cons, ci)
	}
	return s.exec("constraints", "constraints.html", render.Page{
		Title:       "Per-constraint compliance",
		Description: "Compliance per constraint and family under Strict and Loose, in the layout of the SciIF paper's Table 1.",
		Nav:         "constraints", Body: v,
	})
}

func judgeCounts(m map[string]int) []judgeCount {
	var out []judgeCount
	for j, n := range m {
		out = append(out, judgeCount{Judge: j, N: n})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Judge < out[b].Judge })
	return out
}
