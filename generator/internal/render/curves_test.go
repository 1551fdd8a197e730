package render

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCurvesLegend(t *testing.T) {
	many := make([]string, ShownCurves+1)
	for i := range many {
		many[i] = fmt.Sprint("m", i)
	}
	manyWant := map[string]bool{}
	for i, n := range many {
		manyWant[n] = i < ShownCurves
	}
	tests := []struct {
		name, reason string
		names        []string
		hidden       []string
		want         map[string]bool
	}{
		{"few", "every curve is drawn: the legend picks none", []string{"a", "b"}, nil, nil},
		{"many", "past ShownCurves, the first ShownCurves are drawn", many, nil, manyWant},
		{"hidden", "published curves wait until picked", []string{"a"}, []string{"a (reported)"}, map[string]bool{"a": true, "a (reported)": false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CurvesLegend(tt.names, tt.hidden...).Selected
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}
