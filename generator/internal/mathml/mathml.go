// Package mathml turns the TeX of a formula into MathML Core when the site
// is built, so that a page's formulas show without a script: current
// browsers draw MathML themselves. It knows the TeX that answers and
// questions use — letters, numbers, operators, scripts, fractions, roots,
// accents, \text and font commands, \left and \right, Greek letters and
// the common symbols — and refuses anything else (environments, \ce,
// macros, unknown commands), leaving that formula to be typeset in the
// browser. It performs no I/O.
//
// The TeX is untrusted: every character of it is written as escaped text,
// never into an attribute or a tag name; every attribute is a constant of
// this package. Conversion is one pass over the TeX, with nesting bounded
// by MaxDepth and the TeX by MaxLen, and the output is a deterministic
// function of the input.
package mathml

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxLen is the longest TeX converted; longer formulas are refused.
const MaxLen = 8 << 10

// MaxDepth bounds the nesting of groups, fractions, roots and scripts.
const MaxDepth = 32

// node is one MathML element: a leaf with text, or an element with kids.
type node struct {
	tag   string
	attrs string // a constant of this package, starting with a space
	text  string // a leaf's text, escaped when written
	kids  []*node
	class class
	// limits: scripts go under and over (∑, lim).
	limits bool
	// fn marks an operator name (sin, log), which TeX sets a thin space
	// from what follows unless that opens a bracket.
	fn bool
}

// fixedSize keeps a bracket typed without \left or \right at its size, as
// TeX does; MathML would stretch it to its row.
func fixedSize(s string) string {
	if strings.Contains("()[]{}|‖⟨⟩⌊⌋⌈⌉/", s) {
		return ` stretchy="false"`
	}
	return ""
}

// opens says whether n opens a bracket.
func opens(n *node) bool {
	return n.tag == "mo" && strings.Contains("([{⟨⌊⌈", n.text) && n.text != ""
}

// font is the alphabet letters are drawn in.
type font uint8

const (
	italic font = iota
	roman
	bold
	boldItalic
	doubleStruck
	script
	sans
	mono
)

type parser struct {
	src   string
	pos   int
	depth int
	font  font
	ok    bool
}

// Convert returns the MathML of tex and true, or "" and false when tex
// uses TeX this package does not know or is longer than MaxLen. A display
// formula is one block <math>; an inline one is a run of <math> elements
// separated by <wbr>, split after each top-level relation or binary
// operator, so that a long formula wraps on a narrow screen as KaTeX's
// does.
func Convert(tex string, display bool) (string, bool) {
	if len(tex) > MaxLen || !utf8.ValidString(tex) {
		return "", false
	}
	p := &parser{src: tex, ok: true}
	row := p.row(0)
	if !p.ok || p.pos != len(p.src) {
		return "", false
	}
	var b strings.Builder
	if display {
		b.WriteString(`<math display="block">`)
		writeAll(&b, row)
		b.WriteString(`</math>`)
		return b.String(), true
	}
	for i, chunk := range split(row) {
		if i > 0 {
			b.WriteString(`<wbr>`)
		}
		b.WriteString(`<math>`)
		writeAll(&b, chunk)
		b.WriteString(`</math>`)
	}
	if b.Len() == 0 {
		b.WriteString(`<math></math>`)
	}
	return b.String(), true
}

// split cuts a top-level row after each relation or binary operator that
// follows an operand; the operator keeps its infix spacing at the end of
// its piece.
func split(row []*node) [][]*node {
	var out [][]*node
	start := 0
	for i, n := range row {
		if n.class == ord || i == start || i == len(row)-1 || row[i-1].class != ord {
			continue
		}
		n.attrs = ` form="infix"`
		out = append(out, row[start:i+1])
		start = i + 1
	}
	if start < len(row) {
		out = append(out, row[start:])
	}
	return out
}

func (p *parser) fail() { p.ok = false }

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// row parses atoms with their scripts until the end of the TeX, a closing
// brace (when close is '}'), or \right (when close is 'r'), which it
// leaves unread.
func (p *parser) row(close byte) []*node {
	var out []*node
	for p.ok {
		p.skipSpace()
		if p.pos >= len(p.src) {
			if close != 0 {
				p.fail()
			}
			return out
		}
		c := p.src[p.pos]
		if c == '}' {
			if close != '}' {
				p.fail()
			}
			return out
		}
		if close == 'r' && strings.HasPrefix(p.src[p.pos:], `\right`) && !isLetterAt(p.src, p.pos+6) {
			return out
		}
		if c == '^' || c == '_' || c == '\'' {
			var base *node
			if len(out) > 0 {
				base = out[len(out)-1]
				out = out[:len(out)-1]
			} else {
				base = &node{tag: "mrow"}
			}
			out = append(out, p.scripts(base))
			continue
		}
		n := p.atom()
		if n == nil {
			continue
		}
		if len(out) > 0 && out[len(out)-1].fn && !opens(n) && !(n.tag == "mrow" && len(n.kids) > 0 && opens(n.kids[0])) {
			out = append(out, &node{tag: "mspace", attrs: spaces[","]})
		}
		out = append(out, n)
	}
	return out
}

// enter and leave bound the nesting.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > MaxDepth {
		p.fail()
	}
	return p.ok
}

func (p *parser) leave() { p.depth-- }

