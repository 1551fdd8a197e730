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

// compound is a substance the table of names knows.
type compound struct {
	// names are its names, lower case, in the spelling nameKey gives,
	// separated by "|".
	names string
	// formula is its molecular formula, with the charge of an ion.
	formula string
	// forms are condensed formulas that name this compound and no isomer
	// of it, separated by "|".
	forms string
	// unique says that no other compound has its molecular formula (or
	// none a reference could mean), so that the formula alone names it.
	unique bool
}

// compounds is the curated table of common names. A name denotes a
// compound, not a formula: two names are equal only when they name the
// same row, and a formula equals a name only when the row is unique or
// lists the formula among its forms (C6H12O6 is glucose, fructose and
// galactose, so it is none of them for sure). Add a row for a compound
// whose name appears in references; mark it unique only when no isomer is
// a plausible answer.
var compounds = []compound{
	{"water", "H2O", "", true}, {"heavy water|deuterium oxide", "D2O", "", true},
	{"hydrogen peroxide", "H2O2", "HOOH", true}, {"hydrogen|dihydrogen|hydrogen gas", "H2", "", true},
	{"oxygen|dioxygen|oxygen gas", "O2", "", true}, {"nitrogen|dinitrogen|nitrogen gas", "N2", "", true},
	{"ozone|trioxygen", "O3", "", true}, {"chlorine|dichlorine|chlorine gas", "Cl2", "", true},
	{"fluorine|fluorine gas", "F2", "", true}, {"bromine", "Br2", "", true}, {"iodine", "I2", "", true},
	{"carbon dioxide", "CO2", "", true}, {"carbon monoxide", "CO", "", true}, {"ammonia", "NH3", "", true},
	{"methane", "CH4", "", true}, {"ethane", "C2H6", "CH3CH3", true}, {"propane", "C3H8", "CH3CH2CH3", true},
	{"butane|n-butane", "C4H10", "CH3CH2CH2CH3|CH3(CH2)2CH3", false},
	{"isobutane|2-methylpropane|methylpropane", "C4H10", "(CH3)3CH|CH(CH3)3", false},
	{"ethene|ethylene", "C2H4", "CH2CH2|CH2=CH2|H2C=CH2", true}, {"ethyne|acetylene", "C2H2", "HCCH|HC≡CH", true},
	{"propene|propylene", "C3H6", "CH2=CHCH3|CH3CH=CH2", false}, {"cyclopropane", "C3H6", "", false},
	{"benzene", "C6H6", "", false}, {"toluene|methylbenzene", "C7H8", "C6H5CH3", false},
	{"cyclohexane", "C6H12", "", false}, {"hexane|n-hexane", "C6H14", "CH3(CH2)4CH3", false},
	{"methanol|methyl alcohol", "CH4O", "CH3OH", true},
	{"ethanol|ethyl alcohol", "C2H6O", "C2H5OH|CH3CH2OH", false}, {"dimethyl ether|methoxymethane", "C2H6O", "CH3OCH3|(CH3)2O", false},
	{"1-propanol|propan-1-ol|n-propanol|propanol", "C3H8O", "CH3CH2CH2OH", false},
	{"2-propanol|propan-2-ol|isopropanol|isopropyl alcohol", "C3H8O", "(CH3)2CHOH|CH3CH(OH)CH3", false},
	{"acetone|propanone|propan-2-one", "C3H6O", "CH3COCH3|(CH3)2CO", false},
	{"acetaldehyde|ethanal", "C2H4O", "CH3CHO", false},
	{"propanal|propionaldehyde", "C3H6O", "CH3CH2CHO", false}, {"1-hexene|hex-1-ene", "C6H12", "CH2=CHCH2CH2CH2CH3", false},
	{"propanoic acid|propionic acid", "C3H6O2", "CH3CH2COOH", false}, {"methyl acetate|methyl ethanoate", "C3H6O2", "CH3COOCH3", false},
	{"diethyl ether|ethoxyethane", "C4H10O", "CH3CH2OCH2CH3|(C2H5)2O", false}, {"1-butanol|butan-1-ol|n-butanol", "C4H10O", "CH3CH2CH2CH2OH", false},
	{"ethylamine|ethanamine", "C2H7N", "CH3CH2NH2", false}, {"dimethylamine|n-methylmethanamine", "C2H7N", "CH3NHCH3|(CH3)2NH", false},
	{"acetic acid|ethanoic acid", "C2H4O2", "CH3COOH|CH3CO2H", false}, {"methyl formate|methyl methanoate", "C2H4O2", "HCOOCH3|HCO2CH3", false},
	{"formic acid|methanoic acid", "CH2O2", "HCOOH|HCO2H", false}, {"formaldehyde|methanal", "CH2O", "HCHO", false},
	{"ethylene glycol|ethane-1,2-diol", "C2H6O2", "HOCH2CH2OH|(CH2OH)2", false}, {"glycerol|glycerin|propane-1,2,3-triol", "C3H8O3", "HOCH2CH(OH)CH2OH", false},
	{"benzoic acid", "C7H6O2", "C6H5COOH|C6H5CO2H", false}, {"phenol", "C6H6O", "C6H5OH", false}, {"aniline", "C6H7N", "C6H5NH2", false},
	{"glucose|dextrose|d-glucose", "C6H12O6", "", false}, {"fructose|d-fructose", "C6H12O6", "", false}, {"galactose", "C6H12O6", "", false},
	{"sucrose", "C12H22O11", "", false}, {"lactose", "C12H22O11", "", false}, {"maltose", "C12H22O11", "", false},
	{"urea|carbamide", "CH4N2O", "CO(NH2)2|(NH2)2CO", false}, {"ammonium cyanate", "CH4N2O", "NH4OCN|NH4CNO", false},
	{"glycine", "C2H5NO2", "NH2CH2COOH|H2NCH2COOH|H2NCH2CO2H", false}, {"nitroethane", "C2H5NO2", "CH3CH2NO2", false},
	{"carbon tetrachloride|tetrachloromethane", "CCl4", "", true}, {"chloroform|trichloromethane", "CHCl3", "", true},
	{"dichloromethane|methylene chloride", "CH2Cl2", "", true}, {"chloromethane|methyl chloride", "CH3Cl", "", true},
	{"hydrogen cyanide", "CHN", "HCN", false}, {"hydrazine", "N2H4", "H2NNH2", true},
	{"sulfur hexafluoride", "SF6", "", true}, {"phosphine", "PH3", "", true}, {"silane", "SiH4", "", true},
	{"boron trifluoride", "BF3", "", true}, {"xenon tetrafluoride", "XeF4", "", true},
	{"sodium chloride|table salt|halite", "NaCl", "", true}, {"potassium chloride", "KCl", "", true},
	{"lithium chloride", "LiCl", "", true}, {"sodium fluoride", "NaF", "", true}, {"sodium bromide", "NaBr", "", true},
	{"potassium bromide", "KBr", "", true}, {"potassium iodide", "KI", "", true}, {"sodium iodide", "NaI", "", true},
	{"sodium hydroxide|caustic soda", "NaOH", "", true}, {"potassium hydroxide|caustic potash", "KOH", "", true},
	{"lithium hydroxide", "LiOH", "", true},
	{"calcium carbonate", "CaCO3", "", true}, {"calcium oxide|quicklime", "CaO", "", true},
	{"calcium hydroxide|slaked lime", "Ca(OH)2", "", true}, {"calcium chloride", "CaCl2", "", true},
	{"calcium fluoride|fluorite", "CaF2", "", true}, {"calcium sulfate", "CaSO4", "", true},
	{"sodium bicarbonate|sodium hydrogen carbonate|sodium hydrogencarbonate|baking soda", "NaHCO3", "", true},
	{"sodium carbonate|soda ash|washing soda", "Na2CO3", "", true}, {"potassium carbonate", "K2CO3", "", true},
	{"hydrochloric acid|hydrogen chloride", "HCl", "", true}, {"hydrofluoric acid|hydrogen fluoride", "HF", "", true},
	{"hydrobromic acid|hydrogen bromide", "HBr", "", true}, {"hydroiodic acid|hydrogen iodide", "HI", "", true},
	{"sulfuric acid", "H2SO4", "", true}, {"sulfurous acid", "H2SO3", "", true}, {"nitric acid", "HNO3", "", true},
	{"nitrous acid", "HNO2", "", true}, {"phosphoric acid|orthophosphoric acid", "H3PO4", "", true},
	{"carbonic acid", "H2CO3", "", true}, {"perchloric acid", "HClO4", "", true},
	{"silver nitrate", "AgNO3", "", true}, {"silver chloride", "AgCl", "", true}, {"silver bromide", "AgBr", "", true},
	{"silver iodide", "AgI", "", true},
	{"copper(ii) sulfate|copper sulfate|cupric sulfate", "CuSO4", "", true},
	{"copper(ii) sulfate pentahydrate|copper sulfate pentahydrate", "CuSO4·5H2O", "", true},
	{"copper(ii) oxide|cupric oxide", "CuO", "", true}, {"copper(i) oxide|cuprous oxide", "Cu2O", "", true},
	{"copper(ii) chloride|cupric chloride", "CuCl2", "", true},
	{"iron(iii) oxide|ferric oxide", "Fe2O3", "", true}, {"iron(ii) oxide|ferrous oxide", "FeO", "", true},
	{"iron(ii,iii) oxide|magnetite", "Fe3O4", "", true},
	{"iron(iii) chloride|ferric chloride", "FeCl3", "", true}, {"iron(ii) chloride|ferrous chloride", "FeCl2", "", true},
	{"iron(ii) sulfate|ferrous sulfate", "FeSO4", "", true},
	{"magnesium oxide", "MgO", "", true}, {"magnesium chloride", "MgCl2", "", true},
	{"magnesium hydroxide", "Mg(OH)2", "", true}, {"magnesium sulfate", "MgSO4", "", true},
	{"aluminum oxide|alumina", "Al2O3", "", true}, {"aluminum hydroxide", "Al(OH)3", "", true},
	{"aluminum chloride", "AlCl3", "", true},
	{"silicon dioxide|silica", "SiO2", "", true}, {"sulfur dioxide", "SO2", "", true}, {"sulfur trioxide", "SO3", "", true},
	{"nitrogen dioxide", "NO2", "", true}, {"nitric oxide|nitrogen monoxide", "NO", "", true},
	{"nitrous oxide|dinitrogen monoxide|dinitrogen oxide", "N2O", "", true}, {"dinitrogen tetroxide", "N2O4", "", true},
	{"hydrogen sulfide", "H2S", "", true}, {"potassium permanganate", "KMnO4", "", true},
	{"potassium dichromate", "K2Cr2O7", "", true}, {"potassium nitrate", "KNO3", "", true},
	{"sodium nitrate", "NaNO3", "", true}, {"potassium chlorate", "KClO3", "", true},
	{"sodium thiosulfate", "Na2S2O3", "", true}, {"sodium hypochlorite", "NaClO", "NaOCl", true},
	{"sodium sulfate", "Na2SO4", "", true}, {"sodium sulfide", "Na2S", "", true}, {"sodium oxide", "Na2O", "", true},
	{"ammonium chloride", "NH4Cl", "", true}, {"ammonium nitrate", "NH4NO3", "", true},
	{"ammonium sulfate", "(NH4)2SO4", "", true}, {"lithium hydride", "LiH", "", true},
	{"barium sulfate", "BaSO4", "", true}, {"barium chloride", "BaCl2", "", true},
	{"zinc oxide", "ZnO", "", true}, {"zinc sulfate", "ZnSO4", "", true}, {"zinc chloride", "ZnCl2", "", true},
	{"lead(ii) nitrate", "Pb(NO3)2", "", true}, {"lead(ii) iodide", "PbI2", "", true},
	{"sodium acetate", "C2H3NaO2", "CH3COONa|CH3CO2Na|NaCH3COO|NaC2H3O2", false},
	// Ions, named with or without "ion".
	{"hydroxide", "OH^-", "", true}, {"ammonium", "NH4^+", "", true}, {"hydronium|oxonium", "H3O^+", "", true},
	{"sulfate", "SO4^2-", "", true}, {"sulfite", "SO3^2-", "", true}, {"nitrate", "NO3^-", "", true},
	{"nitrite", "NO2^-", "", true}, {"carbonate", "CO3^2-", "", true}, {"bicarbonate|hydrogen carbonate|hydrogencarbonate", "HCO3^-", "", true},
	{"phosphate", "PO4^3-", "", true}, {"permanganate", "MnO4^-", "", true}, {"dichromate", "Cr2O7^2-", "", true},
	{"chloride", "Cl^-", "", true}, {"bromide", "Br^-", "", true}, {"iodide", "I^-", "", true}, {"fluoride", "F^-", "", true},
	{"oxide", "O^2-", "", true}, {"sulfide", "S^2-", "", true}, {"cyanide", "CN^-", "", true},
	{"iron(iii)|ferric", "Fe^3+", "", true}, {"iron(ii)|ferrous", "Fe^2+", "", true},
	{"copper(ii)|cupric", "Cu^2+", "", true}, {"copper(i)|cuprous", "Cu^+", "", true},
	{"sodium", "Na^+", "", true}, {"potassium", "K^+", "", true}, {"calcium", "Ca^2+", "", true},
	{"magnesium", "Mg^2+", "", true}, {"aluminum", "Al^3+", "", true}, {"zinc", "Zn^2+", "", true}, {"silver", "Ag^+", "", true},
}

