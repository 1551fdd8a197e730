package render

import (
	"fmt"
	"math"
	"strconv"

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

// Palette gives each model a fixed colour by board position.
func Palette(i int) string {
	p := []string{
		"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
		"#9c755f", "#bab0ac", "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
		"#7f7f7f", "#bcbd22", "#17becf", "#aec7e8",
	}
	return p[i%len(p)]
}

func Pct1(f float64) float64 { return math.Round(1000*f) / 10 }

func ChartInit(id string) charts.GlobalOpts {
	return charts.WithInitializationOpts(opts.Initialization{ChartID: id})
}

func PercentAxis(name string) opts.YAxis {
	return opts.YAxis{Name: name, Type: "value", Min: 0, Max: 100, AxisLabel: &opts.AxisLabel{Formatter: "{value}%"}}
}

func Legend() opts.Legend {
	return opts.Legend{Show: opts.Bool(true), Type: "scroll", Top: "0"}
}

func ItemTooltip() opts.Tooltip {
	return opts.Tooltip{Show: opts.Bool(true), Trigger: "item", Formatter: "{a}\n{b}"}
}

// OptionOf validates a chart and returns its option object.
func OptionOf(c interface {
	Validate()
	JSON() map[string]any
}) map[string]any {
	c.Validate()
	return c.JSON()
}

// BandSeries adds a model's curve over k with its 95% band: a transparent
// lower bound and the band's height stacked on it. All three series share
// the model's name, so the legend toggles them together.
func BandSeries(line *charts.Line, name, color, stack string, ks []KCol, rates map[string]board.Rate) {
	lower := make([]opts.LineData, len(ks))
	height := make([]opts.LineData, len(ks))
	mid := make([]opts.LineData, len(ks))
	for i, k := range ks {
		r, ok := rates[k.K]
		if !ok || r.Total == 0 {
			lower[i] = opts.LineData{Value: "-"}
			height[i] = opts.LineData{Value: "-"}
			mid[i] = opts.LineData{Value: "-"}
			continue
		}
		lower[i] = opts.LineData{Value: Pct1(r.CI95[0])}
		height[i] = opts.LineData{Value: math.Round(1000*(r.CI95[1]-r.CI95[0])) / 10}
		mid[i] = opts.LineData{
			Name:  fmt.Sprintf("k = %s: %s [%.1f–%.1f], %d/%d", k.K, Pct(r.Rate), 100*r.CI95[0], 100*r.CI95[1], r.Pass, r.Total),
			Value: Pct1(r.Rate),
		}
	}
	hidden := charts.WithLineStyleOpts(opts.LineStyle{Opacity: opts.Float(0)})
	// The legend takes its colour from the first series of a name.
	colored := charts.WithItemStyleOpts(opts.ItemStyle{Color: color})
	line.AddSeries(name, lower,
		charts.WithLineChartOpts(opts.LineChart{Stack: stack, Symbol: "none", ShowSymbol: opts.Bool(false)}), hidden, colored)
	line.AddSeries(name, height,
		charts.WithLineChartOpts(opts.LineChart{Stack: stack, Symbol: "none", ShowSymbol: opts.Bool(false)}), hidden, colored,
		charts.WithAreaStyleOpts(opts.AreaStyle{Color: color, Opacity: opts.Float(0.15)}))
	line.AddSeries(name, mid,
		charts.WithLineChartOpts(opts.LineChart{Symbol: "circle", SymbolSize: 7, ShowSymbol: opts.Bool(true)}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: color, Width: 2}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: color}))
}

func KAxis(ks []KCol) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = fmt.Sprintf("k=%s (n=%d)", k.K, k.N)
	}
	return out
}

// ShownCurves is how many models the collapse chart draws at first; the
// legend shows the others on demand, as a chart of sixteen bands is
// unreadable.
const ShownCurves = 6

// reportedName names a published curve in a chart legend.
func reportedName(r *board.Reported) string { return r.Model.Name + " (reported)" }

