package text

import (
	"strings"
	"unicode/utf8"
)

// edit replaces the leftmost non-overlapping matches in s: match reports
// where a match starting at byte i (a rune boundary) ends, or -1, and
// write writes the replacement of a match. next(s, i) is a rune boundary
// at or before the first place from i where a match may start (len(s) when
// none can): the bytes between are skipped without trying match. It returns
// s itself when nothing matches.
func edit(s string, next func(s string, i int) int, match func(s string, i int) int, write func(b *strings.Builder, m string)) string {
	var b *strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if j := next(s, i); j > i {
			if i = j; i >= len(s) {
				break
			}
		}
		if e := match(s, i); e > i {
			if b == nil {
				b = &strings.Builder{}
				b.Grow(len(s) + 16)
			}
			b.WriteString(s[last:i])
			write(b, s[i:e])
			last, i = e, e
			continue
		}
		if s[i] < utf8.RuneSelf {
			i++
		} else {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
	}
	if b == nil {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// atAny is edit's next for matches that start with a character of chars.
func atAny(chars string) func(s string, i int) int {
	return func(s string, i int) int {
		if k := strings.IndexAny(s[i:], chars); k >= 0 {
			return i + k
		}
		return len(s)
	}
}

// runesBefore is edit's next for matches that start at most n characters
// before a byte of chars (ASCII): n runes back from the next such byte. An
// ASCII byte is always a rune boundary, and stepping back by
// utf8.DecodeLastRuneInString keeps to the boundaries that stepping forward
// by utf8.DecodeRuneInString finds, invalid bytes one at a time.
func runesBefore(chars string, n int) func(s string, i int) int {
	return func(s string, i int) int {
		k := strings.IndexAny(s[i:], chars)
		if k < 0 {
			return len(s)
		}
		j := i + k
		for range n {
			if j <= i {
				return i
			}
			_, size := utf8.DecodeLastRuneInString(s[:j])
			j -= size
		}
		return max(j, i)
	}
}

// padMatch writes " $0 ".
func padMatch(b *strings.Builder, m string) {
	b.WriteByte(' ')
	b.WriteString(m)
	b.WriteByte(' ')
}

// spaceAfterFirst writes the match with a space after its first character.
func spaceAfterFirst(b *strings.Builder, m string) {
	_, size := utf8.DecodeRuneInString(m)
	b.WriteString(m[:size])
	b.WriteByte(' ')
	b.WriteString(m[size:])
}

// byteSet is a set of byte values.
type byteSet [4]uint64

func (b *byteSet) add(c byte)      { b[c>>6] |= 1 << (c & 63) }
func (b *byteSet) has(c byte) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *byteSet) addString(s string) {
	for i := 0; i < len(s); i++ {
		b.add(s[i])
	}
}

// mayContainAny reports whether a text whose bytes are all in b may contain
// a character of chars: a character can only be there if all its bytes are.
func (b *byteSet) mayContainAny(chars string) bool {
	for i := 0; i < len(chars); i++ {
		if b.has(chars[i]) {
			return true
		}
	}
	return false
}
