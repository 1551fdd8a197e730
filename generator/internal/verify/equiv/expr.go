package equiv

import (
	"errors"
	"math/big"
	"strings"
)

// A small recursive-descent parser for the calculator subset of LaTeX and
// plain text: numbers, variables (single letters, Greek letters, subscripts),
// + - * / ^ ** !, implicit multiplication, \frac, \sqrt, |x| and the usual
// functions. Multi-letter plain words of four letters or more are text, not
// products of variables.

const prec = 256 // bits of big.Float precision

type tokKind int

const (
	tEnd tokKind = iota
	tNum
	tID    // variable
	tConst // pi, e
	tFn    // function name
	tOp    // + - * / ^ ! |
	tL     // ( [ {
	tR     // ) ] }
	tFrac
	tSqrt
	tInf
)

type token struct {
	k tokKind
	s string
}

var fnNames = map[string]bool{
	"sin": true, "cos": true, "tan": true, "sec": true, "csc": true, "cot": true,
	"arcsin": true, "arccos": true, "arctan": true, "asin": true, "acos": true, "atan": true,
	"sinh": true, "cosh": true, "tanh": true, "ln": true, "log": true, "exp": true, "sqrt": true, "abs": true,
	"lg": true,
}

var errSyntax = errors.New("not an expression")

// errHasVar is tokenize's answer when asked for a constant expression and
// s has a variable.
var errHasVar = errors.New("not a constant expression")

// node is an expression tree.
type node struct {
	op   byte // 'n' number, 'v' variable, 'c' constant, 'f' function, '+', '-', '*', '/', '^', '~' negation, '!' factorial, 'r' n-th root
	lit  string
	name string
	kids []*node
	num  *big.Float // the value of a literal, once read by eval
}

type parser struct {
	toks  []token
	pos   int
	depth int
}

func parseExpr(s string) (*node, error) {
	toks, err := tokenize(s, false)
	if err != nil {
		return nil, err
	}
	return parseTokens(toks)
}

// parseConst parses s when it is an expression without variables, and
// fails fast otherwise.
func parseConst(s string) (*node, error) {
	toks, err := tokenize(s, true)
	if err != nil {
		return nil, err
	}
	return parseTokens(toks)
}

func parseTokens(toks []token) (*node, error) {
	if len(toks) == 0 {
		return nil, errSyntax
	}
	p := &parser{toks: toks}
	n, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.peek().k != tEnd {
		return nil, errSyntax
	}
	return n, nil
}

func (p *parser) peek() token {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return token{k: tEnd}
}

func (p *parser) next() token { t := p.peek(); p.pos++; return t }

func (p *parser) enter() error {
	p.depth++
	if p.depth > 200 {
		return errSyntax
	}
	return nil
}

func (p *parser) expr() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	left, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.k != tOp || (t.s != "+" && t.s != "-") {
			return left, nil
		}
		p.next()
		right, err := p.term()
		if err != nil {
			return nil, err
		}
		left = &node{op: t.s[0], kids: []*node{left, right}}
	}
}

func startsAtom(t token) bool {
	switch t.k {
	case tNum, tID, tConst, tFn, tL, tFrac, tSqrt:
		return true
	}
	return false
}

func (p *parser) term() (*node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		var op byte
		switch {
		case t.k == tOp && (t.s == "*" || t.s == "/"):
			p.next()
			op = t.s[0]
		case startsAtom(t):
			op = '*'
		default:
			return left, nil
		}
		right, err := p.unary()
		if err != nil {
			return nil, err
		}
		if op == '*' && t.k == tFrac && isMixed(left, right) {
			// 2\frac{1}{2} is the mixed number 2 1/2, not a product.
			if left.op == '~' {
				left = &node{op: '~', kids: []*node{{op: '+', kids: []*node{left.kids[0], right}}}}
			} else {
				left = &node{op: '+', kids: []*node{left, right}}
			}
			continue
		}
		left = &node{op: op, kids: []*node{left, right}}
	}
}

// isMixed reports whether whole followed by frac reads as a mixed number:
// an integer literal, then a fraction of two integer literals.
func isMixed(whole, frac *node) bool {
	intLit := func(n *node) bool { return n.op == 'n' && !strings.ContainsAny(n.lit, ".eE") }
	if whole.op == '~' {
		whole = whole.kids[0]
	}
	return intLit(whole) && frac.op == '/' && intLit(frac.kids[0]) && intLit(frac.kids[1])
}

func (p *parser) unary() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	t := p.peek()
	if t.k == tOp && (t.s == "-" || t.s == "+") {
		p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		if t.s == "+" {
			return x, nil
		}
		return &node{op: '~', kids: []*node{x}}, nil
	}
	return p.power()
}

