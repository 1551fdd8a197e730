package equiv

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// Domains. Two expressions that agree wherever both are defined may still
// be defined at different points: x^2/x and x at 0, \sqrt{x}^2 and x below
// 0. Sample points find a difference over a range (\sqrt{x}^2 at x < 0);
// a single point such as 0 they almost never meet, so the points where a
// side may stop being defined are found from its guards, what must hold
// for it to have a value: a divisor or the base of a negative power must
// not vanish, nor cos u under tan u; what is under an even root or a power
// of one half must not be negative; what is under a logarithm must be
// positive. Sides with the same guards have the same domain. Otherwise
// each guard of one side alone is scanned along each variable, on a grid
// and around the numbers the expressions contain, for the points where it
// fails or vanishes (a change of sign narrowed by bisection, a minimum of
// its absolute value by ternary search), and both sides are evaluated
// there.

type guardKind uint8

const (
	mustNotVanish guardKind = iota
	mustNotBeNegative
	mustBePositive
)

// guard is a condition for a side to have a value: kind applied to n.
type guard struct {
	kind guardKind
	n    *node
	key  string
}

// Bounds on the search, counted in guards, bytes and points (the evaluations
// themselves are charged to the comparison's steps).
const (
	maxGuards   = 64 // read from one side
	maxOneSided = 16 // guards of one side alone, each scanned
	maxGuardKey = 400
	maxGridSize = 160
	maxGaps     = 8
)

// errDomainUnknown is the answer when a side's domain cannot be read: a
// factorial or an infinity, a guard too large, too many guards.
var errDomainUnknown = errors.New("the domain of a side is not read (a factorial, an infinity, or too many conditions)")

// guards returns the guards of n, deduplicated.
func (c *cmpr) guards(n *node) ([]guard, error) {
	var gs []guard
	seen := map[string]bool{}
	add := func(kind guardKind, m *node) error {
		if !hasVars(m) {
			return nil
		}
		k := key(m)
		if len(k) > maxGuardKey {
			return errDomainUnknown
		}
		k = string(rune('0'+kind)) + k
		if !seen[k] {
			seen[k] = true
			gs = append(gs, guard{kind, m, k})
		}
		if len(gs) > maxGuards {
			return errDomainUnknown
		}
		return nil
	}
	if err := c.collectGuards(n, add); err != nil {
		return nil, err
	}
	return gs, nil
}

// collectGuards walks n and adds the condition each operation puts on its
// operands.
func (c *cmpr) collectGuards(n *node, add func(guardKind, *node) error) error {
	var err error
	u := func() *node { return n.kids[0] }
	switch n.op {
	case '!', 'i':
		if hasVars(n) || n.op == 'i' {
			return errDomainUnknown
		}
	case '/':
		err = c.nonzero(n.kids[1], add)
	case '^':
		err = c.powerGuards(n, add)
	case 'r':
		if idx, e := c.constValue(n.kids[1]); e == nil && idx.IsInt() {
			if i, _ := idx.Int64(); i%2 == 0 {
				err = add(mustNotBeNegative, u())
			}
		}
	case 'f':
		switch name := n.name; {
		case name == "sqrt":
			err = add(mustNotBeNegative, u())
		case name == "ln" || name == "log" || name == "lg" || strings.HasPrefix(name, "log_"):
			err = add(mustBePositive, u())
		case name == "tan" || name == "sec":
			err = c.nonzero(fnode("cos", u()), add)
		case name == "csc" || name == "cot":
			err = c.nonzero(fnode("sin", u()), add)
		case name == "arcsin" || name == "arccos" || name == "asin" || name == "acos":
			err = add(mustNotBeNegative, bin('-', num("1"), bin('*', u(), u())))
		case name == "arcsec":
			err = add(mustNotBeNegative, bin('-', bin('*', u(), u()), num("1")))
		}
	}
	if err != nil {
		return err
	}
	for _, k := range n.kids {
		if err := c.collectGuards(k, add); err != nil {
			return err
		}
	}
	return nil
}

