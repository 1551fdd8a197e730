package equiv

import (
	"sort"
	"strconv"
	"strings"
)

// Salt names: a cation (a metal with its oxidation state in Roman numerals,
// iron(III), or in the classical -ous/-ic name, ferric; a metal of one
// usual charge, sodium; ammonium) and an anion (chloride, sulfate, ...),
// optionally a hydrate (pentahydrate). The formula follows by charge
// balance: iron(III) sulfate is Fe2(SO4)3; mercury(I) is the ion Hg2^2+
// (Hg2Cl2). Anions that would give one formula for two salts (peroxide O2^2-
// against oxide: tin(II) peroxide and tin(IV) oxide are both SnO2) are not
// in the table.

type saltIon struct {
	counts map[string]int
	charge int // absolute value
}

func ionOf(f string, charge int) saltIon {
	c, ok := formulaCounts(f, 0, map[string]int{})
	if !ok {
		panic("equiv: bad ion formula " + f)
	}
	return saltIon{c, charge}
}

// saltAnions are the anions by name (nameKey spelling).
var saltAnions = func() map[string]saltIon {
	m := map[string]saltIon{}
	for _, a := range []struct {
		names, f string
		charge   int
	}{
		{"chloride", "Cl", 1}, {"bromide", "Br", 1}, {"iodide", "I", 1}, {"fluoride", "F", 1},
		{"oxide", "O", 2}, {"sulfide", "S", 2}, {"nitride", "N", 3}, {"hydride", "H", 1},
		{"sulfate", "SO4", 2}, {"sulfite", "SO3", 2}, {"nitrate", "NO3", 1}, {"nitrite", "NO2", 1},
		{"carbonate", "CO3", 2}, {"hydroxide", "OH", 1}, {"phosphate", "PO4", 3},
		{"acetate|ethanoate", "C2H3O2", 1}, {"permanganate", "MnO4", 1}, {"dichromate", "Cr2O7", 2},
		{"chromate", "CrO4", 2}, {"cyanide", "CN", 1}, {"thiocyanate", "SCN", 1},
		{"hydrogen carbonate|hydrogencarbonate|bicarbonate", "HCO3", 1},
		{"hydrogen sulfate|hydrogensulfate|bisulfate", "HSO4", 1},
		{"hydrogen phosphate|hydrogenphosphate", "HPO4", 2}, {"dihydrogen phosphate|dihydrogenphosphate", "H2PO4", 1},
		{"perchlorate", "ClO4", 1}, {"chlorate", "ClO3", 1}, {"chlorite", "ClO2", 1}, {"hypochlorite", "ClO", 1},
		{"bromate", "BrO3", 1}, {"iodate", "IO3", 1}, {"thiosulfate", "S2O3", 2}, {"oxalate", "C2O4", 2},
	} {
		for _, n := range strings.Split(a.names, "|") {
			m[n] = ionOf(a.f, a.charge)
		}
	}
	return m
}()

// saltAnionNames lists the anion names longest first, so that "hydrogen
// carbonate" is tried before "carbonate".
var saltAnionNames = func() []string {
	var ns []string
	for n := range saltAnions {
		ns = append(ns, n)
	}
	sort.Slice(ns, func(i, j int) bool {
		if len(ns[i]) != len(ns[j]) {
			return len(ns[i]) > len(ns[j])
		}
		return ns[i] < ns[j]
	})
	return ns
}()

// variableMetals take a Roman numeral; their classical names give the
// state.
var variableMetals = map[string]struct {
	sym string
	max int // the highest state read
}{
	"iron": {"Fe", 6}, "copper": {"Cu", 4}, "tin": {"Sn", 4}, "lead": {"Pb", 4}, "manganese": {"Mn", 7},
	"chromium": {"Cr", 6}, "cobalt": {"Co", 5}, "nickel": {"Ni", 4}, "mercury": {"Hg", 2}, "titanium": {"Ti", 4},
	"vanadium": {"V", 5}, "gold": {"Au", 5}, "platinum": {"Pt", 6}, "palladium": {"Pd", 4}, "molybdenum": {"Mo", 6},
	"tungsten": {"W", 6}, "cerium": {"Ce", 4}, "thallium": {"Tl", 3}, "bismuth": {"Bi", 5}, "antimony": {"Sb", 5},
	"osmium": {"Os", 8}, "ruthenium": {"Ru", 8}, "rhodium": {"Rh", 6}, "iridium": {"Ir", 6},
}

var classicalMetals = map[string]struct {
	sym    string
	charge int
}{
	"ferrous": {"Fe", 2}, "ferric": {"Fe", 3}, "cuprous": {"Cu", 1}, "cupric": {"Cu", 2},
	"stannous": {"Sn", 2}, "stannic": {"Sn", 4}, "plumbous": {"Pb", 2}, "plumbic": {"Pb", 4},
	"mercuric": {"Hg", 2}, "mercurous": {"Hg2", 2}, "cobaltous": {"Co", 2}, "cobaltic": {"Co", 3}, "nickelous": {"Ni", 2},
	"chromous": {"Cr", 2}, "chromic": {"Cr", 3}, "manganous": {"Mn", 2}, "aurous": {"Au", 1},
	"auric": {"Au", 3}, "cerous": {"Ce", 3}, "ceric": {"Ce", 4},
}

