package equiv

import (
	"sort"
	"strings"
)

// Chemical equations of different species (chemeq.go): not equal, except
// where two notations may name one species or one reaction.

// diatomic are the elements whose free form is X2: Cl and Cl2 are
// different species.
var diatomic = map[string]bool{"H": true, "N": true, "O": true, "F": true, "Cl": true, "Br": true, "I": true}

// notationTwins reports whether two formulas may name one species or one
// reaction in two notations: the same empirical formula (P2O5 and P4O10,
// S and S8) unless one is a diatomic element and the other its atom.
func notationTwins(a, b formula) bool {
	if len(a.counts) != len(b.counts) {
		return false
	}
	if len(a.counts) == 1 {
		for el, n := range a.counts {
			m, ok := b.counts[el]
			if ok && diatomic[el] && a.charge == 0 && b.charge == 0 && (n == 1 && m == 2 || n == 2 && m == 1) {
				return false
			}
		}
	}
	// proportional counts and charge
	var num, den int
	for el, n := range a.counts {
		m, ok := b.counts[el]
		if !ok {
			return false
		}
		if num == 0 {
			num, den = m, n
		} else if m*den != num*n {
			return false
		}
	}
	return a.charge*num == b.charge*den
}

// hydronium are H+ and H3O+, by formula.String().
var hydronium = map[string]bool{"H^1+": true, "H3O^1+": true}

func compareOtherSpecies(g, p *chemEq) Result {
	if g.ionic != p.ionic {
		return undecided("chem_equation", "an ionic equation against a molecular one")
	}
	orient := func(swap bool) (Result, bool) {
		var gOnly, pOnly []*eqSpecies
		for k := 0; k < 2; k++ {
			pk := k
			if swap {
				pk = 1 - k
			}
			for key, gs := range g.sides[k] {
				if p.sides[pk][key] == nil {
					if g.sides[1-k][key] != nil {
						return undecided("chem_equation", "%s is on both sides of the reference", gs.text), false
					}
					gOnly = append(gOnly, gs)
				} else if sameSpecies(gs, p.sides[pk][key]) == Undecided {
					return undecided("chem_equation", "%s and %s may be isomers", gs.text, p.sides[pk][key].text), false
				}
			}
			for key, ps := range p.sides[pk] {
				if g.sides[k][key] == nil {
					if p.sides[1-pk][key] != nil {
						return undecided("chem_equation", "%s is on both sides of the answer", ps.text), false
					}
					pOnly = append(pOnly, ps)
				}
			}
		}
		for _, s := range append(append([]*eqSpecies{}, gOnly...), pOnly...) {
			if hydronium[s.f.String()] {
				return undecided("chem_equation", "H+ and H3O+ (with water) may write one reaction"), false
			}
		}
		for _, a := range gOnly {
			for _, b := range pOnly {
				if notationTwins(a.f, b.f) {
					return undecided("chem_equation", "%s and %s may be one species in two notations", a.text, b.text), false
				}
			}
		}
		names := make([]string, 0, len(gOnly)+len(pOnly))
		for _, s := range gOnly {
			names = append(names, s.text)
		}
		for _, s := range pOnly {
			names = append(names, s.text)
		}
		sort.Strings(names)
		return decided(false, "chem_equation", "different species: %s", strings.Join(names, ", ")), true
	}
	r, ok := orient(false)
	if !ok || g.arrow == arrowForward && p.arrow == arrowForward {
		return r
	}
	// An equals sign or an equilibrium may be read either way.
	if r2, ok2 := orient(true); !ok2 {
		return r2
	}
	return r
}
