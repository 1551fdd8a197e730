package render

// The cross-benchmark overview (overview.html): one row per model of the
// site, one column per board with a compare page, each cell the board's
// headline with its interval and rank, all read from the boards'
// comparisons (Comparison.Headline). No figure across boards is made up:
// the only count across boards is how many a model answers.

import (
	"fmt"
	"path"
)

// perOverview is how many models a part of the overview lists.
const perOverview = 200

// OverviewPath is the overview's first part, relative to the site root.
const OverviewPath = "overview.html"

type overviewView struct {
	Boards   []overviewBoard
	Rows     []overviewRow
	Policies bool
	// Lo and Hi number this part's models, of Total.
	Lo, Hi, Total int
}

type overviewBoard struct {
	Title, Href, Metric, Test string
	// Compare is the board's compare page.
	Compare string
}

type overviewRow struct {
	Model    ModelName
	Answered int
	Cells    []overviewCell
}

type overviewCell struct {
	Absent bool
	Rate   RatePair
	Rank   [2]string
}

// addComparison keeps a board's comparison for the overview.
func (s *Site) addComparison(c *Comparison) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.comparisons == nil {
		s.comparisons = map[string]*Comparison{}
	}
	s.comparisons[c.Board] = c
}

// overviewPages renders the overview, in parts of perOverview models in
// the site's order of models (the front board's order, then each other
// board's models not yet listed).
func (s *Site) overviewPages() error {
	var cs []*Comparison
	var heads []overviewBoard
	policies := false
	for _, info := range s.infos {
		c := s.comparisons[info.Name]
		if c == nil {
			continue
		}
		cs = append(cs, c)
		policies = policies || len(c.Policies) > 1
		heads = append(heads, overviewBoard{Title: info.Title, Href: s.Home(info.Name), Metric: c.Metrics[c.Headline].Label, Test: c.What, Compare: s.ComparePath(info.Name)})
	}
	// Each model's place in each comparison.
	index := make([]map[string]int, len(cs))
	ranges := make([][2][][2]int, len(cs))
	for b, c := range cs {
		index[b] = map[string]int{}
		for i, m := range c.Models {
			index[b][m.ID] = i
		}
		for j := range c.Policies {
			ranges[b][j] = c.RankRanges(j)
		}
	}
	var rows []overviewRow
	for _, m := range s.models {
		row := overviewRow{Model: ModelName{Link: Link{Text: m.Name, Href: m.Href}, Linked: m.Href != ""}}
		for b, c := range cs {
			i, ok := index[b][m.ID]
			if !ok {
				row.Cells = append(row.Cells, overviewCell{Absent: true, Rate: RatePair{S: MissingRate(), L: MissingRate()}})
				continue
			}
			row.Answered++
			var cell overviewCell
			for j := range 2 {
				pj := min(j, len(c.Policies)-1)
				r := NewRate(c.Models[i].Rates[c.Headline][pj])
				rr := ranges[b][pj]
				tied := false
				for k, o := range rr {
					tied = tied || (k != i && o[0] == rr[i][0])
				}
				if j == 0 {
					cell.Rate.S = r
				} else {
					cell.Rate.L = r
				}
				cell.Rank[j] = RankRangeLabel(rr[i], tied)
			}
			row.Cells = append(row.Cells, cell)
		}
		rows = append(rows, row)
	}
	if len(cs) == 0 {
		return nil
	}
	parts := max(1, (len(rows)+perOverview-1)/perOverview)
	for k := 1; k <= parts; k++ {
		lo, hi := (k-1)*perOverview, min(k*perOverview, len(rows))
		out := OverviewPath
		if k > 1 {
			out = fmt.Sprintf("overview-%d.html", k)
		}
		p := Page{Title: "Overview", Description: "Every model across every board it answers: each board's headline with its 95% interval and rank.", Nav: "overview",
			Body: overviewView{Boards: heads, Rows: rows[lo:hi], Policies: policies, Lo: lo + 1, Hi: hi, Total: len(rows)}}
		if parts > 1 {
			for q := 1; q <= parts; q++ {
				l := Link{Text: fmt.Sprintf("%d–%d", (q-1)*perOverview+1, min(q*perOverview, len(rows)))}
				if q != k {
					l.Href = "overview.html"
					if q > 1 {
						l.Href = path.Base(fmt.Sprintf("overview-%d.html", q))
					}
				}
				p.Pager = append(p.Pager, l)
			}
		}
		f, err := s.Render("overview", out, p)
		if err != nil {
			return err
		}
		s.Add(f)
	}
	return nil
}