// scripts attaches the primes, superscript and subscript that follow to
// base.
func (p *parser) scripts(base *node) *node {
	var sub, sup *node
	primes := ""
	for p.ok {
		p.skipSpace()
		if p.pos >= len(p.src) {
			break
		}
		switch p.src[p.pos] {
		case '\'':
			if sup != nil {
				p.fail()
			}
			p.pos++
			primes += "′"
			continue
		case '^':
			if sup != nil {
				p.fail()
				return base
			}
			p.pos++
			sup = p.arg()
			continue
		case '_':
			if sub != nil {
				p.fail()
				return base
			}
			p.pos++
			sub = p.arg()
			continue
		}
		break
	}
	if primes != "" {
		pr := &node{tag: "mo", text: primes}
		if sup == nil {
			sup = pr
		} else {
			sup = &node{tag: "mrow", kids: []*node{pr, sup}}
		}
	}
	if sub == nil && sup == nil {
		return base
	}
	tags := [2][3]string{{"msub", "msup", "msubsup"}, {"munder", "mover", "munderover"}}[boolIndex(base.limits)]
	n := &node{tag: tags[2], kids: []*node{base, sub, sup}, fn: base.fn}
	switch {
	case sup == nil:
		n.tag, n.kids = tags[0], n.kids[:2]
	case sub == nil:
		n.tag, n.kids = tags[1], []*node{base, sup}
	}
	return n
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// arg parses a command's or a script's argument: a group, or one token
// (a single digit or letter, or one command).
func (p *parser) arg() *node {
	p.skipSpace()
	if p.pos >= len(p.src) || !p.enter() {
		p.fail()
		return nil
	}
	defer p.leave()
	c := p.src[p.pos]
	switch {
	case c == '{':
		return p.group()
	case c == '\\':
		n := p.atom()
		if n == nil {
			p.fail()
		}
		return n
	case c == '}' || c == '^' || c == '_' || c == '\'' || c == '&' || c == '#' || c == '%' || c == '$' || c == '~':
		p.fail()
		return nil
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return p.char(r)
}

// group parses {…} into one mrow.
func (p *parser) group() *node {
	p.pos++ // {
	kids := p.row('}')
	if !p.ok {
		return nil
	}
	p.pos++ // }
	if len(kids) == 1 {
		return kids[0]
	}
	return &node{tag: "mrow", kids: kids}
}

// atom parses the next atom, or returns nil for one that draws nothing.
func (p *parser) atom() *node {
	c := p.src[p.pos]
	switch {
	case c == '{':
		if !p.enter() {
			return nil
		}
		defer p.leave()
		return p.group()
	case c == '\\':
		return p.command()
	case c >= '0' && c <= '9' || c == '.' && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]):
		return p.number()
	case c == '~':
		p.pos++
		return &node{tag: "mspace", attrs: spaces[" "]}
	case c == '&' || c == '#' || c == '%' || c == '$' || c < ' ' || c == 0x7f:
		p.fail()
		return nil
	}
	if isLetter(c) && p.font == roman {
		start := p.pos
		for p.pos < len(p.src) && isLetter(p.src[p.pos]) {
			p.pos++
		}
		if p.pos-start > 1 {
			return &node{tag: "mi", text: p.src[start:p.pos]}
		}
		p.pos = start
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return p.char(r)
}

// number parses digits with at most one decimal point.
func (p *parser) number() *node {
	start, dot := p.pos, false
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '.' && !dot && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]) {
			dot = true
		} else if !isDigit(c) {
			break
		}
		p.pos++
	}
	return &node{tag: "mn", text: mapFont(p.src[start:p.pos], p.font)}
}

// char is one character outside a command: a letter, a digit or an
// operator.
func (p *parser) char(r rune) *node {
	switch {
	case r < 0x80 && isLetter(byte(r)):
		return p.letter(string(r))
	case r >= '0' && r <= '9':
		return &node{tag: "mn", text: mapFont(string(r), p.font)}
	case r == '-':
		return &node{tag: "mo", text: "−", class: bin}
	case r == '+':
		return &node{tag: "mo", text: "+", class: bin}
	case r == '*':
		return &node{tag: "mo", text: "∗", class: bin}
	case r == '=' || r == '<' || r == '>':
		return &node{tag: "mo", text: string(r), class: rel}
	case r == ':' || r == ',' || r == ';' || r == '.' || r == '!' || r == '?' || r == '/' || r == '|' ||
		r == '(' || r == ')' || r == '[' || r == ']' || r == '@' || r == '"' || r == '`':
		return &node{tag: "mo", attrs: fixedSize(string(r)), text: string(r)}
	case r >= 0x80 && unicode.IsLetter(r):
		return p.letter(string(r))
	case r >= 0x80 && unicode.IsDigit(r):
		return &node{tag: "mn", text: string(r)}
	case r >= 0x80 && (unicode.IsSymbol(r) || unicode.IsPunct(r)):
		return &node{tag: "mo", text: string(r), class: unicodeClass[r]}
	}
	p.fail()
	return nil
}

// letter is a letter in the current font.
func (p *parser) letter(s string) *node {
	switch p.font {
	case italic:
		return &node{tag: "mi", text: s}
	case roman:
		return &node{tag: "mi", attrs: upright, text: s}
	}
	m := mapFont(s, p.font)
	if m == s {
		return &node{tag: "mi", attrs: upright, text: s}
	}
	return &node{tag: "mi", text: m}
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isLetterAt(s string, i int) bool { return i < len(s) && isLetter(s[i]) }

// writeAll writes nodes as MathML.
func writeAll(b *strings.Builder, nodes []*node) {
	for _, n := range nodes {
		write(b, n)
	}
}

func write(b *strings.Builder, n *node) {
	b.WriteByte('<')
	b.WriteString(n.tag)
	b.WriteString(n.attrs)
	b.WriteByte('>')
	escape(b, n.text)
	writeAll(b, n.kids)
	b.WriteString("</")
	b.WriteString(n.tag)
	b.WriteByte('>')
}

// escape writes s as HTML text, as html.EscapeString does, with NUL as
// U+FFFD.
func escape(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		case 0:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
}
