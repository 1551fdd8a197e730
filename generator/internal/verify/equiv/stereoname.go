package equiv

import (
	"regexp"
	"strconv"
	"strings"
)

// Stereodescriptors of two systems agree or not depending on the
// substituents, so across systems they are undecided, except for the
// compounds whose substituents are known from the name:
//
//   - an amino acid with one stereocentre (C2): L is S and D is R, except
//     for cysteine and selenocysteine, where sulfur and selenium rank the
//     side chain first (L is R). Threonine and isoleucine, with two
//     centres, and glycine, with none, are not in the table;
//   - an unbranched alkene whose double bond is inside the chain
//     (2-butene, pent-2-ene, hex-3-ene) and the 1,2-dihaloethenes: each
//     carbon of the double bond holds one hydrogen and one group that ranks
//     above it, so cis is Z and trans is E.
//
// The name after the descriptor is compared by the compound it names
// (L-alanine = L-Ala; 2-butene = but-2-ene), and a descriptor written
// without its locant (S against 2S) is undecided unless the name fixes
// the centre.

// lIsR lists the residues whose L form is R; the other residues with one
// centre are S.
var lIsR = map[byte]bool{'C': true, 'U': true}

// oneCentre lists the residues with one stereocentre.
const oneCentre = "ACDEFHKLMNPQRSVWYU"

var (
	reAlkeneA = regexp.MustCompile(`^(\d+)-(but|pent|hex|hept|oct|non|dec)ene$`)
	reAlkeneB = regexp.MustCompile(`^(but|pent|hex|hept|oct|non|dec)-(\d+)-ene$`)
	reDihalo  = regexp.MustCompile(`^1,2-di(fluoro|chloro|bromo|iodo)eth(?:ene|ylene)$`)
	chainLen  = map[string]int{"but": 4, "pent": 5, "hex": 6, "hept": 7, "oct": 8, "non": 9, "dec": 10}
)

// stereoKey names the compound after a descriptor: "aa:X" for a residue
// with one centre, "ene:N:K" for an alkene whose cis is Z, else the name.
// centre is the locant of the stereocentre or double bond when the name
// fixes it ("" when it does not, or for an ethene).
func stereoKey(name string) (key, centre string, known bool) {
	if name == "" {
		return "", "", false
	}
	code := name // parseStereo lower-cases the name: ala, not Ala
	if len(code) == 3 {
		code = strings.ToUpper(code[:1]) + code[1:]
	}
	if aa, ok := residue(code); ok && strings.IndexByte(oneCentre, aa) >= 0 {
		return "aa:" + string(aa), "2", true
	}
	var chain string
	var k int
	if m := reAlkeneA.FindStringSubmatch(name); m != nil {
		k, _ = strconv.Atoi(m[1])
		chain = m[2]
	} else if m := reAlkeneB.FindStringSubmatch(name); m != nil {
		k, _ = strconv.Atoi(m[2])
		chain = m[1]
	} else if m := reDihalo.FindStringSubmatch(name); m != nil {
		return "dihalo:" + m[1], "", true
	}
	if n := chainLen[chain]; n > 0 && k >= 2 && k <= n-2 {
		return "ene:" + chain + ":" + strconv.Itoa(k), strconv.Itoa(k), true
	}
	return name, "", false
}

// stereoLetter reads a descriptor of one centre as R or S (residues) or
// E or Z (alkenes), in either system, placing it at centre; ok is false
// for several centres or a locant elsewhere.
func stereoLetter(st stereo, key, centre string) (string, bool) {
	if strings.Contains(st.desc, ",") {
		return "", false
	}
	loc, letter, _ := strings.Cut(st.desc, ":")
	if loc != "" && loc != centre {
		return "", false
	}
	switch {
	case strings.HasPrefix(key, "aa:"):
		switch letter {
		case "R", "S":
			return letter, true
		case "L", "D":
			r := lIsR[key[3]] == (letter == "L")
			if r {
				return "R", true
			}
			return "S", true
		}
	default: // alkenes and dihaloethenes
		switch letter {
		case "E", "Z":
			return letter, true
		case "cis":
			return "Z", true
		case "trans":
			return "E", true
		}
	}
	return "", false
}

// compareStereoNamed compares two descriptors of one compound whose
// stereocentre the name fixes.
func compareStereoNamed(gs, ps stereo, key, centre string) (Result, bool) {
	a, ok1 := stereoLetter(gs, key, centre)
	b, ok2 := stereoLetter(ps, key, centre)
	if !ok1 || !ok2 {
		return Result{}, false
	}
	return decided(a == b, "stereo", "%s of %s: %s vs %s", strings.TrimPrefix(gs.desc, ":"), key, a, b), true
}

// locantMissing reports two descriptors of one centre each, one with its
// locant and one without (S against 2S): the same centre only if the
// compound has one.
func locantMissing(a, b stereo) bool {
	if strings.Contains(a.desc, ",") || strings.Contains(b.desc, ",") {
		return false
	}
	return strings.HasPrefix(a.desc, ":") != strings.HasPrefix(b.desc, ":")
}
