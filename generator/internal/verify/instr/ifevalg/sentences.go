package ifevalg

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// pySpace is a character class of Python's \s on str patterns: the
// characters str.isspace accepts (text.IsSpace), which Go's \s, ASCII only,
// lacks.
var pySpace = func() string {
	var b strings.Builder
	b.WriteByte('[')
	for r := rune(0); r <= 0x3000; r++ {
		if text.IsSpace(r) {
			fmt.Fprintf(&b, `\x{%x}`, r)
		}
	}
	b.WriteByte(']')
	return b.String()
}()

// starters are the words after which IFEval's splitter ends a sentence at
// an acronym or a company suffix.
const starters = `(Mr|Mrs|Ms|Dr|Prof|Capt|Cpt|Lt|He\s|She\s|It\s|They\s|Their\s|Our\s|We\s|But\s|However\s|That\s|This\s|Wherever)`

// The two rules of the splitter that stay regular expressions, each run
// only on a text that can match it.
var (
	acronymStarter = regexp.MustCompile(`([A-Z][.][A-Z][.](?:[A-Z][.])?) ` + strings.ReplaceAll(starters, `\s`, pySpace))
	suffixStarter  = regexp.MustCompile(` (Inc|Ltd|Jr|Sr|Co)[.] ` + strings.ReplaceAll(starters, `\s`, pySpace))
)

var (
	prefixRule  = strings.NewReplacer("Mr.", "Mr<prd>", "St.", "St<prd>", "Mrs.", "Mrs<prd>", "Ms.", "Ms<prd>", "Dr.", "Dr<prd>")
	websiteRule = strings.NewReplacer(".com", "<prd>com", ".net", "<prd>net", ".org", "<prd>org", ".io", "<prd>io",
		".gov", "<prd>gov", ".edu", "<prd>edu", ".me", "<prd>me")
	suffixRule = strings.NewReplacer(" Inc.", " Inc<prd>", " Ltd.", " Ltd<prd>", " Jr.", " Jr<prd>", " Sr.", " Sr<prd>", " Co.", " Co<prd>")
	stopRule   = strings.NewReplacer(".", ".<stop>", "?", "?<stop>", "!", "!<stop>")
)

// endRules move a closing quote before the sentence's end mark.
var endRules = [...][2]string{{".”", "”."}, {`."`, `".`}, {`!"`, `"!`}, {`?"`, `"?`}}

// splitIntoSentences splits s as IFEval's regular-expression splitter
// split_into_sentences does (not Punkt): titles, web addresses, decimals,
// runs of dots, initials, acronyms and company suffixes are protected,
// then the text is cut after every '.', '?' and '!'; each sentence is
// stripped, and a last empty one dropped. The Python's regular
// expressions are written out as scans and replacements where they are
// simple (the test holds them to the expressions), so that each step is
// one linear pass; a text without a dot skips them all.
func splitIntoSentences(s string) []string {
	t := " " + s + "  "
	t = strings.ReplaceAll(t, "\n", " ")
	if strings.IndexByte(t, '.') >= 0 {
		t = protectDots(t)
	}
	// One after the other, as the Python does: each may make a match for
	// the next (?!" becomes "?!).
	for _, r := range endRules {
		t = strings.ReplaceAll(t, r[0], r[1])
	}
	t = stopRule.Replace(t)
	return cutSentences(strings.ReplaceAll(t, "<prd>", "."))
}

