package equiv

import "testing"

// TestChemEqReading checks what reads as a chemical equation: an equals
// sign needs spaces and something chemical (P = IV is algebra, CH2=CH2 a
// double bond), and an arrow needs formulas on both sides.
func TestChemEqReading(t *testing.T) {
	for s, want := range map[string]bool{
		"2H2 + O2 -> 2H2O":           true,
		"2H2O2 = 2H2O + O2":          true,
		"N2 + 3H2 <>= 2NH3":          true, // <=> after normalize
		"P = IV":                     false,
		"H = U + PV":                 false,
		"CH2=CH2":                    false,
		"x -> 0":                     false,
		"A + B -> C":                 false,
		"2H2 + O2 -> 2H2O -> x":      false,
		"SO42- + Ba2+ -> BaSO4":      true,  // SO42-: sulfate is the one reading that balances
		"SO42- + Na+ -> NaSO4":       false, // no reading balances: charge or count?
		"Cu2+ + 2e^- -> Cu":          true,
		"Ag^{+}+Cl^{-}->AgCl(s)":     true,
		"\\frac{1}{2}O2 + H2 -> H2O": true,
	} {
		if _, got := parseChemEq(s); got != want {
			t.Errorf("parseChemEq(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestCondensedReadings checks formulas whose readings disagree or do not
// add up: they denote no structure.
func TestCondensedReadings(t *testing.T) {
	for _, s := range []string{"C3H7OH", "CH3SOCH3", "CH3NOO", "HOOCH", "(CH2OH)2", "C4H10", "CH5", ""} {
		if c, ok := condensedStructure(s); ok {
			t.Errorf("condensedStructure(%q) = %q, want no structure", s, c)
		}
	}
	same := [][]string{{"CH3CH2OH", "C2H5OH", "HOCH2CH3"}, {"CH3CH(CH3)CH3", "(CH3)3CH", "CH(CH3)3"}, {"CH3COOH", "CH3CO2H", "HOOCCH3", "HO2CCH3"},
		{"CH3CH2NO2", "C2H5NO2", "NO2CH2CH3"},                                              // NO2 is a nitro group
		{"CH3CH(CH3)COOH", "HOOCCH(CH3)CH3", "(COOH)CH(CH3)CH3"},                           // a branch after a leading group keeps the group
		{"(CH3)2SO", "CH3S(O)CH3"}, {"(CH3)2S", "CH3SCH3"}, {"(CH3)2SO2", "CH3S(O)(O)CH3"}} // sulfur of valence 4, 2, 6
	for _, group := range same {
		first, ok := condensedStructure(group[0])
		if !ok {
			t.Fatalf("%s not read", group[0])
		}
		for _, s := range group[1:] {
			if c, _ := condensedStructure(s); c != first {
				t.Errorf("%s = %q, %s = %q: want one structure", group[0], first, s, c)
			}
		}
	}
}
