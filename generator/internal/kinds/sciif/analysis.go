package sciif

// The analysis page: compositional collapse, correctness against compliance, judge disagreement, rules against judges.

import (
	"fmt"
	"html/template"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/score"

	"github.com/sciif/leaderboard/generator/internal/board"
)

type kRow = render.KRow

// quadRow counts a model's items correct and compliant, correct only,
// compliant only and neither, then gives the share that is correct but
// not compliant; each under Strict (S) and Loose (L).
type quadRow struct {
	Model render.Link
	Cells [5]strPair
}

type strPair struct{ S, L string }

type disagreeRow struct {
	Abbrev, Name      string
	Audited, Disagree int
	Rate              string
	Overrides         int
	Stricter          []judgeCount
}

type analysisView struct {
	Ks []render.KCol
	// KRows, Fig4 and Quads are where the tables of a row per model go:
	// marks that analysisPage replaces (analysisRows).
	KRows template.HTML
	// KReported holds published by-k figures, not rescored.
	KReported []kRow
	Fig4      template.HTML
	Cols      []column
	Quads     template.HTML
	Judges    []string
	Disagree  [2][]disagreeRow
	// Rules compares rules-first scores with judges-only ones; empty when
	// the site was built without rules or without the judges-only board.
	Rules []rulesRow
}

// rulesRow is one model's scores with the rules first and with the judges
// alone, and how much the rules decided.
type rulesRow struct {
	Model                               render.Link
	CorrectRules, CorrectJudges         string
	CompliantRules, CompliantJudges     string
	CorrectDecided, CorrectAgainst      int
	PointsDecided, PointsAgainst, Items int
}

// rulesRows builds the comparison of rules first with judges alone.
func (s *site) rulesRows() []rulesRow {
	jo := s.in.JudgesOnly
	if jo == nil || !s.in.Board.Rules {
		return nil
	}
	byID := map[string]*sciifdata.ModelScores{}
	for i := range jo.Models {
		byID[jo.Models[i].ID] = &jo.Models[i]
	}
	var rows []rulesRow
	for i := range s.models {
		m := &s.models[i]
		j := byID[m.Scores.ID]
		if j == nil || m.Scores.Strict == nil || j.Strict == nil {
			continue
		}
		r := rulesRow{Model: s.modelLink(m),
			CorrectRules: render.Pct(m.Scores.Strict.Correct.Rate), CorrectJudges: render.Pct(j.Strict.Correct.Rate),
			CompliantRules: render.Pct(m.Scores.Strict.Compliant.Rate), CompliantJudges: render.Pct(j.Strict.Compliant.Rate)}
		for _, c := range m.cells {
			if !c.has(cAnswered) {
				continue
			}
			r.Items++
			if c.has(cByRules) {
				r.CorrectDecided++
				if c.has(cCorrectAgainst) {
					r.CorrectAgainst++
				}
			}
			r.PointsDecided += int(c.pointsDecided)
			r.PointsAgainst += int(c.pointsAgainst)
		}
		rows = append(rows, r)
	}
	return rows
}

// allKs returns the union of the models' k keys in numeric order with the
// number of items at each k.
func (s *site) allKs() []render.KCol {
	counts := map[string]board.Rate{}
	for i := range s.in.Bench.Items {
		k := fmt.Sprint(s.in.Bench.Items[i].K())
		r := counts[k]
		r.Total++
		counts[k] = r
	}
	for i := range s.models {
		if ps := s.models[i].Scores.Strict; ps != nil {
			for k := range ps.ByK {
				if _, ok := counts[k]; !ok {
					counts[k] = board.Rate{}
				}
			}
		}
	}
	var out []render.KCol
	for _, k := range render.SortedKs(counts) {
		out = append(out, render.KCol{K: k, N: counts[k].Total})
	}
	return out
}

// poolDisagreement is the judges' disagreement on the whole board, per
// policy and constraint.
func (s *site) poolDisagreement() []map[string]sciifdata.Disagreement {
	scores := make([]*sciifdata.ModelScores, len(s.all))
	for i := range s.all {
		scores[i] = s.all[i].Scores
	}
	var out []map[string]sciifdata.Disagreement
	for _, p := range board.Policies {
		out = append(out, score.PoolDisagreement(scores, p))
	}
	return out
}

