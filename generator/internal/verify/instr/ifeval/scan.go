package ifeval

import (
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// The official code's bullet and postscript expressions, written as scans:
// each expression's matches are decided by the first characters after a
// line start or a letter, so a scan finds the same ones without the regexp
// engine's backtracking. The tests hold each scan to its expression.

// countBullets counts the matches of (?m)^\s*\*[^\*].*$ (marker '*') or
// (?m)^\s*-.*$ (marker '-') in s, \s being Python's. From a line start the
// white space is skipped (newlines too, as \s* does), then the marker must
// follow, and for '*' one more character that is not a '*' (a newline
// included); the match then runs to the end of its line, and the search
// goes on from the next line start.
func countBullets(s string, marker byte) int {
	n := 0
	for start := 0; start < len(s); {
		i := skipSpace(s, start)
		if m, ok := bulletAt(s, i, marker); ok {
			n++
			i = m
		}
		// The next line start after i: every line start up to i gave the
		// same white space and the same verdict.
		k := strings.IndexByte(s[i:], '\n')
		if k < 0 {
			break
		}
		start = i + k + 1
	}
	return n
}

// bulletAt reports whether a bullet's marker is at s[i:], and where the
// match ends (before the newline that ends its line, or at the end).
func bulletAt(s string, i int, marker byte) (int, bool) {
	if i >= len(s) || s[i] != marker {
		return i, false
	}
	j := i + 1
	if marker == '*' {
		if j >= len(s) || s[j] == '*' {
			return i, false
		}
		// [^\*] takes one character, which may be the newline itself.
		_, size := utf8.DecodeRuneInString(s[j:])
		j += size
	}
	if k := strings.IndexByte(s[j:], '\n'); k >= 0 {
		return j + k, true
	}
	return len(s), true
}

// skipSpace returns the end of the run of Python white space at s[i:].
func skipSpace(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !text.IsSpace(r) {
			break
		}
		i += size
	}
	return i
}

// hasMarker reports whether (?m)\s*<marker>.*$ matches the lower-cased s,
// marker being "p.p.s" or "p.s." with an optional \s after each period
// written as "p.?p.?s" and "p.?s.". The leading \s* and the trailing .*$
// match anywhere, so the marker alone decides. Only 'P' and 'S' lower-case
// to 'p' and 's' and lower-casing makes or removes no white space, so s is
// read as it is, its ASCII letters folded.
func hasMarker(s, marker string) bool {
	for i := 0; i < len(s); i++ {
		if s[i]|0x20 == marker[0] && markerAt(s, i+1, marker[1:]) {
			return true
		}
	}
	return false
}

// markerAt reports whether the rest of a marker follows at s[i:].
func markerAt(s string, i int, rest string) bool {
	for k := 0; k < len(rest); k++ {
		c := rest[k]
		if c == '?' {
			// An optional white-space character: never one of the
			// marker's own, so taking it when it is there is the only way.
			if i < len(s) {
				if r, size := utf8.DecodeRuneInString(s[i:]); text.IsSpace(r) {
					i += size
				}
			}
			continue
		}
		if i >= len(s) || (c != '.' && s[i]|0x20 != c) || (c == '.' && s[i] != '.') {
			return false
		}
		i++
	}
	return true
}

// plainWord reports whether s is one or more ASCII letters: a splitter
// [countSections] can count without the expression.
func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// countSections counts the matches of \s?<word>\s?\d+\s? in s, word being
// ASCII letters ([plainWord]) and \s and \d Python's. A match's leading \s?
// only moves its start, so the matches are the occurrences of word, from
// where the last match ended, followed by an optional white-space character
// and digits; the trailing \s? then takes one more white-space character.
func countSections(s, word string) int {
	n := 0
	for pos := 0; pos < len(s); {
		k := strings.Index(s[pos:], word)
		if k < 0 {
			break
		}
		p := pos + k
		j := optionalSpace(s, p+len(word))
		d := j
		for d < len(s) {
			r, size := utf8.DecodeRuneInString(s[d:])
			if !text.IsDigit(r) {
				break
			}
			d += size
		}
		if d == j {
			pos = p + 1
			continue
		}
		n++
		pos = optionalSpace(s, d)
	}
	return n
}

// optionalSpace returns i past one white-space character at s[i:], if
// there is one.
func optionalSpace(s string, i int) int {
	if i < len(s) {
		if r, size := utf8.DecodeRuneInString(s[i:]); text.IsSpace(r) {
			return i + size
		}
	}
	return i
}
