package equiv

import (
	"regexp"
	"sort"
	"strings"
)

// Comparing structured answers: tuples and intervals in order, sets and
// lists regardless of it, named values by name.

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
	if g.kind == vAtom && p.kind == vTuple || p.kind == vAtom && g.kind == vTuple {
		if r, ok := c.compareVector(g, p); ok {
			return r
		}
		tup, atom := g, p
		if g.kind == vAtom {
			tup, atom = p, g
		}
		if reUnitVec.MatchString(atom.text) {
			return undecided("vector", "a vector in unit vectors not read: %s", atom.text)
		}
		if len(tup.items) == 2 && reImaginary.MatchString(atom.text) {
			return undecided("structure", "a complex number may be written as the pair of its parts: 3 + 2i as (3, 2)")
		}
		if reUnitLetter.MatchString(atom.text) {
			return undecided("vector", "a vector in unit vectors not read: %s", atom.text)
		}
	}
	if g.kind == vMatrix && p.kind == vMatrix && g.det != p.det || (g.det || p.det) && g.kind != p.kind {
		return undecided("matrix", "a determinant between bars against a matrix")
	}
	if g.kind == vMatrix && p.kind != vMatrix || p.kind == vMatrix && g.kind != vMatrix {
		// [[1, 2], [3, 4]] against a LaTeX matrix: rows of a nested list.
		gm, pm := asMatrix(g), asMatrix(p)
		if gm == nil || pm == nil {
			return undecided("matrix", "a matrix against a %s and a %s, which may be a row or a column", kindNames[g.kind], kindNames[p.kind])
		}
		g, p = gm, pm
	}
	if g.kind == vAtom || p.kind == vAtom {
		if r, ok := c.compareSingleton(g, p); ok {
			return r
		}
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
	if g.kind == vMatrix && p.kind == vMatrix && rowAgainstColumn(g, p) {
		return undecided("matrix", "a row and a column of the same entries: one vector in two notations, or two matrices")
	}
	ordered := func(kind vkind) bool { return kind == vTuple || kind == vMatrix }
	if ordered(g.kind) && ordered(p.kind) || g.kind == vMatrix || p.kind == vMatrix {
		if len(g.items) != len(p.items) {
			if flattened(g, p) || flattened(p, g) {
				return undecided("matrix", "rows against a flat list of as many items: a matrix written row after row?")
			}
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
		if g.kind == vSet && p.kind == vTuple || p.kind == vSet && g.kind == vTuple {
			// {1, 2} against [1, 2] or (1, 2): an interval or a point.
			return undecided("structure", "a set against a tuple or an interval with the same items")
		}
		if g.kind == vTuple || p.kind == vTuple {
			return decided(true, "structure", "same items in the same order")
		}
		return r
	}
	return c.compareUnordered(g, p)
}

// rowAgainstColumn reports a 1×n matrix against an n×1 one with the same
// entries in order.
func rowAgainstColumn(g, p *value) bool {
	if len(p.items) == 1 {
		g, p = p, g
	}
	if len(g.items) != 1 || len(p.items) < 2 || len(g.items[0].items) != len(p.items) {
		return false
	}
	for i, row := range p.items {
		if len(row.items) != 1 || row.items[0].kind != vAtom || g.items[0].items[i].kind != vAtom ||
			squash(row.items[0].text) != squash(g.items[0].items[i].text) {
			return false
		}
	}
	return true
}

// reUnitLetter finds i, j or k alone, as unit vectors are written.
var reUnitLetter = regexp.MustCompile(`(?:^|[^A-Za-z\\])[ijk](?:$|[^A-Za-z])`)

// reImaginary finds the imaginary unit i alone: 3 + 2i, 2i, i\sqrt{2}.
var reImaginary = regexp.MustCompile(`(?:^|[^A-Za-z\\])i(?:$|[^A-Za-z])`)

// compareSingleton compares a set, list or tuple of one item with a single
// value: {2} against 2 is undecided (a solution set against its element),
// {2} against 3 not equal.
func (c *cmpr) compareSingleton(g, p *value) (Result, bool) {
	one, atom := g, p
	if g.kind == vAtom {
		one, atom = p, g
	}
	if one.kind == vAtom || one.kind == vMatrix || len(one.items) != 1 || one.items[0].kind != vAtom {
		return Result{}, false
	}
	switch r := c.compareAtom(one.items[0].text, atom.text); r.Verdict {
	case Equal:
		return undecided("structure", "a %s of one item against that item", kindNames[one.kind]), true
	case NotEqual:
		return decided(false, "structure", "a %s of one item against another value (%s)", kindNames[one.kind], r.Reason), true
	}
	return Result{}, false
}

// flattened reports whether the rows of nested are written one after the
// other in flat: [[1, 2], [3, 4]] against [1, 2, 3, 4].
func flattened(nested, flat *value) bool {
	n := 0
	for _, row := range nested.items {
		if row.kind != vTuple {
			return false
		}
		n += len(row.items)
	}
	for _, it := range flat.items {
		if it.kind != vAtom {
			return false
		}
	}
	return len(nested.items) > 1 && n == len(flat.items)
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
	case n != m && (g.braced || p.braced) && c.dedupEqual(g, p):
		return undecided("set", "the same items, some repeated, in plain braces: a set, or a list grouped in LaTeX")
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

// asMatrix reads a nested list or tuple whose items are rows of one length
// as a matrix; a matrix is itself, anything else nil.
func asMatrix(v *value) *value {
	if v.kind == vMatrix {
		return v
	}
	if v.kind != vTuple && v.kind != vList || len(v.items) < 2 {
		return nil
	}
	m := &value{kind: vMatrix}
	for _, row := range v.items {
		if row.kind != vTuple || len(row.items) != len(v.items[0].items) {
			return nil
		}
		m.items = append(m.items, &value{kind: vTuple, open: '(', close: ')', items: row.items})
	}
	return m
}

var (
	reUnitVec  = regexp.MustCompile(`\\(?:hat|vec|mathbf|boldsymbol)\s*\{?\s*([ijk])\s*\}?|([ijk])\x{0302}|([îĵ])`)
	reVecTerm  = regexp.MustCompile(`^([+-]?)\s*([^+]*?)\s*\*?\s*@([ijk])$`)
	reZeroTerm = regexp.MustCompile(`^[+-]?0+(?:\.0*)?$`)
)

// unitVector reads "2i + 3j - k", "2\hat{i} + 3\hat{j}" as components
// along i, j and k, and how many of them are written.
func unitVector(s string) (comp [3]string, n int, ok bool) {
	s = reUnitVec.ReplaceAllStringFunc(s, func(m string) string {
		sub := reUnitVec.FindStringSubmatch(m)
		switch {
		case sub[1] != "":
			return "@" + sub[1]
		case sub[2] != "":
			return "@" + sub[2]
		case sub[3] == "î":
			return "@i"
		}
		return "@j"
	})
	if !strings.ContainsAny(s, "@") {
		// Bare letters: 2i + 3j, only when every term ends in one.
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if ch := s[i]; (ch == 'i' || ch == 'j' || ch == 'k') && (i+1 == len(s) || strings.IndexByte(" +-", s[i+1]) >= 0) {
				b.WriteByte('@')
			}
			b.WriteByte(s[i])
		}
		s = b.String()
	}
	s = strings.ReplaceAll(s, " ", "")
	parts, seps := splitTopFunc(s, func(s string, i int) string {
		if i > 0 && (s[i] == '+' || s[i] == '-') && s[i-1] != 'e' && s[i-1] != '^' {
			return s[i : i+1]
		}
		return ""
	})
	for i, part := range parts {
		if i > 0 && seps[i-1] == "-" {
			part = "-" + part
		}
		if reZeroTerm.MatchString(part) {
			continue // i + 2j + 3k + 0: a zero adds nothing
		}
		m := reVecTerm.FindStringSubmatch(part)
		if m == nil {
			return comp, 0, false
		}
		k := strings.IndexByte("ijk", m[3][0])
		if comp[k] != "" {
			return comp, 0, false
		}
		coef := m[2]
		if coef == "" {
			coef = "1"
		}
		comp[k] = m[1] + coef
		n++
	}
	return comp, n, n >= 2
}

// compareVector compares a tuple with a vector written along unit vectors
// ((2, 3) against 2i + 3j). Two components in round brackets may be an
// open interval, so that equal components leave the pair undecided.
func (c *cmpr) compareVector(g, p *value) (Result, bool) {
	tup, atom := g, p
	if g.kind == vAtom {
		tup, atom = p, g
	}
	comp, n, ok := unitVector(atom.text)
	if n == 1 && len(tup.items) == 3 {
		ok = true // 5j against (0, 5, 0)
	}
	if !ok || len(tup.items) > 3 || comp[2] != "" && len(tup.items) < 3 {
		return Result{}, false
	}
	vec := &value{kind: vTuple, open: tup.open, close: tup.close}
	for k := 0; k < len(tup.items); k++ {
		x := comp[k]
		if x == "" {
			x = "0"
		}
		vec.items = append(vec.items, &value{kind: vAtom, text: x})
	}
	r := c.compareOrdered(tup.items, vec.items)
	if r.Verdict == Equal && len(tup.items) == 2 && (tup.open == '(' || tup.open == '[') {
		return undecided("vector", "the same components, but (a, b) or [a, b] may be an interval"), true
	}
	r.Rule = "vector"
	return r, true
}
