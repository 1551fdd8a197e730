package equiv

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Evaluation of expression trees in 256-bit floats.

var errDomain = errors.New("outside the domain")

// errUnsure is a value the evaluator does not give although it may exist:
// a fractional power of a negative number (x^{1/3} at x = -8: a real cube
// root by one convention, none by another), or a result out of range. It
// is an errDomain, so that callers that skip such points still do.
var errUnsure = fmt.Errorf("%w, or a value not computed", errDomain)

var (
	bigPi, _, _ = big.ParseFloat("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798", 10, prec, big.ToNearestEven)
	bigE, _, _  = big.ParseFloat("2.71828182845904523536028747135266249775724709369995957496696762772407663035354759457138217852516642742", 10, prec, big.ToNearestEven)
)

func newF() *big.Float { return new(big.Float).SetPrec(prec) }

// add returns x+y. big.Float aligns mantissas by shifting, which costs
// memory in proportion to the difference of the exponents; when that
// difference is beyond the precision the smaller operand cannot matter.
func add(x, y *big.Float) *big.Float {
	if x.Sign() != 0 && y.Sign() != 0 {
		ex, ey := x.MantExp(nil), y.MantExp(nil)
		switch {
		case ex-ey > prec+64:
			return newF().Set(x)
		case ey-ex > prec+64:
			return newF().Set(y)
		}
	}
	return newF().Add(x, y)
}

// sub returns x-y (see add).
func sub(x, y *big.Float) *big.Float { return add(x, newF().Neg(y)) }

// parseNum reads a decimal literal exactly (to 256 bits).
func parseNum(lit string) (*big.Float, error) {
	// Refuse absurd exponents before big.Float spends time on them.
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimSpace(lit[i+1:]))
		if err != nil || e > 1_000_000 || e < -1_000_000 {
			return nil, errDomain
		}
	}
	if len(lit) > 400 {
		return nil, errDomain
	}
	f, _, err := big.ParseFloat(lit, 10, prec, big.ToNearestEven)
	if err != nil {
		return nil, errSyntax
	}
	return f, nil
}

// literalSteps is the cost of reading a literal: big.ParseFloat's time
// grows with the digits and with the size of the decimal exponent.
func literalSteps(lit string) int {
	n := len(lit) / 8
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		if e, err := strconv.Atoi(lit[i+1:]); err == nil {
			n += min(abs(e), 1_000_000) / 32
		}
	}
	return n
}

type env map[string]*big.Float

