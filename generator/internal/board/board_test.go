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
	if diff := cmp.Diff([]board.Policy{board.Strict, board.Loose}, board.Policies); diff != "" {
		t.Errorf("Policies list Strict, the primary setting, first (-want +got):\n%s", diff)
	}
}
