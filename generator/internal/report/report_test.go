package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
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

func TestCSVDefusesNames(t *testing.T) {
	b := &sciifdata.Board{Models: []sciifdata.ModelScores{{ID: "m", Name: "=cmd|' /C calc'!A0", Strict: &sciifdata.PolicyScores{Rank: 1, Items: 1}}}}
	var buf bytes.Buffer
	if err := CSV(&buf, Rows(b, []board.Policy{board.Strict})); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "policy,rank,id,name,") {
		t.Fatalf("unexpected CSV:\n%s", buf.String())
	}
	if !strings.Contains(lines[1], `"'=cmd|' /C calc'!A0"`) && !strings.Contains(lines[1], `'=cmd|' /C calc'!A0`) {
		t.Errorf("the model name is not defused: %s", lines[1])
	}
}
