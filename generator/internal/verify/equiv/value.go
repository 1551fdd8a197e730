package equiv

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
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

func parseValue(s string, depth int) *value {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, " .")
	if depth > 12 {
		return &value{kind: vAtom, text: s}
	}
	if strings.Contains(s, `\begin{`) { // every matrix has one
		if m := reMatrix.FindStringSubmatch(s); m != nil && m[1] == m[4] && !strings.Contains(m[3], `\begin`) && !strings.Contains(m[3], `\end`) {
			mv := &value{kind: vMatrix}
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
		for _, p := range parts {
			v.items = append(v.items, parseValue(p, depth+1))
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
		inner := s[1 : len(s)-1]
		parts := splitTop(inner, ",", ";")
		if s[0] == '{' {
			// Unescaped braces group in LaTeX; they do not make a set.
			if len(parts) == 1 {
				return parseValue(inner, depth+1)
			}
			v := &value{kind: vList}
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
	}
	if iv := relationInterval(s); iv != nil {
		return iv
	}
	return &value{kind: vAtom, text: s}
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

// compareValues parses both answers into structures and compares them.
func (c *cmpr) compareValues(g, p, typ string) Result {
	g, p = decimalComma(g, p), decimalComma(p, g)
	gv, pv := parseValue(g, 0), parseValue(p, 0)
	if typ == "set" {
		for _, v := range []*value{gv, pv} {
			if v.kind == vList || v.kind == vTuple && v.open == '{' {
				v.kind = vSet
			}
		}
	}
	r := c.compareValue(gv, pv, typ)
	r.Gold, r.Pred = gv.String(), pv.String()
	return r
}

var (
	reDecComma = regexp.MustCompile(`^[-+]?\d+,\d+$`)
	reDecimal  = regexp.MustCompile(`^[-+]?\d*\.\d+$`)
)

// decimalComma reads "1,22" as 1.22 when the other answer is a decimal
// number (a list of two integers can never equal a single decimal).
func decimalComma(s, other string) string {
	if reDecComma.MatchString(s) && reDecimal.MatchString(other) {
		return strings.Replace(s, ",", ".", 1)
	}
	return s
}

func (c *cmpr) compareValue(g, p *value, typ string) Result {
	if err := c.tick(1); err != nil {
		return undecided("budget", "%v", err)
	}
	if g.kind == vAtom && p.kind == vAtom {
		return c.compareAtom(g.text, p.text)
	}
	if g.kind == vAtom && p.pm || p.kind == vAtom && g.pm {
		return undecided("structure", "\"a ± b\" may be a value with its uncertainty or two values")
	}
	if g.kind == vAtom || p.kind == vAtom {
		// One answer against several: different unless an atom is not
		// understood.
		if c.parsable(g) && c.parsable(p) {
			return decided(false, "structure", "a %s against a %s", kindNames[g.kind], kindNames[p.kind])
		}
		return undecided("structure", "a %s against a %s that is not understood", kindNames[g.kind], kindNames[p.kind])
	}
	if (g.kind == vUnion) != (p.kind == vUnion) && (g.kind == vTuple || p.kind == vTuple) {
		if c.parsable(g) && c.parsable(p) {
			return decided(false, "interval", "a union of intervals against a single one")
		}
	}
	ordered := func(kind vkind) bool { return kind == vTuple || kind == vMatrix }
	if ordered(g.kind) && ordered(p.kind) || g.kind == vMatrix || p.kind == vMatrix {
		if len(g.items) != len(p.items) {
			return decided(false, "structure", "%d items against %d", len(g.items), len(p.items))
		}
		if g.kind != p.kind {
			return decided(false, "structure", "a %s against a %s", kindNames[g.kind], kindNames[p.kind])
		}
		r := c.compareOrdered(g.items, p.items)
		if r.Verdict == Equal && (g.open != p.open || g.close != p.close) {
			mixed := func(v *value) bool { return v.open == '(' && v.close == ']' || v.open == '[' && v.close == ')' }
			if typ == "interval" || len(g.items) == 2 && (mixed(g) || mixed(p)) {
				return decided(false, "interval", "same ends, but open and closed ends differ: %c…%c vs %c…%c", g.open, g.close, p.open, p.close)
			}
			return undecided("tuple", "same items in %c…%c and %c…%c, which may be a vector or an interval", g.open, g.close, p.open, p.close)
		}
		return r
	}
	// Lists, sets and unions, or a tuple against one of them.
	if r := c.compareOrdered(g.items, p.items); r.Verdict == Equal && len(g.items) == len(p.items) {
		if g.kind == vTuple || p.kind == vTuple {
			return decided(true, "structure", "same items in the same order")
		}
		return r
	}
	return c.compareUnordered(g, p)
}

// parsable reports whether every atom of v reads as a value.
func (c *cmpr) parsable(v *value) bool {
	if v.kind != vAtom {
		for _, it := range v.items {
			if !c.parsable(it) {
				return false
			}
		}
		return true
	}
	_, err := parseQuantity(stripLabel(v.text))
	return err == nil
}

func (c *cmpr) compareOrdered(g, p []*value) Result {
	if len(g) != len(p) {
		return decided(false, "structure", "%d items against %d", len(g), len(p))
	}
	worst := decided(true, "structure", "all %d items match in order", len(g))
	for i := range g {
		r := c.compareValue(g[i], p[i], "")
		switch r.Verdict {
		case NotEqual:
			return decided(false, "structure", "item %d differs: %s", i+1, r.Reason)
		case Undecided:
			worst = undecided("structure", "item %d: %s", i+1, r.Reason)
		}
	}
	return worst
}

// compareUnordered matches items regardless of order.
func (c *cmpr) compareUnordered(g, p *value) Result {
	n, m := len(g.items), len(p.items)
	if n > 60 || m > 60 {
		return undecided("structure", "too many items")
	}
	verdict := make([][]Verdict, n)
	for i := range g.items {
		verdict[i] = make([]Verdict, m)
		for j := range p.items {
			verdict[i][j] = c.compareValue(g.items[i], p.items[j], "").Verdict
			if c.steps > maxSteps {
				return undecided("budget", "work bound reached")
			}
		}
	}
	if labelled(g) && labelled(p) {
		if r, ok := c.compareByLabel(g, p); ok {
			return r
		}
	}
	exact := matchAll(verdict, func(v Verdict) bool { return v == Equal })
	loose := matchAll(verdict, func(v Verdict) bool { return v != NotEqual })
	setLike := func(v *value) bool { return v.kind == vSet || v.kind == vUnion }
	switch {
	case n == m && exact:
		if setLike(g) || setLike(p) {
			return decided(true, "set", "the same %d items", n)
		}
		if labelled(g) && labelled(p) {
			return decided(true, "list", "the same %d named values", n)
		}
		if g.kind == vTuple || p.kind == vTuple {
			return decided(false, "structure", "a tuple's items in another order")
		}
		return undecided("list", "the same %d items in another order; order may matter", n)
	case n == m && loose:
		return undecided("set", "some items could not be decided")
	case n != m && (setLike(g) || setLike(p)) && c.dedupEqual(g, p):
		return decided(true, "set", "the same items, some repeated")
	}
	if n != m {
		if !c.parsable(g) || !c.parsable(p) {
			return undecided("structure", "%d items against %d, some not understood", n, m)
		}
		return decided(false, "structure", "%d items against %d", n, m)
	}
	return decided(false, "set", "items differ")
}

// compareByLabel pairs named values by name ("x = 1, y = 2").
func (c *cmpr) compareByLabel(g, p *value) (Result, bool) {
	index := func(v *value) map[string]string {
		m := map[string]string{}
		for _, it := range v.items {
			parts, _ := splitRelation(it.text)
			name := squash(parts[0])
			if _, dup := m[name]; dup {
				return nil
			}
			m[name] = it.text
		}
		return m
	}
	gm, pm := index(g), index(p)
	if gm == nil || pm == nil || len(gm) != len(pm) {
		return Result{}, false
	}
	names := make([]string, 0, len(gm))
	for name := range gm {
		if _, ok := pm[name]; !ok {
			return undecided("list", "different names: %s is missing from the answer", name), true
		}
		names = append(names, name)
	}
	sort.Strings(names)
	out := decided(true, "list", "the same %d named values", len(names))
	for _, name := range names {
		r := c.compareAtom(gm[name], pm[name])
		switch r.Verdict {
		case NotEqual:
			return decided(false, "list", "%s differs: %s", name, r.Reason), true
		case Undecided:
			out = undecided("list", "%s: %s", name, r.Reason)
		}
	}
	return out, true
}

// labelled reports whether every item is a named value ("x = 3").
func labelled(v *value) bool {
	for _, it := range v.items {
		if it.kind != vAtom || stripLabel(it.text) == it.text {
			return false
		}
	}
	return len(v.items) > 0
}

// dedupEqual reports whether every item of each side equals some item of
// the other (set equality with repetitions).
func (c *cmpr) dedupEqual(g, p *value) bool {
	covers := func(a, b *value) bool {
		for _, x := range a.items {
			found := false
			for _, y := range b.items {
				if c.compareValue(x, y, "").Verdict == Equal {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return covers(g, p) && covers(p, g)
}

// matchAll reports whether a perfect matching exists using edges ok.
func matchAll(v [][]Verdict, ok func(Verdict) bool) bool {
	n := len(v)
	if n == 0 {
		return true
	}
	m := len(v[0])
	if n != m {
		return false
	}
	owner := make([]int, m)
	for j := range owner {
		owner[j] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for j := 0; j < m; j++ {
			if ok(v[i][j]) && !seen[j] {
				seen[j] = true
				if owner[j] < 0 || try(owner[j], seen) {
					owner[j] = i
					return true
				}
			}
		}
		return false
	}
	for i := 0; i < n; i++ {
		if !try(i, make([]bool, m)) {
			return false
		}
	}
	return true
}

// Atoms: relations, equations, quantities and expressions.

var reRepeating = regexp.MustCompile(`\d\.\d{0,2}\(\d+\)`)

var relOps = []string{"<=", ">=", "!=", "≈", "<", ">", "="}

// relOpAt returns the relation operator starting at s[i], if any.
func relOpAt(s string, i int) string {
	if s[i] == '-' || i > 0 && s[i] == '>' && s[i-1] == '-' {
		return "" // an arrow
	}
	for _, op := range relOps {
		if strings.HasPrefix(s[i:], op) {
			return op
		}
	}
	return ""
}

// splitRelation splits at top-level relation operators.
func splitRelation(s string) (parts []string, ops []string) {
	parts, ops = splitTopFunc(s, relOpAt)
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts, ops
}

var reSubscript = regexp.MustCompile(`_(?:\{[^{}]*\}|[A-Za-z0-9])`)

// isLabel reports whether the left side of "lhs = value" is a name (x,
// f(x), |AB|, \frac{NO}{BO}, V_1:V_2) rather than part of an equation.
func isLabel(lhs string) bool {
	t := lhs
	if strings.Contains(lhs, "_") {
		t = reSubscript.ReplaceAllString(lhs, "")
	}
	if t == "" || len(t) > 30 || strings.ContainsAny(t, "0123456789+-=^*") || strings.Contains(t, `\sum`) || strings.Contains(t, `\int`) {
		return false
	}
	return reLabel.MatchString(lhs) || reLabel.MatchString(t) || strings.ContainsAny(t, ":/|") || strings.HasPrefix(t, `\frac`)
}

var reLabel = regexp.MustCompile(`^(?:\([A-Za-z](?:\s*,\s*[A-Za-z])*\)|[A-Za-z]+(?:_\{?[\w,]+\}?)?(?:\([A-Za-z, ]*\))?|\|[A-Za-z]+\||[A-Za-z]+\s*:\s*[A-Za-z]+|\\[a-zA-Z]+(?:_\{?\w+\}?)?|[A-Za-z]+_\{?[A-Za-z]+\}?\s*:\s*[A-Za-z]+|[A-Za-z]+\s*\\(?:circ)?|\\?Delta\s*[A-Za-z]+(?:_\{?\w+\}?)?)$`)

// stripLabel turns "x = 3" and "x = 1 + 2 = 3" into "3": the left side is
// a name, not part of the answer.
func stripLabel(s string) string {
	parts, ops := splitRelation(s)
	if len(ops) == 0 {
		return s
	}
	last := len(parts) - 1
	for i, op := range ops {
		if op == "≈" {
			// "x = 1/3 ≈ 0.33": the exact value comes before the
			// approximation; "x ≈ 11" has no other.
			last = max(i, 1)
			break
		}
		if op != "=" {
			return s
		}
	}
	if isLabel(parts[0]) || len(ops) >= 2 && last >= 2 {
		// A name on the left, or a chain of computations a = b = c.
		return parts[last]
	}
	return s
}

func (c *cmpr) compareAtom(g, p string) Result {
	before := c.usedLog
	c.usedLog = false
	r := c.compareAtom1(g, p)
	if c.usedLog && r.Verdict == NotEqual && !c.log10 {
		// \log may be decimal: decide only if both readings agree.
		c.log10 = true
		r10 := c.compareAtom1(g, p)
		c.log10 = false
		if r10.Verdict != NotEqual {
			r = undecided(r.Rule, "%s with \\log read as ln; with \\log read as log10: %s", r.Reason, r10.Reason)
		}
	}
	c.usedLog = c.usedLog || before
	return r
}

func (c *cmpr) compareAtom1(g, p string) Result {
	if squash(g) == squash(p) {
		return decided(true, "identical", "the same text")
	}
	if gi, ok := infinity(g); ok {
		if pi, ok := infinity(p); ok {
			return decided(gi == pi, "infinity", "%s vs %s", g, p)
		}
	}
	gs, ps := stripLabel(g), stripLabel(p)
	// Both keep their labels and they are the same name: compare the values.
	gp, gops := splitRelation(g)
	pp, pops := splitRelation(p)
	if gs != g && ps != p {
		if squash(gp[0]) != squash(pp[0]) {
			return undecided("equation", "different names on the left: %s vs %s", gp[0], pp[0])
		}
	}
	if gs != g || ps != p {
		if gs != g && ps != p || len(splitOps(gs)) == 0 && len(splitOps(ps)) == 0 {
			return c.compareAtom1(gs, ps)
		}
	}
	if len(gops) > 0 || len(pops) > 0 {
		if len(gops) > 0 && len(pops) > 0 {
			return c.compareRelations(gp, gops, pp, pops)
		}
		return undecided("relation", "a relation against a value")
	}
	if r, ok := sameUnits(g, p); ok {
		return r
	}
	if strings.Contains(g, "(") && reRepeating.MatchString(g) || strings.Contains(p, "(") && reRepeating.MatchString(p) {
		return undecided("numeric", "0.1(6) may be a repeating decimal or a value with its uncertainty")
	}
	gq, err1 := parseQuantity(g)
	pq, err2 := parseQuantity(p)
	if err1 != nil || err2 != nil {
		if isWords(g) && isWords(p) && strings.EqualFold(strings.Join(strings.Fields(g), " "), strings.Join(strings.Fields(p), " ")) {
			return decided(true, "identical", "the same words but for case")
		}
		return undecided("parse", "not understood as values")
	}
	return c.compareQuantities(gq, pq, g, p)
}

// sameUnits decides answers that are units alone ("J/mol" against
// "J mol^{-1}"); it only ever says Equal, as a unit-looking answer may be a
// product of variables.
func sameUnits(g, p string) (Result, bool) {
	if !strings.ContainsAny(g+p, "/^ *") {
		return Result{}, false
	}
	gu, ok1 := parseUnit(g)
	pu, ok2 := parseUnit(p)
	if !ok1 || !ok2 || gu.opaque != "" || pu.opaque != "" || gu.d != pu.d || gu.offset != pu.offset {
		return Result{}, false
	}
	if r := gu.scale / pu.scale; r < 1-1e-12 || r > 1+1e-12 {
		return Result{}, false
	}
	return decided(true, "unit", "the same unit, %s", gu.d), true
}

// isWords reports whether s is two or more plain words.
func isWords(s string) bool {
	for _, r := range s {
		if !(r == ' ' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return strings.Contains(strings.TrimSpace(s), " ")
}

func splitOps(s string) []string { _, ops := splitRelation(s); return ops }

func infinity(s string) (int, bool) {
	switch squash(s) {
	case "∞", "+∞", "inf", "+inf", "infinity", "+infinity", "oo":
		return 1, true
	case "-∞", "-inf", "-infinity", "-oo":
		return -1, true
	}
	return 0, false
}

// compareQuantities compares values with units, or expressions.
func (c *cmpr) compareQuantities(gq, pq *quantity, g, p string) Result {
	gvars := gq.expr.vars(map[string]bool{}, nil)
	pvars := pq.expr.vars(map[string]bool{}, nil)
	if len(gvars) > 0 || len(pvars) > 0 {
		if (gq.unit == nil) != (pq.unit == nil) {
			// "1/2 mV^2" may be a unit or the product m v^2: retry both as
			// expressions.
			ge, err1 := parseExpr(g)
			pe, err2 := parseExpr(p)
			if err1 == nil && err2 == nil {
				if r := c.identity(ge, pe); r.Verdict == Equal {
					return r
				}
			}
			return undecided("expression", "a quantity with a unit against an expression")
		}
		if gq.unit != nil && !sameUnit(gq.unit, pq.unit) {
			return undecided("expression", "expressions with different units")
		}
		return c.identity(gq.expr, pq.expr)
	}
	a, err := c.eval(gq.expr, nil)
	if err != nil {
		return undecided("numeric", "reference not evaluable: %v", err)
	}
	b, err := c.eval(pq.expr, nil)
	if err != nil {
		return undecided("numeric", "answer not evaluable: %v", err)
	}
	gu, pu := gq.unit, pq.unit
	switch {
	case gu == nil && pu == nil:
		return c.compareNumbers(a, b, gq, pq, "")
	case gu != nil && pu != nil:
		return c.compareUnits(a, b, gq, pq)
	}
	// A unit on one side only.
	u := gu
	if u == nil {
		u = pu
	}
	r := c.compareNumbers(a, b, gq, pq, u.text)
	if r.Verdict == Equal {
		r.Rule, r.Reason = "unit_omitted", r.Reason+"; the unit "+u.text+" is written on one side only"
		return r
	}
	if u.opaque == "" && u.d == (dims{}) && u.offset == 0 {
		// Dimensionless units (%, °, ppm): compare the pure numbers.
		sa, sb := a, b
		if gu != nil {
			sa = newF().Mul(a, newF().SetFloat64(gu.scale))
		} else {
			sb = newF().Mul(b, newF().SetFloat64(pu.scale))
		}
		c2 := *c
		c2.explicit = true // conversions are never integer counts
		r2 := c2.compareNumbers(sa, sb, nil, nil, "")
		c.steps = c2.steps
		if r2.Verdict == Equal {
			r2.Rule, r2.Reason = "unit", fmt.Sprintf("%s converted from %s: %s", fmtBig(sa), u.text, r2.Reason)
			return r2
		}
		return decided(false, "unit", "%s and %s differ read with or without %s", fmtBig(a), fmtBig(b), u.text)
	}
	return undecided("unit", "the unit %s is written on one side only and the numbers differ", u.text)
}

func sameUnit(a, b *unit) bool {
	return a.d == b.d && a.opaque == b.opaque && a.scale == b.scale && a.offset == b.offset
}

func (c *cmpr) compareUnits(a, b *big.Float, gq, pq *quantity) Result {
	gu, pu := gq.unit, pq.unit
	if gu.opaque != pu.opaque {
		return undecided("unit", "units %q and %q are not in the unit table", gu.text, pu.text)
	}
	if gu.d != pu.d {
		if lone := func(u *unit) bool { return u.text == "C" || u.text == "F" }; lone(gu) && pu.temp || lone(pu) && gu.temp {
			return undecided("unit", "%s against %s: C and F may be degrees written without °", gu.text, pu.text)
		}
		diff := gu.d
		for i := range diff {
			diff[i] -= pu.d[i]
		}
		if diff == (dims{5: diff[5]}) {
			return undecided("unit", "%s and %s differ by amount of substance (per mole or per particle?)", gu.text, pu.text)
		}
		return decided(false, "unit", "dimensions differ: %s is %s, %s is %s", gu.text, gu.d, pu.text, pu.d)
	}
	conv := func(x *big.Float, from, to *unit, diff bool) *big.Float {
		// SI = x*scale + offset; back into the reference's unit.
		if diff {
			z := newF().Mul(x, newF().SetFloat64(from.dscale))
			return z.Quo(z, newF().SetFloat64(to.dscale))
		}
		z := newF().Mul(x, newF().SetFloat64(from.scale))
		z = add(z, newF().SetFloat64(from.offset-to.offset))
		return z.Quo(z, newF().SetFloat64(to.scale))
	}
	// Measurements with units: an integer such as "298 K" has as many
	// significant figures as it has digits.
	for _, q := range []*quantity{gq, pq} {
		if q.isInt && q.sig == 0 {
			q.sig = len(strings.TrimLeft(strings.TrimLeft(strings.TrimSpace(q.num), "+-"), "0"))
		}
	}
	var r Result
	switch {
	case gu.offset != 0 || pu.offset != 0:
		// Absolute temperatures compare in kelvin, where significant
		// figures mean something.
		k := &unit{d: gu.d, scale: 1, dscale: 1, text: "K"}
		ga, pb := conv(a, gu, k, false), conv(b, pu, k, false)
		r = c.compareNumbers(ga, pb, gq, pq, "K")
		r.Rule = "unit"
		r.Reason = fmt.Sprintf("%s %s and %s %s in kelvin; %s", fmtBig(a), gu.text, fmtBig(b), pu.text, r.Reason)
	case gu.text != pu.text:
		b2 := conv(b, pu, gu, false)
		r = c.compareNumbers(a, b2, gq, pq, gu.text)
		r.Rule = "unit"
		r.Reason = fmt.Sprintf("%s %s is %s %s; %s", fmtBig(b), pu.text, fmtBig(b2), gu.text, r.Reason)
	default:
		r = c.compareNumbers(a, b, gq, pq, gu.text)
	}
	if r.Verdict == NotEqual && (gu.temp || pu.temp) && (gu.offset != 0 || pu.offset != 0) {
		if d := conv(b, pu, gu, true); within(a, d, c.tol) {
			return undecided("unit", "equal only as a temperature difference (%s vs %s)", gu.text, pu.text)
		}
	}
	return r
}
