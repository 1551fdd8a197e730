package ifbench

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadPyCSV(t *testing.T) {
	tests := []struct {
		name, reason, text string
		want               [][]string
	}{
		{name: "plain", reason: "rows split on newlines and commas", text: "a,b\nc,d\n", want: [][]string{{"a", "b"}, {"c", "d"}}},
		{name: "blank line", reason: "Python yields an empty row for a blank line", text: "a\n\nb", want: [][]string{{"a"}, {}, {"b"}}},
		{name: "quoted", reason: "quotes group a field and are removed; doubled quotes stand for one", text: "\"x, y\",\"say \"\"hi\"\"\"\n", want: [][]string{{"x, y", `say "hi"`}}},
		{name: "multi-line field", reason: "a quoted field continues over a newline", text: "\"a\nb\",c", want: [][]string{{"a\nb", "c"}}},
		{name: "trailing delimiter", reason: "the end of the last line closes the record, so the empty last field counts, as in Python", text: "a,", want: [][]string{{"a", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readPyCSV(tt.text, ',')
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.Transformer("nonNilRow", func(r []string) []string {
				if r == nil {
					return []string{}
				}
				return r
			})); diff != "" {
				t.Errorf("%s\nreadPyCSV (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// FuzzRemovePunctMatchesMap checks removePunct against strings.Map with
// dropPunct, which says what it does character by character.
func FuzzRemovePunctMatchesMap(f *testing.F) {
	for _, s := range []string{"", "abc", "a.b,c!", "“quoted”—dash…", "\xff.\xfe", "é.!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := removePunct(s), strings.Map(dropPunct, s); got != want {
			t.Errorf("removePunct(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzTrimPunctSpaceMatchesStrings checks the trims against strings.Trim,
// TrimLeft and TrimRight with pyPunctSpace.
func FuzzTrimPunctSpaceMatchesStrings(f *testing.F) {
	for _, s := range []string{"", " ", "(word).", "  \"x\" ", "é!", "\xff.", "!!!", "a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimPunctSpace(s), strings.Trim(s, pyPunctSpace); got != want {
			t.Errorf("trimPunctSpace(%q) = %q, want %q", s, got, want)
		}
		if got, want := trimLeftPunctSpace(s), strings.TrimLeft(s, pyPunctSpace); got != want {
			t.Errorf("trimLeftPunctSpace(%q) = %q, want %q", s, got, want)
		}
		if got, want := trimRightPunctSpace(s), strings.TrimRight(s, pyPunctSpace); got != want {
			t.Errorf("trimRightPunctSpace(%q) = %q, want %q", s, got, want)
		}
	})
}