// fixedCations have one usual charge; a Roman numeral, if given, must
// agree.
var fixedCations = map[string]struct {
	ion    string
	charge int
}{
	"lithium": {"Li", 1}, "sodium": {"Na", 1}, "potassium": {"K", 1}, "rubidium": {"Rb", 1}, "cesium": {"Cs", 1},
	"silver": {"Ag", 1}, "ammonium": {"NH4", 1}, "magnesium": {"Mg", 2}, "calcium": {"Ca", 2},
	"strontium": {"Sr", 2}, "barium": {"Ba", 2}, "zinc": {"Zn", 2}, "cadmium": {"Cd", 2}, "aluminum": {"Al", 3},
}

var romanStates = map[string]int{"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8,
	"1+": 1, "2+": 2, "3+": 3, "4+": 4, "5+": 5, "6+": 6, "7+": 7, "8+": 8,
	"+1": 1, "+2": 2, "+3": 3, "+4": 4, "+5": 5, "+6": 6, "+7": 7, "+8": 8}

var hydrateWords = map[string]int{"monohydrate": 1, "dihydrate": 2, "trihydrate": 3, "tetrahydrate": 4, "pentahydrate": 5,
	"hexahydrate": 6, "heptahydrate": 7, "octahydrate": 8, "nonahydrate": 9, "decahydrate": 10}

// salt is a parsed salt name.
type salt struct {
	cation string // element symbol or NH4
	charge int
	anion  string // the anion's name as written (one of several synonyms)
	ion    saltIon
	water  int
}

// same reports whether two salts are the same compound.
func (a salt) same(b salt) bool {
	return a.cation == b.cation && a.charge == b.charge && a.water == b.water && sameIon(a.ion, b.ion)
}

