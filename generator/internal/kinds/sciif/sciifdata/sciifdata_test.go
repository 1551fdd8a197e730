package sciifdata_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

var testCatalog = sciifdata.Catalog{Constraints: []sciifdata.Constraint{
	{ID: "assumptions", Abbrev: "A", Name: "Assumptions", Family: sciifdata.Condition,
		Points: []sciifdata.Point{{N: 1, Main: true}, {N: 2, Main: true}, {N: 3, Main: false}}},
	{ID: "symbols_constants_standardization", Abbrev: "SCS", Name: "Symbols & Constants Standardization", Family: sciifdata.Terminology,
		Points: []sciifdata.Point{{N: 1, Main: true}, {N: 2, Main: true}, {N: 3, Main: true}}},
	{ID: "variable_naming_consistency", Abbrev: "VNC", Name: "Variable Naming Consistency", Family: sciifdata.Terminology,
		Points: []sciifdata.Point{{N: 1, Main: false}, {N: 2, Main: true}}},
}}

func TestConstraintMainPoints(t *testing.T) {
	tests := []struct {
		name, reason string
		c            sciifdata.Constraint
		want         int
	}{
		{name: "two main one secondary", reason: "SECONDARY points are not counted", c: testCatalog.Constraints[0], want: 2},
		{name: "all main", reason: "every MAIN point is counted", c: testCatalog.Constraints[1], want: 3},
		{name: "secondary first", reason: "the count follows the Main flag, not the position", c: testCatalog.Constraints[2], want: 1},
		{name: "only secondary", reason: "a constraint with no MAIN point has none", c: sciifdata.Constraint{Points: []sciifdata.Point{{N: 1}, {N: 2}}}, want: 0},
		{name: "no points", reason: "an empty constraint has no MAIN points", c: sciifdata.Constraint{}, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.c.MainPoints(); got != tt.want {
				t.Errorf("%s: MainPoints() = %d, want %d", tt.reason, got, tt.want)
			}
		})
	}
}

func TestCatalogLookup(t *testing.T) {
	tests := []struct {
		name, reason string
		id           string
		wantOK       bool
		wantAbbrev   string
	}{
		{name: "first", reason: "the first constraint is found", id: "assumptions", wantOK: true, wantAbbrev: "A"},
		{name: "last", reason: "the last constraint is found", id: "variable_naming_consistency", wantOK: true, wantAbbrev: "VNC"},
		{name: "unknown", reason: "an unknown id is reported as not found", id: "unit_standard", wantOK: false},
		{name: "abbreviation is not an id", reason: "lookup is by id only", id: "SCS", wantOK: false},
		{name: "case matters", reason: "ids are exact snake_case strings", id: "Assumptions", wantOK: false},
		{name: "empty", reason: "the empty id names nothing", id: "", wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := testCatalog
			c, ok := cat.Lookup(tt.id)
			if ok != tt.wantOK {
				t.Fatalf("%s: Lookup(%q) ok = %v, want %v", tt.reason, tt.id, ok, tt.wantOK)
			}
			if !ok {
				if c != nil {
					t.Errorf("Lookup(%q) = %+v with ok false, want nil", tt.id, c)
				}
				return
			}
			if c.ID != tt.id || c.Abbrev != tt.wantAbbrev {
				t.Errorf("%s: Lookup(%q) = %s (%s), want %s (%s)", tt.reason, tt.id, c.ID, c.Abbrev, tt.id, tt.wantAbbrev)
			}
		})
	}
}

