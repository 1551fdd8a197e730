package equiv

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
)

// Algebraic equivalence by evaluation at deterministic pseudo-random points.

const (
	nPoints   = 12
	minPoints = 4
)

// splitmix64 is a tiny deterministic generator; each comparison has its own.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// unit returns a float in [0, 1).
func (s *splitmix64) unit() float64 { return float64(s.next()>>11) / (1 << 53) }

// points returns variable assignments: half in (0.3, 2.7), half in
// ±(0.2, 2.7), plus extra points at the given critical values.
func points(vars []string, extra []float64) []env {
	rng := splitmix64(0x5c11f)
	var out []env
	for i := 0; i < nPoints; i++ {
		e := env{}
		for _, v := range vars {
			x := 0.3 + 2.4*rng.unit()
			if i >= nPoints/2 && rng.unit() < 0.5 {
				x = -(0.2 + 2.5*rng.unit())
			}
			e[v] = newF().SetFloat64(x)
		}
		out = append(out, e)
	}
	if len(vars) == 1 {
		for _, x := range extra {
			out = append(out, env{vars[0]: newF().SetFloat64(x)})
		}
	}
	return out
}

func allVars(ns ...*node) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range ns {
		out = n.vars(seen, out)
	}
	sort.Strings(out)
	return out
}

// lossy reports whether evaluating n goes through float64.
func lossy(n *node) bool {
	switch n.op {
	case 'f':
		if n.name != "abs" && n.name != "sqrt" {
			return true
		}
	case 'r', 'c':
		return true
	case '^':
		if n.kids[1].op != 'n' || strings.ContainsAny(n.kids[1].lit, ".eE") {
			return true
		}
	}
	for _, k := range n.kids {
		if lossy(k) {
			return true
		}
	}
	return false
}

// closeEnough reports whether two evaluations agree to working precision.
func closeEnough(a, b *big.Float, loose bool) bool {
	ok, _ := closeBy(a, b, loose)
	return ok
}

// closeBy reports whether two evaluations agree to working precision, and
// whether only the absolute floor of float64 work (1e-12, for cancellations
// such as sin(π) against 0) made them agree.
func closeBy(a, b *big.Float, loose bool) (ok, floor bool) {
	diff := sub(a, b)
	diff.Abs(diff)
	m := newF().Abs(a)
	if mb := newF().Abs(b); mb.Cmp(m) > 0 {
		m = mb
	}
	rel := 1e-40
	if loose {
		rel = 1e-9
	}
	if diff.Cmp(m.Mul(m, newF().SetFloat64(rel))) <= 0 {
		return true, false
	}
	if loose && diff.Cmp(newF().SetFloat64(1e-12)) <= 0 {
		return true, true
	}
	return false, false
}

func stop(err error) bool {
	return err != nil && !errors.Is(err, errDomain) && !strings.HasPrefix(err.Error(), "free variable")
}

// identity decides whether two expressions are the same function.
func (c *cmpr) identity(a, b *node) Result {
	vars := allVars(a, b)
	if len(vars) == 0 {
		x, err := c.eval(a, nil)
		if err != nil {
			return undecided("expression", "reference not evaluable: %v", err)
		}
		y, err := c.eval(b, nil)
		if err != nil {
			return undecided("expression", "answer not evaluable: %v", err)
		}
		return c.compareNumbers(x, y, nil, nil, "")
	}
	if len(vars) > 12 {
		return undecided("expression", "too many variables")
	}
	loose := lossy(a) || lossy(b)
	agree, differ, floor := 0, 0, 0
	var oneSide *domainGap // a point where one side alone is undefined
	for _, pt := range points(vars, nil) {
		x, err1 := c.eval(a, pt)
		y, err2 := c.eval(b, pt)
		if stop(err1) || stop(err2) {
			return undecided("expression", "%v", errors.Join(err1, err2))
		}
		if err1 != nil || err2 != nil {
			if oneSide == nil && (err1 == nil || err2 == nil) && !errors.Is(err1, errUnsure) && !errors.Is(err2, errUnsure) {
				oneSide = &domainGap{at: pt, def: [2]int8{defined(err1), defined(err2)}}
			}
			continue
		}
		switch ok, byFloor := closeBy(x, y, loose); {
		case ok && byFloor:
			floor++
			agree++
		case ok:
			agree++
		default:
			differ++
		}
	}
	vs := strings.Join(vars, ", ")
	switch {
	case agree+differ < minPoints:
		return undecided("expression", "too few points where both are defined (%d)", agree+differ)
	case differ == 0 && floor == agree:
		// 6.626e-34 J s against 6.626e-34 Q s: values that small agree
		// within the absolute floor whatever the variables.
		return undecided("expression", "the values at %d points in %s are too small to tell apart", agree, vs)
	case differ == 0:
		return c.equalOnDomain(a, b, oneSide, c.strictDomain, "expression", fmt.Sprintf("equal at %d points in %s", agree, vs))
	case agree == 0 && (slices.Contains(vars, "i") || slices.Contains(vars, "j")):
		return undecided("expression", "different at %d points in %s, but i or j may be the imaginary unit", differ, vs)
	case agree == 0:
		return decided(false, "expression", "different at %d points in %s", differ, vs)
	}
	return undecided("expression", "equal at %d points and different at %d (domain?)", agree, differ)
}

