package report

import (
	"testing"
)

func TestTextDefuses(t *testing.T) {
	tests := []struct {
		name, reason, in, want string
	}{
		{"plain", "ordinary text is unchanged", "Atlas 70B", "Atlas 70B"},
		{"empty", "nothing to defuse", "", ""},
		{"formula", "a leading = starts a formula", "=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"},
		{"plus", "+ starts a formula too", "+1", "'+1"},
		{"minus", "- starts a formula too", "-2+3", "'-2+3"},
		{"at", "@ calls a function in some spreadsheets", "@SUM(A1)", "'@SUM(A1)"},
		{"tab", "a leading tab can hide a formula", "\t=1", "'\t=1"},
		{"inner", "only the first character matters", "a=b", "a=b"},
		{"cr", "a leading carriage return can hide a formula", "\r=1", "'\r=1"},
		{"negative", "a text column is text: a negative number in it is defused too", "-2", "'-2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Text(tt.in).MarshalCSV()
			if err != nil || got != tt.want {
				t.Errorf("Text(%q).MarshalCSV() = %q, %v, want %q (%s)", tt.in, got, err, tt.want, tt.reason)
			}
		})
	}
}