func TestBenchmarkIndex(t *testing.T) {
	tests := []struct {
		name, reason string
		items        []sciifdata.Item
		want         map[string]int
	}{
		{name: "no items", reason: "an empty benchmark has an empty index", items: nil, want: map[string]int{}},
		{name: "file order", reason: "each id maps to its position in Items, the benchmark's file order",
			items: []sciifdata.Item{{ID: "physics-0002"}, {ID: "biology-0001"}, {ID: "physics-0001"}},
			want:  map[string]int{"physics-0002": 0, "biology-0001": 1, "physics-0001": 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &sciifdata.Benchmark{Items: tt.items}
			if diff := cmp.Diff(tt.want, b.Index()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestItemK(t *testing.T) {
	it := sciifdata.Item{Constraints: []string{"assumptions", "units_standard", "numerical_methods"}}
	if got := it.K(); got != 3 {
		t.Errorf("K() = %d, want 3: k is the number of enabled constraints", got)
	}
	if got := (&sciifdata.Item{}).K(); got != 0 {
		t.Errorf("K() of an item with no constraints = %d, want 0", got)
	}
}

func TestPointVerdictJudgesPass(t *testing.T) {
	yes := func(j string) sciifdata.Vote { return sciifdata.Vote{Judge: j, Yes: true} }
	tests := []struct {
		name, reason string
		votes        []sciifdata.Vote
		want         bool
	}{
		{name: "two yes", reason: "two-of-two: both judges say YES", votes: []sciifdata.Vote{yes("a"), yes("b")}, want: true},
		{name: "yes then no", reason: "two-of-two: one NO fails the point", votes: []sciifdata.Vote{yes("a"), {Judge: "b"}}, want: false},
		{name: "no then yes", reason: "two-of-two: the order of the judges does not matter", votes: []sciifdata.Vote{{Judge: "a"}, yes("b")}, want: false},
		{name: "yes and missing", reason: "a missing vote counts as NO", votes: []sciifdata.Vote{yes("a"), {Judge: "b", Missing: true}}, want: false},
		{name: "single yes", reason: "with one judge listed, its YES is every judge's YES", votes: []sciifdata.Vote{yes("a")}, want: true},
		{name: "three with one no", reason: "all judges must agree, not a majority", votes: []sciifdata.Vote{yes("a"), yes("b"), {Judge: "c"}}, want: false},
		{name: "no votes", reason: "no judge means no YES: an empty vote is not a pass", votes: nil, want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := sciifdata.PointVerdict{Votes: tt.votes}
			if got := p.JudgesPass(); got != tt.want {
				t.Errorf("%s: JudgesPass() = %v, want %v", tt.reason, got, tt.want)
			}
		})
	}
}

func TestConstraintVerdictPass(t *testing.T) {
	tests := []struct {
		name, reason  string
		strict, loose bool
		policy        board.Policy
		want          bool
	}{
		{name: "strict reads Strict", reason: "Pass(Strict) is the Strict verdict", strict: false, loose: true, policy: board.Strict, want: false},
		{name: "loose reads Loose", reason: "Pass(Loose) is the Loose verdict", strict: false, loose: true, policy: board.Loose, want: true},
		{name: "strict pass", reason: "Pass(Strict) is the Strict verdict", strict: true, loose: true, policy: board.Strict, want: true},
		{name: "loose fail", reason: "Pass(Loose) is the Loose verdict", strict: true, loose: false, policy: board.Loose, want: false},
		{name: "unknown policy is strict", reason: "anything but Loose reads the stricter, primary verdict", strict: false, loose: true, policy: board.Policy(""), want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sciifdata.ConstraintVerdict{Strict: tt.strict, Loose: tt.loose}
			if got := c.Pass(tt.policy); got != tt.want {
				t.Errorf("%s: Pass(%q) = %v, want %v", tt.reason, tt.policy, got, tt.want)
			}
		})
	}
}

func TestItemVerdictCompliant(t *testing.T) {
	cv := func(strict, loose bool) sciifdata.ConstraintVerdict {
		return sciifdata.ConstraintVerdict{Strict: strict, Loose: loose}
	}
	tests := []struct {
		name, reason string
		v            sciifdata.ItemVerdict
		wantStrict   bool
		wantLoose    bool
	}{
		{name: "every constraint passes", reason: "compliance is the AND over enabled constraints (§3.4)",
			v: sciifdata.ItemVerdict{Answered: true, Constraints: []sciifdata.ConstraintVerdict{cv(true, true), cv(true, true)}}, wantStrict: true, wantLoose: true},
		{name: "one constraint fails strict", reason: "one failed constraint fails the item under that policy only",
			v: sciifdata.ItemVerdict{Answered: true, Constraints: []sciifdata.ConstraintVerdict{cv(true, true), cv(false, true)}}, wantStrict: false, wantLoose: true},
		{name: "the last constraint fails both", reason: "every constraint is checked, not only the first",
			v: sciifdata.ItemVerdict{Answered: true, Constraints: []sciifdata.ConstraintVerdict{cv(true, true), cv(true, true), cv(false, false)}}, wantStrict: false, wantLoose: false},
		{name: "unanswered", reason: "an unanswered item is never compliant, whatever its constraint verdicts say",
			v: sciifdata.ItemVerdict{Answered: false, Constraints: []sciifdata.ConstraintVerdict{cv(true, true)}}, wantStrict: false, wantLoose: false},
		{name: "unanswered with no constraints", reason: "an unanswered item is never compliant, even vacuously",
			v: sciifdata.ItemVerdict{Answered: false}, wantStrict: false, wantLoose: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := [2]bool{tt.v.Compliant(board.Strict), tt.v.Compliant(board.Loose)}
			if diff := cmp.Diff([2]bool{tt.wantStrict, tt.wantLoose}, got); diff != "" {
				t.Errorf("%s: [Strict Loose] (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestModelScoresPolicy(t *testing.T) {
	strict, loose := &sciifdata.PolicyScores{Rank: 1}, &sciifdata.PolicyScores{Rank: 2}
	m := sciifdata.ModelScores{Strict: strict, Loose: loose}
	tests := []struct {
		name, reason string
		m            sciifdata.ModelScores
		p            board.Policy
		want         *sciifdata.PolicyScores
	}{
		{name: "strict", reason: "Policy(Strict) returns the Strict scores", m: m, p: board.Strict, want: strict},
		{name: "loose", reason: "Policy(Loose) returns the Loose scores", m: m, p: board.Loose, want: loose},
		{name: "not computed", reason: "scores that were not computed are nil", m: sciifdata.ModelScores{Strict: strict}, p: board.Loose, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.Policy(tt.p); got != tt.want {
				t.Errorf("%s: Policy(%s) = %p, want %p", tt.reason, tt.p, got, tt.want)
			}
		})
	}
}

func TestFamiliesOrder(t *testing.T) {
	if diff := cmp.Diff([]sciifdata.Family{sciifdata.Condition, sciifdata.Terminology, sciifdata.Process}, sciifdata.Families); diff != "" {
		t.Errorf("Families are in the paper's Table 1 order (-want +got):\n%s", diff)
	}
}
