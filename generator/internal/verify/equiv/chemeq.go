package equiv

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Chemical equations: each side is a sum of coefficient × formula terms,
// compared as multisets of species (the formulas of chem.go, by element
// counts and charge) with their coefficients and state symbols.
//
// Verdicts, in the order they are tried:
//
//   - an equilibrium (⇌, <=>, \rightleftharpoons) against a one-way arrow
//     (->, →, ⟶, =) is undecided;
//   - a balanced reference (atoms and charge) against an answer that is not
//     balanced is not equal;
//   - the same species on the same sides: equal with the same coefficients
//     and the same state symbols (both omitted, or both the same);
//     undecided when the coefficients are multiplied by a common factor
//     (a question may ask for the smallest coefficients), when the state
//     symbols differ, or when the reference is not balanced;
//   - the same species with the sides swapped: not equal (the reverse
//     reaction) for one-way arrows; undecided with "=" or equilibria;
//   - different species: not equal, except where two notations may name
//     one species or one reaction, which is undecided: the same empirical
//     formula (P4O10 and P2O5, S8 and S; a diatomic element against its atom,
//     Cl2 against Cl, is a different species), H+ against H3O+ (and water),
//     an ionic against a molecular equation, and a species written on both
//     sides of an equation (a catalyst).

type eqArrow int

const (
	arrowForward eqArrow = iota + 1
	arrowEquals
	arrowEquilibrium
)

// eqSpecies is one species on one side: the sum of its coefficients.
type eqSpecies struct {
	coef  rat
	f     formula
	text  string // the formula as written, cleaned
	state string
	mark  byte // 'g' for a gas given off (↑), 's' for a precipitate (↓)
}

type chemEq struct {
	arrow eqArrow
	sides [2]map[string]*eqSpecies // keyed by formula.String()
	ionic bool                     // a charged species appears
	conds string                   // the conditions over the arrow, canonical (chemeqnote.go)
}

// rat is a small positive rational coefficient.
type rat struct{ n, d int64 }

func (r rat) String() string {
	if r.d == 1 {
		return strconv.FormatInt(r.n, 10)
	}
	return fmt.Sprintf("%d/%d", r.n, r.d)
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

func (r rat) add(s rat) (rat, bool) {
	if r.d > 1e9 || s.d > 1e9 || r.n > 1e9 || s.n > 1e9 || r.n < -1e9 || s.n < -1e9 {
		return rat{}, false
	}
	n, d := r.n*s.d+s.n*r.d, r.d*s.d
	g := gcd64(n, d)
	return rat{n / g, d / g}, true
}

// eqMarks turns the arrows into one-byte marks: \x01 an equilibrium, \x02 a
// one-way arrow, \x03 an equals sign. normalize has made <=> into <>= and
// \rightleftharpoons into leftharpoons.
var eqMarks = strings.NewReplacer("⇌", "\x01", "⇄", "\x01", "<>=", "\x01", `\rightleftharpoons`, "\x01", "leftharpoons", "\x01",
	`\rightleftarrows`, "\x01", "leftarrows", "\x01", `\longrightarrow`, "\x02", "->", "\x02", "→", "\x02", "⟶", "\x02", "=", "\x03")

// mayBeChemEq is a cheap filter: an arrow or an equals sign, and a capital.
func mayBeChemEq(s string) bool {
	arrow, capital := false, false
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b == '>' || b == '=' || b == 0xE2: // → ⟶ ⇌ ⇄ start with 0xE2
			arrow = true
		case b >= 'A' && b <= 'Z':
			capital = true
		case b == 'l' && strings.HasPrefix(s[i:], "left"), b == 'a' && strings.HasPrefix(s[i:], "arrow"):
			arrow = true
		}
	}
	return arrow && capital
}

var (
	reEqCoef  = regexp.MustCompile(`^(?:(\d+)(?:/(\d+))?|\\frac\{(\d+)\}\{(\d+)\}|(½))?\s*`)
	reEqState = regexp.MustCompile(`\s*(?:_\{?)?\((aq|s|l|g)\)\}?$`)
	reEqDigit = regexp.MustCompile(`[0-9a-z^(]`)
)

