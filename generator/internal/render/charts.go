package render

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Palette gives each model a fixed colour by board position.
func Palette(i int) string {
	p := []string{
		"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
		"#9c755f", "#bab0ac", "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
		"#7f7f7f", "#bcbd22", "#17becf", "#aec7e8",
	}
	return p[i%len(p)]
}

// Pct1 is a fraction as a percentage with one decimal, for chart data.
func Pct1(f float64) float64 { return math.Round(1000*f) / 10 }

// ChartInit fixes a chart's id: go-echarts picks a random one otherwise.
func ChartInit(id string) charts.GlobalOpts {
	return charts.WithInitializationOpts(opts.Initialization{ChartID: id})
}

// PercentAxis is a 0–100 % value axis.
func PercentAxis(name string) opts.YAxis {
	return opts.YAxis{Name: name, Type: "value", Min: 0, Max: 100, AxisLabel: &opts.AxisLabel{Formatter: "{value}%"}}
}

// Legend is the charts' legend.
func Legend() opts.Legend {
	return opts.Legend{Show: opts.Bool(true), Type: "scroll", Top: "0"}
}

// ItemTooltip names the series and the point under the pointer.
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

func RotatedAxis() opts.XAxis {
	return opts.XAxis{Type: "category", AxisLabel: &opts.AxisLabel{Rotate: 35, Interval: "0", Width: 110, Overflow: "truncate"}}
}
