package text

import (
	"regexp"
	"strings"
)

// WordTokenize splits s into words as NLTK's word_tokenize does: Punkt
// sentences, then the improved Treebank rules on each sentence (quotes,
// punctuation, brackets, dashes, clitics such as n't and 's, and a few
// contractions such as cannot). Go's regexp has no lookaround, so the rules
// that need it are written out by hand.
func WordTokenize(s string) []string {
	var out []string
	for _, sent := range Sentences(s) {
		out = append(out, treebankTokenize(sent)...)
	}
	return out
}

type rule struct {
	re  *regexp.Regexp
	rep string
}

func r(expr, rep string) rule { return rule{regexp.MustCompile(expr), rep} }

// The tables are read-only after package initialisation.
var (
	startingQuotes = []rule{
		r("([«“‘„]|[`]+)", " $1 "),
		r(`^"`, "``"),
		r("(``)", " $1 "),
		r(`([ \(\[{<])("|'{2})`, "$1 `` "),
	}
	punctuation1 = []rule{
		r(`([^\.])(\.)([\]\)}>"'»”’ ]*)\s*$`, "$1 $2 $3 "),
		r(`([:,])([^\p{Nd}])`, " $1 $2"),
		r(`([:,])$`, " $1 "),
		r(`\.{2,}`, " $0 "),
		r(`[;@#$%&]`, " $0 "),
		r(`([^\.])(\.)([\]\)}>"']*)\s*$`, "$1 $2$3 "),
		r(`[?!]`, " $0 "),
		r(`([^'])' `, "$1 ' "),
		r(`[*]`, " $0 "),
		r(`[\]\[\(\)\{\}\<\>]`, " $0 "),
		r(`--`, " -- "),
	}
	endingQuotes = []rule{
		r("([»”’])", " $1 "),
		r(`''`, " '' "),
		r(`"`, " '' "),
		r(`([^' ])('[sS]|'[mM]|'[dD]|') `, "$1 $2 "),
		r(`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, "$1 $2 "),
	}
	contractions = []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b(can)(not)\b`),
		regexp.MustCompile(`(?i)\b(d)('ye)\b`),
		regexp.MustCompile(`(?i)\b(gim)(me)\b`),
		regexp.MustCompile(`(?i)\b(gon)(na)\b`),
		regexp.MustCompile(`(?i)\b(got)(ta)\b`),
		regexp.MustCompile(`(?i)\b(lem)(me)\b`),
		regexp.MustCompile(`(?i)\b(more)('n)\b`),
		regexp.MustCompile(`(?i)\b(wan)(na)(\s)`),
		regexp.MustCompile(`(?i) ('t)(is)\b`),
		regexp.MustCompile(`(?i) ('t)(was)\b`),
	}
)

// replaceAll applies a rule the way Python's re.sub does. Go's ReplaceAll
// treats "$1 " correctly but "$1$2" would read "$1$2" as one name, so the
// replacement strings above always separate references with a space or
// use single-digit names followed by non-name characters.
func replaceAll(s string, ru rule) string { return ru.re.ReplaceAllString(s, ru.rep) }

func treebankTokenize(s string) []string {
	for _, ru := range startingQuotes {
		s = replaceAll(s, ru)
	}
	s = splitQuoteBeforeLetter(s)
	for _, ru := range punctuation1 {
		s = replaceAll(s, ru)
	}
	s = " " + s + " "
	for _, ru := range endingQuotes {
		s = replaceAll(s, ru)
	}
	for i, re := range contractions {
		if i == 7 {
			// wanna: the trailing \s is a lookahead in NLTK; keep it.
			s = re.ReplaceAllString(s, " ${1} ${2} ${3}")
			continue
		}
		s = re.ReplaceAllString(s, " ${1} ${2} ")
	}
	return strings.Fields(s)
}

// splitQuoteBeforeLetter applies (?i)(')(?!re|ve|ll|m|t|s|d|n)(\w)\b → "' x":
// an apostrophe before a one-character word that is not a clitic.
func splitQuoteBeforeLetter(s string) string {
	if !strings.Contains(s, "'") {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		b.WriteRune(rs[i])
		if rs[i] != '\'' || i+1 >= len(rs) || !IsWord(rs[i+1]) {
			continue
		}
		rest := strings.ToLower(string(rs[i+1 : min(len(rs), i+3)]))
		clitic := false
		for _, c := range []string{"re", "ve", "ll", "m", "t", "s", "d", "n"} {
			if strings.HasPrefix(rest, c) {
				clitic = true
				break
			}
		}
		if clitic {
			continue
		}
		if i+2 >= len(rs) || !IsWord(rs[i+2]) {
			b.WriteRune(' ')
			b.WriteRune(rs[i+1])
			i++
		}
	}
	return b.String()
}
