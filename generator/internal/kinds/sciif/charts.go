package sciif

import (
	"fmt"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Charts are built with go-echarts and leave this package only as the
// option object of chart.JSON(), which html/template writes as inert JSON.
// go-echarts' own Render is never used: it runs script found in series
// names. Labels use ECharts string templates, never functions, and
// assets/charts.js forces the tooltip's rich-text mode so no name is ever
// parsed as HTML.

// reportedName names a published curve in a chart legend.
func reportedName(r *sciifdata.Reported) string { return r.Model.Name + " (reported)" }

func (s *site) bykChart(id string, p board.Policy, ks []render.KCol) map[string]any {
	line := charts.NewLine()
	reported := s.reportedByK(p)
	names := make([]string, len(s.models))
	for i := range s.models {
		names[i] = s.models[i].Scores.Name
	}
	var published []string
	for _, r := range reported {
		published = append(published, reportedName(r))
	}
	lg := render.CurvesLegend(names, published...)
	line.SetGlobalOptions(render.ChartInit(id), charts.WithLegendOpts(lg), charts.WithTooltipOpts(render.ItemTooltip()),
		charts.WithYAxisOpts(render.PercentAxis("compliance")),
		charts.WithGridOpts(opts.Grid{Top: "30", Left: "50", Right: "20", Bottom: "50"}))
	line.SetXAxis(render.KAxis(ks))
	for i := range s.models {
		m := &s.models[i]
		ps := m.Scores.Policy(p)
		if ps == nil {
			continue
		}
		render.BandSeries(line, m.Scores.Name, render.Palette(m.Index), fmt.Sprintf("band%d", i), ks, ps.ByK)
	}
	for i, r := range reported {
		data := make([]opts.LineData, len(ks))
		for j, k := range ks {
			v, ok := r.ByK[render.AtoiOr(k.K, -1)]
			if !ok {
				data[j] = opts.LineData{Value: "-"}
				continue
			}
			data[j] = opts.LineData{Name: fmt.Sprintf("k = %s: %s as published, not rescored", k.K, render.Pct(v.Fraction())), Value: render.Pct1(v.Fraction())}
		}
		color := render.Palette(len(s.models) + i)
		line.AddSeries(reportedName(r), data,
			charts.WithLineChartOpts(opts.LineChart{Symbol: "emptyCircle", SymbolSize: 6, ShowSymbol: opts.Bool(true), ConnectNulls: opts.Bool(false)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: color, Width: 2, Type: "dashed"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: color}))
	}
	return render.OptionOf(line)
}

// reportedByK lists the published figures that give compliance by k under
// policy p.
func (s *site) reportedByK(p board.Policy) []*sciifdata.Reported {
	var out []*sciifdata.Reported
	for i := range s.in.Reported {
		r := &s.in.Reported[i]
		if len(r.ByK) > 0 && r.Policy == p {
			out = append(out, r)
		}
	}
	return out
}

func (s *site) modelNames() []string {
	out := make([]string, len(s.models))
	for i := range s.models {
		out[i] = s.models[i].Scores.Name
	}
	return out
}

func (s *site) fig4Chart(id string, p board.Policy) map[string]any {
	bar := charts.NewBar()
	bar.SetGlobalOptions(render.ChartInit(id), charts.WithLegendOpts(render.Legend()), charts.WithTooltipOpts(render.ItemTooltip()))
	render.RowBars(bar, s.modelNames(), "")
	metrics := []struct {
		name  string
		color string
		get   func(*sciifdata.PolicyScores) board.Rate
	}{
		{"Correctness", "#4e79a7", func(ps *sciifdata.PolicyScores) board.Rate { return ps.Correct }},
		{"Single-constraint pass (k = 1)", "#59a14f", func(ps *sciifdata.PolicyScores) board.Rate { return ps.Single }},
		{"Multi-constraint pass (k ≥ 2)", "#e15759", func(ps *sciifdata.PolicyScores) board.Rate { return ps.Multi }},
	}
	for _, mt := range metrics {
		data := make([]opts.BarData, len(s.models))
		for i := range s.models {
			if ps := s.models[i].Scores.Policy(p); ps != nil {
				data[i] = render.BarValue(mt.get(ps), s.models[i].Scores.Name)
			}
		}
		bar.AddSeries(mt.name, data, charts.WithItemStyleOpts(opts.ItemStyle{Color: mt.color}))
	}
	return render.OptionOf(bar)
}

func (s *site) quadChart(id string, p board.Policy) map[string]any {
	bar := charts.NewBar()
	bar.SetGlobalOptions(render.ChartInit(id), charts.WithLegendOpts(render.Legend()), charts.WithTooltipOpts(render.ItemTooltip()))
	render.RowBars(bar, s.modelNames(), "share of items")
	parts := []struct {
		name  string
		color string
		n     func(sciifdata.Quadrant) int
	}{
		{"Correct and compliant", "#59a14f", func(q sciifdata.Quadrant) int { return q.CorrectCompliant }},
		{"Correct, not compliant", "#f28e2b", func(q sciifdata.Quadrant) int { return q.CorrectNonCompliant }},
		{"Compliant, not correct", "#76b7b2", func(q sciifdata.Quadrant) int { return q.IncorrectCompliant }},
		{"Neither", "#bab0ac", func(q sciifdata.Quadrant) int { return q.IncorrectNonCompliant }},
	}
	for _, part := range parts {
		data := make([]opts.BarData, len(s.models))
		for i := range s.models {
			ps := s.models[i].Scores.Policy(p)
			if ps == nil || ps.Items == 0 {
				continue
			}
			n := part.n(ps.Quadrant)
			f := float64(n) / float64(ps.Items)
			data[i] = opts.BarData{Name: fmt.Sprintf("%s: %d of %d items (%s)", s.models[i].Scores.Name, n, ps.Items, render.Pct(f)), Value: render.Pct1(f)}
		}
		bar.AddSeries(part.name, data, charts.WithBarChartOpts(opts.BarChart{Stack: "q"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: part.color}))
	}
	return render.OptionOf(bar)
}

func (s *site) scatterChart(id string, p board.Policy) map[string]any {
	sc := charts.NewScatter()
	sc.SetGlobalOptions(render.ChartInit(id), charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}), charts.WithTooltipOpts(render.ItemTooltip()),
		charts.WithXAxisOpts(opts.XAxis{Name: "correctness", Type: "value", Min: 0, Max: 100, AxisLabel: &opts.AxisLabel{Formatter: "{value}%"}, NameLocation: "middle", NameGap: 28}),
		charts.WithYAxisOpts(render.PercentAxis("compliance")),
		charts.WithGridOpts(opts.Grid{Top: "30", Left: "10", Right: "20", Bottom: "30", ContainLabel: opts.Bool(true)}))
	named := s.topByCorrectness(p, render.TopLabelled)
	for i := range s.models {
		m := &s.models[i]
		ps := m.Scores.Policy(p)
		if ps == nil {
			continue
		}
		x, y := render.Pct1(ps.Correct.Rate), render.Pct1(ps.Compliant.Rate)
		d := opts.ScatterData{
			Name:       fmt.Sprintf("correct %s, compliant %s; correct but not compliant: %s", render.Pct(ps.Correct.Rate), render.Pct(ps.Compliant.Rate), gap(ps)),
			Value:      []float64{x, y},
			SymbolSize: 12,
		}
		// A name reads away from the plot's right edge; the top models
		// are named, every other under the pointer, and a name that
		// would cover another is left out (hideOverlap).
		label := opts.Label{Show: opts.Bool(named[i]), Position: "right", Formatter: "{a}", FontSize: 11}
		if x > 55 {
			label.Position = "left"
		}
		hover := label
		hover.Show = opts.Bool(true)
		sc.AddSeries(m.Scores.Name, []opts.ScatterData{d}, charts.WithItemStyleOpts(opts.ItemStyle{Color: render.Palette(m.Index)}),
			charts.WithLabelOpts(label), charts.WithEmphasisOpts(opts.Emphasis{Label: &hover}),
			charts.WithLabelLayoutOpts(opts.LabelLayout{HideOverlap: opts.Bool(true)}))
	}
	// The diagonal: above it a model would be more compliant than correct.
	sc.AddSeries("compliance = correctness", []opts.ScatterData{},
		charts.WithMarkLineNameCoordItemOpts(opts.MarkLineNameCoordItem{Name: "compliance = correctness",
			Coordinate0: []interface{}{0, 0}, Coordinate1: []interface{}{100, 100}}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			LineStyle: &opts.LineStyle{Type: "dashed", Color: "#888"}, Label: &opts.Label{Show: opts.Bool(false)}}))
	return render.OptionOf(sc)
}

