package equiv

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Derivatives inside expressions: (dy/dx)^2, \frac{1}{2}m\dot{x}^2,
// y'' + y. Leibniz's quotient is no quotient (dy/dx is not y/x), so each
// derivative of a named function is taken for one variable of its own,
// the same for every notation of it (dy/dx, \frac{dy}{dx}, y' where the
// pair names the variable x alone for y), and the two sides are compared
// as expressions in those variables. That is sound both ways: at a point
// the values of y, y', y'' of some function can be any numbers, so
// expressions that differ as functions of them differ for some y.
// Anything the reading does not fit leaves the pair undecided: a
// derivative of an expression (\frac{d}{dx}(y^2)), an argument other than
// the variable (f'(x+1)), two variables for one function, or a derivative
// on one side only (against an expression, which the derivative rule
// leaves to the judges).

// Derivative notations inside an expression. \frac{dy}{dx} and \dot{x}
// may follow a letter (2y\frac{dy}{dx}); dy/dx may not (in ady/dx the d
// may be a factor); y' may follow at most two letters that make no
// function's name (my' is m y', sin' is no derivative of s i n), and a
// capital takes a prime only with its argument (F'(x); A' may be a
// transpose).
var (
	reLeibFracAtom  = regexp.MustCompile(`\\frac\{d` + dOrd + `\s*[A-Za-z]` + dArg + `\}\{d[A-Za-z]` + dOrd + `\}`)
	reDotAtom       = regexp.MustCompile(`\\(?:dot|ddot|dddot)\s*\{?\s*[A-Za-z]\s*\}?`)
	reLeibSlashAtom = regexp.MustCompile(`(?:^|[^A-Za-z\\])(d` + dOrd + `[A-Za-z]` + dArg + `/d[A-Za-z]` + dOrd + `)`)
	rePrimeAtom     = regexp.MustCompile(`([A-Za-z\\]*)([A-Za-z](?:'{1,4}|′{1,4}|″|\^\{?\([1-9]\)\}?)` + dArg + `)`)
)

// reDerivLeft finds what is still written as a derivative after the
// atoms are taken out.
var reDerivLeft = regexp.MustCompile(`'|′|″|\\(?:dot|ddot|dddot|partial|prime)|\\frac\{\s*d|d` + dOrd + `[A-Za-z]?\s*/\s*d[A-Za-z]`)

// primeMark writes \prime as an apostrophe: y^{\prime} and y^\prime are y'.
var primeMark = strings.NewReplacer(`^{\prime\prime}`, `''`, `^{\prime}`, `'`, `^\prime`, `'`)

