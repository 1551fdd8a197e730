package ifeval

import (
	"regexp"
	"slices"
	"testing"
)

// FuzzSplitParagraphsMatchesExpression checks splitParagraphs against the
// official divider expression \s?\*\*\*\s?, with Python's \s.
func FuzzSplitParagraphsMatchesExpression(f *testing.F) {
	for _, s := range []string{"", "***", "a *** b", "a\n***\nb", "****", "*** ***", "a\u00a0***\u2003b", "x\u0085***", "\xff***\xff", "** * ***** ******* "} {
		f.Add(s)
	}
	divider := regexp.MustCompile(pyS + `?\*\*\*` + pyS + `?`)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := splitParagraphs(s), divider.Split(s, -1); !slices.Equal(got, want) {
			t.Errorf("splitParagraphs(%q) = %q, want %q", s, got, want)
		}
	})
}
