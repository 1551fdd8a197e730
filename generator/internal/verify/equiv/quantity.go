package equiv

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Comparing quantities: numbers with units, converted where the units
// differ, and expressions.

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
	return a.d == b.d && a.k == b.k && a.opaque == b.opaque && a.scale == b.scale && a.offset == b.offset
}

func (c *cmpr) compareUnits(a, b *big.Float, gq, pq *quantity) (r Result) {
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
		if partsPerAsConcentration(gu, pu) || partsPerAsConcentration(pu, gu) {
			return undecided("unit", "%s against %s: parts per million (billion) of a dilute aqueous solution are often written as mg/L (µg/L)", gu.text, pu.text)
		}
		if radAsDose(gu, pu) || radAsDose(pu, gu) {
			if c.differsAsDose(a, b, gq, pq) {
				return decided(false, "unit", "%s against %s: different dimensions with rad the radian, different values with rad the old unit of dose (0.01 Gy)", gu.text, pu.text)
			}
			return undecided("unit", "rad in %s may be the radian or the old unit of absorbed dose (0.01 Gy)", gu.text+" or "+pu.text)
		}
		return decided(false, "unit", "dimensions differ: %s is %s, %s is %s", gu.text, gu.d, pu.text, pu.d)
	}
	if gu.d[6] != 0 && gu.k != pu.k {
		// A unit without a kind matches any kind of its dimension, but
		// the steradian in light's units tells quantities apart:
		// illuminance (lx = lm/m^2 = cd sr/m^2) is no luminance (cd/m^2),
		// flux (lm) no intensity (cd).
		return undecided("unit", "%s (%s) and %s (%s): luminous quantities of different kinds (illuminance or luminance, flux or intensity)", gu.text, gu.k, pu.text, pu.k)
	}
	ok, cg, cp := matchKinds(gu.k, pu.k)
	if !ok {
		// Hz and Bq, Gy and Sv, N m and J: one dimension, but no physical
		// conversion between the kinds of quantity they measure.
		if c.differsInEveryKind(a, b, gq, pq) {
			return decided(false, "unit", "%s (%s) and %s (%s) measure different kinds of quantity, and their values differ too (in SI units, and with a factor of 2π either way)", gu.text, gu.k, pu.text, pu.k)
		}
		return undecided("unit", "%s (%s) and %s (%s) share a dimension but measure different kinds of quantity", gu.text, gu.k, pu.text, pu.k)
	}
	if cg != 0 || cp != 0 {
		// A cycle is 2π rad: Hz against rad/s.
		g2, p2 := *gu, *pu
		g2.scale *= math.Pow(2*math.Pi, float64(cg))
		p2.scale *= math.Pow(2*math.Pi, float64(cp))
		gu, pu = &g2, &p2
		defer func() { r.Reason = "a cycle is 2π rad: " + r.Reason }()
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

// radAsDose reports whether a, read with its rad as the rad of absorbed
// dose (J/kg, m^2 s^-2) rather than the radian, has the dimension of b: 200
// rad against 2 Gy.
func radAsDose(a, b *unit) bool {
	e := int(a.k[kRad])
	if e == 0 || !strings.Contains(a.text, "rad") {
		return false
	}
	alt := a.d
	alt[0] += 2 * e
	alt[2] -= 2 * e
	return alt == b.d
}

// differsInEveryKind reports whether two quantities of one dimension but
// different kinds (5 N m against 6 J, 10 Hz against 20 Bq) also differ
// when the kinds are taken for one: in SI units, and with a factor of 2π
// either way (a cycle against a radian). Absorbed against equivalent
// dose is no such proof: a weighting factor converts them (2 Gy may be
// 40 Sv).
func (c *cmpr) differsInEveryKind(a, b *big.Float, gq, pq *quantity) bool {
	gu, pu := gq.unit, pq.unit
	if gu.k[kGy] != pu.k[kGy] || gu.k[kSv] != pu.k[kSv] || gu.offset != 0 || pu.offset != 0 {
		return false
	}
	for _, f := range []float64{1, 2 * math.Pi, 1 / (2 * math.Pi)} {
		b2 := newF().Mul(b, newF().SetFloat64(pu.scale*f))
		b2.Quo(b2, newF().SetFloat64(gu.scale))
		if c.compareNumbers(a, b2, gq, pq, gu.text).Verdict != NotEqual {
			return false
		}
	}
	return true
}

// asDose reads the rad of u as the old unit of absorbed dose, 0.01 Gy:
// u with the dimension, kind and scale of a dose.
func asDose(u *unit) *unit {
	e := int(u.k[kRad])
	if e == 0 || !strings.Contains(u.text, "rad") {
		return u
	}
	v := *u
	v.d[0] += 2 * e
	v.d[2] -= 2 * e
	v.k[kRad] = 0
	v.k[kGy] += int8(e)
	v.k[kJ] += int8(e)
	v.scale *= math.Pow(0.01, float64(e))
	return &v
}

// differsAsDose reports whether a and b, whose rad read as the radian
// gives them different dimensions, also differ with the rad read as the
// old unit of dose: then they differ in every reading (1 mrad against
// 1 mGy). A dose against an equivalent dose (Sv) is no such proof.
func (c *cmpr) differsAsDose(a, b *big.Float, gq, pq *quantity) bool {
	gu, pu := asDose(gq.unit), asDose(pq.unit)
	if gu.d != pu.d || gu.offset != 0 || pu.offset != 0 {
		return false
	}
	if ok, cg, cp := matchKinds(gu.k, pu.k); !ok || cg != 0 || cp != 0 {
		return false
	}
	b2 := newF().Mul(b, newF().SetFloat64(pu.scale))
	b2.Quo(b2, newF().SetFloat64(gu.scale))
	return c.compareNumbers(a, b2, gq, pq, gu.text).Verdict == NotEqual
}

// partsPerAsConcentration reports a ratio in parts per million, billion or
// trillion against a mass concentration (1 ppm ≈ 1 mg/L in dilute water:
// a convention, not an identity).
func partsPerAsConcentration(a, b *unit) bool {
	switch a.text {
	case "ppm", "ppb", "ppt":
		return b.d == d(-3, 1, 0, 0, 0, 0, 0)
	}
	return false
}
