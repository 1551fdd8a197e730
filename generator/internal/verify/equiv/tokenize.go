package equiv

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenize splits s into tokens. With constOnly it stops at the first
// variable with errHasVar: every variable token becomes a variable of the
// tree, so the caller that wants none needs to read no further.
func tokenize(s string, constOnly bool) ([]token, error) {
	var out []token
	for i := 0; i < len(s); {
		n := len(out)
		var err error
		if out, i, err = nextTokens(s, i, out); err != nil {
			return nil, err
		}
		if len(out) > 2000 {
			return nil, errSyntax
		}
		if constOnly && slices.ContainsFunc(out[n:], func(t token) bool { return t.k == tID }) {
			return nil, errHasVar
		}
	}
	return out, nil
}

// nextTokens appends to out the tokens of s that start at byte i (none
// for a space or a subscript, which joins the token before it), and
// returns where the next ones start.
func nextTokens(s string, i int, out []token) ([]token, int, error) {
	c := s[i]
	switch {
	case c == ' ':
		return out, i + 1, nil
	case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
		j := numberEnd(s, i)
		return append(out, token{tNum, s[i:j]}), j, nil
	case c == '\\':
		return latexCommand(s, i, out)
	case isLetter(c):
		return letters(s, i, out)
	case c == '_':
		return subscript(s, i, out)
	case c == '*' && i+1 < len(s) && s[i+1] == '*':
		return append(out, token{tOp, "^"}), i + 2, nil
	case strings.ContainsRune("+-*/^!|", rune(c)):
		return append(out, token{tOp, string(c)}), i + 1, nil
	case c == '(' || c == '[' || c == '{':
		return append(out, token{tL, string(c)}), i + 1, nil
	case c == ')' || c == ']' || c == '}':
		return append(out, token{tR, string(c)}), i + 1, nil
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	i += n
	switch {
	case r == 'π':
		out = append(out, token{tConst, "pi"})
	case r == '√':
		out = append(out, token{tSqrt, ""})
	case r == '∞':
		out = append(out, token{tInf, ""})
	case greekRunes[r] != "":
		out = append(out, token{tID, greekRunes[r]}) // β is \beta
	case unicode.IsLetter(r) && unicode.Is(unicode.Greek, r):
		out = append(out, token{tID, string(r)})
	default:
		return nil, i, errSyntax
	}
	return out, i, nil
}

// numberEnd returns where the number that starts at byte i of s ends:
// digits, a decimal point and digits, an exponent.
func numberEnd(s string, i int) int {
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j < len(s) && s[j] == '.' {
		j++
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '-' || s[k] == '+') {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			j = k
		}
	}
	return j
}

// latexCommand reads the command at the backslash at byte i of s.
func latexCommand(s string, i int, out []token) ([]token, int, error) {
	j := i + 1
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	name := s[i+1 : j]
	if name == "" {
		return nil, j, errSyntax
	}
	i = j
	switch {
	case name == "frac" || name == "sqrt":
		if name == "frac" {
			out = append(out, token{tFrac, ""})
		} else {
			out = append(out, token{tSqrt, ""})
		}
		// \frac13 and \sqrt3: single-digit arguments without braces.
		for n := 0; n < 2; n++ {
			k := i
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if k < len(s) && isDigit(s[k]) {
				out = append(out, token{tL, "{"}, token{tNum, s[k : k+1]}, token{tR, "}"})
				i = k + 1
				if name == "sqrt" {
					break
				}
				continue
			}
			break
		}
	case name == "pi":
		out = append(out, token{tConst, "pi"})
	case name == "e" || name == "mathrm{e}":
		out = append(out, token{tConst, "e"})
	case fnNames[name] || name == "arcsec":
		out = append(out, token{tFn, name})
	case greek[name]:
		out = append(out, token{tID, strings.TrimPrefix(name, "var")}) // \varphi is φ
	default:
		return nil, i, errSyntax
	}
	return out, i, nil
}

// letters reads the run of ASCII letters at byte i of s: a function, a
// constant, a logarithm with its base, or single-letter variables.
func letters(s string, i int, out []token) ([]token, int, error) {
	j := i
	for j < len(s) && isLetter(s[j]) {
		j++
	}
	w := s[i:j]
	i = j
	if fn, k, ok, err := logToBase(w, s[i:]); err != nil {
		return nil, i, err
	} else if ok {
		return append(out, token{tFn, fn}), i + k, nil
	}
	switch {
	case fnNames[w]:
		out = append(out, token{tFn, w})
	case w == "pi":
		out = append(out, token{tConst, "pi"})
	case w == "inf" || w == "infty" || w == "infinity" || w == "oo":
		out = append(out, token{tInf, ""})
	case len(w) >= 4:
		return nil, i, errSyntax // a word, not a product of variables
	default:
		for k := 0; k < len(w); k++ {
			if w[k] == 'e' {
				out = append(out, token{tConst, "e"})
			} else {
				out = append(out, token{tID, w[k : k+1]}) // ASCII letters: no allocation
			}
		}
	}
	return out, i, nil
}

// subscript joins the subscript at the underscore at byte i of s to the
// name before it.
func subscript(s string, i int, out []token) ([]token, int, error) {
	if len(out) == 0 || (out[len(out)-1].k != tID && out[len(out)-1].k != tFn) {
		return nil, i, errSyntax
	}
	j := i + 1
	var sub string
	if j < len(s) && s[j] == '{' {
		e := matchBrace(s, j)
		if e < 0 {
			return nil, i, errSyntax
		}
		sub, j = s[j+1:e], e+1
	} else if j < len(s) {
		_, n := utf8.DecodeRuneInString(s[j:])
		sub, j = s[j:j+n], j+n
	}
	last := &out[len(out)-1]
	if last.k == tFn { // log_2; lg_2 is log_2 too
		if last.s == "lg" {
			last.s = "log"
		}
		last.s += "_" + strings.TrimSpace(sub)
	} else {
		last.s += "_" + strings.ReplaceAll(sub, " ", "")
	}
	return out, j, nil
}