// compareRelations compares equations and inequalities.
func (c *cmpr) compareRelations(gp, gops, pp, pops []string) Result {
	if len(gops) != 1 || len(pops) != 1 {
		return undecided("relation", "chains of relations are not compared")
	}
	gl, gr, gop, err1 := normRelation(gp, gops[0])
	pl, pr, pop, err2 := normRelation(pp, pops[0])
	if err1 != nil || err2 != nil {
		return undecided("relation", "sides not understood as expressions")
	}
	gd := &node{op: '-', kids: []*node{gr, gl}}
	pd := &node{op: '-', kids: []*node{pr, pl}}
	if gop == "=" || pop == "=" {
		if gops[0] == "≈" || pops[0] == "≈" {
			return undecided("relation", "an approximate equation")
		}
		if gop != pop {
			return decided(false, "relation", "an equation against an inequality")
		}
		return c.proportional(gd, pd)
	}
	if (gop == "!=") != (pop == "!=") {
		return decided(false, "relation", "%s against %s", gops[0], pops[0])
	}
	// Inequalities: compare truth values at sample points and near the
	// numbers they contain.
	vars := allVars(gd, pd)
	extra := c.nearNumbers(gp[0], gp[1], pp[0], pp[1])
	agree, differ, unsure := 0, 0, 0
	for _, pt := range points(vars, extra) {
		// Where a side is undefined (√x at x < 0) it does not hold: the
		// solutions of √x < 2 are [0, 4), not those of x < 4. A value
		// that may exist (x^{1/3} at x < 0) skips the point instead.
		t1, err1 := c.holds(gd, gop, pt)
		t2, err2 := c.holds(pd, pop, pt)
		if stop(err1) || stop(err2) {
			return undecided("relation", "%v", errors.Join(err1, err2))
		}
		if errors.Is(err1, errUnsure) || errors.Is(err2, errUnsure) {
			unsure++
			continue
		}
		if err1 != nil && err2 != nil {
			continue
		}
		if t1 == t2 {
			agree++
		} else {
			differ++
		}
	}
	if differ > 0 {
		return decided(false, "relation", "the relations disagree at %d of %d points", differ, agree+differ)
	}
	if unsure > 0 {
		return undecided("relation", "the same truth values where both are computed, but not computed at %d points (x^{1/3} at x < 0: a real root, or none?)", unsure)
	}
	if agree < minPoints {
		return undecided("relation", "too few points")
	}
	if r, ok := c.relationGaps(gd, gop, pd, pop); ok {
		return r
	}
	if gop != pop {
		return c.strictBoundary(gd, gop, pd, pop, [2]string{gops[0], pops[0]})
	}
	return decided(true, "relation", "the same truth values at %d points", agree)
}

// normRelation reads the two sides of a relation parts[0] op parts[1] as
// expressions l and r, with the operator o turned to face one way: a > b
// becomes b < a, a >= b becomes b <= a, and ≈ becomes =.
func normRelation(parts []string, op string) (l, r *node, o string, err error) {
	l, err = parseExpr(parts[0])
	if err != nil {
		return
	}
	r, err = parseExpr(parts[1])
	if err != nil {
		return
	}
	switch op {
	case "≈":
		o = "="
	case ">":
		l, r, o = r, l, "<"
	case ">=":
		l, r, o = r, l, "<="
	default:
		o = op
	}
	return
}

// nearNumbers is the sides that are numbers, each with points just around
// it and its opposite: where inequalities of those numbers may change
// truth.
func (c *cmpr) nearNumbers(sides ...string) []float64 {
	var extra []float64
	for _, s := range sides {
		if q, err := parseExpr(s); err == nil && len(q.vars(map[string]bool{}, nil)) == 0 {
			if v, err := c.eval(q, nil); err == nil {
				f, _ := v.Float64()
				extra = append(extra, f, f+0.5, f-0.5, f+1e-3, f-1e-3, -f)
			}
		}
	}
	return extra
}

// holds reports whether the normalized relation 0 op d (op "<", "<=" or
// "!=", d being the right side less the left) is true at point pt.
func (c *cmpr) holds(d *node, op string, pt env) (bool, error) {
	v, err := c.eval(d, pt)
	if err != nil {
		return false, err
	}
	switch op {
	case "<":
		return v.Sign() > 0, nil
	case "<=":
		return v.Sign() >= 0, nil
	}
	return v.Sign() != 0, nil
}

// proportional decides whether L1-R1 = 0 and L2-R2 = 0 are the same
// equation up to a constant factor.
func (c *cmpr) proportional(a, b *node) Result {
	vars := allVars(a, b)
	if len(vars) == 0 {
		return undecided("equation", "equations without variables")
	}
	loose := lossy(a) || lossy(b)
	var ratio *big.Float
	var oneSide *domainGap // a point where one side alone is undefined
	n := 0
	for _, pt := range points(vars, nil) {
		x, err1 := c.eval(a, pt)
		y, err2 := c.eval(b, pt)
		if stop(err1) || stop(err2) {
			return undecided("equation", "%v", errors.Join(err1, err2))
		}
		if err1 != nil || err2 != nil {
			if oneSide == nil && (err1 == nil || err2 == nil) && !errors.Is(err1, errUnsure) && !errors.Is(err2, errUnsure) {
				oneSide = &domainGap{at: pt, def: [2]int8{defined(err1), defined(err2)}}
			}
			continue
		}
		if y.Sign() == 0 {
			continue
		}
		r := newF().Quo(x, y)
		if ratio == nil {
			if r.Sign() == 0 {
				return undecided("equation", "not proportional")
			}
			ratio = r
		} else if !closeEnough(ratio, r, loose) {
			return undecided("equation", "the equations are not multiples of each other; they may still be equivalent")
		}
		n++
	}
	if n < minPoints {
		return undecided("equation", "too few points")
	}
	return c.equalOnDomain(a, b, oneSide, true, "equation", fmt.Sprintf("one equation is the other times %s", fmtBig(ratio)))
}