func (s *site) analysisPage() (board.File, error) {
	v := analysisView{Ks: s.allKs(), Judges: s.judges, KRows: render.Mark(0), Fig4: render.Mark(1), Quads: render.Mark(2)}
	cols, gets := s.headline()
	v.Cols = cols[:4]
	var rows analysisRows
	for i := range s.models {
		m := &s.models[i]
		link := s.modelLink(m)
		row := kRow{Model: link}
		for _, k := range v.Ks {
			row.Cells = append(row.Cells, pair(m.Scores, fromMap(byK, k.K)))
		}
		rows.k = append(rows.k, row)
		fig := kRow{Model: link}
		for _, g := range gets[:4] {
			fig.Cells = append(fig.Cells, pair(m.Scores, g))
		}
		rows.fig4 = append(rows.fig4, fig)
		q := quadRow{Model: link}
		for pi, p := range board.Policies {
			cells := [5]string{"—", "—", "—", "—", "—"}
			if ps := m.Scores.Policy(p); ps != nil {
				for j, n := range quadCounts(ps.Quadrant) {
					cells[j] = fmt.Sprint(n)
				}
				cells[4] = gap(ps)
			}
			for j, c := range cells {
				if pi == 0 {
					q.Cells[j].S = c
				} else {
					q.Cells[j].L = c
				}
			}
		}
		rows.quads = append(rows.quads, q)
	}
	for _, p := range board.Policies {
		for _, r := range s.reportedByK(p) {
			row := kRow{Model: render.Link{Text: r.Model.Name}}
			for _, k := range v.Ks {
				cell := render.RatePair{S: render.MissingRate(), L: render.MissingRate()}
				if f, ok := r.ByK[render.AtoiOr(k.K, -1)]; ok {
					if p == board.Loose {
						cell.L = reportedRate(f)
					} else {
						cell.S = reportedRate(f)
					}
				}
				row.Cells = append(row.Cells, cell)
			}
			v.KReported = append(v.KReported, row)
		}
	}
	// Judge disagreement is the whole board's, on every part of the page:
	// pooled once (build).
	if s.pooled == nil {
		s.pooled = s.poolDisagreement()
	}
	pooled := s.pooled
	for pi := range board.Policies {
		for _, c := range s.cons {
			d := disagreeRow{Abbrev: c.Abbrev, Name: c.Name}
			dd := pooled[pi][c.ID]
			d.Audited, d.Disagree, d.Overrides = dd.Audited, dd.Disagree, dd.RuleOverrides
			for _, j := range s.judges {
				d.Stricter = append(d.Stricter, judgeCount{Judge: j, N: dd.Stricter[j]})
			}
			d.Rate = "—"
			if d.Audited > 0 {
				d.Rate = render.Pct(float64(d.Disagree) / float64(d.Audited))
			}
			v.Disagree[pi] = append(v.Disagree[pi], d)
		}
	}
	v.Rules = s.rulesRows()
	charts, err := s.analysisCharts(v)
	if err != nil {
		return board.File{}, err
	}
	f, err := s.exec("analysis", "analysis.html", render.Page{
		Title:       "Compositional collapse",
		Description: "Compliance against the number of enabled constraints, correctness against compliance, and judge disagreement.",
		Nav:         "analysis", Charts: true, Body: v, ChartData: charts,
	})
	if err != nil {
		return board.File{}, err
	}
	return spliced(f, rows.writeK, rows.writeFig4, rows.writeQuads)
}

// analysisRows are the analysis page's rows of every model, written
// straight into the page: by k (shaded), correctness, single and multi,
// and the quadrants.
type analysisRows struct {
	k, fig4 []kRow
	quads   []quadRow
}

func (r *analysisRows) writeK(h *render.HTML)    { writeRateRows(h, r.k, true) }
func (r *analysisRows) writeFig4(h *render.HTML) { writeRateRows(h, r.fig4, false) }

// writeRateRows writes a row per model: its name, linked, and its rates.
func writeRateRows(h *render.HTML, rows []kRow, shaded bool) {
	for _, row := range rows {
		writeRowHead(h, row.Model)
		for _, c := range row.Cells {
			h.RateCell(c, shaded)
		}
		h.Raw(`</tr>`)
	}
}

// writeRowHead opens a row with the model's name, linked.
func writeRowHead(h *render.HTML, model render.Link) {
	h.Raw("\n" + `<tr><th scope="row" class="sticky"><a href="`)
	h.URL(model.Href)
	h.Raw(`">`)
	h.Text(model.Text)
	h.Raw(`</a></th>`)
}

func (r *analysisRows) writeQuads(h *render.HTML) {
	for _, q := range r.quads {
		writeRowHead(h, q.Model)
		for _, c := range q.Cells {
			h.Raw(`<td class="num"><span class="s">`)
			h.Text(c.S)
			h.Raw(`</span><span class="l">`)
			h.Text(c.L)
			h.Raw(`</span></td>`)
		}
		h.Raw(`</tr>`)
	}
}

func quadCounts(q sciifdata.Quadrant) [4]int {
	return [4]int{q.CorrectCompliant, q.CorrectNonCompliant, q.IncorrectCompliant, q.IncorrectNonCompliant}
}

// gap is the share of all items that are right for the wrong reasons:
// correct but not compliant.
func gap(ps *sciifdata.PolicyScores) string {
	if ps.Items == 0 {
		return "—"
	}
	return render.Pct(float64(ps.Quadrant.CorrectNonCompliant) / float64(ps.Items))
}