// powerGuards adds the conditions of a power: a base that must not vanish
// under an exponent of zero or below, and not be negative under an
// exponent of an even denominator (x^{1/2}). Other exponents (x^{1/3}, a
// root by one convention; x^y) put none that is read here: their sample
// points are skipped or compared.
func (c *cmpr) powerGuards(n *node, add func(guardKind, *node) error) error {
	base := n.kids[0]
	e, err := c.constValue(n.kids[1])
	if err != nil {
		return nil
	}
	if e.Sign() <= 0 {
		if err := c.nonzero(base, add); err != nil {
			return err
		}
	}
	if !e.IsInt() && dyadic(e) {
		return add(mustNotBeNegative, base)
	}
	return nil
}

// nonzero adds the factors of m that must not vanish: a product vanishes
// where a factor does, a quotient where its numerator does (its divisor
// has a guard of its own), a power of a positive exponent where its base
// does.
func (c *cmpr) nonzero(m *node, add func(guardKind, *node) error) error {
	switch m.op {
	case '*':
		if err := c.nonzero(m.kids[0], add); err != nil {
			return err
		}
		return c.nonzero(m.kids[1], add)
	case '~':
		return c.nonzero(m.kids[0], add)
	case '/':
		return c.nonzero(m.kids[0], add)
	case '^':
		if e, err := c.constValue(m.kids[1]); err == nil {
			if e.Sign() > 0 {
				return c.nonzero(m.kids[0], add)
			}
			return nil // never zero where it has a value
		}
	case 'r':
		return c.nonzero(m.kids[0], add)
	case 'f':
		switch m.name {
		case "abs", "sqrt":
			return c.nonzero(m.kids[0], add)
		case "exp":
			return nil
		}
	}
	return add(mustNotVanish, m)
}

// constValue is the value of n when it has no variables.
func (c *cmpr) constValue(n *node) (*big.Float, error) {
	if hasVars(n) {
		return nil, errHasVar
	}
	return c.eval(n, nil)
}

// dyadic reports whether x is k/2^j for some j up to 16: a power with such
// an exponent is an even root.
func dyadic(x *big.Float) bool {
	y := newF().Set(x)
	for j := 0; j <= 16; j++ {
		if y.IsInt() {
			return true
		}
		y.Mul(y, newF().SetInt64(2))
	}
	return false
}

func hasVars(n *node) bool {
	if n.op == 'v' {
		return true
	}
	for _, k := range n.kids {
		if hasVars(k) {
			return true
		}
	}
	return false
}

// key writes n in prefix form, so that the same guard read from two sides
// is seen as one.
func key(n *node) string {
	var b strings.Builder
	var walk func(n *node)
	walk = func(n *node) {
		if b.Len() > maxGuardKey {
			return
		}
		b.WriteByte(n.op)
		b.WriteString(n.lit)
		b.WriteString(n.name)
		if len(n.kids) > 0 {
			b.WriteByte('(')
			for _, k := range n.kids {
				walk(k)
				b.WriteByte(',')
			}
			b.WriteByte(')')
		}
	}
	walk(n)
	return b.String()
}

// domainGap is a point where the two sides may not both be defined.
type domainGap struct {
	at env
	// def is, for each side, 1 defined, 0 undefined, -1 not known (a value
	// that may exist, or a guard too close to its limit to tell).
	def [2]int8
	// isolated: the point is where a guard that must not vanish does, so
	// the undefined side may lack a value there alone (x^2/x at 0).
	isolated bool
	// cand is the candidate the gap was found at (nil for a sample point).
	cand *domainCand
}

