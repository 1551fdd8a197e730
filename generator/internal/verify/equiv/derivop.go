package equiv

import (
	"regexp"
	"strings"
)

// Leibniz's operator applied to an expression of the variable alone
// (\frac{d}{dx}(x^2), d/dx (\sin x), \frac{d^2}{dx^2} e^{3x}) is evaluated
// exactly: the derivative is built as an expression by the rules of sums,
// products, quotients, powers (u^v as exp(v ln u)) and the functions whose
// derivatives are exact (sin, cos, tan, exp, ln, sqrt), then compared by
// evaluation like any expression. An operand with another letter (y may
// depend on x) or a function without an exact rule (log: what base?) is
// not evaluated, and neither is an operand without parentheses that is a
// sum, a product or a quotient (d/dx x^2 + 1: of what?).

var reDerivOp = regexp.MustCompile(`^(?:\\frac\{d` + dOrd + `\}\{d` + dName + dOrd + `\}|d` + dOrd + `/d` + dName + dOrd + `)\s*(.+)$`)

// maxDerivNodes bounds the size of a derivative built by derivative (a
// product's derivative doubles it).
const maxDerivNodes = 4000

// parseDerivOp reads s as Leibniz's operator of order n in x applied to an
// expression, and returns the derivative as an expression.
func parseDerivOp(s string) (*node, string, bool) {
	m := reDerivOp.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil, "", false
	}
	g := m[1:4]
	if m[2] == "" {
		g = m[4:7]
	}
	a, b := g[0], g[2]
	if a == "" {
		a = "1"
	}
	if b == "" {
		b = "1"
	}
	x, body := g[1], strings.TrimSpace(m[7])
	if a != b {
		return nil, "", false
	}
	operand, err := parseExpr(body)
	if err != nil || len(operand.vars(map[string]bool{}, nil)) > 1 || !onlyVar(operand, x) {
		return nil, "", false
	}
	if !parenthesized(body) && (operand.op == '+' || operand.op == '-' || operand.op == '*' || operand.op == '/') {
		return nil, "", false
	}
	budget := maxDerivNodes
	d := operand
	for i := 0; i < int(a[0]-'0'); i++ {
		var ok bool
		if d, ok = derivative(d, x, &budget); !ok {
			return nil, "", false
		}
	}
	return d, x, true
}

// onlyVar reports whether every variable of n is x.
func onlyVar(n *node, x string) bool {
	for _, v := range n.vars(map[string]bool{}, nil) {
		if v != x {
			return false
		}
	}
	return true
}

