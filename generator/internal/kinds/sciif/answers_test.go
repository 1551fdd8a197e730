package sciif

import (
	"strings"
	"testing"
)

// TestCountWords counts words as strings.Fields splits them, Unicode
// spaces and invalid UTF-8 included.
func TestCountWords(t *testing.T) {
	for _, s := range []string{
		"", " ", "one", " two  words ", "tab\tand\nnew\vlines\f\r",
		"no\u00a0break", "next\u0085line", "em\u2003space", "ideo\u3000graphic",
		"bad\xff \xfe\xfd utf-8", "中文 没有 空格", "$x^2$ = 4 \\text{ m}",
	} {
		if got, want := countWords(s), len(strings.Fields(s)); got != want {
			t.Errorf("countWords(%q) = %d, want %d", s, got, want)
		}
	}
}
