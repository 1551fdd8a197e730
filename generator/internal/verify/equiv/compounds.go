package equiv

import "strings"

// The small table of common names of compounds, and the reading of a
// name into its row.

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
	{"dimethyl sulfoxide|dmso|methylsulfinylmethane", "C2H6OS", "(CH3)2SO|CH3S(O)CH3|(CH3)2S=O|CH3S(=O)CH3", false},
	{"dimethyl sulfide|methylthiomethane", "C2H6S", "(CH3)2S|CH3SCH3", false},
	{"dimethyl sulfone|methylsulfonylmethane", "C2H6O2S", "(CH3)2SO2|CH3SO2CH3|CH3S(O)(O)CH3", false},
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