// parenthesized reports whether s is one group in parentheses or brackets.
func parenthesized(s string) bool {
	if len(s) < 2 || !(s[0] == '(' && s[len(s)-1] == ')' || s[0] == '[' && s[len(s)-1] == ']') {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}

func num(lit string) *node             { return &node{op: 'n', lit: lit} }
func bin(op byte, a, b *node) *node    { return &node{op: op, kids: []*node{a, b}} }
func fnode(name string, a *node) *node { return &node{op: 'f', name: name, kids: []*node{a}} }

// derivative returns the derivative of n in x, or false when no exact rule
// applies or the result would pass the budget of nodes.
func derivative(n *node, x string, budget *int) (*node, bool) {
	if *budget--; *budget < 0 {
		return nil, false
	}
	if !hasVar(n, x) {
		return num("0"), true
	}
	switch n.op {
	case 'v':
		return num("1"), true
	case '~':
		d, ok := derivative(n.kids[0], x, budget)
		return &node{op: '~', kids: []*node{d}}, ok
	case '+', '-':
		a, ok1 := derivative(n.kids[0], x, budget)
		b, ok2 := derivative(n.kids[1], x, budget)
		return bin(n.op, a, b), ok1 && ok2
	case '*', '/':
		u, v := n.kids[0], n.kids[1]
		du, ok1 := derivative(u, x, budget)
		dv, ok2 := derivative(v, x, budget)
		if n.op == '*' {
			return bin('+', bin('*', du, v), bin('*', u, dv)), ok1 && ok2
		}
		return bin('/', bin('-', bin('*', du, v), bin('*', u, dv)), bin('^', v, num("2"))), ok1 && ok2
	case '^':
		return powDerivative(n, x, budget)
	case 'f':
		return fnDerivative(n, x, budget)
	}
	return nil, false
}

// powDerivative differentiates u^c (c free of x), and a^v and u^v as
// exp(v ln u).
func powDerivative(n *node, x string, budget *int) (*node, bool) {
	u, e := n.kids[0], n.kids[1]
	switch {
	case !hasVar(e, x):
		du, ok := derivative(u, x, budget)
		return bin('*', bin('*', e, bin('^', u, bin('-', e, num("1")))), du), ok
	}
	// a^v and u^v: (u^v)' = u^v (v' ln u + v u'/u), where u > 0.
	du, ok1 := derivative(u, x, budget)
	dv, ok2 := derivative(e, x, budget)
	return bin('*', n, bin('+', bin('*', dv, fnode("ln", u)), bin('/', bin('*', e, du), u))), ok1 && ok2
}

// fnDerivative applies the chain rule to the functions with exact
// derivatives.
func fnDerivative(n *node, x string, budget *int) (*node, bool) {
	if len(n.kids) != 1 {
		return nil, false
	}
	u := n.kids[0]
	du, ok := derivative(u, x, budget)
	if !ok {
		return nil, false
	}
	var outer *node
	switch n.name {
	case "sin":
		outer = fnode("cos", u)
	case "cos":
		outer = &node{op: '~', kids: []*node{fnode("sin", u)}}
	case "tan":
		outer = bin('/', num("1"), bin('^', fnode("cos", u), num("2")))
	case "exp":
		outer = n
	case "ln":
		outer = bin('/', num("1"), u)
	case "sqrt":
		outer = bin('/', num("1"), bin('*', num("2"), n))
	default:
		return nil, false
	}
	return bin('*', outer, du), true
}

// hasVar reports whether x occurs in n.
func hasVar(n *node, x string) bool {
	if n.op == 'v' {
		return n.name == x
	}
	for _, k := range n.kids {
		if hasVar(k, x) {
			return true
		}
	}
	return false
}

// derivOps decides what tryDeriv cannot read as two derivatives of named
// functions: Leibniz's operator applied to an expression of its variable,
// against another such or an expression (evaluated exactly, above); and a
// derivative of a named function against an expression without
// derivatives (df/dx against f/x), which is not equal when it differs for
// a test function. ok is false when neither applies.
func (c *cmpr) derivOps(g, p string) (Result, bool) {
	gD, gx, gop := parseDerivOp(g)
	pD, px, pop := parseDerivOp(p)
	switch {
	case gop && pop:
		if gx != px {
			return Result{}, false
		}
		return relabel(c.identity(gD, pD), "both derivatives evaluated"), true
	case gop:
		if n, ok := plainIn(p, gx); ok {
			return relabel(c.identity(gD, n), "the derivative evaluated"), true
		}
		return Result{}, false
	case pop:
		if n, ok := plainIn(g, px); ok {
			return relabel(c.identity(n, pD), "the derivative evaluated"), true
		}
		return Result{}, false
	}
	if d, ok := parseDeriv(g); ok {
		return c.derivByTest(d, p)
	}
	if d, ok := parseDeriv(p); ok {
		return c.derivByTest(d, g)
	}
	return Result{}, false
}

// relabel gives an expression verdict the derivative rule.
func relabel(r Result, how string) Result {
	r.Rule = "derivative"
	r.Reason = how + ": " + r.Reason
	return r
}

// reDerivMarks finds what may write a derivative inside an expression.
var reDerivMarks = regexp.MustCompile(`['′″∂∇]|\\partial|\\nabla|\\dot|\\ddot|\bd\s*/|\\frac\{\s*d`)

// plainIn parses s as an expression without derivatives whose only
// variable, if any, is x.
func plainIn(s, x string) (*node, bool) {
	if reDerivMarks.MatchString(s) {
		return nil, false
	}
	n, err := parseExpr(s)
	if err != nil || !onlyVar(n, x) {
		return nil, false
	}
	return n, true
}

// testFunction is f(x) = x^3 + 2, whose derivatives are exact.
func testFunction(x string) *node {
	return bin('+', bin('^', &node{op: 'v', name: x}, num("3")), num("2"))
}

// derivByTest compares the derivative d of a named function with an
// expression s in that function and its variable only (f/x, 2f, x): with
// f(x) = x^3 + 2 they must agree at every point, else they are not equal.
// Agreeing for one function proves nothing, so that is undecided.
func (c *cmpr) derivByTest(d deriv, s string) (Result, bool) {
	if d.x == "" || d.f == d.x || d.n < 1 || reDerivMarks.MatchString(s) {
		return Result{}, false
	}
	// f(x) may be the function applied or f times x: not read.
	if regexp.MustCompile(`(?:^|[^A-Za-z\\])` + regexp.QuoteMeta(d.f) + `\s*\(`).MatchString(s) {
		return Result{}, false
	}
	n, err := parseExpr(s)
	if err != nil {
		return Result{}, false
	}
	for _, v := range n.vars(map[string]bool{}, nil) {
		if v != d.f && v != d.x {
			return Result{}, false
		}
	}
	budget := maxDerivNodes
	want := testFunction(d.x)
	for i := 0; i < d.n; i++ {
		var ok bool
		if want, ok = derivative(want, d.x, &budget); !ok {
			return Result{}, false
		}
	}
	r := c.identity(want, substitute(n, d.f, testFunction(d.x)))
	if r.Verdict == NotEqual {
		return decided(false, "derivative", "with %s(%s) = %s^3 + 2 the derivative of order %d and the answer differ: %s", d.f, d.x, d.x, d.n, r.Reason), true
	}
	return undecided("derivative", "a derivative of %s against an expression in %s and %s (agreeing for one test function proves nothing)", d.f, d.f, d.x), true
}

// substitute returns n with the variable v replaced by e.
func substitute(n *node, v string, e *node) *node {
	if n.op == 'v' && n.name == v {
		return e
	}
	if len(n.kids) == 0 {
		return n
	}
	m := *n
	m.kids = make([]*node, len(n.kids))
	for i, k := range n.kids {
		m.kids[i] = substitute(k, v, e)
	}
	return &m
}