func sameIon(a, b saltIon) bool {
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

// formula is the salt's formula by charge balance.
func (a salt) formula() formula {
	g := gcdInt(a.charge, a.ion.charge)
	nc, na := a.ion.charge/g, a.charge/g
	f := formula{counts: map[string]int{}}
	switch a.cation {
	case "NH4":
		f.counts["N"] += nc
		f.counts["H"] += 4 * nc
	case "Hg2":
		f.counts["Hg"] += 2 * nc
	default:
		f.counts[a.cation] += nc
	}
	for el, n := range a.ion.counts {
		f.counts[el] += n * na
	}
	if a.water > 0 {
		f.counts["H"] += 2 * a.water
		f.counts["O"] += a.water
	}
	return f
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// parseSalt reads a salt name: "iron(III) chloride", "Iron (III)
// sulphate", "ferric chloride", "copper(II) sulfate pentahydrate",
// "iron(3+) chloride", "calcium nitrate", "ammonium sulfate".
func parseSalt(s string) (salt, bool) {
	if len(s) > 80 || !strings.Contains(s, " ") {
		return salt{}, false
	}
	k := strings.TrimPrefix(nameKey(s), "the ")
	var out salt
	if i := strings.LastIndexByte(k, ' '); i > 0 {
		if n, ok := hydrateWords[k[i+1:]]; ok {
			out.water, k = n, k[:i]
		}
	}
	for _, an := range saltAnionNames {
		if !strings.HasSuffix(k, " "+an) {
			continue
		}
		cat := strings.TrimSuffix(k, " "+an)
		out.anion, out.ion = an, saltAnions[an]
		state := 0
		if i := strings.IndexByte(cat, '('); i > 0 && strings.HasSuffix(cat, ")") {
			st, ok := romanStates[cat[i+1:len(cat)-1]]
			if !ok {
				return salt{}, false
			}
			state, cat = st, cat[:i]
		}
		switch {
		case variableMetals[cat].sym != "":
			if state == 0 || state > variableMetals[cat].max {
				return salt{}, false
			}
			out.cation, out.charge = variableMetals[cat].sym, state
			if cat == "mercury" && state == 1 {
				out.cation, out.charge = "Hg2", 2 // Hg2^2+
			}
		case classicalMetals[cat].sym != "":
			if state != 0 {
				return salt{}, false
			}
			out.cation, out.charge = classicalMetals[cat].sym, classicalMetals[cat].charge
		case fixedCations[cat].ion != "":
			fc := fixedCations[cat]
			if state != 0 && state != fc.charge {
				return salt{}, false
			}
			out.cation, out.charge = fc.ion, fc.charge
		default:
			return salt{}, false
		}
		return out, true
	}
	return salt{}, false
}

// multiple reports whether one formula's counts are an integer multiple
// (2 or more) of the other's: Al2Cl6 against AlCl3.
func multiple(a, b formula) bool {
	if a.charge != 0 || b.charge != 0 || len(a.counts) != len(b.counts) {
		return false
	}
	for _, x := range [][2]formula{{a, b}, {b, a}} {
		big, small := x[0], x[1]
		k := 0
		ok := true
		for el, n := range small.counts {
			m := big.counts[el]
			if n == 0 || m%n != 0 || (k != 0 && m/n != k) {
				ok = false
				break
			}
			k = m / n
		}
		if ok && k >= 2 {
			return true
		}
	}
	return false
}

// compareSalt decides a pair in which at least one side is a salt name.
func (c *cmpr) compareSalt(g, p string) (Result, bool) {
	gs, gok := parseSalt(g)
	ps, pok := parseSalt(p)
	if !gok && !pok {
		return Result{}, false
	}
	if gok && pok {
		switch gf, pf := gs.formula(), ps.formula(); {
		case gs.same(ps):
			return decided(true, "formula", "%s and %s name the same salt, %s", g, p, gf), true
		case sameCounts(gf, pf):
			return undecided("formula", "%s and %s are named apart but share the formula %s", g, p, gf), true
		default:
			return decided(false, "formula", "%s is %s, %s is %s", g, gf, p, pf), true
		}
	}
	s, other, name := gs, p, g
	if pok {
		s, other, name = ps, g, p
	}
	sf := s.formula()
	if lookupName(other) >= 0 {
		// A name of the table: compare with its formula when the table
		// marks it unique.
		row := lookupName(other)
		f := parseFormula(compounds[row].formula)[0]
		switch {
		case !sameCounts(sf, f):
			if multiple(sf, f) {
				return undecided("formula", "%s and %s: one formula is a multiple of the other", name, other), true
			}
			return decided(false, "formula", "%s is %s, %s is %s", name, sf, other, f), true
		case compounds[row].unique:
			return decided(true, "formula", "%s and %s are both %s", name, other, sf), true
		}
		return undecided("formula", "%s has the formula of %s", other, name), true
	}
	if s.ion.counts["C"] > 0 && s.ion.counts["H"] > 0 {
		return c.compareOrganicSalt(s, name, other)
	}
	fs := parseFormula(other)
	if len(fs) == 0 {
		return undecided("formula", "%s is a salt (%s); the other answer is not understood", name, sf), true
	}
	var verdicts []Result
	for _, f := range fs {
		switch {
		case sameCounts(sf, f):
			verdicts = append(verdicts, decided(true, "formula", "%s is %s by charge balance", name, sf))
		case multiple(sf, f):
			verdicts = append(verdicts, undecided("formula", "%s is %s; %s is a multiple of it (a dimer?)", name, sf, f))
		default:
			verdicts = append(verdicts, decided(false, "formula", "%s is %s by charge balance, not %s", name, sf, f))
		}
	}
	for _, r := range verdicts[1:] {
		if r.Verdict != verdicts[0].Verdict {
			return undecided("formula", "the charge notation is ambiguous"), true
		}
	}
	return verdicts[0], true
}

func isSalt(s string) bool {
	_, ok := parseSalt(s)
	return ok
}

// acetateForms are the ways a salt's formula writes the acetate ion: its
// condensed formulas either way round, its molecular formula (the usual
// C2H3O2 of a salt), and OAc.
var acetateForms = []string{"CH3COO", "CH3CO2", "C2H3O2", "OOCCH3", "O2CCH3", "OAc", "AcO"}

// compareOrganicSalt decides a salt of acetate, the one organic anion of
// the table, against a formula: equal when the formula writes the salt
// with the ion in one of its forms (lead(II) acetate is Pb(CH3COO)2 or
// Pb(C2H3O2)2, sodium acetate CH3COONa), not equal when its element counts
// differ; the same counts written otherwise may be an isomer (Pb(HCOOCH2)2
// is no acetate) and are left to the table of names or undecided.
func (c *cmpr) compareOrganicSalt(s salt, name, other string) (Result, bool) {
	if !sameIon(s.ion, saltAnions["acetate"]) || s.water > 0 {
		return Result{}, false
	}
	g := gcdInt(s.charge, s.ion.charge)
	nc, na := s.ion.charge/g, s.charge/g
	cat := s.cation
	if nc > 1 {
		if cat == "NH4" {
			cat = "(NH4)"
		}
		cat += strconv.Itoa(nc)
	}
	o := cleanFormula(other)
	for _, f := range acetateForms {
		an := f
		if na > 1 {
			an = "(" + f + ")" + strconv.Itoa(na)
		}
		if o == cat+an || o == an+cat {
			return decided(true, "formula", "%s is %s: the acetate ion written %s", name, cat+an, f), true
		}
	}
	sf := s.formula()
	fs := parseFormula(other)
	if len(fs) == 0 || strings.Contains(o, "Ac") {
		return Result{}, false
	}
	for _, f := range fs {
		if sameCounts(sf, f) || multiple(sf, f) {
			return Result{}, false
		}
	}
	return decided(false, "formula", "%s is %s by charge balance, not %s", name, sf, fs[0]), true
}
