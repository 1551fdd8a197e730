package equiv

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// quantity is a number or an expression with an optional unit.
type quantity struct {
	expr  *node
	unit  *unit // nil when none was written
	num   string
	sig   int  // significant figures written, 0 when not a single literal
	isInt bool // a plain integer literal
}

var (
	reSciX     = regexp.MustCompile(`(\d)\s*[xX]\s*10\s*\^`)
	reLiteral  = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)(?:[eE]([-+]?\d+)|\s*\*\s*10\s*\^\s*\{?\s*([-+]?\d+)\s*\}?)?$`)
	rePercentW = regexp.MustCompile(`(?i)\s*(?:percent(?:age)?|pct)$`)
)

// maxUnitLen is the length of the longest unit parseQuantity reads
// ("\\mathrm{kg\\,m^{2}\\,s^{-3}\\,A^{-1}}" is 36 bytes).
const maxUnitLen = 96

// parseQuantity splits s into a value and a unit at the leftmost place
// where the left part is a constant expression and the right part a unit.
func parseQuantity(s string) (*quantity, error) {
	if strings.Contains(s, "^") && strings.ContainsAny(s, "xX") {
		s = reSciX.ReplaceAllString(s, "$1*10^")
	}
	s = strings.TrimSpace(s)
	if s != "" && strings.IndexByte("tTeE", s[len(s)-1]) >= 0 {
		s = rePercentW.ReplaceAllString(s, "%") // percent, percentage, pct
	}
	if s == "" {
		return nil, errSyntax
	}
	// A unit is short, so only the last maxUnitLen bytes can start one;
	// trying every split of a long chain would be quadratic.
	for i := max(1, len(s)-maxUnitLen); i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || c >= 0x80 || c == '%' || c == '(') {
			continue
		}
		if c >= 0x80 && (s[i]&0xC0) == 0x80 {
			continue // inside a multi-byte rune
		}
		if c == '(' && s[i-1] != ' ' {
			continue
		}
		prev := s[i-1]
		if isLetter(prev) || prev == '\\' || prev == '_' || prev == '^' || (prev >= 0x80 && c >= 0x80) {
			continue
		}
		head := strings.TrimSpace(s[:i])
		tail := strings.TrimSpace(s[i:])
		if head == "" || strings.HasPrefix(tail, "(") && !strings.Contains(tail, "/") && !strings.Contains(tail[1:], " ") {
			// "2(x+1)" is a product, not a unit.
			if strings.HasPrefix(tail, "(") {
				continue
			}
		}
		u, ok := parseUnit(tail)
		if !ok {
			continue
		}
		if u.opaque != "" && prev != ' ' && !strings.ContainsAny(u.opaque, "€£¥") {
			continue
		}
		// Each split tries a head almost as long as s; one with a
		// variable is dropped at its first one rather than parsed.
		e, err := parseConst(head)
		if err != nil {
			continue
		}
		q := &quantity{expr: e, unit: u, num: head}
		q.sig, q.isInt = sigFigs(head)
		return q, nil
	}
	e, err := parseExpr(s)
	if err != nil {
		return nil, err
	}
	q := &quantity{expr: e, num: s}
	q.sig, q.isInt = sigFigs(s)
	return q, nil
}

// sigFigs counts the significant figures of a single literal (0 when s is
// not one) and reports whether it is a plain integer. Trailing zeros of an
// integer are not counted (300 has one significant figure).
func sigFigs(s string) (int, bool) {
	m := reLiteral.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	mant := m[1]
	isInt := !strings.Contains(mant, ".") && m[2] == "" && m[3] == ""
	digits := strings.TrimLeft(strings.ReplaceAll(mant, ".", ""), "0")
	if !strings.Contains(mant, ".") {
		if !strings.HasSuffix(digits, "0") && m[2] == "" && m[3] == "" {
			return 0, true // an integer without trailing zeros is exact
		}
		digits = strings.TrimRight(digits, "0")
	}
	if digits == "" {
		return 1, isInt
	}
	return len(digits), isInt
}

// pow10 returns 10^k exactly (k >= 0) or to 256 bits.
func pow10(k int) *big.Float {
	if k >= -pow10Cached && k <= pow10Cached {
		return newF().Set(pow10Table()[k+pow10Cached])
	}
	z, _ := powInt(newF().SetInt64(10), int64(k), nil)
	return z
}

// pow10Table holds 10^k for |k| <= pow10Cached, computed as pow10 would,
// once and then only read.
const pow10Cached = 64

var pow10Table = sync.OnceValue(func() []*big.Float {
	t := make([]*big.Float, 2*pow10Cached+1)
	for k := range t {
		t[k], _ = powInt(newF().SetInt64(10), int64(k-pow10Cached), nil)
	}
	return t
})

// powInt returns x^n by repeated squaring, charging work to tick if set.
func powInt(x *big.Float, n int64, tick func(int) error) (*big.Float, error) {
	z := newF().SetInt64(1)
	b := newF().Set(x)
	m := n
	if m < 0 {
		m = -m
	}
	for m > 0 {
		if tick != nil {
			if err := tick(2); err != nil {
				return nil, err
			}
		}
		if m&1 == 1 {
			z.Mul(z, b)
		}
		b.Mul(b, b)
		m >>= 1
	}
	if n < 0 {
		z.Quo(newF().SetInt64(1), z)
	}
	return z, nil
}

// decade returns floor(log10(|x|)) for x != 0.
func decade(x *big.Float) int {
	ax := newF().Abs(x)
	mant := newF()
	e := ax.MantExp(mant)
	m, _ := mant.Float64()
	k := int(math.Floor(math.Log10(m) + float64(e)*math.Log10(2)))
	for i := 0; i < 3; i++ {
		switch {
		case ax.Cmp(pow10(k+1)) >= 0:
			k++
		case ax.Cmp(pow10(k)) < 0:
			k--
		}
	}
	return k
}

// within reports whether b agrees with the reference a under t.
func within(a, b *big.Float, t Tolerance) bool {
	diff := sub(a, b)
	diff.Abs(diff)
	if diff.Sign() == 0 {
		return true
	}
	slack := newF().SetFloat64(1 + 1e-12)
	switch t.Kind {
	case Absolute:
		return diff.Cmp(newF().SetFloat64(t.Value)) <= 0
	case Relative:
		m := newF().Abs(a)
		if ab := newF().Abs(b); ab.Cmp(m) > 0 {
			m = ab
		}
		return diff.Cmp(m.Mul(m, newF().SetFloat64(t.Value))) <= 0
	case Decimals:
		thr := pow10(-int(math.Round(t.Value)))
		thr.Mul(thr, newF().SetFloat64(0.5))
		return diff.Cmp(thr.Mul(thr, slack)) <= 0
	case SigFigs:
		// One unit in the n-th significant figure of the reference: this
		// accepts the last-digit differences that rounding intermediate
		// results causes, and nothing coarser.
		if a.Sign() == 0 {
			return false
		}
		n := int(math.Round(t.Value))
		thr := pow10(decade(a) - n + 1)
		return diff.Cmp(thr.Mul(thr, slack)) <= 0
	}
	return false
}

// ambiguousSig reports whether q is an integer with trailing zeros, whose
// significant figures are not known (300 may have one, two or three).
func ambiguousSig(q *quantity) bool {
	return q.isInt && strings.HasSuffix(strings.TrimSpace(q.num), "0")
}

func offsetTemp(q *quantity) bool { return q.unit != nil && q.unit.offset != 0 }

// roundsTo reports whether y rounded to k significant figures is x.
func roundsTo(y, x *big.Float, k int) bool {
	if x.Sign() == 0 {
		return y.Sign() == 0
	}
	diff := sub(x, y)
	diff.Abs(diff)
	thr := pow10(decade(x) - k + 1)
	thr.Mul(thr, newF().SetFloat64(0.5*(1+1e-12)))
	return diff.Cmp(thr) <= 0
}

// fmtBig formats x with ten significant digits. big.Float's own decimal
// conversion is exact and slow for huge exponents, so the mantissa is
// scaled by a power of ten first.
func fmtBig(x *big.Float) string {
	if x == nil {
		return "?"
	}
	if x.Sign() == 0 {
		return "0"
	}
	if e := x.MantExp(nil); e > -1000 && e < 1000 {
		return x.Text('g', 10)
	}
	k := decade(x)
	m := newF().Quo(x, pow10(k))
	f, _ := m.Float64()
	return strconv.FormatFloat(f, 'g', 10, 64) + "e" + strconv.Itoa(k)
}

// compareNumbers compares two constant values already in the same unit.
// gq and pq carry what was written, for the precision rules.
func (c *cmpr) compareNumbers(a, b *big.Float, gq, pq *quantity, unitText string) Result {
	show := func(x *big.Float) string {
		if unitText != "" {
			return fmtBig(x) + " " + unitText
		}
		return fmtBig(x)
	}
	desc := fmt.Sprintf("%s vs %s", show(a), show(b))
	if a.Cmp(b) == 0 {
		return decided(true, "numeric", "%s: the same value", desc)
	}
	// Integers written as integers (or exact integer expressions such as
	// 2^{100}), without unit or explicit tolerance, are counts and must
	// match exactly.
	if !c.explicit && gq != nil && pq != nil && gq.unit == nil && pq.unit == nil && exactInt(gq, a) && exactInt(pq, b) {
		return decided(false, "numeric", "%s: integers differ", desc)
	}
	if a.Sign() == 0 && (c.tol.Kind == SigFigs || c.tol.Kind == Relative) {
		if newF().Abs(b).Cmp(newF().SetFloat64(1e-9)) < 0 {
			return undecided("numeric", "%s: the reference is zero and the answer tiny; a relative tolerance cannot decide", desc)
		}
		return decided(false, "numeric", "%s: the reference is zero", desc)
	}
	if within(a, b, c.tol) {
		return decided(true, "numeric", "%s: within %s", desc, tolText(c.tol))
	}
	// Sides written with fewer significant figures than the tolerance asks
	// for: an answer that rounds to a less precise reference agrees with it
	// at the precision the reference gives; a less precise answer that the
	// reference rounds to may be right, and is left to the judges.
	if c.tol.Kind == SigFigs && gq != nil && pq != nil {
		n := int(c.tol.Value)
		kg, kp := gq.sig, pq.sig
		if kg > 0 && kg < n && (kp == 0 || kp > kg) && roundsTo(b, a, kg) {
			if !ambiguousSig(gq) && !offsetTemp(gq) && !offsetTemp(pq) {
				return decided(true, "numeric", "%s: the reference is written to %d significant figures and the answer rounds to it", desc, kg)
			}
			return undecided("numeric", "%s: the answer rounds to the reference, written to %d significant figures or fewer", desc, kg)
		}
		k := kp
		if kg > 0 && (k == 0 || kg < k) {
			k = kg
		}
		if k > 0 && k < n && (roundsTo(a, b, k) || roundsTo(b, a, k)) {
			return undecided("numeric", "%s: one is written to %d significant figures and the other rounds to it", desc, k)
		}
	}
	// 50 against 0.5 may be a percentage written both ways.
	if gq != nil && pq != nil && gq.unit == nil && pq.unit == nil {
		hundred := newF().SetInt64(100)
		if within(a, newF().Mul(b, hundred), c.tol) || within(newF().Mul(a, hundred), b, c.tol) {
			return undecided("numeric", "%s: a factor of 100 apart, which may be a percentage", desc)
		}
	}
	return decided(false, "numeric", "%s: outside %s", desc, tolText(c.tol))
}

// exactInt reports whether q is an integer written exactly: an integer
// literal, or an expression of integer literals with +, -, *, ^ and ! whose
// value is held exactly.
func exactInt(q *quantity, v *big.Float) bool {
	if q.isInt {
		return true
	}
	if !v.IsInt() || v.MantExp(nil) > 200 {
		return false
	}
	var ok func(n *node) bool
	ok = func(n *node) bool {
		switch n.op {
		case 'n':
			return !strings.ContainsAny(n.lit, ".eE")
		case '+', '-', '*', '~', '!', '^':
			for _, k := range n.kids {
				if !ok(k) {
					return false
				}
			}
			return true
		}
		return false
	}
	return ok(q.expr)
}

func tolText(t Tolerance) string {
	switch t.Kind {
	case SigFigs:
		return fmt.Sprintf("%g significant figures", t.Value)
	case Decimals:
		return fmt.Sprintf("%g decimal places", t.Value)
	}
	return fmt.Sprintf("%s tolerance %g", t.Kind, t.Value)
}
