package equiv

import (
	"regexp"
	"strings"
)

// Atoms: relations, equations and named values, down to the quantities
// and expressions compared in quantity.go.

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
	before, beforeLg := c.usedLog, c.usedLg
	c.usedLog, c.usedLg = false, false
	r := c.compareAtom1(g, p)
	if c.usedLog && r.Verdict != Undecided && !c.log10 && !c.logBin {
		// \log may be decimal or binary: decide only if all three
		// readings agree (\log 8 against 3 is log2 8).
		r = c.underBothReadings(r, &c.log10, g, p, `\log read as ln`, `\log read as log10`)
		if r.Verdict != Undecided {
			r = c.underBothReadings(r, &c.logBin, g, p, `\log read as ln`, `\log read as log2`)
		}
	}
	if c.usedLg && r.Verdict != Undecided && !c.lg2 {
		// lg may be binary: decide only if both readings agree.
		r = c.underBothReadings(r, &c.lg2, g, p, "lg read as log10", "lg read as log2")
	}
	c.usedLog, c.usedLg = c.usedLog || before, c.usedLg || beforeLg
	return r
}

// underBothReadings compares g and p again with the other reading of a
// logarithm (*other set) and keeps r, the verdict under the usual reading,
// only if the two agree; otherwise the comparison is undecided, with both
// reasons.
func (c *cmpr) underBothReadings(r Result, other *bool, g, p, usual, alt string) Result {
	*other = true
	r2 := c.compareAtom1(g, p)
	*other = false
	if r2.Verdict != r.Verdict {
		return undecided(r.Rule, "%s with %s; with %s: %s", r.Reason, usual, alt, r2.Reason)
	}
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
			strict := c.strictDomain
			c.strictDomain = true
			defer func() { c.strictDomain = strict }()
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
// "J mol^{-1}"); it never says NotEqual, as a unit-looking answer may be a
// product of variables, and is undecided on units of one dimension that
// measure different kinds of quantity (J against N m).
func sameUnits(g, p string) (Result, bool) {
	if !strings.ContainsAny(g+p, "/^ *") {
		return Result{}, false
	}
	gu, ok1 := parseUnit(g)
	pu, ok2 := parseUnit(p)
	if !ok1 || !ok2 || gu.opaque != "" || pu.opaque != "" || gu.d != pu.d || gu.offset != pu.offset {
		return Result{}, false
	}
	if ok, cg, cp := matchKinds(gu.k, pu.k); !ok || cg != 0 || cp != 0 {
		// J against N m, Gy against Sv: one dimension, not one unit.
		return undecided("unit", "%s (%s) and %s (%s) share a dimension but measure different kinds of quantity", g, gu.k, p, pu.k), true
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