// topByCorrectness marks the n models of highest correctness under
// policy p (then compliance, then board order), by their place in
// s.models.
func (s *site) topByCorrectness(p board.Policy, n int) []bool {
	var idx []int
	for i := range s.models {
		if s.models[i].Scores.Policy(p) != nil {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		pa, pb := s.models[idx[a]].Scores.Policy(p), s.models[idx[b]].Scores.Policy(p)
		if pa.Correct.Rate != pb.Correct.Rate {
			return pa.Correct.Rate > pb.Correct.Rate
		}
		return pa.Compliant.Rate > pb.Compliant.Rate
	})
	out := make([]bool, len(s.models))
	for _, i := range idx[:min(n, len(idx))] {
		out[i] = true
	}
	return out
}

func (s *site) judgesChart(id string, rows []disagreeRow) map[string]any {
	bar := charts.NewBar()
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.Abbrev
	}
	bar.SetGlobalOptions(render.ChartInit(id), charts.WithLegendOpts(render.Legend()), charts.WithTooltipOpts(render.ItemTooltip()),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", AxisLabel: &opts.AxisLabel{Interval: "0"}}),
		charts.WithYAxisOpts(opts.YAxis{Name: "disagreements", Type: "value", MinInterval: 1}),
		charts.WithGridOpts(opts.Grid{Top: "30", Left: "50", Right: "20", Bottom: "40"}))
	bar.SetXAxis(names)
	for ji, j := range s.judges {
		data := make([]opts.BarData, len(rows))
		for i, r := range rows {
			n := r.Stricter[ji].N
			data[i] = opts.BarData{Name: fmt.Sprintf("%s: %d of %d enablements disagree; %s stricter in %d", r.Name, r.Disagree, r.Audited, j, n), Value: n}
		}
		bar.AddSeries(j+" stricter", data, charts.WithBarChartOpts(opts.BarChart{Stack: "j"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: render.Palette(ji * 3)}))
	}
	return render.OptionOf(bar)
}

