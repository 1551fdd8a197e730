package text

//go:generate sh -c "python3 gen_ignorecase.py > ignorecase_table.go && gofmt -w ignorecase_table.go"

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// foldIndex maps each code point of a class in ignoreCaseClasses to the
// class's index; built on first use.
var foldIndex = sync.OnceValue(func() map[rune]int {
	m := make(map[rune]int, 3000)
	for i, c := range ignoreCaseClasses {
		for _, r := range c {
			m[r] = i
		}
	}
	return m
})

// CaseClass returns the characters that Python's re.IGNORECASE matches for r
// (r included, sorted), or nil when r matches only itself. It differs from
// Go's case folding for four characters: I, i, İ (U+0130) and ı (U+0131) are
// one class in Python and two in Go.
func CaseClass(r rune) []rune {
	if i, ok := foldIndex()[r]; ok {
		return ignoreCaseClasses[i]
	}
	return nil
}

// FoldASCII lower-cases the ASCII letters of s and maps the non-ASCII
// characters that Python's re.IGNORECASE equates with an ASCII letter (İ and
// ı to i, KELVIN SIGN to k, LONG S to s), so that searching it for a
// lower-case ASCII word finds exactly what a case-insensitive Python
// expression would. Every other character is kept, and word characters stay
// word characters, so word boundaries stay where they were.
func FoldASCII(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || c == 0xc4 || c == 0xc5 || c == 0xe2 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	// Runs that stay as they are are copied whole. An invalid byte becomes
	// U+FFFD, as ranging over the string and writing each rune does.
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				b.WriteString(s[last:i])
				b.WriteByte(c + 'a' - 'A')
				last = i + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var rep string
		switch {
		case r == utf8.RuneError && size == 1:
			rep = "\uFFFD"
		case r == '\u0130' || r == '\u0131':
			rep = "i"
		case r == '\u212a':
			rep = "k"
		case r == '\u017f':
			rep = "s"
		default:
			i += size
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(rep)
		i += size
		last = i
	}
	b.WriteString(s[last:])
	return b.String()
}

// CompileIgnoreCase compiles a Go regular expression so that it matches
// letters as a Python expression compiled with re.IGNORECASE does: every
// literal becomes the class of its case equivalents (CaseClass), and every
// bracketed class gains the equivalents of its members. A class that
// contains U+10FFFF is taken to be negated ([^...]): it loses every
// character whose equivalents it does not all contain, as Python's negated
// classes exclude a character when any of its equivalents is listed.
func CompileIgnoreCase(expr string) (*regexp.Regexp, error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, err
	}
	return regexp.Compile(ignoreCase(re).String())
}

func ignoreCase(re *syntax.Regexp) *syntax.Regexp {
	for i, s := range re.Sub {
		re.Sub[i] = ignoreCase(s)
	}
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			re.Flags &^= syntax.FoldCase
		}
		var subs []*syntax.Regexp
		var lit []rune
		flush := func() {
			if len(lit) > 0 {
				subs = append(subs, &syntax.Regexp{Op: syntax.OpLiteral, Rune: lit, Flags: re.Flags})
				lit = nil
			}
		}
		for _, r := range re.Rune {
			c := CaseClass(r)
			if c == nil {
				lit = append(lit, r)
				continue
			}
			flush()
			subs = append(subs, &syntax.Regexp{Op: syntax.OpCharClass, Rune: runeRanges(c), Flags: re.Flags})
		}
		flush()
		if len(subs) == 1 {
			return subs[0]
		}
		return &syntax.Regexp{Op: syntax.OpConcat, Sub: subs, Flags: re.Flags}
	case syntax.OpCharClass:
		re.Rune = foldClass(re.Rune)
	}
	return re
}

// runeRanges turns a sorted list of code points into class ranges.
func runeRanges(rs []rune) []rune {
	out := make([]rune, 0, 2*len(rs))
	for _, r := range rs {
		out = append(out, r, r)
	}
	return out
}

