package rubric

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	ids := []string{"p1", "e1", "d1"}
	tests := []struct {
		name, reason, text string
		want               []Answer
	}{
		{"plain", "the prompt's format", "p1: YES fine\ne1: NO missing\nd1: YES",
			[]Answer{{Yes, "fine", 1}, {No, "missing", 2}, {Yes, "", 3}}},
		{"wrapped ids and markers", "** or backticks on the id, - or * before it", "- **p1**: yes. ok\n* `e1`: No, absent\n**d1**:YES—avoided",
			[]Answer{{Yes, "ok", 1}, {No, "absent", 2}, {Yes, "avoided", 3}}},
		{"case-insensitive ids", "ids match in any case", "P1: YES\nE1: NO\nD1: NO",
			[]Answer{{Yes, "", 1}, {No, "", 2}, {No, "", 3}}},
		{"separators", "every separator of the grammar, with or without a space before it", "p1: YES - a\ne1: NO ; b\nd1: YES : c",
			[]Answer{{Yes, "a", 1}, {No, "b", 2}, {Yes, "c", 3}}},
		{"bracketed reason", "the prompt's [reason] template", "p1: YES [stated]\ne1: NO (absent)\nd1: NO",
			[]Answer{{Yes, "stated", 1}, {No, "absent", 2}, {No, "", 3}}},
		{"prose ignored", "other lines are ignored, criteria left out are unanswered", "Grading:\nOverall: YES\np1: YES\n\nThe rest is fine.",
			[]Answer{{Yes, "", 3}, {}, {}}},
		{"contradiction", "two different verdicts give no verdict", "p1: YES\np1: NO\ne1: NO\ne1: NO\nd1: YES",
			[]Answer{{Conflict, "", 1}, {No, "", 3}, {Yes, "", 5}}},
		{"invalid", "anything but YES or NO after the colon", "p1: PARTIAL\ne1: YESS\nd1: YES1",
			[]Answer{{Invalid, "PARTIAL", 1}, {Invalid, "YESS", 2}, {Invalid, "YES1", 3}}},
		{"forms of the SciIF grammar", "bold label and colon, bold verdict, numbered list, quote marker, as every kind accepts", "1. **p1:** YES\n> e1: **no** - absent\n+ __d1__: _yes_",
			[]Answer{{Yes, "", 1}, {No, "absent", 2}, {Yes, "", 3}}},
		{"invalid reason clipped", "an unreadable verdict is quoted to 40 characters", "p1: " + strings.Repeat("é", 45) + "\ne1: NO\nd1: NO",
			[]Answer{{Invalid, strings.Repeat("é", 40) + "…", 1}, {No, "", 2}, {No, "", 3}}},
		{"invalid wins", "a valid line does not repair an invalid one", "p1: YES\np1: maybe\ne1: NO\nd1: NO",
			[]Answer{{Invalid, "maybe", 2}, {No, "", 3}, {No, "", 4}}},
		{"not verdict lines", "no colon, prose before the id, unbalanced wrapping", "p1 YES\nCriterion e1: NO\n**d1`: YES",
			[]Answer{{}, {}, {}}},
		{"CRLF", "Windows line ends", "p1: YES\r\ne1: NO ok\r\nd1: YES\r\n",
			[]Answer{{Yes, "", 1}, {No, "ok", 2}, {Yes, "", 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Parse(tt.text, ids)); diff != "" {
				t.Errorf("%s: (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestParseAnyText runs Parse over mutations of the accepted forms: it
// never panics and always gives one answer per criterion. (A go test -fuzz
// target would belong in the CI fuzz matrix, which this package does not
// edit.)
func TestParseAnyText(t *testing.T) {
	seeds := []string{"p1: YES", "- **p1**: no. x\nP1: YES", "`p1`:yes—", "p1: \r\n", "**", "* `e.2`: NO — r", "d-3:YES"}
	for _, s := range seeds {
		for i := 0; i <= len(s); i++ {
			for _, ins := range []string{"", "*", "`", ":", " ", "\n", "—", "\xff", "YES", "-"} {
				text := s[:i] + ins + s[i:]
				if got := Parse(text, []string{"p1", "e.2", "d-3"}); len(got) != 3 {
					t.Fatalf("%q: %d answers for 3 criteria", text, len(got))
				}
				if i < len(s) {
					Parse(s[:i]+ins+s[i+1:], []string{"p1"})
				}
			}
		}
	}
}
