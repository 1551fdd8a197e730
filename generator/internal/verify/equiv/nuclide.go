package equiv

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Isotopes and stereodescriptors: short notations whose parts are read
// exactly, never as algebra.

// elementNames spell out the elements whose isotopes answers name most.
var elementNames = map[string]string{
	"hydrogen": "H", "helium": "He", "lithium": "Li", "beryllium": "Be", "boron": "B", "carbon": "C", "nitrogen": "N",
	"oxygen": "O", "fluorine": "F", "neon": "Ne", "sodium": "Na", "magnesium": "Mg", "aluminium": "Al", "aluminum": "Al",
	"silicon": "Si", "phosphorus": "P", "sulfur": "S", "sulphur": "S", "chlorine": "Cl", "argon": "Ar", "potassium": "K",
	"calcium": "Ca", "iron": "Fe", "cobalt": "Co", "nickel": "Ni", "copper": "Cu", "zinc": "Zn", "strontium": "Sr",
	"technetium": "Tc", "iodine": "I", "xenon": "Xe", "caesium": "Cs", "cesium": "Cs", "lead": "Pb", "polonium": "Po",
	"radon": "Rn", "radium": "Ra", "thorium": "Th", "uranium": "U", "plutonium": "Pu", "americium": "Am", "krypton": "Kr",
	"neptunium": "Np", "bismuth": "Bi", "gold": "Au", "silver": "Ag", "mercury": "Hg", "tin": "Sn", "chromium": "Cr", "manganese": "Mn",
}

var (
	reNuclideSup  = regexp.MustCompile(`^\^\{?(\d{1,3})(m?)\}?(?:_\{?(\d{1,3})\}?)?\s*([A-Z][a-z]?)$`)
	reNuclideDash = regexp.MustCompile(`^([A-Za-z]+)[\s-]?(\d{1,3})(m?)$`)
	reNuclidePre  = regexp.MustCompile(`^(\d{1,3})(m?)([A-Z][a-z]?)$`)
)

// nuclide reads an isotope as "symbol-mass" ("C-14", "Tc-99m"): ^{14}C,
// ^{14}_{6}C, ¹⁴C, C-14, carbon-14, carbon 14, 14C, protium, deuterium,
// tritium.
// A bare symbol with a number (C14) is not one: it may be a formula.
func nuclide(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "protium":
		return "H-1", true
	case "deuterium":
		return "H-2", true
	case "tritium":
		return "H-3", true
	}
	if len(s) > 40 || !strings.ContainsAny(s, "0123456789") {
		return "", false
	}
	sym, mass, meta := "", "", ""
	if m := reNuclideSup.FindStringSubmatch(s); m != nil {
		sym, mass, meta = m[4], m[1], m[2]
		if m[3] != "" {
			if z, ok := atomicNumbers[sym]; !ok || strconv.Itoa(z) != m[3] {
				return "", false
			}
		}
	} else if m := reNuclideDash.FindStringSubmatch(s); m != nil && (strings.ContainsAny(s, "- ") || len(m[1]) > 2) {
		sym, mass, meta = m[1], m[2], m[3]
		if e, ok := elementNames[strings.ToLower(sym)]; ok {
			sym = e
		}
	} else if m := reNuclidePre.FindStringSubmatch(s); m != nil {
		sym, mass, meta = m[3], m[1], m[2]
	} else {
		return "", false
	}
	if !elements[sym] || mass == "" || mass[0] == '0' {
		return "", false
	}
	if z, ok := atomicNumbers[sym]; ok {
		if a, _ := strconv.Atoi(mass); a < z {
			return "", false // fewer nucleons than protons: not a mass number
		}
	}
	return sym + "-" + mass + meta, true
}

// atomicNumbers checks a written atomic number and a mass number.
var atomicNumbers = map[string]int{
	"H": 1, "He": 2, "Li": 3, "Be": 4, "B": 5, "C": 6, "N": 7, "O": 8, "F": 9, "Ne": 10, "Na": 11, "Mg": 12, "Al": 13,
	"Si": 14, "P": 15, "S": 16, "Cl": 17, "Ar": 18, "K": 19, "Ca": 20, "Fe": 26, "Co": 27, "Ni": 28, "Cu": 29, "Zn": 30,
	"Kr": 36, "Sr": 38, "Tc": 43, "Ag": 47, "Sn": 50, "I": 53, "Xe": 54, "Cs": 55, "Au": 79, "Hg": 80, "Pb": 82, "Bi": 83,
	"Po": 84, "Rn": 86, "Ra": 88, "Th": 90, "U": 92, "Np": 93, "Pu": 94, "Am": 95, "Cr": 24, "Mn": 25,
}

// reNuclidePost reads an element with a raised number after it: C¹⁴,
// C^{14}, an old notation of an isotope, or a power.
var reNuclidePost = regexp.MustCompile(`^([A-Z][a-z]?)(?:\^\{?(\d{1,3})\}?|([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))$`)

func (c *cmpr) tryNuclide(g, p string) (Result, bool) {
	gn, ok1 := nuclide(g)
	pn, ok2 := nuclide(p)
	if ok1 != ok2 {
		other := p
		if ok2 {
			other = g
		}
		if m := reNuclidePost.FindStringSubmatch(strings.TrimSpace(other)); m != nil && elements[m[1]] {
			return undecided("isotope", "%s may be an isotope with its mass number after the symbol (an old notation) or a power", other), true
		}
	}
	if !ok1 || !ok2 {
		return Result{}, false
	}
	r := decided(gn == pn, "isotope", "%s vs %s", gn, pn)
	r.Gold, r.Pred = gn, pn
	return r, true
}

