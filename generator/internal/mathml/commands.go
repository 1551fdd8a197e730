package mathml

import (
	"strings"
	"unicode/utf8"
)

// command parses a command at p.pos (a backslash) and what it takes.
func (p *parser) command() *node {
	name := p.commandName()
	if !p.ok {
		return nil
	}
	if n, ok := p.leaf(name); ok {
		return n
	}
	if acc, ok := accents[name]; ok {
		return p.accent(name, acc)
	}
	if size, ok := bigSizes[name]; ok {
		d, ok := p.delimiter()
		if !ok {
			return nil
		}
		return &node{tag: "mo", attrs: size, text: d}
	}
	return p.structure(name)
}

// leaf is what a command that takes no argument becomes (nil for one that
// draws nothing), and whether name is one.
func (p *parser) leaf(name string) (*node, bool) {
	if s, ok := greek[name]; ok {
		if name[0] >= 'A' && name[0] <= 'Z' {
			return &node{tag: "mi", attrs: upright, text: s}, true
		}
		return &node{tag: "mi", text: s}, true
	}
	if s, ok := symbols[name]; ok {
		return &node{tag: s.tag, attrs: fixedSize(s.text), text: s.text, class: s.class, limits: s.limits}, true
	}
	if limits, ok := functions[name]; ok {
		if limits {
			return &node{tag: "mo", attrs: ` movablelimits="true" form="prefix"`, text: name, limits: true, fn: true}, true
		}
		return &node{tag: "mi", text: name, fn: true}, true
	}
	if w, ok := spaces[name]; ok {
		if w == "" {
			return nil, true
		}
		return &node{tag: "mspace", attrs: w}, true
	}
	return nil, ignored[name]
}

// structure parses a command that takes arguments: fractions, roots,
// text, fonts, \left and \middle.
func (p *parser) structure(name string) *node {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch name {
	case "frac", "dfrac", "tfrac", "cfrac":
		num, den := p.arg(), p.arg()
		if !p.ok {
			return nil
		}
		attrs := map[string]string{"dfrac": ` displaystyle="true"`, "cfrac": ` displaystyle="true"`, "tfrac": ` displaystyle="false"`}[name]
		return &node{tag: "mfrac", attrs: attrs, kids: []*node{num, den}}
	case "binom", "dbinom", "tbinom":
		top, bot := p.arg(), p.arg()
		if !p.ok {
			return nil
		}
		frac := &node{tag: "mfrac", attrs: ` linethickness="0"`, kids: []*node{top, bot}}
		return &node{tag: "mrow", kids: []*node{{tag: "mo", text: "("}, frac, {tag: "mo", text: ")"}}}
	case "sqrt":
		return p.sqrt()
	case "text", "textrm", "textnormal", "mbox", "textup", "textit", "textbf", "mathnormal":
		if name == "mathnormal" {
			return p.inFont(italic)
		}
		return p.text()
	case "mathrm", "operatorname", "rm", "mathup":
		n := p.inFont(roman)
		if n != nil && name == "operatorname" && n.tag == "mi" {
			n.attrs = ""
		}
		return n
	case "mathit":
		return p.inFont(italic)
	case "mathbf", "bf":
		return p.inFont(bold)
	case "boldsymbol", "bm":
		return p.inFont(boldItalic)
	case "mathbb":
		return p.inFont(doubleStruck)
	case "mathcal", "mathscr":
		return p.inFont(script)
	case "mathsf":
		return p.inFont(sans)
	case "mathtt":
		return p.inFont(mono)
	case "left":
		return p.fenced()
	case "middle":
		d, ok := p.delimiter()
		if !ok {
			return nil
		}
		return &node{tag: "mo", attrs: ` stretchy="true" fence="true"`, text: d}
	}
	p.fail()
	return nil
}

// commandName reads \name (letters) or \c (one other character).
func (p *parser) commandName() string {
	p.pos++ // backslash
	if p.pos >= len(p.src) {
		p.fail()
		return ""
	}
	start := p.pos
	for p.pos < len(p.src) && isLetter(p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		_, size := utf8.DecodeRuneInString(p.src[p.pos:])
		p.pos += size
	}
	return p.src[start:p.pos]
}

// accent puts acc over (or under) the argument.
func (p *parser) accent(name, acc string) *node {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	base := p.arg()
	if !p.ok {
		return nil
	}
	mark := &node{tag: "mo", text: acc}
	if name == "underline" {
		mark.text = "‾"
		return &node{tag: "munder", attrs: ` accentunder="true"`, kids: []*node{base, mark}}
	}
	if strings.HasPrefix(name, "wide") || strings.HasPrefix(name, "over") {
		mark.attrs = ` stretchy="true"`
	} else {
		mark.attrs = ` stretchy="false"`
	}
	return &node{tag: "mover", attrs: ` accent="true"`, kids: []*node{base, mark}}
}