// atomSpans returns where s writes derivatives, in order; false when two
// overlap.
func atomSpans(s string) ([][2]int, bool) {
	var spans [][2]int
	for _, re := range []*regexp.Regexp{reLeibFracAtom, reDotAtom} {
		for _, m := range re.FindAllStringIndex(s, -1) {
			spans = append(spans, [2]int{m[0], m[1]})
		}
	}
	for _, m := range reLeibSlashAtom.FindAllStringSubmatchIndex(s, -1) {
		spans = append(spans, [2]int{m[2], m[3]})
	}
	for _, m := range rePrimeAtom.FindAllStringSubmatchIndex(s, -1) {
		run, letter := s[m[2]:m[3]], s[m[4]]
		if strings.Contains(run, `\`) || len(run) > 2 || fnNames[run+string(letter)] {
			continue
		}
		if letter >= 'A' && letter <= 'Z' && !strings.Contains(s[m[4]:m[5]], "(") {
			continue // A' is a transpose, a complement or a point as often: only F'(x) is read
		}
		spans = append(spans, [2]int{m[4], m[5]})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	for i := 1; i < len(spans); i++ {
		if spans[i][0] < spans[i-1][1] {
			return nil, false
		}
	}
	return spans, true
}

// derivAtoms replaces each derivative of s by the name of a variable of
// its own (derivVar) and appends the derivatives to found; false when a
// derivative notation is left that it does not read.
func derivAtoms(s string, found *[]deriv) (string, bool) {
	s = primeMark.Replace(s)
	spans, ok := atomSpans(s)
	if !ok {
		return "", false
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		d, ok := parseDeriv(s[sp[0]:sp[1]])
		if !ok {
			return "", false
		}
		if rest := strings.TrimLeft(s[sp[1]:], " "); strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, "[") {
			return "", false // f'(x+1), \frac{dy}{dx}(x^2): an argument or an operand
		}
		if applies(s[last:sp[0]]) {
			return "", false
		}
		*found = append(*found, d)
		b.WriteString(s[last:sp[0]])
		fmt.Fprintf(&b, "(%s)", derivVar(d)) // "2 Q" would read as a quantity
		last = sp[1]
	}
	if applies(s[last:]) {
		return "", false
	}
	b.WriteString(s[last:])
	out := b.String()
	if reDerivLeft.MatchString(out) {
		return "", false
	}
	return out, true
}

// reApplied finds a name before a parenthesis.
var reApplied = regexp.MustCompile(`(\\?[A-Za-z]+)\s*\(`)

// applies reports a letter applied to parentheses, g(x), which beside a
// derivative names a function (read as a product it would make g(x)
// f'(x) equal to x f'(x) g); known functions such as \sin(x) excepted.
func applies(s string) bool {
	for _, m := range reApplied.FindAllStringSubmatch(s, -1) {
		if !fnNames[strings.TrimPrefix(m[1], `\`)] {
			return true
		}
	}
	return false
}

// derivVar names the variable that stands for a derivative: a letter with
// a subscript of letters alone (a digit would make it read as a name such
// as sp3).
func derivVar(d deriv) string {
	return fmt.Sprintf("Q_{%s%s%s}", d.f, d.x, strings.Repeat("o", d.n))
}

// compareDerivAtoms compares two expressions with derivatives inside, each
// derivative one variable; false when either side is not read so or has
// none.
func (c *cmpr) compareDerivAtoms(g, p string) (Result, bool) {
	if !mayWriteDeriv(g) || !mayWriteDeriv(p) {
		return Result{}, false
	}
	var ds []deriv
	g2, ok1 := derivAtoms(g, &ds)
	ng := len(ds)
	p2, ok2 := derivAtoms(p, &ds)
	if !ok1 || !ok2 || ng == 0 || len(ds) == ng {
		return Result{}, false
	}
	// One variable for each function: y' takes it from dy/dx, and a
	// function in two variables (dy/dx and dy/dt) is not read.
	vars := map[string]string{}
	for _, d := range ds {
		if d.x == "" {
			continue
		}
		if v, ok := vars[d.f]; ok && v != d.x {
			return Result{}, false
		}
		vars[d.f] = d.x
	}
	for _, d := range ds {
		if _, ok := vars[d.x]; ok && d.x != "" {
			// dy/dx and dx/dy: their product is 1, so they are not
			// two free variables.
			return Result{}, false
		}
	}
	for _, d := range ds {
		if d.x == "" && vars[d.f] != "" {
			g2 = strings.ReplaceAll(g2, derivVar(d), derivVar(deriv{f: d.f, x: vars[d.f], n: d.n}))
			p2 = strings.ReplaceAll(p2, derivVar(d), derivVar(deriv{f: d.f, x: vars[d.f], n: d.n}))
		}
	}
	r := c.compare(strings.TrimSpace(g2), strings.TrimSpace(p2), "")
	if r.Verdict == Undecided || (!derivAtomRules[r.Rule]) {
		return undecided("derivative", "derivatives inside expressions, each read as one variable: %s", r.Reason), true
	}
	r.Rule, r.Reason = "derivative", "each derivative read as one variable: "+r.Reason
	return r, true
}

// derivAtomRules are the rules whose verdicts stand when derivatives are
// read as variables: algebra, not units, names or structures.
var derivAtomRules = map[string]bool{"expression": true, "identical": true, "equation": true, "relation": true}

// mayWriteDeriv is a quick test, before the regular expressions, that s
// may write a derivative: a prime, a dot, or two d's (dy/dx).
func mayWriteDeriv(s string) bool {
	return strings.ContainsAny(s, "'′″") || strings.Contains(s, `dot`) || strings.Contains(s, `\prime`) || strings.Count(s, "d") >= 2
}
