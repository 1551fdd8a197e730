package ifeval

import (
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// These answer questions about text.Lower(s) without lower-casing all of s.

// countLowered counts want in text.Lower(s). For an ASCII letter that is
// the letter in either case, KELVIN SIGN for k and İ for i (lower-cased to
// "i̇"): no other character lower-cases to an ASCII letter (the tests go
// through every code point). Other characters are counted in the
// lower-cased text.
func countLowered(s string, want rune) int {
	if want < 'a' || want > 'z' {
		n := 0
		for _, r := range text.Lower(s) {
			if r == want {
				n++
			}
		}
		return n
	}
	c := byte(want)
	n := strings.Count(s, string(c)) + strings.Count(s, string(c-'a'+'A'))
	switch c {
	case 'k':
		n += strings.Count(s, "\u212a")
	case 'i':
		n += strings.Count(s, "\u0130")
	}
	return n
}

// hasLoweredPrefix reports whether text.Lower(s) starts with prefix. Without
// a capital sigma, whose lower case depends on what follows it, each
// character of s lower-cases on its own to one or more characters, so the
// first as many characters of s as prefix has decide.
func hasLoweredPrefix(s, prefix string) bool {
	if strings.Contains(s, "\u03a3") {
		return strings.HasPrefix(text.Lower(s), prefix)
	}
	n := utf8.RuneCountInString(prefix)
	end := 0
	for k := 0; k < n && end < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	return strings.HasPrefix(text.Lower(s[:end]), prefix)
}

// lowerTail returns a suffix of text.Lower(s) that holds its last n
// characters at least (all of it when it is shorter). Without a capital
// sigma, whose lower case depends on its neighbours, and in valid UTF-8
// (read back to front as front to back), each character lower-cases on its
// own to one or more characters, so the last n characters of s decide.
func lowerTail(s string, n int) string {
	if strings.Contains(s, "\u03a3") || !utf8.ValidString(s) {
		return text.Lower(s)
	}
	start := len(s)
	for k := 0; k < n && start > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	return text.Lower(s[start:])
}
