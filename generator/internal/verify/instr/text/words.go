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

// FirstWordTokens returns the first n tokens of [WordTokenize] (all of them
// when there are fewer), tokenizing no more sentences than it needs.
func FirstWordTokens(s string, n int) []string {
	var out []string
	for _, sent := range Sentences(s) {
		if len(out) >= n {
			break
		}
		out = append(out, treebankTokenize(sent)...)
	}
	return out[:min(n, len(out))]
}

type rule struct {
	// trigger lists characters of which at least one must occur for the
	// expression to match; it saves running expressions that cannot.
	trigger string
	re      *regexp.Regexp
	rep     string
	// pad, when set, replaces the expression: the rule only surrounds each
	// trigger character with spaces, which is much cheaper done directly.
	pad bool
}

func r(trigger, expr, rep string) rule {
	return rule{trigger: trigger, re: regexp.MustCompile(expr), rep: rep}
}

// p is a rule that surrounds every character of chars with spaces, as
// [chars] → " $0 " does.
func p(chars string) rule { return rule{trigger: chars, pad: true} }

// padChars surrounds every occurrence of a character of chars with spaces.
func padChars(s, chars string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, c := range s {
		if strings.ContainsRune(chars, c) {
			b.WriteByte(' ')
			b.WriteRune(c)
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// The tables are read-only after package initialisation. Go's
// ReplaceAllString reads "$1 " as group 1 followed by a space, as Python's
// "\\1 " is; every replacement below keeps that shape.
var (
	startingQuotes = []rule{
		r("«“‘„`", "([«“‘„]|[`]+)", " $1 "),
		r(`"`, `^"`, "``"),
		r("`", "(``)", " $1 "),
		r(`"'`, `([ \(\[{<])("|'{2})`, "$1 `` "),
	}
	punctuationA = []rule{
		r(":,", `([:,])([^\p{Nd}])`, " $1 $2"),
		r(":,", `([:,])$`, " $1 "),
		r(".", `\.{2,}`, " $0 "),
		p(";@#$%&"),
	}
	punctuationB = []rule{
		p("?!"),
		r("'", `([^'])' `, "$1 ' "),
		p("*"),
		p("[](){}<>"),
		r("-", `--`, " -- "),
	}
	endingQuotes = []rule{
		p("»”’"),
		r("'", `''`, " '' "),
		r(`"`, `"`, " '' "),
		r("'", `([^' ])('[sS]|'[mM]|'[dD]|') `, "$1 $2 "),
		r("'", `([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, "$1 $2 "),
	}
	// contractions pairs a lower-case word that must occur with its rule.
	contractions = []struct {
		word string
		re   *regexp.Regexp
	}{
		{"cannot", regexp.MustCompile(`(?i)\b(can)(not)\b`)},
		{"d'ye", regexp.MustCompile(`(?i)\b(d)('ye)\b`)},
		{"gimme", regexp.MustCompile(`(?i)\b(gim)(me)\b`)},
		{"gonna", regexp.MustCompile(`(?i)\b(gon)(na)\b`)},
		{"gotta", regexp.MustCompile(`(?i)\b(got)(ta)\b`)},
		{"lemme", regexp.MustCompile(`(?i)\b(lem)(me)\b`)},
		{"more'n", regexp.MustCompile(`(?i)\b(more)('n)\b`)},
		{"wanna", regexp.MustCompile(`(?i)\b(wan)(na)(\s)`)},
		{"'tis", regexp.MustCompile(`(?i) ('t)(is)\b`)},
		{"'twas", regexp.MustCompile(`(?i) ('t)(was)\b`)},
	}
)

func apply(s string, rules []rule) string {
	for _, ru := range rules {
		switch {
		case !strings.ContainsAny(s, ru.trigger):
		case ru.pad:
			s = padChars(s, ru.trigger)
		default:
			s = ru.re.ReplaceAllString(s, ru.rep)
		}
	}
	return s
}

func treebankTokenize(s string) []string {
	s = apply(s, startingQuotes)
	s = splitQuoteBeforeLetter(s)
	s = finalPeriod(s, "])}>\"'»”’ ", " ")
	s = apply(s, punctuationA)
	s = finalPeriod(s, "])}>\"'", "")
	s = apply(s, punctuationB)
	s = " " + s + " "
	s = apply(s, endingQuotes)
	lower := strings.ToLower(s)
	for i, c := range contractions {
		if !strings.Contains(lower, c.word) {
			continue
		}
		if i == 7 {
			// wanna: the trailing \s is a lookahead in NLTK; keep it.
			s = c.re.ReplaceAllString(s, " ${1} ${2} ${3}")
			continue
		}
		s = c.re.ReplaceAllString(s, " ${1} ${2} ")
	}
	return strings.Fields(s)
}

// finalPeriod applies NLTK's final-period rule,
// ([^\.])(\.)([closers]*)\s*$ → "\1 \2<sep>\3 ": a period that is not
// part of "..", followed only by closing characters and whitespace, is
// split off, and the trailing whitespace dropped.
func finalPeriod(s, closers, sep string) string {
	rs := []rune(s)
	end := len(rs)
	for end > 0 && IsSpace(rs[end-1]) {
		end--
	}
	// The closer run, greedy from the period, must reach the trailing
	// whitespace: find the last period with only closers and space after it.
	p := -1
	for i := end - 1; i >= 0; i-- {
		if rs[i] == '.' {
			p = i
			break
		}
		if !strings.ContainsRune(closers, rs[i]) && !IsSpace(rs[i]) {
			return s
		}
	}
	if p < 1 || rs[p-1] == '.' {
		return s
	}
	q := p + 1
	for q < len(rs) && strings.ContainsRune(closers, rs[q]) {
		q++
	}
	for _, c := range rs[q:] {
		if !IsSpace(c) {
			return s
		}
	}
	return string(rs[:p]) + " ." + sep + string(rs[p+1:q]) + " "
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
		// The lookahead is case-insensitive the Python way: ſ is an s, K a k.
		rest := FoldASCII(string(rs[i+1 : min(len(rs), i+3)]))
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
