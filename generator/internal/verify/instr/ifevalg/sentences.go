package ifevalg

import (
	"fmt"
	"regexp"
	"strings"

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

// The expressions of IFEval's split_into_sentences (instructions_util.py,
// which open-instruct's IFEvalG keeps unchanged), with Python's Unicode \s.
const (
	alphabets = `([A-Za-z])`
	prefixes  = `(Mr|St|Mrs|Ms|Dr)[.]`
	suffixes  = `(Inc|Ltd|Jr|Sr|Co)`
	acronyms  = `([A-Z][.][A-Z][.](?:[A-Z][.])?)`
	websites  = `[.](com|net|org|io|gov|edu|me)`
	digits    = `([0-9])`
)

var starters = `(Mr|Mrs|Ms|Dr|Prof|Capt|Cpt|Lt|He\s|She\s|It\s|They\s|Their\s|Our\s|We\s|But\s|However\s|That\s|This\s|Wherever)`

// sentenceRules are the substitutions of split_into_sentences in its order;
// each replacement uses Go's ${n} for Python's \n.
var sentenceRules = func() []struct {
	re   *regexp.Regexp
	repl string
} {
	st := strings.ReplaceAll(starters, `\s`, pySpace)
	rules := []struct{ expr, repl string }{
		{prefixes, "${1}<prd>"},
		{websites, "<prd>${1}"},
		{digits + `[.]` + digits, "${1}<prd>${2}"},
		{`\.{2,}`, ""}, // multiple dots: see splitIntoSentences
		{pySpace + alphabets + `[.] `, " ${1}<prd> "},
		{acronyms + " " + st, "${1}<stop> ${2}"},
		{alphabets + `[.]` + alphabets + `[.]` + alphabets + `[.]`, "${1}<prd>${2}<prd>${3}<prd>"},
		{alphabets + `[.]` + alphabets + `[.]`, "${1}<prd>${2}<prd>"},
		{" " + suffixes + `[.] ` + st, " ${1}<stop> ${2}"},
		{" " + suffixes + `[.]`, " ${1}<prd>"},
		{" " + alphabets + `[.]`, " ${1}<prd>"},
	}
	out := make([]struct {
		re   *regexp.Regexp
		repl string
	}, len(rules))
	for i, r := range rules {
		out[i].re, out[i].repl = regexp.MustCompile(r.expr), r.repl
	}
	return out
}()

// splitIntoSentences splits s as IFEval's regular-expression splitter
// split_into_sentences does (not Punkt): abbreviations, initials, decimals,
// web addresses and runs of dots are protected, then the text is cut after
// every '.', '?' and '!'; each sentence is stripped, and a last empty one
// dropped. It is linear in s: every step is one pass of an RE2 expression or
// a replacement.
func splitIntoSentences(s string) []string {
	t := " " + s + "  "
	t = strings.ReplaceAll(t, "\n", " ")
	for i, r := range sentenceRules {
		if i == 3 {
			t = r.re.ReplaceAllStringFunc(t, func(m string) string {
				return strings.Repeat("<prd>", len(m)) + "<stop>"
			})
			if strings.Contains(t, "Ph.D") {
				t = strings.ReplaceAll(t, "Ph.D.", "Ph<prd>D<prd>")
			}
			continue
		}
		t = r.re.ReplaceAllString(t, r.repl)
	}
	t = strings.ReplaceAll(t, ".”", "”.")
	t = strings.ReplaceAll(t, `."`, `".`)
	t = strings.ReplaceAll(t, `!"`, `"!`)
	t = strings.ReplaceAll(t, `?"`, `"?`)
	t = strings.ReplaceAll(t, ".", ".<stop>")
	t = strings.ReplaceAll(t, "?", "?<stop>")
	t = strings.ReplaceAll(t, "!", "!<stop>")
	t = strings.ReplaceAll(t, "<prd>", ".")
	out := strings.Split(t, "<stop>")
	for i := range out {
		out[i] = text.Strip(out[i])
	}
	if len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
