package text

import (
	"strings"
	"unicode/utf8"
)

// Punkt's tokens: the words of a candidate's context as NLTK's
// PunktLanguageVars splits them, and their types.

// punktToken is a token of a candidate's context. Its type (lower-cased,
// numbers folded) is computed when first asked for.
type punktToken struct {
	tok         string
	typ         string
	periodFinal bool
	sentbreak   bool
	abbr        bool
	ellipsis    bool
}

func newPunktToken(tok string) punktToken {
	return punktToken{tok: tok, periodFinal: strings.HasSuffix(tok, ".")}
}

// punktType lower-cases tok and folds numbers to ##number##, matching
// ^-?[\.,]?\d[\d,\.-]*\.?$.
func punktType(tok string) string {
	i := 0
	if i < len(tok) && tok[i] == '-' {
		i++
	}
	if i < len(tok) && (tok[i] == '.' || tok[i] == ',') {
		i++
	}
	if i < len(tok) {
		if r, size := utf8.DecodeRuneInString(tok[i:]); IsDigit(r) {
			i += size
			for i < len(tok) {
				r, size := utf8.DecodeRuneInString(tok[i:])
				if !IsDigit(r) && r != ',' && r != '.' && r != '-' {
					break
				}
				i += size
			}
			// The trailing \.? is already covered by the class above.
			if i == len(tok) {
				return "##number##"
			}
		}
	}
	return Lower(tok)
}

// typeOf returns t's type, computing it on first use.
func (t *punktToken) typeOf() string {
	if t.typ == "" {
		t.typ = punktType(t.tok)
	}
	return t.typ
}

func (t *punktToken) typeNoPeriod() string {
	typ := t.typeOf()
	// A type of more than one character ending in a period: "." is one byte.
	if len(typ) > 1 && strings.HasSuffix(typ, ".") {
		return typ[:len(typ)-1]
	}
	return typ
}

func (t *punktToken) typeNoSentPeriod() string {
	if t.sentbreak {
		return t.typeNoPeriod()
	}
	return t.typeOf()
}

func (t *punktToken) firstRune() rune {
	for _, r := range t.tok {
		return r
	}
	return 0
}

func (t *punktToken) firstUpper() bool { return isUpper(t.firstRune()) }
func (t *punktToken) firstLower() bool { return isLower(t.firstRune()) }

// isEllipsis reports whether the token is two or more periods.
func (t *punktToken) isEllipsis() bool {
	return len(t.tok) >= 2 && strings.Trim(t.tok, ".") == ""
}

// isInitial matches [^\W\d]\.$: one non-digit word character and a period.
func (t *punktToken) isInitial() bool {
	if len(t.tok) < 2 {
		return false
	}
	r, size := utf8.DecodeRuneInString(t.tok)
	return size+1 == len(t.tok) && t.tok[size] == '.' && IsWord(r) && !IsDigit(r)
}

// punktWords mirrors PunktBaseClass._tokenize_words without the paragraph
// and line flags, which sentence splitting does not read. It appends the
// tokens of s to out.
func punktWords(s string, out []punktToken) []punktToken {
	for s != "" {
		line, rest, _ := strings.Cut(s, "\n")
		out = punktWordTokenize(line, out)
		s = rest
	}
	return out
}

func isWordStartExcluded(r rune) bool {
	switch r {
	case '(', '"', '`', '{', '[', ':', ';', '&', '#', '*', '@', ')', '}', ']', '-', ',':
		return true
	}
	return false
}

// multiCharAt matches (?:\-{2,}|\.{2,}|(?:\.\s){2,}\.) at byte i and returns
// its length in bytes, or 0.
func multiCharAt(t string, i int) int {
	if i+1 < len(t) && t[i] == '-' && t[i+1] == '-' {
		j := i
		for j < len(t) && t[j] == '-' {
			j++
		}
		return j - i
	}
	if i+1 < len(t) && t[i] == '.' && t[i+1] == '.' {
		j := i
		for j < len(t) && t[j] == '.' {
			j++
		}
		return j - i
	}
	pairs, lastPair := 0, 0
	j := i
	for j+1 < len(t) && t[j] == '.' {
		sp, size := spaceAt(t, j+1)
		if !sp {
			break
		}
		pairs, lastPair = pairs+1, j
		j += 1 + size
	}
	if pairs >= 2 && j < len(t) && t[j] == '.' {
		return j + 1 - i
	}
	if pairs >= 3 {
		// Backtrack to the period of the last pair.
		return lastPair + 1 - i
	}
	return 0
}

// wordEndAt is the lookahead that ends a Punkt word token at byte j.
func wordEndAt(t string, j int) bool {
	if j >= len(t) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(t[j:])
	if IsSpace(r) || isNonWordChar(r) || multiCharAt(t, j) > 0 {
		return true
	}
	if r == ',' {
		k := j + 1
		if k >= len(t) {
			return true
		}
		r, _ := utf8.DecodeRuneInString(t[k:])
		return IsSpace(r) || isNonWordChar(r) || multiCharAt(t, k) > 0
	}
	return false
}

// punktWordTokenize mirrors PunktLanguageVars.word_tokenize (findall of its
// word expression) on one line, appending the tokens to out.
func punktWordTokenize(t string, out []punktToken) []punktToken {
	for i := 0; i < len(t); {
		if n := multiCharAt(t, i); n > 0 {
			out = append(out, newPunktToken(t[i:i+n]))
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(t[i:])
		if IsSpace(r) {
			i += size
			continue
		}
		if !isWordStartExcluded(r) {
			j := i + size
			for !wordEndAt(t, j) {
				_, size := utf8.DecodeRuneInString(t[j:])
				j += size
			}
			out = append(out, newPunktToken(t[i:j]))
			i = j
			continue
		}
		out = append(out, newPunktToken(t[i:i+size]))
		i += size
	}
	return out
}