// describe names the point of a gap and what each side does there.
func (g domainGap) describe() string {
	names := make([]string, 0, len(g.at))
	for v := range g.at {
		names = append(names, v)
	}
	sort.Strings(names)
	var at []string
	for _, v := range names {
		f, _ := g.at[v].Float64()
		at = append(at, fmt.Sprintf("%s = %.6g", v, f))
	}
	word := map[int8]string{1: "defined", 0: "undefined", -1: "not known to be defined"}
	return fmt.Sprintf("at %s the reference is %s, the answer %s", strings.Join(at, ", "), word[g.def[0]], word[g.def[1]])
}

// defined is 1 for a value computed, 0 for none.
func defined(err error) int8 {
	if err == nil {
		return 1
	}
	return 0
}

// equalOnDomain is the verdict on two sides that agree wherever both were
// sampled (sampled, when not nil, is a sample point where one alone is
// undefined): equal when no point is found where one side is defined and
// the other is not, undecided otherwise. Expressions (strict false)
// accept a point where a divisor of one side alone vanishes: the values
// agree around it, so it is a removable singularity, and a simplified
// expression, x + 1 for (x^2-1)/(x-1), is the final answer an examiner
// expects; an equation or a relation changes its solutions there and is
// strict.
func (c *cmpr) equalOnDomain(a, b *node, sampled *domainGap, strict bool, rule, reason string) Result {
	if sampled != nil {
		return undecided(rule, "%s, but defined on different domains: %s", reason, sampled.describe())
	}
	gaps, err := c.domainGaps(a, b)
	if err != nil {
		return undecided(rule, "%s, but %v", reason, err)
	}
	for _, g := range gaps {
		if strict || !g.isolated || g.def[0] == -1 || g.def[1] == -1 {
			return undecided(rule, "%s, but defined on different domains: %s", reason, g.describe())
		}
	}
	if len(gaps) > 0 {
		return decided(true, rule, "%s; %s, a removable singularity (a simplified expression is accepted)", reason, gaps[0].describe())
	}
	return decided(true, rule, "%s", reason)
}

// relationGaps looks, for two relations 0 op d with the same truth values
// at every sample point, for points where one side is defined and the other
// is not. A relation does not hold where it is undefined, so where the
// defined one holds the solutions differ ((x^2-1)/(x-1) > 0 against
// x + 1 > 0 at 1: not equal); where it does not, they agree (x^2/x > 0 and
// x > 0 at 0). A point where definedness cannot be told, or where the
// defined side is at its own limit (d close to 0), is undecided.
func (c *cmpr) relationGaps(gd *node, gop string, pd *node, pop string) (Result, bool) {
	gaps, err := c.domainGaps(gd, pd)
	if err != nil {
		return undecided("relation", "the same truth values at every point sampled, but %v", err), true
	}
	for _, g := range gaps {
		i := 0 // the defined side
		if g.def[1] == 1 {
			i = 1
		}
		if g.def[0] == -1 || g.def[1] == -1 || g.def[i] != 1 {
			return undecided("relation", "the same truth values at every point sampled, but %s", g.describe()), true
		}
		d, op := []*node{gd, pd}[i], []string{gop, pop}[i]
		near, err := c.nearZero(d, *g.cand)
		if err != nil {
			return undecided("relation", "%v", err), true
		}
		if v, err := c.eval(d, g.at); near == 1 && !g.cand.approx && err == nil && v.Sign() == 0 {
			near = 0 // exactly at its limit on the grid: holds says which side
		}
		if near != 0 {
			return undecided("relation", "the same truth values at every point sampled; %s, where the other relation is at its limit", g.describe()), true
		}
		if h, err := c.holds(d, op, g.at); err == nil && h {
			return decided(false, "relation", "the solutions differ: %s, and the defined relation holds there", g.describe()), true
		}
	}
	if len(gaps) > 0 && gop != pop {
		// x^2/x >= 0 against x > 0: the point where the non-strict one
		// would hold alone is where it is undefined.
		return undecided("relation", "strict against non-strict, but %s", gaps[0].describe()), true
	}
	return Result{}, false
}