// ionOnly are rows that name an ion only with "ion" (or "cation",
// "anion") after them: "sodium" alone is the metal.
var ionOnly = map[string]bool{"sodium": true, "potassium": true, "calcium": true, "magnesium": true,
	"aluminum": true, "zinc": true, "silver": true, "iron(iii)": true, "iron(ii)": true, "copper(ii)": true,
	"copper(i)": true, "ferric": true, "ferrous": true, "cupric": true, "cuprous": true}

// compoundOf maps each name of compounds (nameKey spelling) to its row.
var compoundOf = func() map[string]int {
	m := map[string]int{}
	for i, c := range compounds {
		for _, n := range strings.Split(c.names, "|") {
			if _, dup := m[n]; dup {
				panic("equiv: compound name listed twice: " + n)
			}
			m[n] = i
		}
	}
	return m
}()

var nameSpelling = strings.NewReplacer("sulph", "sulf", "aluminium", "aluminum", " (", "(", "caesium", "cesium")

// nameKey is the spelling under which compoundOf lists a name: lower case,
// single spaces, British spellings made American, no space before "(".
func nameKey(s string) string {
	return nameSpelling.Replace(strings.ToLower(strings.Join(strings.Fields(s), " ")))
}

// lookupName returns the row a name denotes, or -1.
func lookupName(s string) int {
	k := nameKey(s)
	k = strings.TrimPrefix(k, "the ")
	for _, suffix := range []string{" ions", " ion", " cation", " anion"} {
		if strings.HasSuffix(k, suffix) {
			if i, ok := compoundOf[strings.TrimSuffix(k, suffix)]; ok && strings.ContainsAny(compounds[i].formula, "+-") {
				return i
			}
			return -1
		}
	}
	if i, ok := compoundOf[k]; ok && !ionOnly[k] {
		return i
	}
	return -1
}

