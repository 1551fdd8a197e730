package text

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// WordTokenize splits s into words as NLTK's word_tokenize does: Punkt
// sentences, then the improved Treebank rules on each sentence (quotes,
// punctuation, brackets, dashes, clitics such as n't and 's, and a few
// contractions such as cannot). Go's regexp has no lookaround, so the rules
// that need it are written out by hand.
func WordTokenize(s string) []string {
	// About one token in five bytes of English.
	out := make([]string, 0, len(s)/5+1)
	for _, sent := range Sentences(s) {
		out = appendTreebankTokens(out, sent)
	}
	if len(out) == 0 {
		return nil
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
		out = appendTreebankTokens(out, sent)
	}
	return out[:min(n, len(out))]
}

type rule struct {
	// trigger lists characters of which at least one must occur for the
	// rule to change anything; it saves scanning texts it cannot.
	trigger string
	// edit applies the rule.
	edit func(string) string
}

// The rules are NLTK's expressions written out by hand: Go's regexp is slow
// at these, and some need lookaround Go lacks. Each keeps the expression's
// leftmost, non-overlapping matching; the tests check every one against the
// expression on fuzzed input.
var (
	startingQuotes = []rule{
		// ([«“‘„]|[`]+) → " $1 "
		{"«“‘„`", func(s string) string {
			return edit(s, atAny("«“‘„`"), func(s string, i int) int {
				if s[i] == '`' {
					return i + len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
				}
				r, size := utf8.DecodeRuneInString(s[i:])
				if strings.ContainsRune("«“‘„", r) {
					return i + size
				}
				return -1
			}, padMatch)
		}},
		// ^" → ``
		{`"`, func(s string) string {
			if strings.HasPrefix(s, `"`) {
				return "``" + s[1:]
			}
			return s
		}},
		// (``) → " $1 "
		{"`", func(s string) string { return strings.ReplaceAll(s, "``", " `` ") }},
		// ([ \(\[{<])("|'{2}) → "$1 `` "
		{`"'`, func(s string) string {
			return edit(s, runesBefore(`"'`, 1), func(s string, i int) int {
				if strings.IndexByte(" ([{<", s[i]) < 0 {
					return -1
				}
				switch {
				case strings.HasPrefix(s[i+1:], `"`):
					return i + 2
				case strings.HasPrefix(s[i+1:], "''"):
					return i + 3
				}
				return -1
			}, func(b *strings.Builder, m string) {
				b.WriteByte(m[0])
				b.WriteString(" `` ")
			})
		}},
	}
	punctuationA = []rule{
		// ([:,])([^\p{Nd}]) → " $1 $2"
		{":,", func(s string) string {
			return edit(s, atAny(":,"), func(s string, i int) int {
				if (s[i] != ':' && s[i] != ',') || i+1 >= len(s) {
					return -1
				}
				r, size := utf8.DecodeRuneInString(s[i+1:])
				if IsDigit(r) {
					return -1
				}
				return i + 1 + size
			}, func(b *strings.Builder, m string) {
				b.WriteByte(' ')
				b.WriteByte(m[0])
				b.WriteByte(' ')
				b.WriteString(m[1:])
			})
		}},
		// ([:,])$ → " $1 "
		{":,", func(s string) string {
			if n := len(s); n > 0 && (s[n-1] == ':' || s[n-1] == ',') {
				return s[:n-1] + " " + s[n-1:] + " "
			}
			return s
		}},
		// \.{2,} → " $0 "
		{".", func(s string) string {
			return edit(s, atAny("."), func(s string, i int) int {
				n := len(s[i:]) - len(strings.TrimLeft(s[i:], "."))
				if n < 2 {
					return -1
				}
				return i + n
			}, padMatch)
		}},
		p(";@#$%&"),
	}
	punctuationB = []rule{
		p("?!"),
		// ([^'])' → "$1 ' "
		{"'", func(s string) string {
			return edit(s, runesBefore("'", 1), func(s string, i int) int {
				r, size := utf8.DecodeRuneInString(s[i:])
				if r == '\'' || !strings.HasPrefix(s[i+size:], "' ") {
					return -1
				}
				return i + size + 2
			}, spaceAfterFirst)
		}},
		p("*"),
		p("[](){}<>"),
		// -- → " -- "
		{"-", func(s string) string { return strings.ReplaceAll(s, "--", " -- ") }},
	}
	endingQuotes = []rule{
		p("»”’"),
		// '' → " '' "
		{"'", func(s string) string { return strings.ReplaceAll(s, "''", " '' ") }},
		// " → " '' "
		{`"`, func(s string) string { return strings.ReplaceAll(s, `"`, " '' ") }},
		// ([^' ])('[sS]|'[mM]|'[dD]|') → "$1 $2 "
		{"'", func(s string) string {
			return edit(s, runesBefore("'", 1), func(s string, i int) int {
				r, size := utf8.DecodeRuneInString(s[i:])
				j := i + size
				if r == '\'' || r == ' ' || j >= len(s) || s[j] != '\'' {
					return -1
				}
				j++
				if j < len(s) && strings.IndexByte("sSmMdD", s[j]) >= 0 && j+1 < len(s) && s[j+1] == ' ' {
					return j + 2
				}
				if j < len(s) && s[j] == ' ' {
					return j + 1
				}
				return -1
			}, spaceAfterFirst)
		}},
		// ([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) → "$1 $2 "
		{"'", func(s string) string {
			return edit(s, runesBefore("'", 2), func(s string, i int) int {
				r, size := utf8.DecodeRuneInString(s[i:])
				j := i + size
				if r == '\'' || r == ' ' || j+4 > len(s) || s[j+3] != ' ' {
					return -1
				}
				switch s[j : j+3] {
				case "'ll", "'LL", "'re", "'RE", "'ve", "'VE", "n't", "N'T":
					return j + 4
				}
				return -1
			}, spaceAfterFirst)
		}},
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

// p is a rule that surrounds every character of chars with spaces, as
// [chars] → " $0 " does.
func p(chars string) rule {
	return rule{chars, func(s string) string { return padChars(s, chars) }}
}

// padChars surrounds every occurrence of a character of chars with spaces.
// The text between is copied whole; text that is not valid UTF-8 goes
// rune by rune (padCharsRunes), which writes an invalid byte as U+FFFD.
func padChars(s, chars string) string {
	if !utf8.ValidString(s) {
		return padCharsRunes(s, chars)
	}
	var b strings.Builder
	last := 0
	for i := 0; ; {
		k := strings.IndexAny(s[i:], chars)
		if k < 0 {
			break
		}
		i += k
		_, size := utf8.DecodeRuneInString(s[i:])
		if b.Cap() == 0 {
			b.Grow(len(s) + 16)
		}
		b.WriteString(s[last:i])
		b.WriteByte(' ')
		b.WriteString(s[i : i+size])
		b.WriteByte(' ')
		i += size
		last = i
	}
	if b.Cap() == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// padCharsRunes is padChars rune by rune.
func padCharsRunes(s, chars string) string {
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

// apply runs the rules on s. present holds at least the bytes of s, and
// still does on return: the rules only add spaces, backquotes and
// apostrophes to what they find.
func apply(s string, rules []rule, present *byteSet) string {
	for _, ru := range rules {
		if present.mayContainAny(ru.trigger) {
			s = ru.edit(s)
			present.addString(" `'")
		}
	}
	return s
}

// appendTreebankTokens appends the tokens of NLTK's improved Treebank
// tokenizer on sentence s to out.
func appendTreebankTokens(out []string, s string) []string {
	var present byteSet
	present.addString(s)
	s = apply(s, startingQuotes, &present)
	// splitQuoteBeforeLetter and finalPeriod add spaces, and move a period.
	present.add(' ')
	s = splitQuoteBeforeLetter(s)
	s = finalPeriod(s, "])}>\"'»”’ ", " ")
	s = apply(s, punctuationA, &present)
	s = finalPeriod(s, "])}>\"'", "")
	s = apply(s, punctuationB, &present)
	s = " " + s + " "
	s = apply(s, endingQuotes, &present)
	s = splitContractions(s)
	return appendFields(out, s)
}

// splitContractions applies the rules of contractions whose word occurs in
// the lower-cased s.
func splitContractions(s string) string {
	// Lower-case ASCII text on the stack; strings.ToLower would allocate
	// for every sentence with a capital.
	var buf [512]byte
	var lower []byte
	if len(s) <= len(buf) && isASCII(s) {
		lower = buf[:len(s)]
		for i := 0; i < len(s); i++ {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lower[i] = c
		}
	} else {
		lower = []byte(strings.ToLower(s))
	}
	if !mayHaveContraction(lower) {
		return s
	}
	for i, c := range contractions {
		if !bytes.Contains(lower, []byte(c.word)) {
			continue
		}
		if i == 7 {
			// wanna: the trailing \s is a lookahead in NLTK; keep it.
			s = c.re.ReplaceAllString(s, " ${1} ${2} ${3}")
			continue
		}
		s = c.re.ReplaceAllString(s, " ${1} ${2} ")
	}
	return s
}

// mayHaveContraction reports whether lower holds an apostrophe, "nn", "mm"
// or "tt", one of which every word of contractions holds.
func mayHaveContraction(lower []byte) bool {
	for i, c := range lower {
		switch c {
		case '\'':
			return true
		case 'n', 'm', 't':
			if i+1 < len(lower) && lower[i+1] == c {
				return true
			}
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// appendFields appends the fields of s to out, split at white space as
// Python's str.split() splits (Fields): Unicode white space and the
// separators U+001C to U+001F (IsSpace), which strings.Fields keeps. NLTK's
// tokenizer ends with that split.
func appendFields(out []string, s string) []string {
	start := -1
	for i := 0; i < len(s); {
		var sp bool
		size := 1
		if c := s[i]; c < utf8.RuneSelf {
			sp = isASCIISpaceTable[c]
		} else {
			sp, size = spaceAtNonASCII(s, i)
		}
		if sp && start >= 0 {
			out = append(out, s[start:i])
			start = -1
		} else if !sp && start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// finalPeriod applies NLTK's final-period rule,
// ([^\.])(\.)([closers]*)\s*$ → "\1 \2<sep>\3 ": a period that is not
// part of "..", followed only by closing characters and whitespace, is
// split off, and the trailing whitespace dropped.
func finalPeriod(s, closers, sep string) string {
	end := spaceTrimmedEnd(s)
	// The closer run, greedy from the period, must reach the trailing
	// whitespace: find the last period with only closers and space after it.
	p := -1
	for i := end; i > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
		if r == '.' {
			p = i
			break
		}
		if !strings.ContainsRune(closers, r) && !IsSpace(r) {
			return s
		}
	}
	// Byte offsets stand for code points: the period is one byte, and no
	// other character has one that looks like it.
	if p < 1 || s[p-1] == '.' {
		return s
	}
	q := p + 1
	for q < len(s) {
		r, size := utf8.DecodeRuneInString(s[q:])
		if !strings.ContainsRune(closers, r) {
			break
		}
		q += size
	}
	for _, c := range s[q:] {
		if !IsSpace(c) {
			return s
		}
	}
	return s[:p] + " ." + sep + s[p+1:q] + " "
}

// splitQuoteBeforeLetter applies (?i)(')(?!re|ve|ll|m|t|s|d|n)(\w)\b → "' x":
// an apostrophe before a one-character word that is not a clitic.
func splitQuoteBeforeLetter(s string) string {
	if !strings.Contains(s, "'") || utf8.ValidString(s) && !quoteSplits(s) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		b.WriteRune(rs[i])
		if rs[i] != '\'' || i+1 >= len(rs) || !IsWord(rs[i+1]) {
			continue
		}
		if isClitic(string(rs[i+1 : min(len(rs), i+3)])) {
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

// isClitic reports whether the one or two characters after an apostrophe
// start a clitic. The lookahead is case-insensitive the Python way: ſ is an
// s, K a k.
func isClitic(next string) bool {
	rest := FoldASCII(next)
	for _, c := range []string{"re", "ve", "ll", "m", "t", "s", "d", "n"} {
		if strings.HasPrefix(rest, c) {
			return true
		}
	}
	return false
}

// quoteSplits reports whether splitQuoteBeforeLetter changes s, valid
// UTF-8: whether an apostrophe is followed by a word character that does
// not start a clitic and is not followed by another. Where none is, the
// rule's loop only copies s, apostrophe by apostrophe.
func quoteSplits(s string) bool {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '\'')
		if k < 0 {
			return false
		}
		i += k + 1
		r1, n1 := utf8.DecodeRuneInString(s[i:])
		if n1 == 0 || !IsWord(r1) {
			continue
		}
		r2, n2 := utf8.DecodeRuneInString(s[i+n1:])
		if isClitic(s[i : i+n1+n2]) {
			continue
		}
		if n2 == 0 || !IsWord(r2) {
			return true
		}
	}
}

// spaceTrimmedEnd is the length of s without its trailing space (IsSpace).
func spaceTrimmedEnd(s string) int {
	end := len(s)
	for end > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:end])
		if !IsSpace(r) {
			break
		}
		end -= size
	}
	return end
}
