package verifiable

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Labels of open-instruct's IF-RLVR data (IF_multi_constraints_upto5's
// ground_truth) are Python literals, read by its IFEvalVerifier with
// ast.literal_eval: a list whose first element is the input record, as a
// dict ({'instruction_id': [...], 'kwargs': [{'N': 3, 'keyword': None,
// ...}]}) or as a string holding its JSON text. pyLiteralJSON rewrites such
// a literal as JSON, so that the one strict decoder reads it: strings in
// single or double quotes with Python's escapes, None, True and False,
// numbers, lists, tuples and dicts with string keys. Anything else (sets,
// bytes, f-strings, expressions, concatenated strings) is an error. It is
// linear in the label and bounded in depth.

// pyConstants are Python's constants and their JSON.
var pyConstants = [...][2]string{{"None", "null"}, {"True", "true"}, {"False", "false"}}

// maxLabelDepth bounds the nesting of a label's literal.
const maxLabelDepth = 32

type pyLit struct {
	s   string
	i   int
	out []byte
}

// pyLiteralJSON returns the JSON text of the Python literal s.
func pyLiteralJSON(s string) (string, error) {
	p := &pyLit{s: s}
	p.out = make([]byte, 0, len(s))
	if err := p.value(0); err != nil {
		return "", err
	}
	p.space()
	if p.i != len(p.s) {
		return "", fmt.Errorf("unexpected %q after the literal at offset %d", p.s[p.i], p.i)
	}
	return string(p.out), nil
}

func (p *pyLit) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\n\r", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *pyLit) value(depth int) error {
	if depth > maxLabelDepth {
		return fmt.Errorf("nested deeper than %d", maxLabelDepth)
	}
	p.space()
	if p.i >= len(p.s) {
		return fmt.Errorf("unexpected end of the literal")
	}
	switch c := p.s[p.i]; {
	case c == '[':
		return p.seq(']', depth)
	case c == '(':
		return p.seq(')', depth)
	case c == '{':
		return p.dict(depth)
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
		return p.num()
	}
	for _, w := range pyConstants {
		if strings.HasPrefix(p.s[p.i:], w[0]) && !identChar(p.s, p.i+len(w[0])) {
			p.i += len(w[0])
			p.out = append(p.out, w[1]...)
			return nil
		}
	}
	return fmt.Errorf("not a literal at offset %d", p.i)
}

func identChar(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= utf8.RuneSelf
}

// seq reads a list or tuple (a trailing comma allowed) as a JSON array.
func (p *pyLit) seq(end byte, depth int) error {
	p.i++
	p.out = append(p.out, '[')
	for n := 0; ; n++ {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == end {
			p.i++
			p.out = append(p.out, ']')
			return nil
		}
		if n > 0 {
			p.out = append(p.out, ',')
		}
		if err := p.value(depth + 1); err != nil {
			return err
		}
		if err := p.sep(end); err != nil {
			return err
		}
	}
}

// sep reads the comma after an item, or leaves the closing bracket.
func (p *pyLit) sep(end byte) error {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
		return nil
	}
	if p.i < len(p.s) && p.s[p.i] == end {
		return nil
	}
	return fmt.Errorf("want ',' or %q at offset %d", end, p.i)
}

// dict reads a dict with string keys as a JSON object. A pair whose value
// is None is left out, as IFEvalVerifier drops None arguments: a training
// label names every argument of the registry, nearly all None.
func (p *pyLit) dict(depth int) error {
	p.i++
	p.out = append(p.out, '{')
	wrote := 0
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			p.out = append(p.out, '}')
			return nil
		}
		if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
			return fmt.Errorf("want a string key at offset %d", p.i)
		}
		mark := len(p.out)
		if wrote > 0 {
			p.out = append(p.out, ',')
		}
		if err := p.str(); err != nil {
			return err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return fmt.Errorf("want ':' at offset %d", p.i)
		}
		p.i++
		p.space()
		if strings.HasPrefix(p.s[p.i:], "None") && !identChar(p.s, p.i+4) {
			p.i += 4
			p.out = p.out[:mark]
		} else {
			p.out = append(p.out, ':')
			if err := p.value(depth + 1); err != nil {
				return err
			}
			wrote++
		}
		if err := p.sep('}'); err != nil {
			return err
		}
	}
}

// num reads a decimal int or float and writes it as a JSON number: an int
// without its sign + or leading zeros (Python reads 00 as 0 and refuses
// 01), a float in Go's shortest form (1. and .5 are Python numbers, not
// JSON ones). Underscores, other bases, inf and nan are refused.
func (p *pyLit) num() error {
	start := p.i
	p.i++
	for p.i < len(p.s) && strings.IndexByte("0123456789.eE+-", p.s[p.i]) >= 0 {
		p.i++
	}
	t := p.s[start:p.i]
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) <= 1 && digits != "" && strings.Trim(digits, "0123456789") == "" {
		trimmed := strings.TrimLeft(digits, "0")
		if trimmed == "" {
			trimmed = "0"
		} else if trimmed != digits {
			return fmt.Errorf("a leading zero in the int %q", t)
		}
		if t[0] == '-' && trimmed != "0" {
			trimmed = "-" + trimmed
		}
		p.out = append(p.out, trimmed...)
		return nil
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || strings.ContainsAny(t, "xXpP_") {
		return fmt.Errorf("not a number: %q", t)
	}
	p.out = strconv.AppendFloat(p.out, f, 'g', -1, 64)
	return nil
}

// str reads a quoted string with Python's escapes and writes it as JSON.
func (p *pyLit) str() error {
	q := p.s[p.i]
	p.i++
	var b strings.Builder
	for {
		if p.i >= len(p.s) {
			return fmt.Errorf("unterminated string")
		}
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			js, _ := json.Marshal(b.String())
			p.out = append(p.out, js...)
			return nil
		case c == '\n':
			return fmt.Errorf("line break inside a string at offset %d", p.i)
		case c != '\\':
			b.WriteByte(c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			return fmt.Errorf("unterminated string")
		}
		e := p.s[p.i+1]
		p.i += 2
		switch e {
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '\n':
		case 'N':
			return fmt.Errorf("named escapes (\\N{...}) are not read")
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if p.i+n > len(p.s) {
				return fmt.Errorf("short \\%c escape", e)
			}
			v, err := strconv.ParseUint(p.s[p.i:p.i+n], 16, 32)
			if err != nil || v > utf8.MaxRune || (v >= 0xd800 && v < 0xe000) {
				return fmt.Errorf("bad \\%c escape %q", e, p.s[p.i:p.i+n])
			}
			b.WriteRune(rune(v))
			p.i += n
		default:
			if e >= '0' && e <= '7' {
				j := p.i - 1
				for p.i < len(p.s) && p.i-j < 3 && p.s[p.i] >= '0' && p.s[p.i] <= '7' {
					p.i++
				}
				v, _ := strconv.ParseUint(p.s[j:p.i], 8, 32)
				b.WriteRune(rune(v))
				continue
			}
			// Python keeps an unknown escape as written.
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
}
