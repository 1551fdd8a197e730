package ifbench

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// pyPunct is Python's string.punctuation: the ASCII punctuation the reference
// strips and removes in most checkers.
const pyPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// pyPunctSpace is string.punctuation plus a space, the reference's usual
// argument to str.strip.
const pyPunctSpace = pyPunct + " "

// wordRe is Python's Unicode \w+, which counts words in the reference
// (nltk RegexpTokenizer(r"\w+")); Go's \w is ASCII-only.
var wordRe = regexp.MustCompile(`[\p{L}\p{N}_]+`)

// isPySpace reports whether Python's str.isspace holds for r: Go's
// unicode.IsSpace plus the ASCII information separators.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pyFields splits like Python's str.split() with no argument.
func pyFields(s string) []string { return strings.FieldsFunc(s, isPySpace) }

// pyTrim strips whitespace like Python's str.strip() with no argument.
func pyTrim(s string) string { return strings.TrimFunc(s, isPySpace) }

// removePunct deletes every ASCII punctuation character, like the
// reference's s.translate(str.maketrans(”, ”, string.punctuation)).
func removePunct(s string) string {
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && strings.ContainsRune(pyPunct, r) {
			return -1
		}
		return r
	}, s)
}

// countWords counts Unicode \w+ runs, the reference's count_words.
func countWords(s string) int { return len(wordRe.FindAllStringIndex(s, -1)) }

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
func pyIsAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// pyCase reports Python's str.islower and str.isupper for s: both need at
// least one cased character, and a titlecase letter makes both false.
func pyCase(s string) (lower, upper bool) {
	cased, anyLower, anyUpper := false, false, false
	for _, r := range s {
		switch {
		case unicode.IsTitle(r):
			return false, false
		case unicode.IsLower(r):
			cased, anyLower = true, true
		case unicode.IsUpper(r):
			cased, anyUpper = true, true
		}
	}
	return cased && !anyUpper, cased && !anyLower
}

func pyIsLower(s string) bool { l, _ := pyCase(s); return l }
func pyIsUpper(s string) bool { _, u := pyCase(s); return u }

// removeEmpty drops empty strings, like the reference's
// `while ” in xs: xs.remove(”)`.
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
		r := []rune(s)
		s = string(r[:max]) + "…"
	}
	return strconv.Quote(s)
}

// lastRuneBefore returns the code point that ends at byte offset i of s.
func lastRuneBefore(s string, i int) rune {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// isLetterPy is Python's str.isalpha for one character.
func isLetterPy(r rune) bool { return unicode.IsLetter(r) }
