package text

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrPyUnsupported marks a Python regular expression that RE2 cannot
// express (lookarounds, backreferences, possessive quantifiers, atomic
// groups, conditionals, verbose or ASCII flags) or that Python itself
// rejects: a checker given one is undecided, never a different verdict.
var ErrPyUnsupported = errors.New("not expressible as an RE2 expression")

// PyRegexp is a Python 3 str pattern (re module syntax) translated to Go:
// \d, \w, \s and their negations are the reference Unicode classes, \b and
// \B Python's Unicode word boundaries, {,n} a quantifier, $ also matches
// before a final newline, and under IgnoreCase letters match as CPython's
// re.IGNORECASE equates them.
type PyRegexp struct {
	re *regexp.Regexp
	// tail is re with each $ also consuming a final newline, for searching
	// a subject that ends with one; nil when some $ is not at the end.
	tail *regexp.Regexp
	// dollar and boundary say the pattern has a $ (outside MULTILINE) or
	// a \b or \B, which Go's engine cannot place exactly everywhere.
	dollar, boundary bool
	// nullable says the pattern can match an empty string somewhere.
	nullable bool
}

// PyFlags are the re flags a checker passes.
type PyFlags struct {
	IgnoreCase, Multiline bool
}

// CompilePython translates and compiles a Python pattern. The error wraps
// ErrPyUnsupported when the pattern cannot be matched as Python matches it.
func CompilePython(pattern string, flags PyFlags) (*PyRegexp, error) {
	tr := pyTranslator{src: pattern, multiline: flags.Multiline}
	goExpr, err := tr.translate()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPyUnsupported, err)
	}
	compile := func(expr string) (*regexp.Regexp, error) {
		if flags.IgnoreCase {
			return CompileIgnoreCase(expr)
		}
		return regexp.Compile(expr)
	}
	re, err := compile(goExpr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPyUnsupported, err)
	}
	p := &PyRegexp{re: re, dollar: tr.dollar, boundary: tr.boundary}
	if tree, err := syntax.Parse(goExpr, syntax.Perl); err == nil {
		p.nullable = nullable(tree)
	}
	if tr.dollar && !tr.dollarInside {
		if p.tail, err = compile(strings.ReplaceAll(goExpr, pyDollar, `(?:\n?\z)`)); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrPyUnsupported, err)
		}
	}
	return p, nil
}

// pyDollar is what $ becomes: \z, with tail for a final newline.
const pyDollar = `(?:\z)`

// errSubject is why a pattern cannot be matched on a subject.
func (p *PyRegexp) errSubject(s string, counting bool) error {
	if p.boundary {
		for _, r := range s {
			if r >= utf8.RuneSelf && IsWord(r) {
				return fmt.Errorf("%w: \\b next to the non-ASCII word character %q", ErrPyUnsupported, r)
			}
		}
	}
	if p.dollar && strings.HasSuffix(s, "\n") && (counting || p.tail == nil) {
		return fmt.Errorf("%w: $ before the final newline", ErrPyUnsupported)
	}
	return nil
}

// Search reports whether re.search finds a match in s.
func (p *PyRegexp) Search(s string) (bool, error) {
	if err := p.errSubject(s, false); err != nil {
		return false, err
	}
	if p.dollar && strings.HasSuffix(s, "\n") {
		return p.tail.MatchString(s), nil
	}
	return p.re.MatchString(s), nil
}

// Count returns len(re.findall(pattern, s)). A pattern that can match an
// empty string is an error: Python counts an empty match right after a
// non-empty one, and after an empty one looks for a non-empty match at the
// same place; Go's engine does neither.
func (p *PyRegexp) Count(s string) (int, error) {
	if err := p.errSubject(s, true); err != nil {
		return 0, err
	}
	if p.nullable {
		return 0, fmt.Errorf("%w: the pattern can match an empty string", ErrPyUnsupported)
	}
	return len(p.re.FindAllStringIndex(s, -1)), nil
}