func (s *site) bykChart(id string, p board.Policy, ks []KCol) map[string]any {
	line := charts.NewLine()
	lg := Legend()
	reported := s.reportedByK(p)
	if len(s.models) > ShownCurves || len(reported) > 0 {
		lg.Selected = map[string]bool{}
		for i := range s.models {
			lg.Selected[s.models[i].Scores.Name] = i < ShownCurves
		}
		// Published curves are hidden until picked in the legend.
		for _, r := range reported {
			lg.Selected[reportedName(r)] = false
		}
	}
	line.SetGlobalOptions(ChartInit(id), charts.WithLegendOpts(lg), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithYAxisOpts(PercentAxis("compliance")),
		charts.WithGridOpts(opts.Grid{Top: "60", Left: "50", Right: "20", Bottom: "50"}))
	line.SetXAxis(KAxis(ks))
	for i := range s.models {
		m := &s.models[i]
		ps := m.Scores.Policy(p)
		if ps == nil {
			continue
		}
		BandSeries(line, m.Scores.Name, Palette(m.Index), fmt.Sprintf("band%d", i), ks, ps.ByK)
	}
	for i, r := range reported {
		data := make([]opts.LineData, len(ks))
		for j, k := range ks {
			v, ok := r.ByK[AtoiOr(k.K, -1)]
			if !ok {
				data[j] = opts.LineData{Value: "-"}
				continue
			}
			data[j] = opts.LineData{Name: fmt.Sprintf("k = %s: %s as published, not rescored", k.K, Pct(v.Fraction())), Value: Pct1(v.Fraction())}
		}
		color := Palette(len(s.models) + i)
		line.AddSeries(reportedName(r), data,
			charts.WithLineChartOpts(opts.LineChart{Symbol: "emptyCircle", SymbolSize: 6, ShowSymbol: opts.Bool(true), ConnectNulls: opts.Bool(false)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: color, Width: 2, Type: "dashed"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: color}))
	}
	return OptionOf(line)
}

// reportedByK lists the published figures that give compliance by k under
// policy p.
func (s *site) reportedByK(p board.Policy) []*board.Reported {
	var out []*board.Reported
	for i := range s.in.Reported {
		r := &s.in.Reported[i]
		if len(r.ByK) > 0 && r.Policy == p {
			out = append(out, r)
		}
	}
	return out
}

func AtoiOr(s string, def int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return n
}

func BarValue(r board.Rate, label string) opts.BarData {
	return opts.BarData{
		Name:  fmt.Sprintf("%s: %s [%.1f–%.1f], %d/%d", label, Pct(r.Rate), 100*r.CI95[0], 100*r.CI95[1], r.Pass, r.Total),
		Value: Pct1(r.Rate),
	}
}

func (s *site) modelNames() []string {
	out := make([]string, len(s.models))
	for i := range s.models {
		out[i] = s.models[i].Scores.Name
	}
	return out
}

func RotatedAxis() opts.XAxis {
	return opts.XAxis{Type: "category", AxisLabel: &opts.AxisLabel{Rotate: 35, Interval: "0", Width: 110, Overflow: "truncate"}}
}

func (s *site) fig4Chart(id string, p board.Policy) map[string]any {
	bar := charts.NewBar()
	bar.SetGlobalOptions(ChartInit(id), charts.WithLegendOpts(Legend()), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithYAxisOpts(PercentAxis("")), charts.WithXAxisOpts(RotatedAxis()),
		charts.WithGridOpts(opts.Grid{Top: "40", Left: "50", Right: "20", Bottom: "110"}))
	bar.SetXAxis(s.modelNames())
	metrics := []struct {
		name  string
		color string
		get   func(*board.PolicyScores) board.Rate
	}{
		{"Correctness", "#4e79a7", func(ps *board.PolicyScores) board.Rate { return ps.Correct }},
		{"Single-constraint pass (k = 1)", "#59a14f", func(ps *board.PolicyScores) board.Rate { return ps.Single }},
		{"Multi-constraint pass (k ≥ 2)", "#e15759", func(ps *board.PolicyScores) board.Rate { return ps.Multi }},
	}
	for _, mt := range metrics {
		data := make([]opts.BarData, len(s.models))
		for i := range s.models {
			if ps := s.models[i].Scores.Policy(p); ps != nil {
				data[i] = BarValue(mt.get(ps), s.models[i].Scores.Name)
			}
		}
		bar.AddSeries(mt.name, data, charts.WithItemStyleOpts(opts.ItemStyle{Color: mt.color}))
	}
	return OptionOf(bar)
}

