package equiv

import (
	"regexp"
	"slices"
	"strings"
)

// Isomers: whether two formulas with the same element counts are one
// compound, read from the bonds a formula writes (CH2=CHCH3), from its
// condensed structure (condensed.go) or from the formula alone when its
// atoms allow one structure only.

// reBonded reads a condensed formula with double or triple bonds written
// (CH2=CHCH3, HC≡CH): atoms and groups on both sides of each bond.
var reBonded = regexp.MustCompile(`^(?:[A-Z][a-z]?\d*|[()]\d*)+(?:(?:=|≡|#)(?:[A-Z][a-z]?\d*|[()]\d*)+)+$`)

var bondMarks = strings.NewReplacer("=", "", "≡", "", "#", "")

// tryBonded compares formulas of which one at least writes its double or
// triple bonds (CH2=CHCH3 against CH3CH=CH2, CH3CHO against CH2=CHOH): by
// element counts, then by structure; an equation such as P=IV is no
// formula of carbon and hydrogen and is left to the other rules.
func (c *cmpr) tryBonded(g, p string) (Result, bool) {
	g, p = strings.TrimSpace(g), strings.TrimSpace(p)
	gb, pb := reBonded.MatchString(g), reBonded.MatchString(p)
	if !gb && !pb {
		return Result{}, false
	}
	for _, s := range []string{g, p} {
		if !strings.Contains(s, "C") || !strings.Contains(s, "H") {
			return Result{}, false
		}
	}
	gf, pf := parseFormula(bondMarks.Replace(g)), parseFormula(bondMarks.Replace(p))
	if len(gf) != 1 || len(pf) != 1 || !gb && !reFormula.MatchString(g) || !pb && !reFormula.MatchString(p) {
		return Result{}, false
	}
	if !sameCounts(gf[0], pf[0]) {
		return decided(false, "formula", "element counts %s vs %s", gf[0], pf[0]), true
	}
	// A formula that writes each element once and no bond (CH3NO2) is a
	// molecular formula here, whatever structure it could be read as.
	gs, gok := condensedStructure(g)
	ps, pok := condensedStructure(p)
	gok = gok && (gb || gf[0].condensed)
	pok = pok && (pb || pf[0].condensed)
	if !gok || !pok {
		// A molecular formula against a bonded one: equal only when the
		// formula has one structure (C2H4 and CH2=CH2).
		for _, f := range []formula{gf[0], pf[0]} {
			if !reBonded.MatchString(f.text) && !f.condensed && oneStructure(f) {
				return decided(true, "formula", "%s has one structure only", f), true
			}
		}
		return undecided("formula", "same element counts %s, but a structure is not read", gf[0]), true
	}
	if gs == ps {
		return decided(true, "formula", "%s and %s are one structure (%s)", g, p, gs), true
	}
	return decided(false, "formula", "%s and %s have the same element counts %s but different structures (isomers)", g, p, gf[0]), true
}

// fixedValence gives the valences of the elements whose neutral molecules
// of two heavy atoms have one structure only.
var fixedValence = map[string]int{"C": 4, "N": 3, "O": 2, "F": 1, "Cl": 1, "Br": 1, "I": 1}

// oneStructure reports whether a neutral molecular formula has a single
// structure, its atoms of fixed valence: one heavy atom; two whose hydrogen
// count leaves one bond order (C2H6, CH4O, H2O2, CH2O); or three joined by
// single bonds in a chain whose middle can be one element only (C3H8,
// C2H5Cl, CH2Cl2). Anything else (C2H6O: ethanol and dimethyl ether;
// C3H6: propene and cyclopropane) has isomers or may have.
func oneStructure(f formula) bool {
	if f.charge != 0 {
		return false
	}
	var heavy []int
	middles := map[string]bool{}
	h, sum := 0, 0
	for el, n := range f.counts {
		if el == "H" {
			h = n
			continue
		}
		v, ok := fixedValence[el]
		if !ok {
			return false
		}
		if v >= 2 {
			middles[el] = true
		}
		for ; n > 0; n-- {
			heavy = append(heavy, v)
			sum += v
		}
	}
	switch len(heavy) {
	case 1:
		return h == heavy[0]
	case 2:
		d := heavy[0] + heavy[1] - h
		b := d / 2
		return d%2 == 0 && b >= 1 && b <= 3 && heavy[0] >= b && heavy[1] >= b
	case 3:
		// Two single bonds and no more: a ring or a multiple bond would
		// leave fewer hydrogens.
		return h == sum-4 && len(middles) == 1
	}
	return false
}

// reHydrogenGroup finds a repeated carbon group with hydrogen, which makes a
// formula condensed even when no element is written twice: (CH3)2O,
// (C2H5)2O. Groups of salts (Ca(OH)2, (NH4)2SO4) write a formula unit.
var reHydrogenGroup = regexp.MustCompile(`\((?:C\d*H|H\d*C)[^()]*\)\d`)

// heavyOrder is the order in which a formula first writes its elements other
// than hydrogen: "C N" for CH3NO2 and HCN, "N C" for HNC.
func heavyOrder(s string, f formula) string {
	var seen []string
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			continue
		}
		sym := s[i : i+1]
		if i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z' && elements[s[i:i+2]] {
			sym = s[i : i+2]
		}
		if _, ok := f.counts[sym]; ok && sym != "H" && !slices.Contains(seen, sym) {
			seen = append(seen, sym)
		}
	}
	return strings.Join(seen, " ")
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

// oxyacidAliases pairs the usual formula of an oxyacid, central atom first,
// with its structure written out: one compound in two notations (HClO is
// hypochlorous acid, HOCl; no other compound goes by either).
var oxyacidAliases = map[string]string{
	"HClO": "HOCl", "HBrO": "HOBr", "HIO": "HOI", "HNO2": "HONO", "HNO3": "HONO2",
}

// oxyacidAlias reports two writings of one oxyacid.
func oxyacidAlias(a, b string) bool {
	return oxyacidAliases[a] == b || oxyacidAliases[b] == a
}