func (p *parser) power() (*node, error) {
	base, err := p.postfix()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.k == tOp && t.s == "^" {
		p.next()
		exp, err := p.exponent()
		if err != nil {
			return nil, err
		}
		return &node{op: '^', kids: []*node{base, exp}}, nil
	}
	return base, nil
}

// exponent parses what follows ^: a braced group, or a signed atom.
func (p *parser) exponent() (*node, error) {
	t := p.peek()
	if t.k == tOp && (t.s == "-" || t.s == "+") {
		p.next()
		x, err := p.exponent()
		if err != nil {
			return nil, err
		}
		if t.s == "-" {
			x = &node{op: '~', kids: []*node{x}}
		}
		return x, nil
	}
	return p.power()
}

func (p *parser) postfix() (*node, error) {
	x, err := p.atom()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.k == tOp && t.s == "!" {
			p.next()
			x = &node{op: '!', kids: []*node{x}}
			continue
		}
		return x, nil
	}
}

func (p *parser) group() (*node, error) {
	t := p.next()
	if t.k != tL {
		return nil, errSyntax
	}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	if r := p.next(); r.k != tR {
		return nil, errSyntax
	}
	return x, nil
}

func (p *parser) atom() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	t := p.next()
	switch t.k {
	case tNum:
		return &node{op: 'n', lit: t.s}, nil
	case tID:
		return &node{op: 'v', name: t.s}, nil
	case tConst:
		return &node{op: 'c', name: t.s}, nil
	case tInf:
		return &node{op: 'i'}, nil
	case tL:
		p.pos--
		return p.group()
	case tOp:
		if t.s == "|" {
			x, err := p.expr()
			if err != nil {
				return nil, err
			}
			if r := p.next(); r.k != tOp || r.s != "|" {
				return nil, errSyntax
			}
			return &node{op: 'f', name: "abs", kids: []*node{x}}, nil
		}
	case tFrac:
		a, err := p.group()
		if err != nil {
			return nil, err
		}
		b, err := p.group()
		if err != nil {
			return nil, err
		}
		return &node{op: '/', kids: []*node{a, b}}, nil
	case tSqrt:
		if n := p.peek(); n.k == tL && n.s == "[" {
			p.next()
			idx, err := p.expr()
			if err != nil {
				return nil, err
			}
			if r := p.next(); r.k != tR {
				return nil, errSyntax
			}
			x, err := p.sqrtArg()
			if err != nil {
				return nil, err
			}
			return &node{op: 'r', kids: []*node{x, idx}}, nil
		}
		x, err := p.sqrtArg()
		if err != nil {
			return nil, err
		}
		return &node{op: 'f', name: "sqrt", kids: []*node{x}}, nil
	case tFn:
		return p.function(t.s)
	}
	return nil, errSyntax
}

func (p *parser) sqrtArg() (*node, error) {
	if p.peek().k == tL {
		return p.group()
	}
	return p.postfix()
}

// function parses f(x), f x, f^2 x, f^{-1} x and log_b x.
func (p *parser) function(name string) (*node, error) {
	var pow *node
	if t := p.peek(); t.k == tOp && t.s == "^" {
		p.next()
		e, err := p.exponent()
		if err != nil {
			return nil, err
		}
		pow = e
	}
	var arg *node
	var err error
	if p.peek().k == tL {
		arg, err = p.group()
	} else {
		// f x y means f(x*y) up to the next operator or function.
		arg, err = p.power()
		for err == nil {
			t := p.peek()
			if !startsAtom(t) || t.k == tFn {
				break
			}
			var y *node
			y, err = p.power()
			if err == nil {
				arg = &node{op: '*', kids: []*node{arg, y}}
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if pow != nil && pow.op == '~' && pow.kids[0].op == 'n' && pow.kids[0].lit == "1" {
		switch name {
		case "sin", "cos", "tan":
			return &node{op: 'f', name: "arc" + name, kids: []*node{arg}}, nil
		}
	}
	f := &node{op: 'f', name: name, kids: []*node{arg}}
	if pow != nil {
		return &node{op: '^', kids: []*node{f, pow}}, nil
	}
	return f, nil
}

// vars collects the variable names of a tree, in order of appearance.
func (n *node) vars(seen map[string]bool, out []string) []string {
	if n.op == 'v' && !seen[n.name] {
		seen[n.name] = true
		out = append(out, n.name)
	}
	for _, k := range n.kids {
		out = k.vars(seen, out)
	}
	return out
}