// Stereodescriptors: cis/trans and E/Z (double bonds), R/S (CIP) and D/L
// (Fischer), alone or before a name ("(2R,3S)", "trans-2-butene"). Within
// one system they compare exactly; across systems (cis against Z, L
// against S) the answer depends on the substituents and is undecided.
var (
	reStereoParen = regexp.MustCompile(`^\(([0-9RSEZ,\s]+)\)(?:\s*-?\s*(.*))?$`)
	reStereoWord  = regexp.MustCompile(`^(cis|trans|[RSEZDL])(?:-(.+))?$`)
	reStereoOne   = regexp.MustCompile(`^(\d*)([RSEZ])$`)
)

type stereo struct {
	system string // "cis", "EZ", "RS", "DL"
	desc   string // sorted "locant:letter" items
	name   string
}

func parseStereo(s string) (stereo, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 0 || len(s) > 80 || !(s[0] == '(' || strings.HasPrefix(s, "cis") || strings.HasPrefix(s, "trans") ||
		strings.IndexByte("RSEZDL", s[0]) >= 0 && (len(s) == 1 || s[1] == '-')) {
		return stereo{}, false
	}
	for _, suf := range []string{"-configuration", " configuration", " isomer", "-isomer"} {
		s = strings.TrimSuffix(s, suf)
	}
	if m := reStereoParen.FindStringSubmatch(s); m != nil {
		var items []string
		system := ""
		for _, it := range strings.Split(m[1], ",") {
			x := reStereoOne.FindStringSubmatch(strings.TrimSpace(it))
			if x == nil {
				return stereo{}, false
			}
			sys := "RS"
			if x[2] == "E" || x[2] == "Z" {
				sys = "EZ"
			}
			if system != "" && sys != system {
				return stereo{}, false
			}
			system = sys
			items = append(items, x[1]+":"+x[2])
		}
		sort.Strings(items)
		return stereo{system: system, desc: strings.Join(items, ","), name: strings.ToLower(strings.TrimSpace(m[2]))}, true
	}
	if m := reStereoWord.FindStringSubmatch(s); m != nil {
		sys := map[string]string{"cis": "cis", "trans": "cis", "R": "RS", "S": "RS", "E": "EZ", "Z": "EZ", "D": "DL", "L": "DL"}[m[1]]
		return stereo{system: sys, desc: ":" + m[1], name: strings.ToLower(strings.TrimSpace(m[2]))}, true
	}
	return stereo{}, false
}

func (c *cmpr) tryStereo(g, p string) (Result, bool) {
	gs, ok1 := parseStereo(g)
	ps, ok2 := parseStereo(p)
	if ok1 && gs.system == "RS" && pseudoAsymmetric(p) || ok2 && ps.system == "RS" && pseudoAsymmetric(g) {
		return undecided("stereo", "r and s are pseudo-asymmetric descriptors, or R and S written small"), true
	}
	if !ok1 || !ok2 {
		return Result{}, false
	}
	key, centre, known := stereoKey(gs.name)
	if pkey, _, _ := stereoKey(ps.name); pkey != key {
		return Result{}, false
	}
	if _, ok := choiceLetter(g); ok {
		if _, ok := choiceLetter(p); ok {
			return Result{}, false // two option letters (D against E)
		}
	}
	if known {
		if r, ok := compareStereoNamed(gs, ps, key, centre); ok {
			return r, true
		}
	}
	if gs.system == ps.system && locantMissing(gs, ps) {
		return undecided("stereo", "a descriptor with its locant against one without (%s vs %s): one centre, or two?", gs.desc, ps.desc), true
	}
	if gs.system != ps.system {
		return undecided("stereo", "descriptors of different systems (%s, %s) agree or not depending on the substituents", gs.system, ps.system), true
	}
	return decided(gs.desc == ps.desc, "stereo", "%s vs %s", gs.desc, ps.desc), true
}

// pseudoAsymmetric reports a lower-case r or s alone: "r", "(s)".
func pseudoAsymmetric(s string) bool {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "("), ")")
	return s == "r" || s == "s"
}

// reHybrid reads an orbital hybridisation: sp, sp2, sp^3, sp³, sp3d,
// sp^3d^2, dsp2, d^2sp^3.
var reHybrid = regexp.MustCompile(`^(d[1-3]?)?sp([1-3]?)(d[1-3]?)?$`)

var hybridClean = strings.NewReplacer("^", "", "{", "", "}", "", " ", "", "¹", "1", "²", "2", "³", "3")

func hybrid(s string) (string, bool) {
	if len(s) > 20 || !strings.Contains(s, "sp") {
		return "", false
	}
	s = hybridClean.Replace(strings.TrimSpace(s))
	m := reHybrid.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	one := func(x string) string {
		if x == "d" {
			return "d1"
		}
		return x
	}
	p := m[2]
	if p == "" {
		p = "1"
	}
	return one(m[1]) + "s1p" + p + one(m[3]), true
}

func (c *cmpr) tryHybrid(g, p string) (Result, bool) {
	gh, ok1 := hybrid(g)
	ph, ok2 := hybrid(p)
	if !ok1 || !ok2 {
		return Result{}, false
	}
	if gh != ph && strings.HasPrefix(gh, "d") != strings.HasPrefix(ph, "d") {
		// d2sp3 (inner orbitals) against sp3d2 (outer): a chemistry question.
		return undecided("hybridisation", "%s against %s", g, p), true
	}
	return decided(gh == ph, "hybridisation", "%s vs %s", gh, ph), true
}