func (s *site) analysisCharts(v analysisView) ([]render.ChartData, error) {
	var out []render.ChartData
	for pi, p := range board.Policies {
		suffix := "_" + string(p)
		out = append(out,
			render.ChartData{ID: "byk" + suffix, Option: s.bykChart("byk"+suffix, p, v.Ks)},
			render.ChartData{ID: "fig4" + suffix, Option: s.fig4Chart("fig4"+suffix, p)},
			render.ChartData{ID: "scatter" + suffix, Option: s.scatterChart("scatter"+suffix, p)},
			render.ChartData{ID: "quad" + suffix, Option: s.quadChart("quad"+suffix, p)},
			render.ChartData{ID: "judges" + suffix, Option: s.judgesChart("judges"+suffix, v.Disagree[pi])},
		)
	}
	return out, nil
}

func (s *site) modelCharts(m *model, v modelView) ([]render.ChartData, error) {
	bar := charts.NewBar()
	names := make([]string, len(v.ConsCols))
	for i, c := range v.ConsCols {
		names[i] = c.Abbrev
		if c.Avg {
			names[i] = c.Family
		}
	}
	bar.SetGlobalOptions(render.ChartInit("model_cons"), charts.WithLegendOpts(render.Legend()), charts.WithTooltipOpts(render.ItemTooltip()))
	render.RowBars(bar, names, "")
	for pi, p := range board.Policies {
		data := make([]opts.BarData, len(v.ConsCols))
		for i, c := range v.ConsCols {
			rv := v.ConsRates[i].S
			if pi == 1 {
				rv = v.ConsRates[i].L
			}
			if rv.Missing {
				data[i] = opts.BarData{Value: "-"}
				continue
			}
			data[i] = opts.BarData{Name: fmt.Sprintf("%s: %s [%s], %d/%d", c.Name, rv.Pct, rv.CI, rv.Pass, rv.Total), Value: render.Pct1(float64(rv.Pass) / float64(rv.Total))}
		}
		color := "#4e79a7"
		if pi == 1 {
			color = "#a0cbe8"
		}
		bar.AddSeries(render.PolicyName(p), data, charts.WithItemStyleOpts(opts.ItemStyle{Color: color}))
	}
	line := charts.NewLine()
	line.SetGlobalOptions(render.ChartInit("model_byk"), charts.WithLegendOpts(render.Legend()), charts.WithTooltipOpts(render.ItemTooltip()),
		charts.WithYAxisOpts(render.PercentAxis("compliance")),
		charts.WithGridOpts(opts.Grid{Top: "30", Left: "50", Right: "20", Bottom: "50"}))
	line.SetXAxis(render.KAxis(v.Ks))
	for pi, p := range board.Policies {
		if ps := m.Scores.Policy(p); ps != nil {
			color := "#4e79a7"
			if pi == 1 {
				color = "#f28e2b"
			}
			render.BandSeries(line, render.PolicyName(p), color, "band"+string(p), v.Ks, ps.ByK)
		}
	}
	return []render.ChartData{
		{ID: "model_cons", Option: render.OptionOf(bar)},
		{ID: "model_byk", Option: render.OptionOf(line)},
	}, nil
}
