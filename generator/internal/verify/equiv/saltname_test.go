package equiv

import (
	"context"
	"testing"
)

// TestSaltFormulasDistinct checks that no two salts of one cation in the
// tables (every state up to the highest read, every anion, no water) share a formula: a
// formula equal to a salt's by counts then names that salt alone.
func TestSaltFormulasDistinct(t *testing.T) {
	cations := map[string]int{"Hg2": 2}
	for _, m := range variableMetals {
		cations[m.sym] = m.max
	}
	for _, c := range fixedCations {
		cations[c.ion] = c.charge
	}
	for cat, most := range cations {
		seen := map[string]string{}
		for charge := 1; charge <= most; charge++ {
			for name, ion := range saltAnions {
				s := salt{cation: cat, charge: charge, anion: name, ion: ion}
				key := s.formula().String()
				if other, dup := seen[key]; dup && !sameIon(saltAnions[other[2:]], ion) {
					t.Errorf("%s: %s(%d) %s and %s share the formula %s", cat, cat, charge, name, other, key)
				}
				seen[key] = string(rune('0'+charge)) + " " + name
			}
		}
	}
}

func TestSaltNames(t *testing.T) {
	cases := []struct {
		gold, pred string
		want       Verdict
	}{
		{"mercury(I) chloride", "Hg2Cl2", Equal},
		{"mercurous chloride", "mercury(I) chloride", Equal},
		{"iron(III) sulfate", "Fe2(SO4)3", Equal},
		{"iron(II) sulfate", "Fe2(SO4)3", NotEqual},
		{"ammonium sulfate", "(NH4)2SO4", Equal},
		{"sodium chloride", "NaCl", Equal},
		{"aluminium chloride", "Al2Cl6", Undecided},                         // the dimer
		{"iron chloride", "FeCl3", Undecided},                               // no state
		{"sodium(II) chloride", "NaCl2", Undecided},                         // not sodium's charge
		{"copper(II) hydroxide", "copper(II) oxide monohydrate", Undecided}, // one formula, two names
		{"lead(II) acetate", "Pb(C2H3O2)2", Equal},                          // the acetate ion as salts write it
		{"lead(II) acetate", "PbC4H6O4", Undecided},                         // counts alone: an isomeric anion may share them
	}
	for _, tc := range cases {
		if got := Compare(context.Background(), tc.gold, tc.pred, Options{}); got.Verdict != tc.want {
			t.Errorf("Compare(%q, %q) = %s (%s: %s), want %s", tc.gold, tc.pred, got.Verdict, got.Rule, got.Reason, tc.want)
		}
	}
}