// parseChemEq reads a chemical equation, or reports that s is not one. A
// term with two readings (SO42-: sulfate, or a charge of 1-?) takes the
// one under which the equation balances, when exactly one does.
func parseChemEq(s string) (*chemEq, bool) {
	if len(s) > 1000 || !mayBeChemEq(s) {
		return nil, false
	}
	s, conds, ok := eqConditions(s)
	if !ok {
		return nil, false
	}
	m := eqMarks.Replace(s)
	at, n := -1, 0
	for i := 0; i < len(m); i++ {
		if m[i] >= 1 && m[i] <= 3 {
			at, n = i, n+1
		}
	}
	if n != 1 {
		return nil, false
	}
	var arrow eqArrow
	switch m[at] {
	case 1:
		arrow = arrowEquilibrium
	case 2:
		arrow = arrowForward
	case 3:
		arrow = arrowEquals
		// "P = IV" is algebra: an equals sign reads as a chemical
		// equation only with a digit, a small letter, a charge or a
		// parenthesis in it, and with spaces around it (CH2=CH2 is a
		// double bond).
		if !reEqDigit.MatchString(s) || at == 0 || at+1 >= len(m) || m[at-1] != ' ' || m[at+1] != ' ' {
			return nil, false
		}
	}
	var sides [2][][]*eqSpecies
	combos := 1
	for k, side := range []string{m[:at], m[at+1:]} {
		terms, ok := splitEqTerms(strings.TrimSpace(side))
		if !ok {
			return nil, false
		}
		for _, t := range terms {
			alts, ok := parseEqTermAlts(t)
			if !ok {
				return nil, false
			}
			if combos *= len(alts); combos > 16 {
				return nil, false
			}
			sides[k] = append(sides[k], alts)
		}
	}
	var found *chemEq
	for i := 0; i < combos; i++ {
		eq, ok := buildChemEq(sides, i)
		if !ok {
			continue
		}
		eq.arrow, eq.conds = arrow, conds
		if combos == 1 {
			return eq, true
		}
		if el, _, _ := eq.balance(); el == "" {
			if found != nil {
				return nil, false // two readings balance
			}
			found = eq
		}
	}
	return found, found != nil
}

// buildChemEq makes the equation of the combo-th choice among the terms'
// readings.
func buildChemEq(sides [2][][]*eqSpecies, combo int) (*chemEq, bool) {
	eq := &chemEq{}
	for k := range sides {
		eq.sides[k] = map[string]*eqSpecies{}
		for _, alts := range sides[k] {
			src := alts[combo%len(alts)]
			combo /= len(alts)
			sp := *src
			if sp.f.charge != 0 {
				eq.ionic = true
			}
			key := sp.f.String()
			if old := eq.sides[k][key]; old != nil {
				// The same species twice on one side: one species only
				// if written alike.
				var ok bool
				if old.text != sp.text || old.state != sp.state || old.mark != sp.mark {
					return nil, false
				}
				if old.coef, ok = old.coef.add(sp.coef); !ok {
					return nil, false
				}
				continue
			}
			eq.sides[k][key] = &sp
		}
	}
	return eq, true
}

// splitEqTerms splits one side at its plus signs. With spaces around a
// plus ("Ag^+ + Cl^-"), only those separate; without, a plus after "^",
// inside braces or before another plus, "(" or the end is a charge.
func splitEqTerms(side string) ([]string, bool) {
	if side == "" {
		return nil, false
	}
	var terms []string
	if strings.Contains(side, " + ") {
		terms = strings.Split(side, " + ")
	} else {
		depth, start := 0, 0
		for i := 0; i < len(side); i++ {
			switch side[i] {
			case '{':
				depth++
			case '}':
				depth--
			case '+':
				if depth != 0 || i == 0 || side[i-1] == '^' || i+1 == len(side) {
					continue
				}
				if nx := side[i+1]; nx == '+' || nx == '(' || nx == '}' || nx == ' ' {
					continue
				}
				terms = append(terms, side[start:i])
				start = i + 1
			}
		}
		terms = append(terms, side[start:])
	}
	if len(terms) > 30 {
		return nil, false
	}
	for i, t := range terms {
		terms[i] = strings.TrimSpace(t)
		if terms[i] == "" {
			return nil, false
		}
	}
	return terms, true
}

