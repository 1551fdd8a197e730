package equiv

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Chemistry: molecular formulas compared by element counts, and a small
// table of common names.

var elements = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr
		Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg
		Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og D`) {
		m[e] = true
	}
	return m
}()

// chemNames maps common names (lower case) to formulas. It is curated:
// add a row for a compound whose name appears in references, with its
// molecular formula first, then, separated by "|", the condensed structural
// formulas that name this compound and no isomer of it. A condensed formula
// with the right counts that is not listed is left to the judges (it may be
// an isomer: CH3OCH3 is not ethanol).
var chemNames = map[string]string{
	"water": "H2O", "heavy water": "D2O", "hydrogen peroxide": "H2O2", "hydrogen": "H2", "oxygen": "O2", "nitrogen": "N2",
	"ozone": "O3", "chlorine": "Cl2", "carbon dioxide": "CO2", "carbon monoxide": "CO", "ammonia": "NH3", "methane": "CH4",
	"ethane": "C2H6|CH3CH3", "propane": "C3H8|CH3CH2CH3", "butane": "C4H10", "ethene": "C2H4|CH2CH2", "ethylene": "C2H4|CH2CH2", "ethyne": "C2H2", "acetylene": "C2H2",
	"benzene": "C6H6", "toluene": "C7H8", "methanol": "CH4O|CH3OH", "ethanol": "C2H6O|C2H5OH|CH3CH2OH", "acetone": "C3H6O|CH3COCH3|(CH3)2CO",
	"acetic acid": "C2H4O2|CH3COOH|CH3CO2H", "ethanoic acid": "C2H4O2|CH3COOH|CH3CO2H", "formic acid": "CH2O2|HCOOH", "methanoic acid": "CH2O2|HCOOH", "formaldehyde": "CH2O|HCHO",
	"glucose": "C6H12O6", "fructose": "C6H12O6", "sucrose": "C12H22O11", "urea": "CH4N2O|CO(NH2)2|(NH2)2CO", "glycine": "C2H5NO2|NH2CH2COOH|H2NCH2COOH",
	"sodium chloride": "NaCl", "potassium chloride": "KCl", "sodium hydroxide": "NaOH", "potassium hydroxide": "KOH",
	"calcium carbonate": "CaCO3", "calcium oxide": "CaO", "calcium hydroxide": "Ca(OH)2", "sodium bicarbonate": "NaHCO3",
	"sodium hydrogen carbonate": "NaHCO3", "sodium carbonate": "Na2CO3", "hydrochloric acid": "HCl", "hydrogen chloride": "HCl",
	"sulfuric acid": "H2SO4", "sulphuric acid": "H2SO4", "nitric acid": "HNO3", "phosphoric acid": "H3PO4", "carbonic acid": "H2CO3",
	"silver nitrate": "AgNO3", "silver chloride": "AgCl", "copper(ii) sulfate": "CuSO4", "copper sulfate": "CuSO4",
	"copper(ii) sulfate pentahydrate": "CuSO4·5H2O", "iron(iii) oxide": "Fe2O3", "iron(ii) oxide": "FeO", "magnesium oxide": "MgO",
	"aluminium oxide": "Al2O3", "aluminum oxide": "Al2O3", "silicon dioxide": "SiO2", "sulfur dioxide": "SO2", "sulfur trioxide": "SO3",
	"nitrogen dioxide": "NO2", "nitric oxide": "NO", "nitrous oxide": "N2O", "hydrogen sulfide": "H2S", "potassium permanganate": "KMnO4",
	"sodium sulfate": "Na2SO4", "ammonium chloride": "NH4Cl", "ammonium nitrate": "NH4NO3", "lithium hydride": "LiH",
}

var reFormula = regexp.MustCompile(`^(?:\d*[A-Z(\[][A-Za-z0-9()\[\]]*)(?:[·•*.]\d*[A-Z(][A-Za-z0-9()]*)*(?:\^\{?\d*[+-]\}?|[+-])?$`)
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

// cleanFormula removes LaTeX subscripts and state symbols.
func cleanFormula(s string) string {
	s = strings.TrimSpace(s)
	s = reState.ReplaceAllString(s, "")
	s = strings.NewReplacer("_{", "", "_", "", " ", "", "$", "").Replace(s)
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

// parseFormula reads a molecular formula: elements with counts,
// parentheses and brackets, hydrates (CuSO4·5H2O) and a charge.
func parseFormula(s string) (formula, bool) {
	s = cleanFormula(s)
	if !reFormula.MatchString(s) || len(s) > 100 {
		return formula{}, false
	}
	f := formula{counts: map[string]int{}, text: s}
	if !strings.Contains(s, "^") && (strings.HasSuffix(s, "+") || strings.HasSuffix(s, "-")) {
		s = s[:len(s)-1] + "^" + s[len(s)-1:] // NH4+ is NH4^+
	}
	if i := strings.IndexByte(s, '^'); i >= 0 {
		ch := strings.Trim(s[i+1:], "{}")
		s = s[:i]
		n := 1
		if len(ch) > 1 {
			v, err := strconv.Atoi(ch[:len(ch)-1])
			if err != nil {
				return formula{}, false
			}
			n = v
		}
		if ch[len(ch)-1] == '-' {
			n = -n
		}
		f.charge = n
	}
	seen := map[string]int{}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '·' || r == '•' || r == '*' || r == '.' }) {
		mult := 1
		j := 0
		for j < len(part) && isDigit(part[j]) {
			j++
		}
		if j > 0 {
			mult, _ = strconv.Atoi(part[:j])
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

// chemical reads a formula or a known name. For a name, forms lists the
// formulas that name it.
func chemical(s string) (f formula, forms []string, ok bool) {
	if v, known := chemNames[strings.ToLower(strings.Join(strings.Fields(s), " "))]; known {
		alts := strings.Split(v, "|")
		f, ok = parseFormula(alts[0])
		f.condensed = false
		return f, alts, ok
	}
	f, ok = parseFormula(s)
	return f, nil, ok
}

// looksFormula accepts formulas that are not plausibly something else: two
// element symbols at least, or a digit, and not an option letter.
func looksFormula(s string) bool {
	f, ok := parseFormula(s)
	if !ok {
		return false
	}
	n := 0
	for _, v := range f.counts {
		n += v
	}
	return n >= 2 && !strings.ContainsAny(cleanFormula(s), "+-") || f.charge != 0
}

func (c *cmpr) tryChem(g, p string) (Result, bool) {
	_, gName := chemNames[strings.ToLower(g)]
	_, pName := chemNames[strings.ToLower(p)]
	if !(gName || looksFormula(g)) {
		return Result{}, false
	}
	if _, ok := parseFormula(p); !(pName || ok) {
		if gName {
			return undecided("formula", "the answer is not a formula or a known name"), true
		}
		return Result{}, false
	}
	return c.compareChem(g, p), true
}

func (c *cmpr) compareChem(g, p string) Result {
	gf, gforms, ok1 := chemical(g)
	pf, pforms, ok2 := chemical(p)
	if !ok1 || !ok2 {
		return undecided("formula", "not understood as formulas or known names")
	}
	eq := gf.charge == pf.charge && len(gf.counts) == len(pf.counts)
	for k, v := range gf.counts {
		if pf.counts[k] != v {
			eq = false
		}
	}
	r := decided(eq, "formula", "element counts %s vs %s", gf, pf)
	if eq {
		// Same counts: a condensed formula names one structure, and two
		// different ones may be isomers.
		listed := func(f formula, forms []string) bool {
			for _, x := range forms {
				if hydrateDots.Replace(cleanFormula(x)) == hydrateDots.Replace(cleanFormula(f.text)) {
					return true
				}
			}
			return false
		}
		switch {
		case gf.condensed && pf.condensed && hydrateDots.Replace(cleanFormula(g)) != hydrateDots.Replace(cleanFormula(p)):
			r = undecided("formula", "same element counts %s, but two different condensed formulas may be isomers", gf)
		case gforms != nil && pf.condensed && !listed(pf, gforms), pforms != nil && gf.condensed && !listed(gf, pforms):
			r = undecided("formula", "same element counts %s, but the condensed formula is not a listed form of the name", gf)
		}
	}
	r.Gold, r.Pred = gf.String(), pf.String()
	return r
}
