package ifbench

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// pyPunct is Python's string.punctuation: the ASCII punctuation the reference
// strips and removes in most checkers.
const pyPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// pyPunctSpace is string.punctuation plus a space, the reference's usual
// argument to str.strip.
const pyPunctSpace = pyPunct + " "

// removePunct deletes every ASCII punctuation character, like the
// reference's s.translate(str.maketrans("", "", string.punctuation)).
func removePunct(s string) string {
	if !utf8.ValidString(s) {
		// strings.Map writes U+FFFD for each invalid byte.
		return strings.Map(dropPunct, s)
	}
	i := 0
	for i < len(s) && (s[i] >= utf8.RuneSelf || !isPyPunct[s[i]]) {
		i++
	}
	if i == len(s) {
		return s
	}
	// Punctuation is ASCII, so dropping its bytes from valid UTF-8 keeps
	// every other character whole.
	var b strings.Builder
	b.Grow(len(s) - 1)
	b.WriteString(s[:i])
	for i++; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || !isPyPunct[c] {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func dropPunct(r rune) rune {
	if r < utf8.RuneSelf && isPyPunct[r] {
		return -1
	}
	return r
}

var isPyPunct = func() (t [utf8.RuneSelf]bool) {
	for _, c := range pyPunct {
		t[c] = true
	}
	return t
}()

// isPunctSpace reports whether c is in pyPunctSpace.
func isPunctSpace(c byte) bool { return c == ' ' || c < utf8.RuneSelf && isPyPunct[c] }

// trimPunctSpace is strings.Trim(s, pyPunctSpace), the reference's
// s.strip(string.punctuation + " "), without building the set of characters
// on every call: they are ASCII, so they are trimmed byte by byte.
func trimPunctSpace(s string) string { return trimRightPunctSpace(trimLeftPunctSpace(s)) }

// trimLeftPunctSpace is strings.TrimLeft(s, pyPunctSpace).
func trimLeftPunctSpace(s string) string {
	i := 0
	for i < len(s) && isPunctSpace(s[i]) {
		i++
	}
	return s[i:]
}

// trimRightPunctSpace is strings.TrimRight(s, pyPunctSpace).
func trimRightPunctSpace(s string) string {
	j := len(s)
	for j > 0 && isPunctSpace(s[j-1]) {
		j--
	}
	return s[:j]
}

// runeLen is Python's len() of a str: code points, not bytes.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// firstRune returns the first code point of s (0 when s is empty).
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && s == "" {
		return 0
	}
	return r
}

// pyIsAlnum reports whether Python's str.isalnum holds for one character.
func pyIsAlnum(r rune) bool { return r != '_' && text.IsWord(r) }

// removeEmpty drops empty strings, like the reference's
// `while "" in xs: xs.remove("")`.
func removeEmpty(xs []string) []string {
	out := xs[:0:0]
	for _, x := range xs {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

// plural returns "1 word" or "3 words".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// quote shortens s for a reason message.
func quote(s string) string {
	const max = 40
	if runeLen(s) > max {
		s = text.FirstRunes(s, max) + "…"
	}
	return strconv.Quote(s)
}

// lastRuneBefore returns the code point that ends at byte offset i of s.
func lastRuneBefore(s string, i int) rune {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// isLetterPy is Python's str.isalpha for one character.
func isLetterPy(r rune) bool { return text.IsAlpha(r) }
