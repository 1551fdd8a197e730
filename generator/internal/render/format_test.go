package render

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// TestRateStringsAreFmts checks that NewRate and Pct write what fmt's
// verbs would, including the values no rate should hold.
func TestRateStringsAreFmts(t *testing.T) {
	vals := []float64{0, 1, 0.5, 0.0005, 0.00049999, 0.99951, 1.0 / 3, 2.0 / 3, 0.1234567, -0.0004, math.Copysign(0, -1),
		1e-300, 12.5, math.NaN(), math.Inf(1), math.Inf(-1)}
	for _, f := range vals {
		if got, want := Pct(f), fmt.Sprintf("%.1f%%", 100*f); got != want {
			t.Errorf("Pct(%v) = %q, fmt gives %q", f, got, want)
		}
		for _, g := range vals[:8] {
			r := board.Rate{Rate: f, Pass: 1, Total: 3, CI95: [2]float64{g, f}}
			v := NewRate(r)
			want := RateView{Pct: fmt.Sprintf("%.1f%%", 100*f), CI: fmt.Sprintf("%.1f–%.1f", 100*g, 100*f),
				Sort: strconv.FormatFloat(f, 'f', 6, 64), Shade: Shade(f), Pass: 1, Total: 3}
			if v != want {
				t.Errorf("NewRate(%+v) = %+v, want %+v", r, v, want)
			}
		}
	}
}