// nullable reports whether re can match an empty string, taking every
// assertion to hold.
func nullable(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune) == 0
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL, syntax.OpNoMatch:
		return false
	case syntax.OpCapture, syntax.OpPlus:
		return nullable(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		return true
	case syntax.OpRepeat:
		return re.Min == 0 || nullable(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !nullable(s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if nullable(s) {
				return true
			}
		}
		return false
	}
	// Empty match and the assertions.
	return true
}

type pyTranslator struct {
	src       string
	i         int
	out       strings.Builder
	multiline bool
	depth     int
	// lastAtom says the output ends with something a quantifier may
	// follow; lastQuant that it ends with a quantifier.
	lastAtom, lastQuant  bool
	dollar, dollarInside bool
	boundary             bool
}

func (t *pyTranslator) translate() (string, error) {
	for t.i < len(t.src) {
		if err := t.step(); err != nil {
			return "", err
		}
	}
	if t.depth != 0 {
		return "", errors.New("missing )")
	}
	return t.out.String(), nil
}

func (t *pyTranslator) atom(s string) {
	t.out.WriteString(s)
	t.lastAtom, t.lastQuant = true, false
}

func (t *pyTranslator) step() error {
	c := t.src[t.i]
	switch c {
	case '\\':
		return t.escape()
	case '[':
		return t.class()
	case '(':
		return t.group()
	case ')':
		if t.depth == 0 {
			return errors.New("unbalanced )")
		}
		t.depth--
		t.i++
		t.atom(")")
		return nil
	case '|':
		t.i++
		t.out.WriteByte('|')
		t.lastAtom, t.lastQuant = false, false
		// A $ ending an alternative still ends a match.
		return nil
	case '.':
		t.i++
		t.atom(".")
		return nil
	case '^':
		t.i++
		if t.multiline {
			t.atom(`(?m:^)`)
		} else {
			t.atom(`\A`)
		}
		return nil
	case '$':
		t.i++
		if t.multiline {
			t.atom(`(?m:$)`)
			return nil
		}
		t.atom(pyDollar)
		t.dollar = true
		if !t.atEnd() {
			t.dollarInside = true
		}
		return nil
	case '*', '+', '?':
		return t.quant(string(c), 1)
	case '{':
		q, n, ok, err := t.brace()
		if err != nil {
			return err
		}
		if ok {
			return t.quant(q, n)
		}
		t.i++
		t.atom(`\{`)
		return nil
	}
	r, size := utf8.DecodeRuneInString(t.src[t.i:])
	t.i += size
	t.atom(lit(r))
	return nil
}

// atEnd reports whether the translator is at the end of the pattern or of
// a top-level alternative, so that a $ just read ends every match it is in.
func (t *pyTranslator) atEnd() bool {
	if t.depth != 0 {
		return false
	}
	return t.i == len(t.src) || t.src[t.i] == '|'
}

