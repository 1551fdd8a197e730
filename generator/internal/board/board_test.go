package board_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func TestDiagnosticWhereAndString(t *testing.T) {
	tests := []struct {
		name, reason string
		d            board.Diagnostic
		wantWhere    string
	}{
		{
			name: "file only", reason: "a problem of a whole file is located by the file alone",
			d:         board.Diagnostic{File: "results/m/metadata.yaml", Msg: "no items"},
			wantWhere: "results/m/metadata.yaml",
		},
		{
			name: "file and line", reason: "a line number follows the file after a colon, as compilers print it",
			d:         board.Diagnostic{File: "results/m/responses.jsonl", Line: 17, Msg: "bad json"},
			wantWhere: "results/m/responses.jsonl:17",
		},
		{
			name: "line zero is left out", reason: "Line 0 means unknown, not line 0",
			d:         board.Diagnostic{File: "a.yaml", Line: 0, Field: "judges", Msg: "m"},
			wantWhere: "a.yaml: judges",
		},
		{
			name: "every part", reason: "the documented order is file:line: item: field: constraint: judge",
			d: board.Diagnostic{File: "results/m/responses.jsonl", Line: 3, Item: "physics-0001", Field: "correctness",
				Constraint: "units_standard", Judge: "gpt-5.1", Msg: "empty output"},
			wantWhere: "results/m/responses.jsonl:3: item physics-0001: correctness: constraint units_standard: judge gpt-5.1",
		},
		{
			name: "item and judge without field or constraint", reason: "parts that are not set are left out with their separators",
			d:         board.Diagnostic{File: "r.jsonl", Line: 9, Item: "x-1", Judge: "j2", Msg: "no output"},
			wantWhere: "r.jsonl:9: item x-1: judge j2",
		},
		{
			name: "constraint only", reason: "a constraint is named with its label",
			d:         board.Diagnostic{File: "r.jsonl", Constraint: "assumptions", Msg: "m"},
			wantWhere: "r.jsonl: constraint assumptions",
		},
		{
			name: "fatal does not change the text", reason: "Fatal decides what happens to the input, not how the problem reads",
			d:         board.Diagnostic{File: "b/items.jsonl", Line: 2, Field: "id", Msg: "missing item id", Fatal: true},
			wantWhere: "b/items.jsonl:2: id",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.wantWhere, tt.d.Where()); diff != "" {
				t.Errorf("%s\nWhere() (-want +got):\n%s", tt.reason, diff)
			}
			wantString := tt.wantWhere + ": " + tt.d.Msg
			if diff := cmp.Diff(wantString, tt.d.String()); diff != "" {
				t.Errorf("String() is Where, a colon and the message (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantString, tt.d.Error()); diff != "" {
				t.Errorf("Error() is String() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDiagnosticIsAnError(t *testing.T) {
	var err error = board.Diagnostic{File: "f", Line: 1, Msg: "m"}
	var d board.Diagnostic
	if !errors.As(err, &d) || d.Line != 1 {
		t.Errorf("errors.As(Diagnostic) = %+v; a Diagnostic must be usable as an error value", d)
	}
}

func TestProblemsError(t *testing.T) {
	a := board.Diagnostic{File: "b/items.jsonl", Line: 4, Field: "id", Msg: "missing item id", Fatal: true}
	b := board.Diagnostic{File: "b/items.jsonl", Line: 9, Msg: "bad json", Fatal: true}
	c := board.Diagnostic{File: "b/catalog.json", Msg: "the catalog is empty", Fatal: true}
	tests := []struct {
		name, reason string
		p            board.Problems
		want         string
	}{
		{name: "none", reason: "an empty list still prints something sensible", p: nil, want: "no problems"},
		{name: "one", reason: "a single problem prints as itself", p: board.Problems{a}, want: "b/items.jsonl:4: id: missing item id"},
		{name: "two", reason: "the count of the others agrees in number", p: board.Problems{a, b},
			want: "b/items.jsonl:4: id: missing item id (and 1 more problem)"},
		{name: "three", reason: "the first problem is shown, with the count of the others", p: board.Problems{a, b, c},
			want: "b/items.jsonl:4: id: missing item id (and 2 more problems)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.p.Error()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// testCatalog mirrors the built-in catalog's shapes: two MAIN and one
// SECONDARY point, all MAIN, and one of each.
var testCatalog = board.Catalog{Constraints: []board.Constraint{
	{ID: "assumptions", Abbrev: "A", Name: "Assumptions", Family: board.Condition,
		Points: []board.Point{{N: 1, Main: true}, {N: 2, Main: true}, {N: 3, Main: false}}},
	{ID: "symbols_constants_standardization", Abbrev: "SCS", Name: "Symbols & Constants Standardization", Family: board.Terminology,
		Points: []board.Point{{N: 1, Main: true}, {N: 2, Main: true}, {N: 3, Main: true}}},
	{ID: "variable_naming_consistency", Abbrev: "VNC", Name: "Variable Naming Consistency", Family: board.Terminology,
		Points: []board.Point{{N: 1, Main: false}, {N: 2, Main: true}}},
}}

func TestConstraintMainPoints(t *testing.T) {
	tests := []struct {
		name, reason string
		c            board.Constraint
		want         int
	}{
		{name: "two main one secondary", reason: "SECONDARY points are not counted", c: testCatalog.Constraints[0], want: 2},
		{name: "all main", reason: "every MAIN point is counted", c: testCatalog.Constraints[1], want: 3},
		{name: "secondary first", reason: "the count follows the Main flag, not the position", c: testCatalog.Constraints[2], want: 1},
		{name: "only secondary", reason: "a constraint with no MAIN point has none", c: board.Constraint{Points: []board.Point{{N: 1}, {N: 2}}}, want: 0},
		{name: "no points", reason: "an empty constraint has no MAIN points", c: board.Constraint{}, want: 0},
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
		items        []board.Item
		want         map[string]int
	}{
		{name: "no items", reason: "an empty benchmark has an empty index", items: nil, want: map[string]int{}},
		{name: "file order", reason: "each id maps to its position in Items, the benchmark's file order",
			items: []board.Item{{ID: "physics-0002"}, {ID: "biology-0001"}, {ID: "physics-0001"}},
			want:  map[string]int{"physics-0002": 0, "biology-0001": 1, "physics-0001": 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &board.Benchmark{Items: tt.items}
			if diff := cmp.Diff(tt.want, b.Index()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestItemK(t *testing.T) {
	it := board.Item{Constraints: []string{"assumptions", "units_standard", "numerical_methods"}}
	if got := it.K(); got != 3 {
		t.Errorf("K() = %d, want 3: k is the number of enabled constraints", got)
	}
	if got := (&board.Item{}).K(); got != 0 {
		t.Errorf("K() of an item with no constraints = %d, want 0", got)
	}
}

func TestPointVerdictJudgesPass(t *testing.T) {
	yes := func(j string) board.Vote { return board.Vote{Judge: j, Yes: true} }
	tests := []struct {
		name, reason string
		votes        []board.Vote
		want         bool
	}{
		{name: "two yes", reason: "two-of-two: both judges say YES", votes: []board.Vote{yes("a"), yes("b")}, want: true},
		{name: "yes then no", reason: "two-of-two: one NO fails the point", votes: []board.Vote{yes("a"), {Judge: "b"}}, want: false},
		{name: "no then yes", reason: "two-of-two: the order of the judges does not matter", votes: []board.Vote{{Judge: "a"}, yes("b")}, want: false},
		{name: "yes and missing", reason: "a missing vote counts as NO", votes: []board.Vote{yes("a"), {Judge: "b", Missing: true}}, want: false},
		{name: "single yes", reason: "with one judge listed, its YES is every judge's YES", votes: []board.Vote{yes("a")}, want: true},
		{name: "three with one no", reason: "all judges must agree, not a majority", votes: []board.Vote{yes("a"), yes("b"), {Judge: "c"}}, want: false},
		{name: "no votes", reason: "no judge means no YES: an empty vote is not a pass", votes: nil, want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := board.PointVerdict{Votes: tt.votes}
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
			c := board.ConstraintVerdict{Strict: tt.strict, Loose: tt.loose}
			if got := c.Pass(tt.policy); got != tt.want {
				t.Errorf("%s: Pass(%q) = %v, want %v", tt.reason, tt.policy, got, tt.want)
			}
		})
	}
}

func TestItemVerdictCompliant(t *testing.T) {
	cv := func(strict, loose bool) board.ConstraintVerdict {
		return board.ConstraintVerdict{Strict: strict, Loose: loose}
	}
	tests := []struct {
		name, reason string
		v            board.ItemVerdict
		wantStrict   bool
		wantLoose    bool
	}{
		{name: "every constraint passes", reason: "compliance is the AND over enabled constraints (§3.4)",
			v: board.ItemVerdict{Answered: true, Constraints: []board.ConstraintVerdict{cv(true, true), cv(true, true)}}, wantStrict: true, wantLoose: true},
		{name: "one constraint fails strict", reason: "one failed constraint fails the item under that policy only",
			v: board.ItemVerdict{Answered: true, Constraints: []board.ConstraintVerdict{cv(true, true), cv(false, true)}}, wantStrict: false, wantLoose: true},
		{name: "the last constraint fails both", reason: "every constraint is checked, not only the first",
			v: board.ItemVerdict{Answered: true, Constraints: []board.ConstraintVerdict{cv(true, true), cv(true, true), cv(false, false)}}, wantStrict: false, wantLoose: false},
		{name: "unanswered", reason: "an unanswered item is never compliant, whatever its constraint verdicts say",
			v: board.ItemVerdict{Answered: false, Constraints: []board.ConstraintVerdict{cv(true, true)}}, wantStrict: false, wantLoose: false},
		{name: "unanswered with no constraints", reason: "an unanswered item is never compliant, even vacuously",
			v: board.ItemVerdict{Answered: false}, wantStrict: false, wantLoose: false},
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
	strict, loose := &board.PolicyScores{Rank: 1}, &board.PolicyScores{Rank: 2}
	m := board.ModelScores{Strict: strict, Loose: loose}
	tests := []struct {
		name, reason string
		m            board.ModelScores
		p            board.Policy
		want         *board.PolicyScores
	}{
		{name: "strict", reason: "Policy(Strict) returns the Strict scores", m: m, p: board.Strict, want: strict},
		{name: "loose", reason: "Policy(Loose) returns the Loose scores", m: m, p: board.Loose, want: loose},
		{name: "not computed", reason: "scores that were not computed are nil", m: board.ModelScores{Strict: strict}, p: board.Loose, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.Policy(tt.p); got != tt.want {
				t.Errorf("%s: Policy(%s) = %p, want %p", tt.reason, tt.p, got, tt.want)
			}
		})
	}
}

func TestPercentFraction(t *testing.T) {
	tests := []struct {
		name, reason string
		p            board.Percent
		want         float64
	}{
		{name: "paper's best compliance", reason: "29.6 % is the fraction 0.296", p: 29.6, want: 0.296},
		{name: "zero", reason: "0 % is 0", p: 0, want: 0},
		{name: "hundred", reason: "100 % is 1", p: 100, want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.p.Fraction()
			if d := got - tt.want; d > 1e-12 || d < -1e-12 {
				t.Errorf("%s: Fraction() = %v, want %v", tt.reason, got, tt.want)
			}
		})
	}
}

func TestDisplayOrders(t *testing.T) {
	if diff := cmp.Diff([]board.Family{board.Condition, board.Terminology, board.Process}, board.Families); diff != "" {
		t.Errorf("Families are in the paper's Table 1 order (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]board.Policy{board.Strict, board.Loose}, board.Policies); diff != "" {
		t.Errorf("Policies list Strict, the primary setting, first (-want +got):\n%s", diff)
	}
}
