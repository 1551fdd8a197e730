package equiv

import (
	"fmt"
	"math/big"
)

// Strict against non-strict inequalities (x^2 + 1 > 0 against
// x^2 + 1 >= 0) whose truth values agree at every point sampled have the
// same solutions unless a boundary exists: a point where the non-strict
// one holds at its limit and the strict one does not. Where none is found
// the two may well be equal (x^2 + 1 is never 0), so they are undecided.

// strictBoundary decides the relations 0 gop gd and 0 pop pd, one strict
// and one not (written shown), with the same truth values at every point sampled: not
// equal where a boundary is found along a variable, at a point of the
// scan grid where the two relations disagree, or where both sides change
// sign between the same two points of the grid and each narrows by
// bisection to a root, not a pole, at the same place (x^3 - 2 at ∛2);
// undecided otherwise.
func (c *cmpr) strictBoundary(gd *node, gop string, pd *node, pop string, shown [2]string) Result {
	sides, ops := [2]*node{gd, pd}, [2]string{gop, pop}
	if c.alwaysHolds(gd, gop == "<") && c.alwaysHolds(pd, pop == "<") {
		return decided(true, "relation", "strict against non-strict (%s vs %s), but the form of both proves them true for every real value: no boundary", shown[0], shown[1])
	}
	vars := allVars(gd, pd)
	if len(vars) > 0 {
		grid, err := c.scanGrid(gd, pd)
		if err != nil {
			return undecided("relation", "strict against non-strict: %v", err)
		}
		base := points(vars, nil)[0]
		for _, v := range vars {
			at, err := c.boundaryAlong(sides, ops, v, base, grid)
			if err != nil {
				return undecided("relation", "strict against non-strict: %v", err)
			}
			if at != "" {
				return decided(false, "relation", "strict against non-strict (%s vs %s): a boundary at %s", shown[0], shown[1], at)
			}
		}
	}
	return undecided("relation", "strict against non-strict (%s vs %s) with the same truth values at every point sampled, and no boundary found: the solutions may be the same", shown[0], shown[1])
}

// boundaryAlong scans both sides along v from base over grid and returns
// where a boundary is, or "".
func (c *cmpr) boundaryAlong(sides [2]*node, ops [2]string, v string, base env, grid []*big.Float) (string, error) {
	var vals [2][]*big.Float
	for i, d := range sides {
		vals[i] = make([]*big.Float, len(grid))
		for k, t := range grid {
			x, err := c.eval(d, with(base, v, t))
			if stop(err) {
				return "", err
			}
			if err == nil {
				vals[i][k] = x
			}
		}
	}
	for k, t := range grid {
		if vals[0][k] == nil || vals[1][k] == nil || vals[0][k].Sign() != 0 && vals[1][k].Sign() != 0 {
			continue
		}
		pt := with(base, v, t)
		h0, err0 := c.holds(sides[0], ops[0], pt)
		h1, err1 := c.holds(sides[1], ops[1], pt)
		if err0 == nil && err1 == nil && h0 != h1 {
			return fmt.Sprintf("%s = %s, where one side is 0", v, t.Text('g', 10)), nil
		}
	}
	for k := 0; k+1 < len(grid); k++ {
		var roots [2]*big.Float
		for i := range sides {
			a, b := vals[i][k], vals[i][k+1]
			if a == nil || b == nil || a.Sign()*b.Sign() >= 0 {
				break
			}
			cd, ok, err := c.bisect(sides[i], v, base, grid[k], grid[k+1], a, b)
			if err != nil {
				return "", err
			}
			if !ok {
				break
			}
			roots[i] = cd.at[v]
		}
		if roots[0] == nil || roots[1] == nil {
			continue
		}
		gap := newF().Abs(sub(roots[0], roots[1]))
		tol := newF().Abs(roots[0])
		tol.Add(tol, newF().SetInt64(1)).Mul(tol, newF().SetFloat64(1e-9))
		if gap.Cmp(tol) <= 0 {
			return fmt.Sprintf("%s ≈ %s, where both sides change sign", v, roots[0].Text('g', 10)), nil
		}
	}
	return "", nil
}