// parseEqTermAlts reads "2H2O(l)", "\frac{1}{2}O_2", "3 Cl^-", "2e^-",
// "H2↑", giving each reading of a formula whose charge is ambiguous (SO42-).
func parseEqTermAlts(t string) ([]*eqSpecies, bool) {
	sp := &eqSpecies{coef: rat{1, 1}}
	if m := reEqCoef.FindStringSubmatch(t); m != nil && m[0] != "" {
		num, den := m[1]+m[3], m[2]+m[4]
		if m[5] != "" {
			num, den = "1", "2"
		}
		if num != "" {
			a, err1 := strconv.ParseInt(num, 10, 64)
			b := int64(1)
			var err2 error
			if den != "" {
				b, err2 = strconv.ParseInt(den, 10, 64)
			}
			if err1 != nil || err2 != nil || a <= 0 || b <= 0 || a > 1e6 || b > 1e6 {
				return nil, false
			}
			g := gcd64(a, b)
			sp.coef = rat{a / g, b / g}
		}
		t = t[len(m[0]):]
	}
	t, sp.mark = eqMark(t)
	if m := reEqState.FindStringSubmatchIndex(t); m != nil {
		sp.state = t[m[2]:m[3]]
		t = strings.TrimSpace(t[:m[0]])
	}
	if t == "" {
		return nil, false
	}
	switch t {
	case "e", "e-", "e^-", "e^{-}", "e^{-1}", "e^-1":
		sp.f = formula{counts: map[string]int{}, charge: -1, text: "e^-"}
		sp.text = "e^-"
		return []*eqSpecies{sp}, true
	}
	if !(t[0] >= 'A' && t[0] <= 'Z' || t[0] == '(' || t[0] == '[') {
		return nil, false
	}
	fs := parseFormula(t)
	if len(fs) == 0 || len(fs) > 4 {
		return nil, false
	}
	sp.text = hydrateDots.Replace(cleanFormula(t))
	alts := make([]*eqSpecies, len(fs))
	for i, f := range fs {
		a := *sp
		a.f = f
		alts[i] = &a
	}
	return alts, true
}

// balance returns the first element (or "charge") whose totals differ
// between the two sides, with the totals, or "" when balanced.
func (eq *chemEq) balance() (string, rat, rat) {
	tot := [2]map[string]rat{{}, {}}
	for k, side := range eq.sides {
		for _, sp := range side {
			for el, n := range sp.f.counts {
				v, ok := tot[k][el].orZero().add(rat{sp.coef.n * int64(n), sp.coef.d})
				if !ok {
					return "overflow", rat{}, rat{}
				}
				tot[k][el] = v
			}
			if sp.f.charge != 0 {
				c := sp.f.charge
				key := "charge+"
				if c < 0 {
					key, c = "charge-", -c
				}
				v, ok := tot[k][key].orZero().add(rat{sp.coef.n * int64(c), sp.coef.d})
				if !ok {
					return "overflow", rat{}, rat{}
				}
				tot[k][key] = v
			}
		}
	}
	// Net charge: compare charge+ minus charge- per side.
	net := func(m map[string]rat) rat {
		p, q := m["charge+"].orZero(), m["charge-"].orZero()
		delete(m, "charge+")
		delete(m, "charge-")
		// p - q, as a rational possibly negative
		n, d := p.n*q.d-q.n*p.d, p.d*q.d
		g := gcd64(n, d)
		if g == 0 {
			return rat{0, 1}
		}
		return rat{n / g, d / g}
	}
	c0, c1 := net(tot[0]), net(tot[1])
	keys := map[string]bool{}
	for k := range tot {
		for el := range tot[k] {
			keys[el] = true
		}
	}
	sorted := make([]string, 0, len(keys))
	for el := range keys {
		sorted = append(sorted, el)
	}
	sort.Strings(sorted)
	for _, el := range sorted {
		a, b := tot[0][el].orZero(), tot[1][el].orZero()
		if a != b {
			return el, a, b
		}
	}
	if c0 != c1 {
		return "charge", c0, c1
	}
	return "", rat{}, rat{}
}

func (r rat) orZero() rat {
	if r.d == 0 {
		return rat{0, 1}
	}
	return r
}

// sameKeys reports whether two sides hold the same species (by formula).
func sameKeys(a, b map[string]*eqSpecies) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if b[k] == nil {
			return false
		}
	}
	return true
}