var reFormula = regexp.MustCompile(`^(?:\d*[A-Z(\[][A-Za-z0-9()\[\]]*)(?:[·•*.]\d*[A-Z(][A-Za-z0-9()]*)*(?:\^\{?(?:\d*[+-]|[+-]\d+)\}?|[+-])?$`)
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
	// Same counts: a condensed formula names one structure, and two
	// different ones may be isomers.
	if gt, pt := hydrateDots.Replace(cleanFormula(g)), hydrateDots.Replace(cleanFormula(p)); eq && gf.condensed && pf.condensed && gt != pt {
		gs, gok := condensedStructure(gt)
		ps, pok := condensedStructure(pt)
		switch {
		case gok && pok && gs == ps:
			r = decided(true, "formula", "%s and %s are one structure (%s)", gt, pt, gs)
		case gok && pok:
			r = decided(false, "formula", "%s and %s have the same element counts %s but different structures (isomers)", gt, pt, gf)
		default:
			r = undecided("formula", "same element counts %s, but two different condensed formulas may be isomers", gf)
		}
	}
	return r
}

// listedForm reports whether the formula text is one of forms ("|"
// separated).
func listedForm(forms, text string) bool {
	if forms == "" {
		return false
	}
	t := hydrateDots.Replace(cleanFormula(text))
	for _, x := range strings.Split(forms, "|") {
		if hydrateDots.Replace(cleanFormula(x)) == t {
			return true
		}
	}
	return false
}

// structureAgainstForms compares a condensed formula f, with the counts of
// the compound row names, with the row's listed condensed forms by
// structure: the same tree as one of them is that compound, another tree
// is an isomer.
func structureAgainstForms(row compound, f formula, name string) (Result, bool) {
	if row.forms == "" || !f.condensed {
		return Result{}, false
	}
	ft, ok := condensedStructure(hydrateDots.Replace(cleanFormula(f.text)))
	if !ok {
		return Result{}, false
	}
	known := false
	for _, x := range strings.Split(row.forms, "|") {
		xt, ok := condensedStructure(hydrateDots.Replace(cleanFormula(x)))
		if !ok {
			continue
		}
		if xt == ft {
			return decided(true, "formula", "%s has the structure of %s (%s)", f.text, name, x), true
		}
		known = true
	}
	if known {
		return decided(false, "formula", "%s has the counts of %s but another structure (an isomer)", f.text, name), true
	}
	return Result{}, false
}
