package equiv

import (
	"regexp"
	"strings"
)

// Derivatives of a named function in their usual notations: f'(x), y'',
// f^{(3)}(x), df/dx, d^2y/dx^2, \frac{dy}{dx}, \frac{d}{dx}f(x), d/dx f.
// Leibniz's quotient is no quotient of products (df/dx is not f/x), so an
// answer that looks like a derivative is never read as algebra.

type deriv struct {
	f, x string // the function and the variable ("" when not written)
	n    int    // the order
}

const (
	dOrd  = `(?:\^\{?([1-9])\}?)?`
	dName = `([A-Za-z])`
	dArg  = `(?:\(\s*([A-Za-z])\s*\))?`
)

var (
	rePrime = regexp.MustCompile(`^` + dName + `('{1,4}|′{1,4}|″|\^\{?\(([1-9])\)\}?)` + dArg + `$`)
	// reDot reads Newton's dots, derivatives in time: \dot{x}, \ddot x.
	reDot    = regexp.MustCompile(`^\\(dot|ddot|dddot)\s*\{?\s*` + dName + `\s*\}?$`)
	reLeib   = regexp.MustCompile(`^(?:\\frac\{d` + dOrd + `\s*` + dName + dArg + `\}\{d` + dName + dOrd + `\}|d` + dOrd + dName + dArg + `/d` + dName + dOrd + `)$`)
	reLeibOp = regexp.MustCompile(`^(?:\\frac\{d` + dOrd + `\}\{d` + dName + dOrd + `\}|d` + dOrd + `/d` + dName + dOrd + `)\s*(?:\(\s*)?` + dName + dArg + `(?:\s*\))?$`)
	// reLeibAny finds Leibniz's operator anywhere: \frac{d}{dx}(x^2) is
	// 2x, never (d/dx)·x².
	reLeibAny = regexp.MustCompile(`\\frac\{\s*d[^{}]*\}\s*\{\s*d\s*[A-Za-z]|\bd\s*/\s*d[A-Za-z]|\\partial`)
	reLooksDx = regexp.MustCompile(`^(?:\\d+dot|\\frac\{d|d(?:\^\{?\d\}?)?[A-Za-z]?(?:\([A-Za-z]\))?/d[A-Za-z]|[A-Za-z](?:'|′|″|\^\{?\(\d))`)
)

// parseDeriv reads s as a derivative.
func parseDeriv(s string) (deriv, bool) {
	s = strings.TrimSpace(s)
	if m := reDot.FindStringSubmatch(s); m != nil {
		return deriv{f: m[2], x: "t", n: strings.Count(m[1], "d")}, true
	}
	if m := rePrime.FindStringSubmatch(s); m != nil {
		n := strings.Count(m[2], "'") + strings.Count(m[2], "′") + 2*strings.Count(m[2], "″")
		if m[3] != "" {
			n = int(m[3][0] - '0')
		}
		return deriv{f: m[1], x: m[4], n: n}, true
	}
	order := func(a, b string) (int, bool) {
		if a == "" {
			a = "1"
		}
		if b == "" {
			b = "1"
		}
		return int(a[0] - '0'), a == b
	}
	if m := reLeib.FindStringSubmatch(s); m != nil {
		// Two alternatives of five groups each: order, name, argument,
		// variable, order.
		g := m[1:6]
		if m[2] == "" {
			g = m[6:11]
		}
		n, ok := order(g[0], g[4])
		if !ok || g[2] != "" && g[2] != g[3] {
			return deriv{}, false
		}
		return deriv{f: g[1], x: g[3], n: n}, true
	}
	if m := reLeibOp.FindStringSubmatch(s); m != nil {
		g := m[1:4]
		if m[2] == "" {
			g = m[4:7]
		}
		n, ok := order(g[0], g[2])
		if !ok || m[8] != "" && m[8] != g[1] {
			return deriv{}, false
		}
		return deriv{f: m[7], x: g[1], n: n}, true
	}
	return deriv{}, false
}

// tryDeriv decides two derivatives of a named function, and leaves a
// derivative against anything else to the judges.
func (c *cmpr) tryDeriv(g, p string) (Result, bool) {
	gl, pl := reLooksDx.MatchString(g), reLooksDx.MatchString(p)
	if !gl && !pl {
		if r, ok := c.compareDerivAtoms(g, p); ok {
			return r, true
		}
		if leibnizInside(stripLabel(g)) || leibnizInside(stripLabel(p)) {
			// (dy/dx)^2 is no (y/x)^2: Leibniz's notation inside an
			// expression is never algebra.
			return undecided("derivative", "Leibniz's notation inside an expression, not read"), true
		}
		return Result{}, false
	}
	gd, gok := parseDeriv(g)
	pd, pok := parseDeriv(p)
	if !gok || !pok {
		if r, ok := c.derivOps(g, p); ok {
			return r, true
		}
		if r, ok := c.compareDerivAtoms(g, p); ok {
			return r, true
		}
		if gl && pl || gok || pok || reLeibAny.MatchString(stripLabel(g)) || reLeibAny.MatchString(stripLabel(p)) {
			return undecided("derivative", "a derivative against an answer not read as one"), true
		}
		return Result{}, false
	}
	if r, ok := otherDeriv(gd, pd); ok {
		return r, true
	}
	return decided(gd.n == pd.n, "derivative", "derivatives of %s of order %d and %d", gd.f, gd.n, pd.n), true
}

// abstractFns are the letters that name functions and nothing else; other
// letters may name one quantity twice (y = f(x); v'(t) is x”(t)).
var abstractFns = map[string]bool{"f": true, "g": true, "h": true}

// otherDeriv decides two derivatives of different functions or variables:
// dx/dy against dy/dx (the inverse function's), f' against g', f'(x)
// against f'(t) are not equal; y' against f'(x) (y may be f(x)) and other
// names are undecided.
func otherDeriv(gd, pd deriv) (Result, bool) {
	switch {
	case gd.f == pd.f && (gd.x == "" || pd.x == "" || gd.x == pd.x):
		return Result{}, false
	case gd.f == pd.x && gd.x == pd.f:
		return decided(false, "derivative", "the derivative of %s in %s against that of the inverse, %s in %s", gd.f, gd.x, pd.f, pd.x), true
	case gd.f != pd.f && abstractFns[gd.f] && abstractFns[pd.f] && (gd.x == "" || pd.x == "" || gd.x == pd.x):
		return decided(false, "derivative", "derivatives of two functions, %s and %s", gd.f, pd.f), true
	case gd.f == pd.f:
		return decided(false, "derivative", "derivatives of %s in %s and in %s", gd.f, gd.x, pd.x), true
	}
	return undecided("derivative", "derivatives of %s in %s and of %s in %s", gd.f, gd.x, pd.f, pd.x), true
}

// leibnizInside reports Leibniz's notation anywhere in s: an operator
// (d/dx, \frac{d}{dx}, \partial) or a quotient (dy/dx, \frac{dy}{dx}).
func leibnizInside(s string) bool {
	if strings.Count(s, "d") < 2 && !strings.Contains(s, `\partial`) {
		return false // Leibniz's notation writes d twice
	}
	return reLeibAny.MatchString(s) || reLeibFracAtom.MatchString(s) || reLeibSlashAtom.MatchString(s)
}