// sqrt parses \sqrt{x} and \sqrt[n]{x}.
func (p *parser) sqrt() *node {
	p.skipSpace()
	var index []*node
	if p.pos < len(p.src) && p.src[p.pos] == '[' {
		p.pos++
		for p.ok {
			p.skipSpace()
			if p.pos >= len(p.src) {
				p.fail()
				return nil
			}
			if p.src[p.pos] == ']' {
				p.pos++
				break
			}
			if p.src[p.pos] == '}' {
				p.fail()
				return nil
			}
			if n := p.atom(); n != nil {
				index = append(index, n)
			}
		}
	}
	body := p.arg()
	if !p.ok {
		return nil
	}
	if index == nil {
		return &node{tag: "msqrt", kids: []*node{body}}
	}
	return &node{tag: "mroot", kids: []*node{body, {tag: "mrow", kids: index}}}
}

// inFont parses the argument with letters in font f.
func (p *parser) inFont(f font) *node {
	saved := p.font
	p.font = f
	n := p.arg()
	p.font = saved
	return n
}

// fenced parses \left d … \right d.
func (p *parser) fenced() *node {
	open, ok := p.delimiter()
	if !ok {
		return nil
	}
	kids := p.row('r')
	if !p.ok {
		return nil
	}
	p.pos += len(`\right`)
	close, ok := p.delimiter()
	if !ok {
		return nil
	}
	out := make([]*node, 0, len(kids)+2)
	if open != "" {
		out = append(out, &node{tag: "mo", attrs: ` fence="true" form="prefix"`, text: open})
	}
	out = append(out, kids...)
	if close != "" {
		out = append(out, &node{tag: "mo", attrs: ` fence="true" form="postfix"`, text: close})
	}
	return &node{tag: "mrow", kids: out}
}

// delimiter reads what \left, \right, \middle or \big size.
func (p *parser) delimiter() (string, bool) {
	p.skipSpace()
	if p.pos >= len(p.src) {
		p.fail()
		return "", false
	}
	tok := p.src[p.pos : p.pos+1]
	if tok == `\` {
		start := p.pos
		p.commandName()
		tok = p.src[start:p.pos]
	} else {
		p.pos++
	}
	d, ok := delimiters[tok]
	if !ok {
		p.fail()
	}
	return d, ok && p.ok
}

// text parses \text{…}: plain text with TeX's escapes, as one mtext.
func (p *parser) text() *node {
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '{' {
		p.fail()
		return nil
	}
	p.pos++
	var b strings.Builder
	depth := 0
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '}' && depth == 0:
			p.pos++
			// Spaces at the ends of an mtext would collapse; TeX keeps them.
			return &node{tag: "mtext", text: strings.ReplaceAll(b.String(), " ", "\u00a0")}
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '\\' && p.pos+1 < len(p.src) && strings.IndexByte(`{}$%&#_ ,;`, p.src[p.pos+1]) >= 0:
			p.pos++
			c = p.src[p.pos]
			if c == ',' || c == ';' {
				c = ' '
			}
			b.WriteByte(c)
		case c == '\\' || c == '$' || c == '^' || c == '_' || c == '%' || c == '&' || c == '#':
			p.fail()
			return nil
		case c == '\n' || c == '\t' || c == '\r' || c == '~':
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
		p.pos++
	}
	p.fail()
	return nil
}

// mapFont writes letters (and digits) of s in the Unicode mathematical
// alphabet of f; other characters, and letters of fonts drawn by the
// browser (italic, roman), stay as they are.
func mapFont(s string, f font) string {
	if f == italic || f == roman {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(mapRune(r, f))
	}
	return b.String()
}

// letterless are the letters of the double-struck and script alphabets
// that Unicode encodes outside their blocks.
var letterless = map[font]map[rune]rune{
	doubleStruck: {'C': 'ℂ', 'H': 'ℍ', 'N': 'ℕ', 'P': 'ℙ', 'Q': 'ℚ', 'R': 'ℝ', 'Z': 'ℤ'},
	script: {'B': 'ℬ', 'E': 'ℰ', 'F': 'ℱ', 'H': 'ℋ', 'I': 'ℐ', 'L': 'ℒ', 'M': 'ℳ', 'R': 'ℛ',
		'e': 'ℯ', 'g': 'ℊ', 'o': 'ℴ'},
}

// alphabets are the first capital, small letter and digit of each font's
// block (0 where Unicode has none).
var alphabets = map[font][3]rune{
	bold:         {0x1D400, 0x1D41A, 0x1D7CE},
	boldItalic:   {0x1D468, 0x1D482, 0x1D7CE},
	doubleStruck: {0x1D538, 0x1D552, 0x1D7D8},
	script:       {0x1D49C, 0x1D4B6, 0},
	sans:         {0x1D5A0, 0x1D5BA, 0x1D7E2},
	mono:         {0x1D670, 0x1D68A, 0x1D7F6},
}

func mapRune(r rune, f font) rune {
	if m, ok := letterless[f][r]; ok {
		return m
	}
	a := alphabets[f]
	switch {
	case r >= 'A' && r <= 'Z':
		return a[0] + r - 'A'
	case r >= 'a' && r <= 'z':
		return a[1] + r - 'a'
	case r >= '0' && r <= '9' && a[2] != 0:
		return a[2] + r - '0'
	}
	return r
}