func (c *cmpr) tryChemEq(g, p string) (Result, bool) {
	ge, ok := parseChemEq(g)
	if !ok {
		return Result{}, false
	}
	pe, ok := parseChemEq(p)
	if !ok {
		if strings.ContainsAny(p, "→⟶⇌⇄") || strings.Contains(p, "->") {
			return undecided("chem_equation", "the answer is an equation not understood"), true
		}
		if speciesOnly(p) {
			// 2H2O against 2H2 + O2 -> 2H2O: a product is no equation.
			return decided(false, "chem_equation", "the reference is an equation, the answer species without an arrow"), true
		}
		return Result{}, false
	}
	return compareChemEq(ge, pe), true
}

func compareChemEq(g, p *chemEq) Result {
	r := compareChemEqSpecies(g, p)
	if r.Verdict != Equal {
		return r
	}
	return annotationsAgree(g, p, r)
}

func compareChemEqSpecies(g, p *chemEq) Result {
	if (g.arrow == arrowEquilibrium) != (p.arrow == arrowEquilibrium) {
		return undecided("chem_equation", "an equilibrium against a one-way reaction")
	}
	gel, ga, gb := g.balance()
	pel, pa, pb := p.balance()
	if gel == "overflow" || pel == "overflow" {
		return undecided("chem_equation", "coefficients too large")
	}
	gBal := gel == ""
	if gBal && pel != "" {
		return decided(false, "chem_equation", "the reference is balanced, the answer is not (%s: %s vs %s)", pel, pa, pb)
	}
	if sameKeys(g.sides[0], p.sides[0]) && sameKeys(g.sides[1], p.sides[1]) {
		return compareSameSpecies(g, p, gBal, gel, ga, gb)
	}
	if sameKeys(g.sides[0], p.sides[1]) && sameKeys(g.sides[1], p.sides[0]) {
		if g.arrow != arrowForward || p.arrow != arrowForward {
			return undecided("chem_equation", "the sides are swapped around an equals sign or an equilibrium")
		}
		for k := 0; k < 2; k++ {
			for key, gs := range g.sides[k] {
				if v := sameSpecies(gs, p.sides[1-k][key]); v == Undecided {
					return undecided("chem_equation", "%s and %s may be isomers", gs.text, p.sides[1-k][key].text)
				}
			}
		}
		return decided(false, "chem_equation", "the answer is the reverse reaction")
	}
	return compareOtherSpecies(g, p)
}

// sameSpecies compares two species of one formula: as written alike,
// or when either is a plain molecular formula (the element-count policy
// of formulas), equal; two condensed formulas compare by structure.
func sameSpecies(a, b *eqSpecies) Verdict {
	if a.text == b.text || !a.f.condensed || !b.f.condensed {
		return Equal
	}
	sa, oka := condensedStructure(a.text)
	sb, okb := condensedStructure(b.text)
	if !oka || !okb {
		return Undecided
	}
	if sa == sb {
		return Equal
	}
	return NotEqual
}

func compareSameSpecies(g, p *chemEq, gBal bool, gel string, ga, gb rat) Result {
	var factor rat
	proportional, identical := true, true
	for k := 0; k < 2; k++ {
		for key, gs := range g.sides[k] {
			ps := p.sides[k][key]
			switch sameSpecies(gs, ps) {
			case NotEqual:
				return decided(false, "chem_equation", "%s and %s are different compounds (isomers)", gs.text, ps.text)
			case Undecided:
				return undecided("chem_equation", "%s and %s may be isomers", gs.text, ps.text)
			}
			if gs.state != ps.state {
				return undecided("chem_equation", "state symbols differ for %s: %q vs %q", gs.text, gs.state, ps.state)
			}
			if gs.coef != ps.coef {
				identical = false
			}
			// ratio ps/gs
			n, d := ps.coef.n*gs.coef.d, ps.coef.d*gs.coef.n
			q := gcd64(n, d)
			r := rat{n / q, d / q}
			if factor.d == 0 {
				factor = r
			} else if r != factor {
				proportional = false
			}
		}
	}
	switch {
	case identical:
		return decided(true, "chem_equation", "the same species with the same coefficients")
	case proportional:
		return undecided("chem_equation", "the coefficients are multiplied by %s: balanced, but not the same coefficients", factor)
	case !gBal:
		return undecided("chem_equation", "the reference is not balanced (%s: %s vs %s); the coefficients differ", gel, ga, gb)
	}
	return undecided("chem_equation", "two balanced equations of the same species with other coefficients")
}