// protectDots is the splitter's substitutions in their order, each as the
// Python's re.sub finds its matches: leftmost, without overlap.
func protectDots(t string) string {
	t = prefixRule.Replace(t)
	t = websiteRule.Replace(t)
	t = scan(t, 3, 1, func(t string, i int) string { // ([0-9])[.]([0-9])
		if isDigit(t[i]) && t[i+1] == '.' && isDigit(t[i+2]) {
			return t[i:i+1] + "<prd>" + t[i+2:i+3]
		}
		return ""
	})
	t = dotRuns(t)
	if strings.Contains(t, "Ph.D") {
		t = strings.ReplaceAll(t, "Ph.D.", "Ph<prd>D<prd>")
	}
	t = spaceInitials(t)
	if hasLettersDotted(t, true) {
		t = acronymStarter.ReplaceAllString(t, "${1}<stop> ${2}")
	}
	for _, n := range []int{3, 2} { // ([A-Za-z])[.] three, then two times
		t = scan(t, 2*n, 1, func(t string, i int) string {
			for k := 0; k < n; k++ {
				if !isLetter(t[i+2*k]) || t[i+2*k+1] != '.' {
					return ""
				}
			}
			var b strings.Builder
			for k := 0; k < n; k++ {
				b.WriteString(t[i+2*k : i+2*k+1])
				b.WriteString("<prd>")
			}
			return b.String()
		})
	}
	if strings.Contains(t, " Inc. ") || strings.Contains(t, " Ltd. ") || strings.Contains(t, " Jr. ") ||
		strings.Contains(t, " Sr. ") || strings.Contains(t, " Co. ") {
		t = suffixStarter.ReplaceAllString(t, " ${1}<stop> ${2}")
	}
	t = suffixRule.Replace(t)
	return scan(t, 3, 2, func(t string, i int) string { // " ([A-Za-z])[.]"
		if t[i] == ' ' && isLetter(t[i+1]) && t[i+2] == '.' {
			return " " + t[i+1:i+2] + "<prd>"
		}
		return ""
	})
}

// scan rewrites t from left to right: a match is n bytes whose byte at
// off is a dot; at each dot, match returns the replacement of the n bytes
// starting off bytes before it, or "" when they do not match; after a
// match it goes on after them. Visiting the dots alone finds the matches
// a scan of every byte would, in the same order.
func scan(t string, n, off int, match func(t string, i int) string) string {
	var b strings.Builder
	last := 0
	for i := 0; ; {
		d := strings.IndexByte(t[min(i+off, len(t)):], '.')
		if d < 0 {
			break
		}
		start := min(i+off, len(t)) + d - off
		if start+n > len(t) {
			break
		}
		if r := match(t, start); r != "" {
			if b.Len() == 0 {
				b.Grow(len(t) + len(t)/4)
			}
			b.WriteString(t[last:start])
			b.WriteString(r)
			i = start + n
			last = i
			continue
		}
		i = start + 1
	}
	if last == 0 {
		return t
	}
	b.WriteString(t[last:])
	return b.String()
}

// dotRuns replaces each run of two or more dots with as many "<prd>" and
// one "<stop>" (\.{2,}).
func dotRuns(t string) string {
	if !strings.Contains(t, "..") {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + len(t)/2)
	for i := 0; i < len(t); {
		j := i
		for j < len(t) && t[j] == '.' {
			j++
		}
		if j-i >= 2 {
			b.WriteString(strings.Repeat("<prd>", j-i))
			b.WriteString("<stop>")
			i = j
			continue
		}
		if j > i {
			b.WriteByte('.')
			i = j
			continue
		}
		b.WriteByte(t[i])
		i++
	}
	return b.String()
}

// spaceInitials is \s([A-Za-z])[.] → " \1<prd> ", with Python's Unicode
// \s (one code point, of any width).
func spaceInitials(t string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(t); {
		r, size := utf8.DecodeRuneInString(t[i:])
		j := i + size
		if text.IsSpace(r) && j+3 <= len(t) && isLetter(t[j]) && t[j+1] == '.' && t[j+2] == ' ' {
			b.WriteString(t[last:i])
			b.WriteString(" " + t[j:j+1] + "<prd> ")
			i = j + 3
			last = i
			continue
		}
		i = j
	}
	if last == 0 {
		return t
	}
	b.WriteString(t[last:])
	return b.String()
}

// hasLettersDotted reports whether t holds two letters each followed by a
// dot ("U.S."), capitals only when upper is set.
func hasLettersDotted(t string, upper bool) bool {
	ok := isLetter
	if upper {
		ok = func(c byte) bool { return c >= 'A' && c <= 'Z' }
	}
	for i := 0; i+4 <= len(t); i++ {
		if ok(t[i]) && t[i+1] == '.' && ok(t[i+2]) && t[i+3] == '.' {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// cutSentences cuts the marked text at each "<stop>", strips every
// sentence and drops a last empty one.
func cutSentences(t string) []string {
	out := strings.Split(t, "<stop>")
	for i := range out {
		out[i] = text.Strip(out[i])
	}
	if len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