func (c *cmpr) eval(n *node, vars env) (*big.Float, error) {
	if err := c.tick(1); err != nil {
		return nil, err
	}
	switch n.op {
	case 'n':
		// A literal is read once per tree, not at every point, and
		// costs in proportion to its length; callers get a copy.
		if n.num == nil {
			if err := c.tick(literalSteps(n.lit)); err != nil {
				return nil, err
			}
			f, err := parseNum(n.lit)
			if err != nil {
				return nil, err
			}
			n.num = f
		}
		return newF().Set(n.num), nil
	case 'v':
		if v, ok := vars[n.name]; ok {
			return v, nil
		}
		return nil, fmt.Errorf("free variable %s", n.name)
	case 'i':
		return nil, errDomain
	case 'c':
		// Copies, so that the shared constants are never written.
		if n.name == "pi" {
			return newF().Set(bigPi), nil
		}
		return newF().Set(bigE), nil
	}
	if len(n.kids) > 2 {
		return nil, errSyntax
	}
	var args [2]*big.Float // no node has more than two operands
	for i, k := range n.kids {
		v, err := c.eval(k, vars)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	var z *big.Float
	var err error
	switch n.op {
	case '+':
		z = add(args[0], args[1])
	case '-':
		z = sub(args[0], args[1])
	case '*':
		z = newF().Mul(args[0], args[1])
	case '/':
		if args[1].Sign() == 0 {
			return nil, errDomain
		}
		if err := c.tick(stepsQuo); err != nil {
			return nil, err
		}
		z = newF().Quo(args[0], args[1])
	case '~':
		z = newF().Neg(args[0])
	case '^':
		z, err = c.pow(args[0], args[1])
	case '!':
		z, err = c.factorial(args[0])
	case 'r':
		z, err = c.root(args[0], args[1])
	case 'f':
		z, err = c.fn(n.name, args[0])
	default:
		return nil, errSyntax
	}
	if err != nil {
		return nil, err
	}
	if z.IsInf() {
		return nil, errDomain
	}
	return z, nil
}

func (c *cmpr) factorial(x *big.Float) (*big.Float, error) {
	if !x.IsInt() || x.Sign() < 0 {
		return nil, errDomain
	}
	n, acc := x.Int64()
	if acc != big.Exact || n > 20000 {
		return nil, errDomain
	}
	if err := c.tick(int(n)); err != nil {
		return nil, err
	}
	z := newF().SetInt64(1)
	for i := int64(2); i <= n; i++ {
		z.Mul(z, newF().SetInt64(i))
	}
	return z, nil
}

func (c *cmpr) pow(x, y *big.Float) (*big.Float, error) {
	if y.IsInt() {
		n, acc := y.Int64()
		if acc == big.Exact && n >= -100000 && n <= 100000 {
			if x.Sign() == 0 {
				if n <= 0 {
					return nil, errDomain
				}
				return newF(), nil
			}
			// Refuse results whose binary exponent would leave big.Float's range.
			if xe := x.MantExp(nil); math.Abs(float64(xe)*float64(n)) > 1e9 {
				return nil, errUnsure
			}
			return powInt(x, n, c.tick)
		}
	}
	if x.Sign() < 0 {
		if dyadic(y) {
			// x^{1/2}, x^{3/4}: an even root of a negative number has no
			// real value in any convention.
			return nil, errDomain
		}
		return nil, errUnsure
	}
	if x.Sign() == 0 {
		if y.Sign() > 0 {
			return newF(), nil
		}
		return nil, errDomain
	}
	yf, _ := y.Float64()
	return expBig(yf * lnBig(x))
}

func (c *cmpr) root(x, idx *big.Float) (*big.Float, error) {
	if !idx.IsInt() {
		return nil, errDomain
	}
	n, _ := idx.Int64()
	if n < 1 || n > 1000 {
		return nil, errDomain
	}
	if x.Sign() < 0 {
		if n%2 == 0 {
			return nil, errDomain
		}
		r, err := c.root(newF().Neg(x), idx)
		if err != nil {
			return nil, err
		}
		return r.Neg(r), nil
	}
	if x.Sign() == 0 {
		return newF(), nil
	}
	if n == 2 {
		if err := c.tick(stepsSqrt); err != nil {
			return nil, err
		}
		return newF().Sqrt(x), nil
	}
	return expBig(lnBig(x) / float64(n))
}

// lnBig is the natural logarithm of a positive x, at float64 precision but
// without range limits.
func lnBig(x *big.Float) float64 {
	mant := newF()
	e := x.MantExp(mant)
	m, _ := mant.Float64()
	return math.Log(m) + float64(e)*math.Ln2
}

// expBig is e^t as a big.Float, without float64's range limits.
func expBig(t float64) (*big.Float, error) {
	if math.IsNaN(t) || math.IsInf(t, 0) || math.Abs(t) > 1e9 {
		return nil, errUnsure
	}
	b := t / math.Ln2
	e := math.Floor(b)
	m := math.Exp2(b - e)
	z := newF().SetFloat64(m)
	return z.SetMantExp(z, int(e)), nil
}

func (c *cmpr) fn(name string, x *big.Float) (*big.Float, error) {
	switch name {
	case "sqrt":
		if x.Sign() < 0 {
			return nil, errDomain
		}
		if x.Sign() == 0 {
			return newF(), nil
		}
		if err := c.tick(stepsSqrt); err != nil {
			return nil, err
		}
		return newF().Sqrt(x), nil
	case "abs":
		return newF().Abs(x), nil
	case "ln", "log":
		if x.Sign() <= 0 {
			return nil, errDomain
		}
		if name == "log" {
			c.usedLog = true
			if c.log10 {
				return newF().SetFloat64(lnBig(x) / math.Ln10), nil
			}
			if c.logBin {
				return newF().SetFloat64(lnBig(x) / math.Ln2), nil
			}
		}
		return newF().SetFloat64(lnBig(x)), nil
	case "lg", "log_10":
		if x.Sign() <= 0 {
			return nil, errDomain
		}
		if name == "lg" {
			c.usedLg = true
			if c.lg2 {
				return newF().SetFloat64(lnBig(x) / math.Ln2), nil
			}
		}
		return newF().SetFloat64(lnBig(x) / math.Ln10), nil
	case "exp":
		f, _ := x.Float64()
		return expBig(f)
	}
	if strings.HasPrefix(name, "log_") {
		b, err := parseNum(strings.Trim(name[4:], "{} "))
		if err != nil || b.Sign() <= 0 || x.Sign() <= 0 {
			return nil, errDomain
		}
		lb := lnBig(b)
		if lb == 0 {
			return nil, errDomain
		}
		return newF().SetFloat64(lnBig(x) / lb), nil
	}
	f, _ := x.Float64()
	if math.Abs(f) > 1e12 {
		return nil, errDomain
	}
	var r float64
	switch name {
	case "sin":
		r = math.Sin(f)
	case "cos":
		r = math.Cos(f)
	case "tan":
		r = math.Tan(f)
	case "sec":
		r = 1 / math.Cos(f)
	case "csc":
		r = 1 / math.Sin(f)
	case "cot":
		r = 1 / math.Tan(f)
	case "arcsin", "asin":
		r = math.Asin(f)
	case "arccos", "acos":
		r = math.Acos(f)
	case "arctan", "atan":
		r = math.Atan(f)
	case "arcsec":
		r = math.Acos(1 / f)
	case "sinh":
		r = math.Sinh(f)
	case "cosh":
		r = math.Cosh(f)
	case "tanh":
		r = math.Tanh(f)
	default:
		return nil, errSyntax
	}
	if math.IsNaN(r) || math.IsInf(r, 0) || math.Abs(r) > 1e15 {
		return nil, errDomain
	}
	return newF().SetFloat64(r), nil
}
