package equiv

import (
	"errors"
	"math/big"
	"sort"
)

// Finding the points where one side is defined and the other is not (see
// domain.go).

// domainCand is a point to evaluate both sides at, found along v: on the
// grid, or a root of a guard narrowed by bisection (approx), where
// evaluation alone cannot tell a vanishing divisor from a small one.
type domainCand struct {
	at       env
	approx   bool
	v        string
	isolated bool
}

// domainGaps returns the points found where a and b may not both be
// defined (at most maxGaps): none when their guards are the same.
func (c *cmpr) domainGaps(a, b *node) ([]domainGap, error) {
	ga, err := c.guards(a)
	if err != nil {
		return nil, err
	}
	gb, err := c.guards(b)
	if err != nil {
		return nil, err
	}
	only := oneSided(ga, gb)
	if len(only) == 0 {
		return nil, nil
	}
	if len(only) > maxOneSided {
		return nil, errDomainUnknown
	}
	grid, err := c.scanGrid(a, b)
	if err != nil {
		return nil, err
	}
	base := points(allVars(a, b), nil)[0]
	sides := [2]*node{a, b}
	guardsOf := [2][]guard{ga, gb}
	var gaps []domainGap
	for _, g := range only {
		for _, v := range allVars(g.n) {
			cands, err := c.scanGuard(g, v, base, grid)
			if err != nil {
				return nil, err
			}
			for _, cd := range cands {
				gap := domainGap{at: cd.at, isolated: cd.isolated, cand: &cd}
				for i := range sides {
					if gap.def[i], err = c.definedAt(sides[i], guardsOf[i], cd); err != nil {
						return nil, err
					}
				}
				if gap.def[0] != gap.def[1] || gap.def[0] == -1 {
					if gaps = append(gaps, gap); len(gaps) >= maxGaps {
						return gaps, nil
					}
				}
			}
		}
	}
	return gaps, nil
}

// oneSided returns the guards of either list that the other lacks.
func oneSided(ga, gb []guard) []guard {
	in := func(gs []guard, k string) bool {
		for _, g := range gs {
			if g.key == k {
				return true
			}
		}
		return false
	}
	var out []guard
	for _, g := range ga {
		if !in(gb, g.key) {
			out = append(out, g)
		}
	}
	for _, g := range gb {
		if !in(ga, g.key) {
			out = append(out, g)
		}
	}
	return out
}

