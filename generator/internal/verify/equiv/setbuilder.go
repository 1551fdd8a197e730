package equiv

import (
	"regexp"
	"strings"
)

// Sets in builder notation, \{x \mid x > 0\}, compare by their conditions:
// two inequalities in the one variable by their truth values (the relation
// rule: at sample points and around the numbers they hold), two equations
// when one is a multiple of the other. The variable may be named apart
// (\{y \mid y > 0\}); a domain other than the reals, or a domain on one
// side only, is undecided, and so is an equation against an inequality
// (both may be empty), and equations defined on different domains
// (x^2/x = 0 has no solution). Strict against non-strict with the same
// truth values everywhere sampled is the relation rule's: not equal at a
// boundary found, equal when both hold everywhere (x^2 > -1 and
// x^2 >= -1 are both every real), undecided otherwise.
// Where an inequality is undefined it does not hold (the relation rule).

var reBuilder = regexp.MustCompile(`^⦃\s*([a-z])\s*(\\in\s*(?:\\mathbb\{?R\}?|ℝ)\s*)?(?:\\mid|\||:)\s*(.+)⦄$`)

// setBuilder reads a set in builder notation: its variable, whether it
// names the reals as its domain, and its condition.
func setBuilder(s string) (v string, reals bool, cond string, ok bool) {
	m := reBuilder.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false, "", false
	}
	return m[1], m[2] != "", strings.TrimSpace(m[3]), true
}

// renameVar writes the single-letter variable from as to in s.
func renameVar(s, from, to string) string {
	re := regexp.MustCompile(`(^|[^A-Za-z\\])` + regexp.QuoteMeta(from) + `([^A-Za-z]|$)`)
	// Twice: adjacent occurrences share the character between them.
	for i := 0; i < 2; i++ {
		s = re.ReplaceAllString(s, "${1}"+to+"${2}")
	}
	return s
}

func (c *cmpr) tryBuilder(g, p string) (Result, bool) {
	gv, greals, gc, ok1 := setBuilder(g)
	pv, preals, pc, ok2 := setBuilder(p)
	if !ok1 || !ok2 {
		return Result{}, false
	}
	if greals != preals {
		return undecided("set_builder", "a domain on one side only"), true
	}
	if gv != pv {
		if strings.Contains(pc, gv) {
			return undecided("set_builder", "variables %s and %s, and %s in the answer's condition", gv, pv, gv), true
		}
		pc = renameVar(pc, pv, gv)
	}
	gp, gops := splitRelation(gc)
	pp, pops := splitRelation(pc)
	if len(gops) != 1 || len(pops) != 1 {
		return undecided("set_builder", "conditions that are not one relation each"), true
	}
	if (gops[0] == "=") != (pops[0] == "=") {
		return undecided("set_builder", "an equation against an inequality: both may be empty"), true
	}
	for _, name := range allVars(mustParse(gp), mustParse(pp)) {
		if name != gv {
			return undecided("set_builder", "a condition with another letter, %s", name), true
		}
	}
	if gops[0] == "=" && c.domainsDiffer(gp, gops[0], pp, pops[0]) {
		return undecided("set_builder", "equations defined on different domains (x^2/x = 0 has no solution, x = 0 one)"), true
	}
	r := c.compareRelations(gp, gops, pp, pops)
	r.Rule = "set_builder"
	return r, true
}

// mustParse parses the sides of a relation into one node (nil-safe for
// allVars): their sum, which holds every variable of either.
func mustParse(parts []string) *node {
	n := &node{op: 'n', lit: "0"}
	for _, s := range parts {
		if e, err := parseExpr(s); err == nil {
			n = bin('+', n, e)
		}
	}
	return n
}

// domainsDiffer reports a sample point where one condition can be
// evaluated and the other cannot: proportional equations agree only where
// both are defined, but a set holds only the points where its condition
// is defined (\{x \mid x^2/x = 0\} is empty, \{x \mid x = 0\} is not).
func (c *cmpr) domainsDiffer(gp []string, gop string, pp []string, pop string) bool {
	gl, gr, _, err1 := normRelation(gp, gop)
	pl, pr, _, err2 := normRelation(pp, pop)
	if err1 != nil || err2 != nil {
		return true
	}
	gd := &node{op: '-', kids: []*node{gr, gl}}
	pd := &node{op: '-', kids: []*node{pr, pl}}
	extra := c.nearNumbers(gp[0], gp[1], pp[0], pp[1])
	for _, pt := range points(allVars(gd, pd), extra) {
		_, e1 := c.eval(gd, pt)
		_, e2 := c.eval(pd, pt)
		if stop(e1) || stop(e2) || (e1 == nil) != (e2 == nil) {
			return true
		}
	}
	return false
}