func (s *site) quadChart(id string, p board.Policy) map[string]any {
	bar := charts.NewBar()
	bar.SetGlobalOptions(ChartInit(id), charts.WithLegendOpts(Legend()), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithYAxisOpts(PercentAxis("share of items")), charts.WithXAxisOpts(RotatedAxis()),
		charts.WithGridOpts(opts.Grid{Top: "40", Left: "50", Right: "20", Bottom: "110"}))
	bar.SetXAxis(s.modelNames())
	parts := []struct {
		name  string
		color string
		n     func(board.Quadrant) int
	}{
		{"Correct and compliant", "#59a14f", func(q board.Quadrant) int { return q.CorrectCompliant }},
		{"Correct, not compliant", "#f28e2b", func(q board.Quadrant) int { return q.CorrectNonCompliant }},
		{"Compliant, not correct", "#76b7b2", func(q board.Quadrant) int { return q.IncorrectCompliant }},
		{"Neither", "#bab0ac", func(q board.Quadrant) int { return q.IncorrectNonCompliant }},
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
			data[i] = opts.BarData{Name: fmt.Sprintf("%s: %d of %d items (%s)", s.models[i].Scores.Name, n, ps.Items, Pct(f)), Value: Pct1(f)}
		}
		bar.AddSeries(part.name, data, charts.WithBarChartOpts(opts.BarChart{Stack: "q"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: part.color}))
	}
	return OptionOf(bar)
}

func (s *site) scatterChart(id string, p board.Policy) map[string]any {
	sc := charts.NewScatter()
	sc.SetGlobalOptions(ChartInit(id), charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithXAxisOpts(opts.XAxis{Name: "correctness", Type: "value", Min: 0, Max: 100, AxisLabel: &opts.AxisLabel{Formatter: "{value}%"}, NameLocation: "middle", NameGap: 28}),
		charts.WithYAxisOpts(PercentAxis("compliance")),
		charts.WithGridOpts(opts.Grid{Top: "40", Left: "50", Right: "30", Bottom: "50"}))
	for i := range s.models {
		m := &s.models[i]
		ps := m.Scores.Policy(p)
		if ps == nil {
			continue
		}
		d := opts.ScatterData{
			Name:       fmt.Sprintf("correct %s, compliant %s; correct but not compliant: %s", Pct(ps.Correct.Rate), Pct(ps.Compliant.Rate), gap(ps)),
			Value:      []float64{Pct1(ps.Correct.Rate), Pct1(ps.Compliant.Rate)},
			SymbolSize: 12,
		}
		sc.AddSeries(m.Scores.Name, []opts.ScatterData{d}, charts.WithItemStyleOpts(opts.ItemStyle{Color: Palette(m.Index)}),
			charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{a}", FontSize: 11}),
			charts.WithLabelLayoutOpts(opts.LabelLayout{HideOverlap: opts.Bool(true)}))
	}
	// The diagonal: above it a model would be more compliant than correct.
	sc.AddSeries("compliance = correctness", []opts.ScatterData{},
		charts.WithMarkLineNameCoordItemOpts(opts.MarkLineNameCoordItem{Name: "compliance = correctness",
			Coordinate0: []interface{}{0, 0}, Coordinate1: []interface{}{100, 100}}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			LineStyle: &opts.LineStyle{Type: "dashed", Color: "#888"}, Label: &opts.Label{Show: opts.Bool(false)}}))
	return OptionOf(sc)
}

