package equiv

import (
	"regexp"
	"strings"
)

// Structured answers: tuples and intervals, sets, unions, lists, matrices.

type vkind int

const (
	vAtom vkind = iota
	vTuple
	vSet
	vList
	vUnion
	vMatrix
)

var kindNames = [...]string{"value", "tuple", "set", "list", "union", "matrix"}

type value struct {
	kind        vkind
	pm          bool // a set made of "a ± b"
	braced      bool // a list in plain braces: a set in plain text, a group in LaTeX
	det         bool // a matrix between bars (vmatrix): a determinant
	open, close byte
	items       []*value
	text        string
}

func (v *value) String() string {
	if v.kind == vAtom {
		return v.text
	}
	parts := make([]string, len(v.items))
	for i, it := range v.items {
		parts[i] = it.String()
	}
	switch v.kind {
	case vTuple:
		return string(v.open) + strings.Join(parts, ", ") + string(v.close)
	case vSet:
		return "{" + strings.Join(parts, ", ") + "}"
	case vUnion:
		return strings.Join(parts, " ∪ ")
	case vMatrix:
		return "matrix[" + strings.Join(parts, "; ") + "]"
	}
	return strings.Join(parts, ", ")
}

var (
	reMatrix  = regexp.MustCompile(`^\[?\s*\\begin\{([pbvBV]?matrix|array)\}(\{[^}]*\})?([\s\S]*?)\\end\{([pbvBV]?matrix|array)\}\s*\]?$`)
	reWordSep = regexp.MustCompile(`(?i)\s+(?:and|or)\s+|(?i)^or\s+|(?i)\)\s*or\s*\(|(\d)or([A-Z(])`)
	reInSet   = regexp.MustCompile(`^[A-Za-z](?:_\{?\w+\}?)?\s*(?:\\in|∈)\s*`)
)

// splitTop splits s at top-level occurrences of any of seps.
func splitTop(s string, seps ...string) []string {
	parts, _ := splitTopFunc(s, func(s string, i int) string {
		for _, sep := range seps {
			if strings.HasPrefix(s[i:], sep) {
				return sep
			}
		}
		return ""
	})
	return parts
}

// splitTopFunc splits s at the separators sep(s, i) returns outside
// brackets, and returns the parts and the separators.
func splitTopFunc(s string, sep func(s string, i int) string) (parts, seps []string) {
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.ContainsRune("([{", rune(s[i])):
			depth++
			continue
		case strings.ContainsRune(")]}", rune(s[i])):
			depth--
			continue
		case strings.HasPrefix(s[i:], "⦃"):
			depth++
			i += len("⦃") - 1
			continue
		case strings.HasPrefix(s[i:], "⦄"):
			depth--
			i += len("⦄") - 1
			continue
		}
		if depth != 0 {
			continue
		}
		if m := sep(s, i); m != "" {
			parts = append(parts, s[last:i])
			seps = append(seps, m)
			last = i + len(m)
			i = last - 1
		}
	}
	return append(parts, s[last:]), seps
}

// enclosing reports whether s[0] opens a bracket closed by s's last byte.
func enclosing(s string) bool {
	if len(s) < 2 || !strings.ContainsRune("([{", rune(s[0])) || !strings.ContainsRune(")]}", rune(s[len(s)-1])) {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 && i != len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}

// parseValue reads s as a structured answer: a matrix, a ± pair, a union,
// a list, a set, a tuple or interval, or else an atom. depth bounds the
// nesting; past it the rest is an atom.
func parseValue(s string, depth int) *value {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, " .")
	if depth > 12 {
		return &value{kind: vAtom, text: s}
	}
	switch s {
	case `\emptyset`, `\varnothing`, "∅", "⦃⦄", `\{\}`, "{}":
		return &value{kind: vSet} // the empty set
	}
	if strings.Contains(s, `\begin{`) { // every matrix has one
		if mv := parseMatrix(s, depth); mv != nil {
			return mv
		}
	}
	if strings.Contains(s, `\in`) || strings.Contains(s, "∈") {
		if loc := reInSet.FindStringIndex(s); loc != nil {
			s = strings.TrimSpace(s[loc[1]:])
		}
	}
	if rhs := stripLabel(s); rhs != s && (enclosing(rhs) || strings.HasPrefix(rhs, "⦃")) {
		// "(p, q) = (3, 2)": the structure is the answer.
		s = rhs
	}
	if strings.Count(s, "±") == 1 && !strings.ContainsAny(s, ",;") {
		return &value{kind: vSet, pm: !strings.HasPrefix(strings.TrimSpace(s), "±"), items: []*value{
			parseValue(strings.Replace(s, "±", "+", 1), depth+1),
			parseValue(strings.Replace(s, "±", "-", 1), depth+1),
		}}
	}
	if parts := splitTop(s, "∪", `\cup`); len(parts) > 1 {
		v := &value{kind: vUnion}
		sets := &value{kind: vSet}
		for _, p := range parts {
			it := parseValue(p, depth+1)
			v.items = append(v.items, it)
			if sets != nil && it.kind == vSet && !it.pm {
				sets.items = append(sets.items, it.items...)
			} else {
				sets = nil
			}
		}
		if sets != nil {
			return sets // a union of finite sets is the set of their items
		}
		return v
	}
	t := s
	if mayContainFold(s, "or") || mayContainFold(s, "and") {
		t = reWordSep.ReplaceAllStringFunc(s, wordSep)
	}
	if parts := splitTop(t, ",", ";"); len(parts) > 1 {
		v := &value{kind: vList}
		for _, p := range parts {
			if strings.TrimSpace(p) == "" {
				continue
			}
			v.items = append(v.items, parseValue(p, depth+1))
		}
		if len(v.items) == 1 {
			return v.items[0]
		}
		return v
	}
	if inner, ok := strings.CutPrefix(s, "⦃"); ok && strings.HasSuffix(inner, "⦄") && len(splitTop(s, "∪")) == 1 {
		inner = strings.TrimSuffix(inner, "⦄")
		v := &value{kind: vSet}
		for _, p := range splitTop(inner, ",", ";") {
			if strings.TrimSpace(p) != "" {
				v.items = append(v.items, parseValue(p, depth+1))
			}
		}
		return v
	}
	if enclosing(s) {
		if v := parseEnclosed(s, depth); v != nil {
			return v
		}
	}
	if iv := relationInterval(s); iv != nil {
		return iv
	}
	return &value{kind: vAtom, text: s}
}