// signClass is what the form of an expression proves of its sign over
// every real value of its variables.
type signClass int8

const (
	signAny    signClass = iota // defined everywhere, sign unknown
	signNonneg                  // defined everywhere, never negative
	signPos                     // defined everywhere, always positive
	signNone                    // may be undefined somewhere, or unknown
)

// alwaysHolds reports whether 0 < d (strict) or 0 <= d holds for every
// real value of the variables, proved from the form of d alone: sums,
// products and quotients of positive constants, even powers, |·|, square
// roots of what is never negative and exponentials (x^2 + 1, e^x,
// \frac{1}{x^2+1}).
func (c *cmpr) alwaysHolds(d *node, strict bool) bool {
	s := c.sign(d)
	return s == signPos || !strict && s == signNonneg
}

// sign classifies n; see signClass. A constant counts only when its value
// is clear of 0 at working precision (sin π evaluates to 1e-16).
func (c *cmpr) sign(n *node) signClass {
	if !hasVars(n) {
		v, err := c.constValue(n)
		if err != nil {
			return signNone
		}
		tiny := 1e-30
		if lossy(n) {
			tiny = 1e-6
		}
		f, _ := newF().Abs(v).Float64()
		switch {
		case v.Sign() == 0 && !lossy(n):
			return signNonneg
		case f <= tiny:
			return signNone
		case v.Sign() > 0:
			return signPos
		}
		return signAny
	}
	switch n.op {
	case 'v':
		return signAny
	case '~', '-', '+', '*', '/':
		return c.signArith(n)
	case '^':
		return c.signPow(n)
	case 'f':
		a := c.sign(n.kids[0])
		switch {
		case a == signNone:
			return signNone
		case n.name == "exp":
			return signPos
		case n.name == "abs":
			return max(a, signNonneg)
		case n.name == "sqrt" && a >= signNonneg:
			return a // of what is never negative: defined everywhere
		case n.name == "sin" || n.name == "cos":
			return signAny
		}
	}
	return signNone
}

// signArith classifies a negation, sum, difference, product or quotient.
func (c *cmpr) signArith(n *node) signClass {
	ks := make([]signClass, len(n.kids))
	for i, k := range n.kids {
		if ks[i] = c.sign(k); ks[i] == signNone {
			return signNone
		}
	}
	switch {
	case n.op == '-' && !hasVars(n.kids[1]) && ks[1] == signNonneg:
		return ks[0] // less 0: the difference of the sides of 0 < x^2 + 1
	case n.op == '-' && !hasVars(n.kids[1]) && ks[1] == signAny && ks[0] >= signNonneg:
		return signPos // less a negative constant: x^2 > -1
	case n.op == '~' || n.op == '-':
		return signAny
	case n.op == '/' && ks[1] != signPos:
		return signNone // the divisor may vanish
	case n.op == '+' && min(ks[0], ks[1]) >= signNonneg:
		return max(ks[0], ks[1])
	case (n.op == '*' || n.op == '/') && min(ks[0], ks[1]) >= signNonneg:
		return min(ks[0], ks[1])
	}
	return signAny
}

// signPow classifies a power: an even integer exponent is never negative,
// a positive base is positive whatever the exponent.
func (c *cmpr) signPow(n *node) signClass {
	b, e := c.sign(n.kids[0]), c.sign(n.kids[1])
	if b == signNone || e == signNone {
		return signNone
	}
	if b == signPos {
		return signPos
	}
	if hasVars(n.kids[1]) || lossy(n.kids[1]) {
		return signNone
	}
	v, err := c.constValue(n.kids[1])
	if err != nil || !v.IsInt() || v.Sign() <= 0 {
		return signNone
	}
	k, _ := v.Int64()
	if k%2 == 0 {
		return max(b, signNonneg)
	}
	return b
}
