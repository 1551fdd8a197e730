package equiv

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Chemistry: molecular formulas compared by element counts, and names
// read by the small table of common names in compounds.go.

var elements = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr
		Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg
		Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og D`) {
		m[e] = true
	}
	return m
}()

var reFormula = regexp.MustCompile(`^(?:\d*[A-Z(\[][A-Za-z0-9()\[\]]*)(?:[·•*.](?:\d*|½)[A-Z(][A-Za-z0-9()]*)*(?:\^\{?(?:\d*[+-]|[+-]\d+)\}?|[+-])?$`)
var reHalfHydrate = regexp.MustCompile(`[·•*.](?:0\.5|1/2|\\frac\{1\}\{2\}|\\frac12|½)`)

var hydrateDots = strings.NewReplacer("•", "·", "*", "·", ".", "·")

var reState = regexp.MustCompile(`\s*\((?:aq|s|l|g)\)$`)

type formula struct {
	counts map[string]int
	charge int
	text   string
	// condensed is set when an element appears in more than one place,
	// as in CH3COOH: isomers cannot be told apart from counts alone.
	condensed bool
}

func (f formula) String() string {
	keys := make([]string, 0, len(f.counts))
	for k := range f.counts {
		keys = append(keys, k)
	}
	// Hill order: C, then H, then the rest alphabetically.
	_, hasC := f.counts["C"]
	sort.Slice(keys, func(i, j int) bool {
		rank := func(k string) string {
			if hasC && k == "C" {
				return "0"
			}
			if hasC && k == "H" {
				return "1"
			}
			return "2" + k
		}
		return rank(keys[i]) < rank(keys[j])
	})
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k)
		if f.counts[k] != 1 {
			b.WriteString(strconv.Itoa(f.counts[k]))
		}
	}
	switch {
	case f.charge > 0:
		fmt.Fprintf(&b, "^%d+", f.charge)
	case f.charge < 0:
		fmt.Fprintf(&b, "^%d-", -f.charge)
	}
	return b.String()
}

var formulaNoise = strings.NewReplacer("_{", "", "_", "", " ", "", "$", "")

// cleanFormula removes LaTeX subscripts and state symbols.
func cleanFormula(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ")") {
		s = reState.ReplaceAllString(s, "")
	}
	s = formulaNoise.Replace(s)
	if strings.ContainsAny(s, "·•*.") {
		// A hemihydrate's half in one notation: CaSO4·0.5H2O, CaSO4·1/2H2O.
		s = reHalfHydrate.ReplaceAllString(s, "·½")
	}
	// Remove the braces left by subscripts, but keep charge braces.
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '}' && (i == 0 || s[i-1] != '+' && s[i-1] != '-') {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// nonmetals are the elements whose one-atom ions are not written with
// their charge as a bare digit reliably: O2- may be O₂⁻ (superoxide) or
// O²⁻ (oxide), N3- azide or nitride, I3- triiodide.
var nonmetals = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields("H D He B C N O F Ne Si P S Cl Ar As Se Br Kr Te I Xe At Rn") {
		m[e] = true
	}
	return m
}()

var (
	reRomanIon = regexp.MustCompile(`^([A-Z][a-z]?)\((I|II|III|IV|V|VI|VII)\)$`)
	reRoman    = regexp.MustCompile(`\((?:I|II|III|IV|V|VI|VII|VIII)\)`)
	reCharge   = regexp.MustCompile(`^\^\{?(?:(\d*)([+-])|([+-])(\d*))\}?$`)
	reBareIon  = regexp.MustCompile(`^(.*?)(\d*)([+-])$`)
	romans     = map[string]int{"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
)

// parseFormula reads a molecular formula: elements with counts,
// parentheses and brackets, hydrates (CuSO4·5H2O) and a charge (Fe^{3+},
// Fe^3+, Fe^{+3}, Fe3+, NH4+, SO4^{2-}, Fe(III) for a metal). It returns
// one reading, or two when the notation is ambiguous (O2- is O₂⁻ or O²⁻;
// SO42- is SO₄²⁻ or, improbably, SO₄₂⁻), and none when it is not a
// formula.
func parseFormula(s string) []formula {
	s = cleanFormula(s)
	if len(s) > 100 || !reFormula.MatchString(s) {
		return nil
	}
	if m := reRomanIon.FindStringSubmatch(s); m != nil {
		// An oxidation state in Roman numerals: Fe(III) is Fe³⁺ for a
		// metal; for a nonmetal (S(VI)) it is no ion.
		if !elements[m[1]] || nonmetals[m[1]] {
			return nil
		}
		return []formula{{counts: map[string]int{m[1]: 1}, charge: romans[m[2]], text: s}}
	}
	if reRoman.MatchString(s) {
		return nil // Fe(III)Cl3: a Roman numeral read as iodine and vanadium
	}
	if i := strings.IndexByte(s, '^'); i >= 0 {
		m := reCharge.FindStringSubmatch(s[i:])
		if m == nil {
			return nil
		}
		digits, sign := m[1]+m[4], m[2]+m[3]
		f, ok := parseNeutral(s[:i], s)
		if !ok {
			return nil
		}
		f.charge = signed(digits, sign)
		if f.charge == 0 {
			return nil
		}
		return []formula{f}
	}
	m := reBareIon.FindStringSubmatch(s)
	if m == nil {
		f, ok := parseNeutral(s, s)
		if !ok {
			return nil
		}
		return []formula{f}
	}
	body, digits, sign := m[1], m[2], m[3]
	if digits == "" {
		f, ok := parseNeutral(body, s)
		if !ok {
			return nil
		}
		f.charge = signed("1", sign)
		return []formula{f}
	}
	var out []formula
	add := func(body, count, charge string) {
		if charge == "" || charge == "0" {
			return
		}
		f, ok := parseNeutral(body+count, s)
		if !ok {
			return
		}
		f.charge = signed(charge, sign)
		out = append(out, f)
	}
	oneAtom := elements[body] && !strings.ContainsAny(body, "()[]")
	switch {
	case oneAtom && len(digits) == 1 && !nonmetals[body]:
		add(body, "", digits) // Fe3+ is Fe³⁺
	case len(digits) == 1 && !oneAtom:
		add(body, digits, "1") // NH4+ is NH₄⁺
	default:
		// O2- and SO42-: the last digit may be the charge or a count.
		add(body, digits[:len(digits)-1], digits[len(digits)-1:])
		add(body, digits, "1")
	}
	return out
}

func signed(digits, sign string) int {
	n := 1
	if digits != "" {
		v, err := strconv.Atoi(digits)
		if err != nil || v > 20 {
			return 0
		}
		n = v
	}
	if sign == "-" {
		n = -n
	}
	return n
}

// parseNeutral reads a formula without its charge; text is the whole
// formula as written.
func parseNeutral(s, text string) (formula, bool) {
	f := formula{counts: map[string]int{}, text: text}
	seen := map[string]int{}
	// A half (CaSO4·½H2O) counts the formula unit twice: Ca2S2O9H2.
	whole := 1
	if strings.Contains(s, "½") {
		whole = 2
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '·' || r == '•' || r == '*' || r == '.' }) {
		mult := whole
		if half, ok := strings.CutPrefix(part, "½"); ok {
			mult, part = 1, half
		}
		j := 0
		for j < len(part) && isDigit(part[j]) {
			j++
		}
		if j > 0 {
			n, _ := strconv.Atoi(part[:j])
			mult *= n
		}
		counts, ok := formulaCounts(part[j:], 0, seen)
		if !ok || mult > 1000 {
			return formula{}, false
		}
		for k, v := range counts {
			f.counts[k] += v * mult
		}
	}
	for _, n := range seen {
		if n > 1 {
			f.condensed = true
		}
	}
	return f, len(f.counts) > 0
}

func formulaCounts(s string, depth int, seen map[string]int) (map[string]int, bool) {
	if depth > 8 {
		return nil, false
	}
	out := map[string]int{}
	for i := 0; i < len(s); {
		var group map[string]int
		switch {
		case s[i] == '(' || s[i] == '[':
			closeBy := byte(')')
			if s[i] == '[' {
				closeBy = ']'
			}
			d, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == s[i] {
					d++
				} else if s[j] == closeBy {
					d--
					if d == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				return nil, false
			}
			g, ok := formulaCounts(s[i+1:j], depth+1, seen)
			if !ok {
				return nil, false
			}
			group, i = g, j+1
		case s[i] >= 'A' && s[i] <= 'Z':
			j := i + 1
			if j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
				j++
			}
			sym := s[i:j]
			if !elements[sym] {
				// Try the one-letter element when the two-letter one is unknown.
				if j-i == 2 && elements[s[i:i+1]] {
					j--
					sym = s[i:j]
				} else {
					return nil, false
				}
			}
			seen[sym]++
			group, i = map[string]int{sym: 1}, j
		default:
			return nil, false
		}
		n := 1
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j > i {
			v, err := strconv.Atoi(s[i:j])
			if err != nil || v == 0 || v > 10000 {
				return nil, false
			}
			n, i = v, j
		}
		for k, v := range group {
			out[k] += v * n
		}
	}
	return out, true
}

// chemical reads a known name or a formula: the row of compounds a name
// denotes (or -1) and the readings of the formula.
func chemical(s string) (row int, fs []formula) {
	if i := lookupName(s); i >= 0 {
		f := parseFormula(compounds[i].formula)[0]
		f.condensed = false
		return i, []formula{f}
	}
	return -1, parseFormula(s)
}

// looksFormula accepts formulas that are not plausibly something else: two
// element symbols at least, or a digit, and not an option letter.
func looksFormula(s string) bool {
	fs := parseFormula(s)
	if len(fs) == 0 {
		return false
	}
	f := fs[0]
	n := 0
	for _, v := range f.counts {
		n += v
	}
	return n >= 2 && !strings.ContainsAny(cleanFormula(s), "+-") || f.charge != 0
}

func (c *cmpr) tryChem(g, p string) (Result, bool) {
	if r, ok := c.tryBonded(g, p); ok {
		return r, true
	}
	gName := lookupName(g) >= 0 || isSalt(g)
	pName := lookupName(p) >= 0 || isSalt(p)
	if !(gName || looksFormula(g)) {
		return Result{}, false
	}
	if !(pName || len(parseFormula(p)) > 0) {
		if gName {
			return undecided("formula", "the answer is not a formula or a known name"), true
		}
		return Result{}, false
	}
	return c.compareChem(g, p), true
}

func sameCounts(a, b formula) bool {
	if a.charge != b.charge || len(a.counts) != len(b.counts) {
		return false
	}
	for k, v := range a.counts {
		if b.counts[k] != v {
			return false
		}
	}
	return true
}

func (c *cmpr) compareChem(g, p string) Result {
	if r, ok := c.compareSalt(g, p); ok {
		return r
	}
	grow, gfs := chemical(g)
	prow, pfs := chemical(p)
	if len(gfs) == 0 || len(pfs) == 0 {
		return undecided("formula", "not understood as formulas or known names")
	}
	var verdicts []Result
	for _, gf := range gfs {
		for _, pf := range pfs {
			r := c.compareFormulas(g, p, grow, prow, gf, pf)
			r.Gold, r.Pred = gf.String(), pf.String()
			verdicts = append(verdicts, r)
		}
	}
	for _, r := range verdicts[1:] {
		if r.Verdict != verdicts[0].Verdict {
			return undecided("formula", "the charge notation is ambiguous: %s or %s", verdicts[0].Pred+" vs "+verdicts[0].Gold, r.Pred+" vs "+r.Gold)
		}
	}
	return verdicts[0]
}

// compareFormulas compares one reading of each side; grow and prow are the
// rows of compounds the sides name, or -1 for a formula.
func (c *cmpr) compareFormulas(g, p string, grow, prow int, gf, pf formula) Result {
	eq := sameCounts(gf, pf)
	switch {
	case grow >= 0 && prow >= 0:
		if grow == prow {
			return decided(true, "formula", "%s and %s name the same compound", g, p)
		}
		if eq {
			return decided(false, "formula", "%s and %s are different compounds with the same formula %s", g, p, gf)
		}
		return decided(false, "formula", "%s and %s are different compounds (%s vs %s)", g, p, gf, pf)
	case grow >= 0 || prow >= 0:
		row, f, name := grow, pf, g
		if prow >= 0 {
			row, f, name = prow, gf, p
		}
		if !eq {
			return decided(false, "formula", "element counts %s vs %s", gf, pf)
		}
		if compounds[row].unique || listedForm(compounds[row].forms, f.text) {
			return decided(true, "formula", "%s is %s", f.text, name)
		}
		if oneStructure(f) {
			return decided(true, "formula", "%s is %s, the one structure of its formula", f.text, name)
		}
		for i, other := range compounds {
			if i != row && listedForm(other.forms, f.text) {
				first, _, _ := strings.Cut(other.names, "|")
				return decided(false, "formula", "%s is %s, an isomer of %s", f.text, first, name)
			}
		}
		if r, ok := structureAgainstForms(compounds[row], f, name); ok {
			return r
		}
		return undecided("formula", "%s is the formula of %s and of other compounds (isomers)", gf, name)
	}
	r := decided(eq, "formula", "element counts %s vs %s", gf, pf)
	gt, pt := hydrateDots.Replace(cleanFormula(g)), hydrateDots.Replace(cleanFormula(p))
	if !eq || gt == pt {
		return r
	}
	// Same counts written differently: identity is proved only in the
	// notation both sides share. Two condensed formulas name structures;
	// a condensed formula against a molecular one proves only the
	// molecular formula, which isomers share; two molecular formulas are
	// one formula unless their atoms come in another order (HCN, HNC).
	if oxyacidAlias(gt, pt) {
		return decided(true, "formula", "%s and %s write one acid, with its central atom first or as its structure", gt, pt)
	}
	structural := func(f formula, t string) bool {
		return f.condensed || reHydrogenGroup.MatchString(t) || strings.Contains(t, "·")
	}
	gc, pc := structural(gf, gt), structural(pf, pt)
	switch {
	case gc && pc:
		gs, gok := condensedStructure(gt)
		ps, pok := condensedStructure(pt)
		switch {
		case gok && pok && gs == ps:
			return decided(true, "formula", "%s and %s are one structure (%s)", gt, pt, gs)
		case gok && pok:
			return decided(false, "formula", "%s and %s have the same element counts %s but different structures (isomers)", gt, pt, gf)
		}
		return undecided("formula", "same element counts %s, but two different condensed formulas may be isomers", gf)
	case gc || pc:
		mol := gf
		if gc {
			mol = pf
		}
		if oneStructure(mol) {
			return decided(true, "formula", "%s has one structure only, so the condensed formula is the same compound", mol)
		}
		return undecided("formula", "a condensed formula against the molecular formula %s, which isomers share", mol)
	case heavyOrder(gt, gf) != heavyOrder(pt, pf):
		return undecided("formula", "same element counts %s, but %s and %s write the atoms in another order (a structural formula, HCN against HNC?)", gf, gt, pt)
	}
	return r
}
