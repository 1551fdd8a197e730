package verify

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

func TestPolicies(t *testing.T) {
	main, second := sciifdata.PointVerdict{Main: true}, sciifdata.PointVerdict{}
	for _, tc := range []struct {
		name, reason          string
		points                []sciifdata.PointVerdict
		pass                  []bool
		wantStrict, wantLoose bool
	}{
		{"all pass", "every point passes", []sciifdata.PointVerdict{main, second}, []bool{true, true}, true, true},
		{"secondary fails", "Loose lets SECONDARY points fail", []sciifdata.PointVerdict{main, second}, []bool{true, false}, false, true},
		{"main fails", "a MAIN point fails both", []sciifdata.PointVerdict{main, second}, []bool{false, true}, false, false},
		{"no points", "nothing to fail", nil, nil, true, true},
		{"only secondary, failing", "no MAIN point: Loose passes", []sciifdata.PointVerdict{second}, []bool{false}, false, true},
	} {
		strict, loose := Policies(tc.points, func(i int) bool { return tc.pass[i] })
		if strict != tc.wantStrict || loose != tc.wantLoose {
			t.Errorf("%s (%s): strict %v loose %v, want %v %v", tc.name, tc.reason, strict, loose, tc.wantStrict, tc.wantLoose)
		}
	}
}