func lit(r rune) string {
	if r < utf8.RuneSelf && (r == ' ' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
		return string(r)
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

func (t *pyTranslator) quant(q string, n int) error {
	if !t.lastAtom {
		if t.lastQuant {
			return errors.New("multiple repeat")
		}
		return errors.New("nothing to repeat")
	}
	t.i += n
	if t.i < len(t.src) && t.src[t.i] == '+' {
		return errors.New("possessive quantifier")
	}
	lazy := t.i < len(t.src) && t.src[t.i] == '?'
	if lazy {
		t.i++
		q += "?"
	}
	t.out.WriteString(q)
	t.lastAtom, t.lastQuant = false, true
	return nil
}

// brace reads a {m,n} quantifier at t.i as Python does ({,n}, {m,} and {,}
// included); ok is false when the brace is a literal.
func (t *pyTranslator) brace() (q string, n int, ok bool, err error) {
	end := strings.IndexByte(t.src[t.i:], '}')
	if end < 0 {
		return "", 0, false, nil
	}
	body := t.src[t.i+1 : t.i+end]
	lo, hi, comma := body, "", false
	if k := strings.IndexByte(body, ','); k >= 0 {
		lo, hi, comma = body[:k], body[k+1:], true
	}
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return true
	}
	if !digits(lo) || !digits(hi) || (!comma && lo == "") {
		return "", 0, false, nil
	}
	if lo == "" {
		lo = "0"
	}
	if !comma {
		hi = lo
	}
	a, _ := strconv.Atoi(lo)
	if hi != "" {
		b, _ := strconv.Atoi(hi)
		if b < a {
			return "", 0, false, errors.New("min repeat greater than max repeat")
		}
		if b > 1000 {
			return "", 0, false, errors.New("repeat count above RE2's 1000")
		}
	}
	if a > 1000 {
		return "", 0, false, errors.New("repeat count above RE2's 1000")
	}
	if comma {
		return "{" + lo + "," + hi + "}", end + 1, true, nil
	}
	return "{" + lo + "}", end + 1, true, nil
}

func (t *pyTranslator) group() error {
	rest := t.src[t.i:]
	switch {
	case strings.HasPrefix(rest, "(?:"):
		t.i += 3
		t.out.WriteString("(?:")
	case strings.HasPrefix(rest, "(?P<"):
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			return errors.New("bad group name")
		}
		t.out.WriteString(rest[:end+1])
		t.i += end + 1
	case strings.HasPrefix(rest, "(?#"):
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return errors.New("missing ), unterminated comment")
		}
		t.i += end + 1
		return nil
	case strings.HasPrefix(rest, "(?"):
		return fmt.Errorf("group %q (lookaround, flags, backreference, atomic group or conditional)", rest[:min(len(rest), 4)])
	default:
		t.i++
		t.out.WriteByte('(')
	}
	t.depth++
	t.lastAtom, t.lastQuant = false, false
	return nil
}