// foldClass applies Python's IGNORECASE rule to the ranges of a class.
func foldClass(ranges []rune) []rune {
	in := func(r rune) bool {
		for i := 0; i < len(ranges); i += 2 {
			if ranges[i] <= r && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	negated := in(utf8.MaxRune)
	var add, drop []rune
	for _, c := range ignoreCaseClasses {
		n := 0
		for _, r := range c {
			if in(r) {
				n++
			}
		}
		switch {
		case n == 0 || n == len(c):
		case negated:
			drop = append(drop, c...)
		default:
			add = append(add, c...)
		}
	}
	if len(add) == 0 && len(drop) == 0 {
		return ranges
	}
	out := slices.Clone(ranges)
	for _, r := range add {
		out = append(out, r, r)
	}
	out = mergeRanges(out)
	slices.Sort(drop)
	for _, r := range drop {
		out = removeRune(out, r)
	}
	return out
}

// mergeRanges sorts class ranges (pairs lo, hi) and merges those that touch.
func mergeRanges(rs []rune) []rune {
	type pair struct{ lo, hi rune }
	ps := make([]pair, 0, len(rs)/2)
	for i := 0; i < len(rs); i += 2 {
		ps = append(ps, pair{rs[i], rs[i+1]})
	}
	slices.SortFunc(ps, func(a, b pair) int { return int(a.lo - b.lo) })
	out := rs[:0]
	for _, p := range ps {
		if n := len(out); n > 0 && p.lo <= out[n-1]+1 {
			out[n-1] = max(out[n-1], p.hi)
			continue
		}
		out = append(out, p.lo, p.hi)
	}
	return out
}

// removeRune removes r from sorted, merged class ranges.
func removeRune(rs []rune, r rune) []rune {
	for i := 0; i < len(rs); i += 2 {
		lo, hi := rs[i], rs[i+1]
		if r < lo || r > hi {
			continue
		}
		var repl []rune
		if lo < r {
			repl = append(repl, lo, r-1)
		}
		if r < hi {
			repl = append(repl, r+1, hi)
		}
		return slices.Replace(rs, i, i+2, repl...)
	}
	return rs
}

// ContainsWordFold reports whether word occurs in s between Python word
// boundaries, matched as Python's
// re.search(r"\b" + re.escape(word) + r"\b", s, re.IGNORECASE) matches it.
func ContainsWordFold(s, word string) bool {
	if word == "" {
		return false
	}
	if isASCIIWord(word) {
		folded, w := FoldASCII(s), strings.ToLower(word)
		for start := 0; ; {
			i := strings.Index(folded[start:], w)
			if i < 0 {
				return false
			}
			a := start + i
			if WordBoundary(folded, a) && WordBoundary(folded, a+len(w)) {
				return true
			}
			start = a + 1
		}
	}
	re, err := CompileIgnoreCase(regexp.QuoteMeta(word))
	if err != nil {
		return false
	}
	for start := 0; start <= len(s); {
		loc := re.FindStringIndex(s[start:])
		if loc == nil {
			return false
		}
		a, b := start+loc[0], start+loc[1]
		if WordBoundary(s, a) && WordBoundary(s, b) {
			return true
		}
		_, size := utf8.DecodeRuneInString(s[a:])
		start = a + max(size, 1)
	}
	return false
}

// isASCIIWord reports whether w has only ASCII letters, digits and spaces,
// so that FoldASCII can stand in for case-insensitive matching.
func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == ' ') {
			return false
		}
	}
	return true
}

// WordBoundary reports whether Python's Unicode \b holds at byte offset i of
// s.
func WordBoundary(s string, i int) bool {
	before, after := false, false
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		before = IsWord(r)
	}
	if i < len(s) {
		r, _ := utf8.DecodeRuneInString(s[i:])
		after = IsWord(r)
	}
	return before != after
}