// parseMatrix reads a LaTeX matrix or array as a matrix of rows, each a
// tuple of cells; it is nil when s is not one matrix.
func parseMatrix(s string, depth int) *value {
	m := reMatrix.FindStringSubmatch(s)
	if i := strings.Index(s, `\begin{`); m == nil && i > 0 {
		return scaledMatrix(s[:i], s[i:], depth)
	}
	if m == nil || m[1] != m[4] || strings.Contains(m[3], `\begin`) || strings.Contains(m[3], `\end`) {
		return nil
	}
	mv := &value{kind: vMatrix, det: strings.HasPrefix(m[1], "v") || strings.HasPrefix(m[1], "V")}
	for _, row := range strings.Split(m[3], `\\`) {
		if strings.TrimSpace(row) == "" {
			continue
		}
		r := &value{kind: vTuple, open: '(', close: ')'}
		for _, cell := range strings.Split(row, "&") {
			r.items = append(r.items, parseValue(cell, depth+1))
		}
		mv.items = append(mv.items, r)
	}
	return mv
}

// parseEnclosed reads s, which enclosing reports wrapped in one pair of
// brackets: braces group (a list, or the one value inside), other
// brackets with several items make a tuple, and round or square brackets
// around one item are dropped. It is nil when s is none of these (one
// item in mismatched brackets), to be read as an atom.
func parseEnclosed(s string, depth int) *value {
	inner := s[1 : len(s)-1]
	parts := splitTop(inner, ",", ";")
	if s[0] == '{' {
		// Unescaped braces group in LaTeX; they do not make a set.
		if len(parts) == 1 {
			return parseValue(inner, depth+1)
		}
		v := &value{kind: vList, braced: true}
		for _, p := range parts {
			v.items = append(v.items, parseValue(p, depth+1))
		}
		return v
	}
	if len(parts) > 1 {
		v := &value{kind: vTuple, open: s[0], close: s[len(s)-1]}
		for _, p := range parts {
			v.items = append(v.items, parseValue(p, depth+1))
		}
		return v
	}
	if s[0] == '(' && s[len(s)-1] == ')' || s[0] == '[' && s[len(s)-1] == ']' {
		return parseValue(inner, depth+1)
	}
	return nil
}

// wordSep turns a match of reWordSep into a comma.
func wordSep(m string) string {
	if strings.HasPrefix(m, ")") {
		return "),("
	}
	if len(m) == 4 && isDigit(m[0]) {
		return m[:1] + "," + m[3:] // "1orW(x)" glued
	}
	return ","
}

var reDouble = regexp.MustCompile(`^(.+?)\s*(<=|<)\s*([A-Za-z](?:_\{?\w+\}?)?(?:\([A-Za-z]\))?|\|[A-Za-z]\|)\s*(<=|<)\s*(.+)$`)

// relationInterval reads "a < x <= b" as the interval (a, b].
func relationInterval(s string) *value {
	if !strings.Contains(s, "<") {
		return nil
	}
	m := reDouble.FindStringSubmatch(s)
	if m == nil || strings.HasPrefix(m[3], "|") {
		return nil
	}
	v := &value{kind: vTuple, open: '(', close: ')', items: []*value{{kind: vAtom, text: m[1]}, {kind: vAtom, text: m[5]}}}
	if m[2] == "<=" {
		v.open = '['
	}
	if m[4] == "<=" {
		v.close = ']'
	}
	return v
}

// scaledMatrix reads a constant factor before a matrix (\frac{1}{2}
// \begin{pmatrix}…, -\begin{bmatrix}…, 2 \cdot \begin{pmatrix}…) into
// its cells; it is nil for any other prefix (a label, a variable) and for
// a determinant, whose factor is no factor of its cells.
func scaledMatrix(prefix, rest string, depth int) *value {
	prefix = strings.TrimSpace(prefix)
	for _, op := range []string{`\cdot`, `\times`, "*", "×", "·"} {
		prefix = strings.TrimSpace(strings.TrimSuffix(prefix, op))
	}
	switch prefix {
	case "-":
		prefix = "-1"
	case "+", "":
		return nil
	}
	if _, err := parseConst(prefix); err != nil {
		return nil
	}
	mv := parseMatrix(rest, depth)
	if mv == nil || mv.det {
		return nil
	}
	for _, row := range mv.items {
		for _, cell := range row.items {
			if cell.kind != vAtom {
				return nil
			}
			cell.text = "(" + prefix + ")(" + cell.text + ")"
		}
	}
	return mv
}
