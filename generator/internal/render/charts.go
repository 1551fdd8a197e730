package render

import (
	"fmt"
	"math"
	"strconv"
	"sync"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Palette gives each model a fixed colour by its place among the site's
// models: the ten Tableau colours first, then colours spread around the
// CIE LCh hue circle by the golden angle, at three lightness levels, so
// that no two places share a colour however many models there are. It
// uses no random source: the same place always has the same colour.
func Palette(i int) string {
	if i < 0 {
		i = 0
	}
	palette.mu.Lock()
	defer palette.mu.Unlock()
	if palette.seen == nil {
		palette.seen = map[string]bool{}
	}
	for len(palette.colors) <= i {
		n := len(palette.colors)
		var c string
		if n < len(tableau) {
			c = tableau[n]
		} else {
			// A colour taken already (8-bit rounding, the gamut) moves on
			// along the hue circle.
			k := n - len(tableau)
			hue := float64(k)*137.50776405003785 + 20
			for c = lchHex([]float64{58, 45, 70}[k%3], 48, math.Mod(hue, 360)); palette.seen[c]; c = lchHex([]float64{58, 45, 70}[k%3], 48, math.Mod(hue, 360)) {
				hue += 0.7
			}
		}
		palette.seen[c] = true
		palette.colors = append(palette.colors, c)
	}
	return palette.colors[i]
}

var tableau = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"}

// palette holds the colours given so far, each computed once, in order:
// a colour depends only on its place, never on who asked first.
var palette struct {
	mu     sync.Mutex
	colors []string
	seen   map[string]bool
}

// lchHex converts a CIE LCh(ab) colour (D65) to sRGB hex, lowering the
// chroma until the colour lies in the sRGB gamut.
func lchHex(l, c, h float64) string {
	for ; c >= 0; c -= 2 {
		a := c * math.Cos(h*math.Pi/180)
		b := c * math.Sin(h*math.Pi/180)
		fy := (l + 16) / 116
		fx := fy + a/500
		fz := fy - b/200
		inv := func(t float64) float64 {
			if t3 := t * t * t; t3 > 0.008856 {
				return t3
			}
			return (t - 16.0/116) / 7.787
		}
		x, y, z := 0.95047*inv(fx), inv(fy), 1.08883*inv(fz)
		rgb := [3]float64{
			3.2404542*x - 1.5371385*y - 0.4985314*z,
			-0.9692660*x + 1.8760108*y + 0.0415560*z,
			0.0556434*x - 0.2040259*y + 1.0572252*z,
		}
		ok := true
		var out [3]int
		for k, v := range rgb {
			if v < -0.0001 || v > 1.0001 {
				ok = false
				break
			}
			v = math.Max(0, math.Min(1, v))
			if v <= 0.0031308 {
				v *= 12.92
			} else {
				v = 1.055*math.Pow(v, 1/2.4) - 0.055
			}
			out[k] = int(math.Round(255 * v))
		}
		if ok {
			return fmt.Sprintf("#%02x%02x%02x", out[0], out[1], out[2])
		}
	}
	return "#808080"
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

// Legend is the charts' legend. assets/charts.js draws it as a list of
// buttons beside the chart (it wraps, never pages, never clips a name) and
// hides ECharts' own, which only keeps which series are shown.
func Legend() opts.Legend {
	return opts.Legend{Show: opts.Bool(true), Type: "plain", Top: "0"}
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
// the model's name, so the legend toggles them together. The band is
// drawn transparent: assets/charts.js shows only the band of the model
// under the pointer or picked by a click, since stacked translucent bands
// read like a series of their own.
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
		charts.WithAreaStyleOpts(opts.AreaStyle{Color: color, Opacity: opts.Float(0)}))
	line.AddSeries(name, mid,
		charts.WithLineChartOpts(opts.LineChart{Symbol: "circle", SymbolSize: 7, ShowSymbol: opts.Bool(true)}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: color, Width: 2}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: color}))
}

// CurvesLegend is the legend of a chart of one curve per model, names in
// board order: past ShownCurves models only the first ShownCurves are
// drawn at first, and the hidden curves (published figures) wait until
// picked in the legend.
func CurvesLegend(names []string, hidden ...string) opts.Legend {
	lg := Legend()
	if len(names) > ShownCurves || len(hidden) > 0 {
		lg.Selected = map[string]bool{}
		for i, n := range names {
			lg.Selected[n] = i < ShownCurves
		}
		for _, n := range hidden {
			lg.Selected[n] = false
		}
	}
	return lg
}

// Curve is one model's rates by column, drawn by BandChart.
type Curve struct {
	Name, Color string
	Rates       map[string]board.Rate
}

// BandChart draws rates against the columns cols, labelled axis (the
// number of criteria or of instructions of an item): one line per curve
// with its 95% band (BandSeries), the first ShownCurves drawn at first
// (CurvesLegend). top is the grid's top margin, the legend's room.
func BandChart(id, top string, axis []string, cols []KCol, curves []Curve) map[string]any {
	line := charts.NewLine()
	names := make([]string, len(curves))
	for i, c := range curves {
		names[i] = c.Name
	}
	line.SetGlobalOptions(ChartInit(id), charts.WithLegendOpts(CurvesLegend(names)), charts.WithTooltipOpts(ItemTooltip()),
		charts.WithYAxisOpts(PercentAxis("")),
		charts.WithGridOpts(opts.Grid{Top: top, Left: "50", Right: "20", Bottom: "50"}))
	line.SetXAxis(axis)
	for i, c := range curves {
		BandSeries(line, c.Name, c.Color, fmt.Sprintf("band%d", i), cols, c.Rates)
	}
	return OptionOf(line)
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

// ZoomedRows is how many rows a bar chart of RowBars shows at once; a
// slider beside it scrolls through the rest, in order.
const ZoomedRows = 15

// RowBars lays out a bar chart of one row per name (a model, a
// constraint), in order from the top: the names horizontal, cut at 150 px
// with an ellipsis, and only those that fit their row shown (interval
// "auto"), inside the chart's box however long (containLabel); past
// ZoomedRows rows a slider scrolls them. The tooltip and the table below
// the chart carry every name. value names the 0–100 % axis.
func RowBars(bar *charts.Bar, names []string, value string) {
	n := len(names)
	// ECharts measures the names a few pixels short of what the browser
	// draws: Left keeps room for the difference.
	grid := opts.Grid{Top: "10", Left: "20", Right: "20", Bottom: "25", ContainLabel: opts.Bool(true)}
	var zoom []opts.DataZoom
	if n > ZoomedRows {
		grid.Right = "50"
		zoom = []opts.DataZoom{{Type: "slider", YAxisIndex: 0, Start: 0, End: float32(100 * ZoomedRows / float64(n)), FilterMode: "filter"}}
	}
	bar.SetGlobalOptions(
		charts.WithXAxisOpts(opts.XAxis{Name: value, Type: "value", Min: 0, Max: 100, NameLocation: "middle", NameGap: 22,
			AxisLabel: &opts.AxisLabel{Formatter: "{value}%", HideOverlap: opts.Bool(true)}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true),
			AxisLabel: &opts.AxisLabel{Interval: "auto", Width: 150, Overflow: "truncate"}}),
		charts.WithDataZoomOpts(zoom...), charts.WithGridOpts(grid))
	bar.SetXAxis(names).XYReversal()
}

// TopLabelled is how many models a scatter plot names by default; the
// others are named under the pointer.
const TopLabelled = 8
