package report

import "testing"

func TestCSVSafe(t *testing.T) {
	tests := []struct {
		name, reason, in, want string
	}{
		{"plain", "ordinary text is kept", "GPT-5", "GPT-5"},
		{"empty", "nothing to escape", "", ""},
		{"equals", "a formula", "=1+1", "'=1+1"},
		{"plus", "a formula in some spreadsheets", "+1", "'+1"},
		{"minus", "a formula in some spreadsheets", "-1+2", "'-1+2"},
		{"at", "a Lotus-style function", "@SUM(A1)", "'@SUM(A1)"},
		{"tab", "a leading tab can hide a formula", "\t=1", "'\t=1"},
		{"cr", "a leading carriage return too", "\r=1", "'\r=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := Text(tt.in).MarshalCSV(); err != nil || got != tt.want {
				t.Errorf("Text(%q).MarshalCSV() = %q, %v, want %q (%s)", tt.in, got, err, tt.want, tt.reason)
			}
		})
	}
}