// scanGrid is the values each variable takes in the scan: every quarter
// from -10 to 10, and each number of the expressions with its opposite,
// its reciprocal, its half and itself plus a half, so that x + 50 is seen
// vanishing and going negative.
func (c *cmpr) scanGrid(ns ...*node) ([]*big.Float, error) {
	var grid []*big.Float
	for i := -40; i <= 40; i++ {
		grid = append(grid, newF().SetFloat64(float64(i)/4))
	}
	var lits []*node
	var walk func(n *node)
	walk = func(n *node) {
		if n.op == 'n' {
			lits = append(lits, n)
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	for _, n := range ns {
		walk(n)
	}
	half := newF().SetFloat64(0.5)
	lo, hi := newF().SetFloat64(1e-6), newF().SetFloat64(1e6)
	for _, l := range lits {
		if len(grid) >= maxGridSize {
			break
		}
		k, err := c.eval(l, nil)
		if stop(err) {
			return nil, err
		}
		if err != nil || k.Sign() == 0 || newF().Abs(k).Cmp(lo) < 0 || newF().Abs(k).Cmp(hi) > 0 {
			continue
		}
		for _, x := range []*big.Float{k, newF().Quo(newF().SetInt64(1), k), add(k, half), newF().Mul(k, half)} {
			grid = append(grid, x, newF().Neg(x))
		}
	}
	sort.Slice(grid, func(i, j int) bool { return grid[i].Cmp(grid[j]) < 0 })
	out := grid[:1]
	for _, x := range grid[1:] {
		if x.Cmp(out[len(out)-1]) != 0 {
			out = append(out, x)
		}
	}
	return out, nil
}

// with returns base with v set to x.
func with(base env, v string, x *big.Float) env {
	e := make(env, len(base))
	for k, y := range base {
		e[k] = y
	}
	e[v] = x
	return e
}

// scanGuard evaluates g along v and returns where it fails: exact zeros
// and, for a guard against negative values, the ends of each run of
// negative values on the grid; for a guard that must not vanish, each
// change of sign narrowed to a root.
func (c *cmpr) scanGuard(g guard, v string, base env, grid []*big.Float) ([]domainCand, error) {
	vals := make([]*big.Float, len(grid))
	var cands []domainCand
	for i, t := range grid {
		pt := with(base, v, t)
		x, err := c.eval(g.n, pt)
		if stop(err) {
			return nil, err
		}
		if err != nil {
			continue
		}
		vals[i] = x
		switch neg := x.Sign() < 0 && g.kind != mustNotVanish; {
		case x.Sign() == 0:
			cands = append(cands, domainCand{at: pt, v: v, isolated: g.kind == mustNotVanish})
		case neg && (i == 0 || vals[i-1] == nil || vals[i-1].Sign() >= 0):
			cands = append(cands, domainCand{at: pt, v: v}) // a run begins
		case neg && (i+1 == len(grid)):
			cands = append(cands, domainCand{at: pt, v: v})
		case !neg && x.Sign() > 0 && i > 0 && vals[i-1] != nil && vals[i-1].Sign() < 0 && g.kind != mustNotVanish:
			cands = append(cands, domainCand{at: with(base, v, grid[i-1]), v: v}) // a run ends
		}
	}
	if g.kind != mustNotVanish {
		return cands, nil
	}
	for i := 0; i+1 < len(grid); i++ {
		if vals[i] == nil || vals[i+1] == nil || vals[i].Sign()*vals[i+1].Sign() >= 0 {
			continue
		}
		cd, ok, err := c.bisect(g.n, v, base, grid[i], grid[i+1], vals[i], vals[i+1])
		if err != nil {
			return nil, err
		}
		if ok {
			cands = append(cands, cd)
		}
	}
	return c.doubleRoots(g.n, v, base, grid, vals, cands)
}

// maxDoubleRoots bounds the local minima of a guard searched for a root
// that touches zero without a change of sign.
const maxDoubleRoots = 4

// doubleRoots adds the roots of g where it touches zero without changing
// sign ((x^2-2)^2 at √2): at each local minimum of |g| on the grid between
// values of one sign, a ternary search narrows the minimum, which is a
// root when |g| there is tiny against its values on the grid.
func (c *cmpr) doubleRoots(g *node, v string, base env, grid, vals []*big.Float, cands []domainCand) ([]domainCand, error) {
	found := 0
	for i := 1; i+1 < len(grid) && found < maxDoubleRoots; i++ {
		a, m, b := vals[i-1], vals[i], vals[i+1]
		if a == nil || m == nil || b == nil || m.Sign() == 0 || a.Sign() != m.Sign() || b.Sign() != m.Sign() {
			continue
		}
		if newF().Abs(m).Cmp(newF().Abs(a)) >= 0 || newF().Abs(m).Cmp(newF().Abs(b)) > 0 {
			continue
		}
		found++
		x, fx, err := c.ternaryMin(g, v, base, grid[i-1], grid[i+1])
		if err != nil {
			return nil, err
		}
		if fx == nil {
			continue
		}
		scale := newF().Abs(a)
		if ab := newF().Abs(b); ab.Cmp(scale) > 0 {
			scale = ab
		}
		if r, _ := newF().Quo(fx, scale).Float64(); fx.Sign() == 0 || r < 1e-12 {
			cands = append(cands, domainCand{at: with(base, v, x), approx: fx.Sign() != 0, v: v, isolated: true})
		}
	}
	return cands, nil
}

// ternaryMin narrows the minimum of |g| along v between lo and hi, and
// returns it with |g| there (nil when g has no value on the way).
func (c *cmpr) ternaryMin(g *node, v string, base env, lo, hi *big.Float) (*big.Float, *big.Float, error) {
	iters := 120
	if lossy(g) {
		iters = 70
	}
	abs := func(x *big.Float) (*big.Float, error) {
		y, err := c.eval(g, with(base, v, x))
		if err != nil {
			return nil, err
		}
		return y.Abs(y), nil
	}
	lo, hi = newF().Set(lo), newF().Set(hi)
	third := newF().SetFloat64(1.0 / 3)
	for k := 0; k < iters; k++ {
		d := newF().Mul(sub(hi, lo), third)
		m1, m2 := add(lo, d), sub(hi, d)
		f1, err1 := abs(m1)
		f2, err2 := abs(m2)
		if stop(err1) || stop(err2) {
			return nil, nil, errors.Join(err1, err2)
		}
		if err1 != nil || err2 != nil {
			return nil, nil, nil
		}
		if f1.Cmp(f2) <= 0 {
			hi = m2
		} else {
			lo = m1
		}
	}
	x := newF().Add(lo, hi)
	x.SetMantExp(x, -1)
	fx, err := abs(x)
	if stop(err) {
		return nil, nil, err
	}
	if err != nil {
		return nil, nil, nil
	}
	return x, fx, nil
}

// bisect narrows a change of sign of g along v between lo and hi to a
// root, and reports false for a pole (tan x at π/2 changes sign too) or a
// point where g has no value.
func (c *cmpr) bisect(g *node, v string, base env, lo, hi, flo, fhi *big.Float) (domainCand, bool, error) {
	iters := 110
	if lossy(g) {
		iters = 60 // float64 work: no further digits to find
	}
	bound := newF().Abs(flo)
	if a := newF().Abs(fhi); a.Cmp(bound) > 0 {
		bound = a
	}
	bound.Mul(bound, newF().SetFloat64(1e-6))
	lo, hi = newF().Set(lo), newF().Set(hi)
	sign := flo.Sign()
	var mid *big.Float
	for k := 0; k < iters; k++ {
		mid = newF().Add(lo, hi)
		mid.SetMantExp(mid, -1)
		fm, err := c.eval(g, with(base, v, mid))
		if stop(err) {
			return domainCand{}, false, err
		}
		if err != nil {
			return domainCand{}, false, nil
		}
		if fm.Sign() == 0 {
			return domainCand{at: with(base, v, mid), v: v, isolated: true}, true, nil
		}
		if k == iters-1 && newF().Abs(fm).Cmp(bound) > 0 {
			return domainCand{}, false, nil // a pole, not a root
		}
		if fm.Sign() == sign {
			lo = mid
		} else {
			hi = mid
		}
	}
	return domainCand{at: with(base, v, mid), approx: true, v: v, isolated: true}, true, nil
}

// definedAt tells whether n, with its guards gs, has a value at a
// candidate point: 1, 0, or -1 when that cannot be told. At a root found
// by bisection a vanishing divisor is not exactly zero, so a guard that
// must not vanish is tested by how small it is against its values close
// by; a guard against negative values that close to its limit may have
// been pushed either way by rounding, and leaves the answer unknown.
func (c *cmpr) definedAt(n *node, gs []guard, cd domainCand) (int8, error) {
	if cd.approx {
		undef, unknown := false, false
		for _, h := range gs {
			near, err := c.nearZero(h.n, cd)
			if err != nil {
				return 0, err
			}
			switch {
			case near == 0:
			case h.kind != mustNotVanish || near == -1:
				unknown = true
			default:
				undef = true
			}
		}
		if undef {
			return 0, nil
		}
		if unknown {
			return -1, nil
		}
	}
	_, err := c.eval(n, cd.at)
	switch {
	case stop(err):
		return 0, err
	case errors.Is(err, errUnsure):
		return -1, nil
	case err != nil:
		return 0, nil
	}
	return 1, nil
}

// nearZero tells whether h vanishes at a root found by bisection along v:
// 1 when its value there is tiny against its values 10^-3 away, 0 when it
// is not small, -1 when it cannot be told (or h has no value there).
func (c *cmpr) nearZero(h *node, cd domainCand) (int8, error) {
	x, err := c.eval(h, cd.at)
	if stop(err) {
		return 0, err
	}
	if err != nil {
		return -1, nil
	}
	if x.Sign() == 0 {
		return 1, nil
	}
	r := cd.at[cd.v]
	eps := newF().Abs(r)
	eps.Add(eps, newF().SetInt64(1))
	eps.Mul(eps, newF().SetFloat64(1e-3))
	var scale *big.Float
	for _, y := range []*big.Float{add(r, eps), sub(r, eps)} {
		z, err := c.eval(h, with(cd.at, cd.v, y))
		if stop(err) {
			return 0, err
		}
		if err == nil && (scale == nil || newF().Abs(z).Cmp(scale) > 0) {
			scale = newF().Abs(z)
		}
	}
	if scale == nil || scale.Sign() == 0 {
		return -1, nil
	}
	ratio, _ := newF().Quo(newF().Abs(x), scale).Float64()
	tiny := 1e-15
	if lossy(h) {
		tiny = 1e-9
	}
	switch {
	case ratio < tiny:
		return 1, nil
	case ratio > 1e-6:
		return 0, nil
	}
	return -1, nil
}
