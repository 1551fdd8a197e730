// Package text holds the text primitives the verifiable-instruction checkers
// share, written to agree with the Python code the official IFEval and IFBench
// evaluations run: Python's string rules (isupper, strip, split, slices, \w
// and \s), NLTK 3.8's Punkt sentence splitter with its English model, and
// NLTK 3.8's word tokenizer.
//
// It is part of the verify stage. It performs no I/O and keeps no mutable
// state: the Punkt model is parsed once, on first use, and only read after.
package text

//go:generate sh -c "python3 gen_unicode.py > unicode_table.go && gofmt -w unicode_table.go"

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSpace reports whether r is whitespace for Python's str.isspace, which
// also counts the information separators U+001C..U+001F.
func IsSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIISpaceTable[r]
	}
	return unicode.Is(pySpace, r)
}

// IsASCIISpace reports whether r is in Python's string.whitespace.
func IsASCIISpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	}
	return false
}

// IsWord reports whether r matches Python's Unicode \w: a letter, a number
// (decimal, letter-like or other) or the underscore. Marks are not word
// characters, as in Python.
func IsWord(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
	}
	return unicode.Is(pyWord, r)
}

// IsDigit reports whether r matches Python's Unicode \d (category Nd).
func IsDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.Is(pyDigit, r)
}

// IsAlpha reports whether r is a letter for Python's str.isalpha (categories
// Lu, Ll, Lt, Lm and Lo of the reference Unicode version).
func IsAlpha(r rune) bool { return unicode.Is(pyAlpha, r) }

// IsNumber reports whether r is a number (categories Nd, Nl and No of the
// reference Unicode version).
func IsNumber(r rune) bool { return unicode.Is(pyNumber, r) }

// Fields splits s around runs of whitespace as Python's str.split() with no
// argument does.
func Fields(s string) []string {
	// Count first, as strings.Fields does, to allocate once. The ASCII test
	// is written out in both loops: spaceAt is too big to be inlined.
	n, in := 0, false
	for i := 0; i < len(s); {
		var sp bool
		if c := s[i]; c < utf8.RuneSelf {
			sp = isASCIISpaceTable[c]
			i++
		} else {
			var size int
			sp, size = spaceAtNonASCII(s, i)
			i += size
		}
		if sp {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return appendFields(make([]string, 0, n), s)
}

// spaceAt reports whether the character at byte i of s is whitespace for
// IsSpace, and its length in bytes.
func spaceAt(s string, i int) (bool, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return isASCIISpaceTable[c], 1
	}
	return spaceAtNonASCII(s, i)
}

func spaceAtNonASCII(s string, i int) (bool, int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	return IsSpace(r), size
}

var isASCIISpaceTable = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true,
	0x1c: true, 0x1d: true, 0x1e: true, 0x1f: true, ' ': true}

// isASCIIWordTable holds IsWord for the ASCII characters.
var isASCIIWordTable = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = IsWord(rune(c))
	}
	return t
}()

// FirstRunes returns the first n code points of s, as Python's s[:n] does.
func FirstRunes(s string, n int) string {
	if !utf8.ValidString(s) {
		// []rune and back write each invalid byte as U+FFFD.
		r := []rune(s)
		return string(r[:min(n, len(r))])
	}
	end := 0
	for k := 0; k < n && end < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	return s[:end]
}

// LastRunes returns the last n code points of s, as Python's s[-n:] does for
// n > 0.
func LastRunes(s string, n int) string {
	if !utf8.ValidString(s) {
		r := []rune(s)
		return string(r[max(0, len(r)-n):])
	}
	start := len(s)
	for k := 0; k < n && start > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	return s[start:]
}

// Strip removes leading and trailing whitespace as Python's str.strip does.
func Strip(s string) string { return strings.TrimFunc(s, IsSpace) }

// Slice is Python's s[i:j] on a string's code points: a negative bound
// counts from the end, and bounds out of range are clamped.
func Slice(s []rune, i, j int) string {
	n := len(s)
	clamp := func(k int) int {
		if k < 0 {
			k += n
		}
		return min(max(k, 0), n)
	}
	i, j = clamp(i), clamp(j)
	if i >= j {
		return ""
	}
	return string(s[i:j])
}

// isLower, isUpper and isTitle answer ASCII without the tables (which agree,
// TestCaseASCIIFastPaths).
func isLower(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z'
	}
	return unicode.Is(pyLower, r)
}

func isUpper(r rune) bool {
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z'
	}
	return unicode.Is(pyUpper, r)
}

func isTitle(r rune) bool {
	if r < utf8.RuneSelf {
		return false
	}
	return unicode.Is(pyTitle, r)
}

// IsUpper reports what Python's str.isupper reports: s has at least one cased
// character and none of them is lower or title case.
func IsUpper(s string) bool {
	cased := false
	for _, r := range s {
		if isLower(r) || isTitle(r) {
			return false
		}
		if !cased && isUpper(r) {
			cased = true
		}
	}
	return cased
}

// IsLower reports what Python's str.islower reports: s has at least one cased
// character and none of them is upper or title case.
func IsLower(s string) bool {
	cased := false
	for _, r := range s {
		if isUpper(r) || isTitle(r) {
			return false
		}
		if !cased && isLower(r) {
			cased = true
		}
	}
	return cased
}

// CountWords counts the maximal runs of word characters (Python's \w+), the
// way the official IFEval code counts words with NLTK's RegexpTokenizer.
func CountWords(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); {
		var w bool
		if c := s[i]; c < utf8.RuneSelf {
			w = isASCIIWordTable[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			w = IsWord(r)
			i += size
		}
		if w && !in {
			n++
		}
		in = w
	}
	return n
}

// Words returns the maximal runs of word characters (Python's \w+).
func Words(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if IsWord(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// Lower returns s lower-cased as Python's str.lower does: with the full
// lower-case mapping, so that İ (U+0130) becomes "i̇" (i and a combining dot
// above), not "i", and with capital sigma becoming final sigma at the end of
// a word. Otherwise it is strings.ToLower.
func Lower(s string) string {
	if !strings.Contains(s, "\u0130") && !strings.Contains(s, "\u03a3") {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, r := range s {
		switch r {
		case '\u0130':
			b.WriteString("i\u0307")
		case '\u03a3':
			if finalSigma(s, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition at byte offset i of s, as
// CPython tests it: a cased letter before (skipping case-ignorable
// characters) and none after.
func finalSigma(s string, i int) bool {
	cased := func(r rune) bool { return isLower(r) || isUpper(r) || isTitle(r) }
	ignorable := func(r rune) bool {
		return unicode.Is(pyCaseIgnorableCat, r) || r == '\'' || r == '.' || r == ':' || r == '^' || r == '`' || r == '\u00ad' || r == '\u2019'
	}
	before := false
	for j := i; j > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		j -= size
		if ignorable(r) {
			continue
		}
		before = cased(r)
		break
	}
	if !before {
		return false
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	for j := i + size; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		j += size
		if ignorable(r) {
			continue
		}
		return !cased(r)
	}
	return true
}