func (s *site) judgesChart(id string, rows []disagreeRow) map[string]any {
	bar := charts.NewBar()
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.Abbrev
	}
	bar.SetGlobalOptions(ChartInit(id), charts.WithLegendOpts(Legend()), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", AxisLabel: &opts.AxisLabel{Interval: "0"}}),
		charts.WithYAxisOpts(opts.YAxis{Name: "disagreements", Type: "value", MinInterval: 1}),
		charts.WithGridOpts(opts.Grid{Top: "50", Left: "50", Right: "20", Bottom: "40"}))
	bar.SetXAxis(names)
	for ji, j := range s.judges {
		data := make([]opts.BarData, len(rows))
		for i, r := range rows {
			n := r.Stricter[ji].N
			data[i] = opts.BarData{Name: fmt.Sprintf("%s: %d of %d enablements disagree; %s stricter in %d", r.Name, r.Disagree, r.Audited, j, n), Value: n}
		}
		bar.AddSeries(j+" stricter", data, charts.WithBarChartOpts(opts.BarChart{Stack: "j"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: Palette(ji * 3)}))
	}
	return OptionOf(bar)
}

func (s *site) analysisCharts(v analysisView) ([]ChartData, error) {
	var out []ChartData
	for pi, p := range board.Policies {
		suffix := "_" + string(p)
		out = append(out,
			ChartData{ID: "byk" + suffix, Option: s.bykChart("byk"+suffix, p, v.Ks)},
			ChartData{ID: "fig4" + suffix, Option: s.fig4Chart("fig4"+suffix, p)},
			ChartData{ID: "scatter" + suffix, Option: s.scatterChart("scatter"+suffix, p)},
			ChartData{ID: "quad" + suffix, Option: s.quadChart("quad"+suffix, p)},
			ChartData{ID: "judges" + suffix, Option: s.judgesChart("judges"+suffix, v.Disagree[pi])},
		)
	}
	return out, nil
}

func (s *site) modelCharts(m *model, v modelView) ([]ChartData, error) {
	bar := charts.NewBar()
	names := make([]string, len(v.ConsCols))
	for i, c := range v.ConsCols {
		names[i] = c.Abbrev
		if c.Avg {
			names[i] = c.Family
		}
	}
	bar.SetGlobalOptions(ChartInit("model_cons"), charts.WithLegendOpts(Legend()), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", AxisLabel: &opts.AxisLabel{Interval: "0", Rotate: 35}}),
		charts.WithYAxisOpts(PercentAxis("")),
		charts.WithGridOpts(opts.Grid{Top: "40", Left: "50", Right: "20", Bottom: "80"}))
	bar.SetXAxis(names)
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
			data[i] = opts.BarData{Name: fmt.Sprintf("%s: %s [%s], %d/%d", c.Name, rv.Pct, rv.CI, rv.Pass, rv.Total), Value: Pct1(float64(rv.Pass) / float64(rv.Total))}
		}
		color := "#4e79a7"
		if pi == 1 {
			color = "#a0cbe8"
		}
		bar.AddSeries(PolicyName(p), data, charts.WithItemStyleOpts(opts.ItemStyle{Color: color}))
	}
	line := charts.NewLine()
	line.SetGlobalOptions(ChartInit("model_byk"), charts.WithLegendOpts(Legend()), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithYAxisOpts(PercentAxis("compliance")),
		charts.WithGridOpts(opts.Grid{Top: "40", Left: "50", Right: "20", Bottom: "50"}))
	line.SetXAxis(KAxis(v.Ks))
	for pi, p := range board.Policies {
		if ps := m.Scores.Policy(p); ps != nil {
			color := "#4e79a7"
			if pi == 1 {
				color = "#f28e2b"
			}
			BandSeries(line, PolicyName(p), color, "band"+string(p), v.Ks, ps.ByK)
		}
	}
	return []ChartData{
		{ID: "model_cons", Option: OptionOf(bar)},
		{ID: "model_byk", Option: OptionOf(line)},
	}, nil
}
