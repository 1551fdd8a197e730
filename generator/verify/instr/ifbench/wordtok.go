package ifbench

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// This file ports nltk.word_tokenize (NLTK 3.8): Punkt sentences, each split
// by NLTK's improved Treebank tokenizer (NLTKWordTokenizer). Python's \s and
// \d are Unicode, so the patterns spell them out; the one rule that needs a
// lookahead is done by hand.

// pyS is Python's Unicode \s as a character-class body.
const pyS = `\t\n\v\f\r \x{1c}-\x{1f}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`

// rewrite is one substitution; it is skipped when the text holds none of
// the bytes in need (every match contains one of them), which saves most
// regular-expression scans.
type rewrite struct {
	re   *regexp.Regexp
	repl string
	need string
}

func rw(need, pattern, repl string) rewrite {
	return rewrite{regexp.MustCompile(pattern), repl, need}
}

func (r rewrite) apply(text string) string {
	if r.need != "" && !strings.ContainsAny(text, r.need) {
		return text
	}
	return r.re.ReplaceAllString(text, r.repl)
}

var (
	tbStartingQuotes = []rewrite{
		rw("«“‘„`", "([«“‘„]|[`]+)", " $1 "),
		rw(`"`, `^"`, "``"),
		rw("`", "(``)", " $1 "),
		rw(`"'`, `([ (\[{<])("|'')`, "$1 `` "),
	}
	tbPunctuation = []rewrite{
		rw(".", `([^.])(\.)([\])}>"'»”’ ]*)[`+pyS+`]*$`, "$1 $2 $3 "),
		rw(":,", `([:,])([^\p{Nd}])`, " $1 $2"),
		rw(":,", `([:,])$`, " $1 "),
		rw(".", `\.{2,}`, " $0 "),
		rw(";@#$%&", `[;@#$%&]`, " $0 "),
		rw(".", `([^.])(\.)([\])}>"']*)[`+pyS+`]*$`, "$1 $2$3 "),
		rw("?!", `[?!]`, " $0 "),
		rw("'", `([^'])' `, "$1 ' "),
		rw("*", `[*]`, " $0 "),
		rw("[](){}<>", `[\]\[(){}<>]`, " $0 "),
		rw("-", `--`, " -- "),
	}
	tbEndingQuotes = []rewrite{
		rw("»”’", `([»”’])`, " $1 "),
		rw("'", `''`, " '' "),
		rw(`"`, `"`, " '' "),
		rw("", `[`+pyS+`]+`, " "),
		rw("'", `([^' ])('[sS]|'[mM]|'[dD]|') `, "$1 $2 "),
		rw("'", `([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, "$1 $2 "),
		rw("nN", `(?i)\b(can)(not)\b`, " $1 $2 "),
		rw("'", `(?i)\b(d)('ye)\b`, " $1 $2 "),
		rw("mM", `(?i)\b(gim)(me)\b`, " $1 $2 "),
		rw("nN", `(?i)\b(gon)(na)\b`, " $1 $2 "),
		rw("tT", `(?i)\b(got)(ta)\b`, " $1 $2 "),
		rw("mM", `(?i)\b(lem)(me)\b`, " $1 $2 "),
		rw("'", `(?i)\b(more)('n)\b`, " $1 $2 "),
		rw("nN", `(?i)\b(wan)(na)([`+pyS+`])`, " $1 $2 $3"),
		rw("'", `(?i) ('t)(is)\b`, " $1 $2 "),
		rw("'", `(?i) ('t)(was)\b`, " $1 $2 "),
	}
)

// splitOpeningApostrophe is the Treebank rule
// (?i)(')(?!re|ve|ll|m|t|s|d|n)(\w)\b → "' x": a quote opening a one-letter
// word is split from it.
func splitOpeningApostrophe(s string) string {
	if !strings.Contains(s, "'") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] != '\'' {
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i+1:])
		if !isWordRune(r) || strings.ContainsRune("mtsdnMTSDN", r) {
			continue
		}
		next, _ := utf8.DecodeRuneInString(s[i+1+size:])
		if i+1+size < len(s) && isWordRune(next) {
			continue
		}
		b.WriteByte(' ')
	}
	return b.String()
}

func isWordRune(r rune) bool { return r == '_' || pyIsAlnum(r) }

// treebankTokenize is NLTKWordTokenizer.tokenize for one sentence.
func treebankTokenize(text string) []string {
	for _, r := range tbStartingQuotes {
		text = r.apply(text)
	}
	text = splitOpeningApostrophe(text)
	for _, r := range tbPunctuation {
		text = r.apply(text)
	}
	text = " " + text + " "
	for _, r := range tbEndingQuotes {
		text = r.apply(text)
	}
	return pyFields(text)
}

// wordTokenize is nltk.word_tokenize(text).
func wordTokenize(text string) []string { return firstWordTokens(text, -1) }

// firstWordTokens returns the first n tokens of nltk.word_tokenize(text), or
// all of them when n < 0, tokenizing no more sentences than needed.
func firstWordTokens(text string, n int) []string {
	var toks []string
	for _, s := range splitSentences(text) {
		if n >= 0 && len(toks) >= n {
			break
		}
		toks = append(toks, treebankTokenize(s)...)
	}
	return toks
}