// escape translates a backslash sequence outside a class.
func (t *pyTranslator) escape() error {
	if t.i+1 >= len(t.src) {
		return errors.New("bad escape (end of pattern)")
	}
	c := t.src[t.i+1]
	switch c {
	case 'b', 'B':
		t.i += 2
		t.out.WriteString(`\` + string(c))
		t.boundary = true
		t.lastAtom, t.lastQuant = true, false
		return nil
	case 'A':
		t.i += 2
		t.atom(`\A`)
		return nil
	case 'Z':
		t.i += 2
		t.atom(`\z`)
		return nil
	}
	if cls, ok := t.classEscape(); ok {
		t.atom("[" + cls + "]")
		return nil
	}
	r, err := t.charEscape(false)
	if err != nil {
		return err
	}
	t.atom(lit(r))
	return nil
}

// classEscape reads \d \D \w \W \s \S at t.i.
func (t *pyTranslator) classEscape() (string, bool) {
	if t.i+1 >= len(t.src) {
		return "", false
	}
	var cls string
	switch t.src[t.i+1] {
	case 'd':
		cls = DigitClass
	case 'D':
		cls = NotDigitClass
	case 'w':
		cls = WordClass
	case 'W':
		cls = NotWordClass
	case 's':
		cls = SpaceChars
	case 'S':
		cls = NotSpaceClass
	default:
		return "", false
	}
	t.i += 2
	return cls, true
}

// charEscape reads an escape standing for one character at t.i (inClass:
// inside brackets, where \b is a backspace).
func (t *pyTranslator) charEscape(inClass bool) (rune, error) {
	c := t.src[t.i+1]
	hex := func(n int) (rune, error) {
		if t.i+2+n > len(t.src) {
			return 0, errors.New("incomplete escape")
		}
		v, err := strconv.ParseUint(t.src[t.i+2:t.i+2+n], 16, 32)
		if err != nil || v > utf8.MaxRune {
			return 0, errors.New("bad escape")
		}
		t.i += 2 + n
		return rune(v), nil
	}
	switch c {
	case 'n':
		t.i += 2
		return '\n', nil
	case 't':
		t.i += 2
		return '\t', nil
	case 'r':
		t.i += 2
		return '\r', nil
	case 'f':
		t.i += 2
		return '\f', nil
	case 'v':
		t.i += 2
		return '\v', nil
	case 'a':
		t.i += 2
		return '\a', nil
	case 'x':
		return hex(2)
	case 'u':
		return hex(4)
	case 'U':
		return hex(8)
	case 'b':
		if inClass {
			t.i += 2
			return '\b', nil
		}
	case '0':
		// Octal: \0 and up to two more octal digits.
		j := t.i + 2
		for j < len(t.src) && j < t.i+4 && '0' <= t.src[j] && t.src[j] <= '7' {
			j++
		}
		v, _ := strconv.ParseUint("0"+t.src[t.i+2:j], 8, 32)
		t.i = j
		return rune(v), nil
	}
	if '1' <= c && c <= '9' {
		// Three octal digits are a character; anything else a group
		// reference (inside a class, Python rejects it).
		if t.i+4 <= len(t.src) && isOctal(t.src[t.i+1]) && isOctal(t.src[t.i+2]) && isOctal(t.src[t.i+3]) {
			v, _ := strconv.ParseUint(t.src[t.i+1:t.i+4], 8, 32)
			if v > 0o377 {
				return 0, errors.New("octal escape out of range")
			}
			t.i += 4
			return rune(v), nil
		}
		return 0, errors.New("backreference")
	}
	if c < utf8.RuneSelf && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
		return 0, fmt.Errorf("bad escape \\%c", c)
	}
	r, size := utf8.DecodeRuneInString(t.src[t.i+1:])
	t.i += 1 + size
	return r, nil
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

// class translates a bracketed class, each member written out so that Go
// reads no syntax of its own into it ([:alpha:] is three literal members
// in Python).
func (t *pyTranslator) class() error {
	t.i++
	var b strings.Builder
	b.WriteByte('[')
	if t.i < len(t.src) && t.src[t.i] == '^' {
		b.WriteByte('^')
		t.i++
	}
	first := true
	for {
		if t.i >= len(t.src) {
			return errors.New("unterminated character set")
		}
		c := t.src[t.i]
		if c == ']' && !first {
			t.i++
			break
		}
		first = false
		if c == '\\' && t.i+1 < len(t.src) {
			if cls, ok := t.classEscape(); ok {
				b.WriteString(cls)
				continue
			}
		}
		lo, err := t.classChar()
		if err != nil {
			return err
		}
		if t.i+1 < len(t.src) && t.src[t.i] == '-' && t.src[t.i+1] != ']' {
			t.i++
			if t.src[t.i] == '\\' && t.i+1 < len(t.src) && strings.IndexByte("dDwWsS", t.src[t.i+1]) >= 0 {
				return errors.New("bad character range")
			}
			hi, err := t.classChar()
			if err != nil {
				return err
			}
			if hi < lo {
				return errors.New("bad character range")
			}
			b.WriteString(lit(lo) + "-" + lit(hi))
			continue
		}
		b.WriteString(lit(lo))
	}
	b.WriteByte(']')
	// Go rejects an empty class; Python's []] and [^]] are not empty, and
	// an empty [] is an error in both.
	if _, err := syntax.Parse(b.String(), syntax.Perl); err != nil {
		return err
	}
	t.atom(b.String())
	return nil
}

func (t *pyTranslator) classChar() (rune, error) {
	if t.src[t.i] == '\\' {
		if t.i+1 >= len(t.src) {
			return 0, errors.New("bad escape (end of pattern)")
		}
		return t.charEscape(true)
	}
	r, size := utf8.DecodeRuneInString(t.src[t.i:])
	t.i += size
	return r, nil
}
