package ingest

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Model names head table rows and chart legends, and two of them must never
// look the same: a name is refused when it holds a character a reader
// cannot see (ModelNameProblem), and two names clash when their skeletons
// are equal (NormName).

// ModelNameProblem says why name cannot be a model's display name, or "":
// it refuses control characters (NUL, newline, tab …), format characters
// (bidirectional overrides such as U+202E, zero-width spaces and joiners,
// the byte-order mark, soft hyphens), private-use and unassigned code
// points, variation selectors and the other characters Unicode marks as
// default-ignorable, invisible fillers, and every space but the plain one
// (U+0020). A reader would not see them, so two names that differ only by
// them would look the same on the board.
func ModelNameProblem(name string) string {
	for i, r := range name {
		if why := invisible(r); why != "" {
			return fmt.Sprintf("holds %s (U+%04X) at byte %d", why, r, i)
		}
	}
	return ""
}

// invisible says what kind of character r is when a reader cannot see it,
// or "".
func invisible(r rune) string {
	switch {
	case r == ' ':
		return ""
	case unicode.Is(unicode.Cc, r):
		return "a control character"
	case unicode.Is(unicode.Bidi_Control, r):
		return "a bidirectional control character"
	case unicode.Is(unicode.Cf, r):
		return "an invisible format character"
	case unicode.Is(unicode.White_Space, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r), unicode.Is(unicode.Zs, r):
		return "a space other than the plain space"
	case unicode.Is(unicode.Co, r):
		return "a private-use character"
	case unicode.Is(unicode.Noncharacter_Code_Point, r):
		return "a noncharacter"
	case unicode.Is(unicode.Variation_Selector, r), unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
		return "an invisible character"
	case invisibleGlyphs[r]:
		return "a blank character"
	case !assigned(r):
		return "an unassigned code point"
	}
	return ""
}

// invisibleGlyphs are assigned, non-ignorable characters that print as
// nothing.
var invisibleGlyphs = map[rune]bool{
	'\u2800': true, // braille pattern blank
	'\u3164': true, // hangul filler (also default-ignorable)
	'\uFFA0': true, // halfwidth hangul filler
	'\u115F': true, // hangul choseong filler
	'\u1160': true, // hangul jungseong filler
}

// assigned reports whether r is a character of the Unicode version Go
// knows.
func assigned(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co)
}

// skeleton returns what a name looks like, for comparing names: its NFKC
// form (full-width and mathematical letters become plain ones, ligatures
// are split), with the Cyrillic, Greek and other letters that look like
// Latin ones replaced by them, case-folded, and with runs of spaces made
// one. This is a small part of Unicode's confusable detection (UTS #39),
// enough for the letters of model names; digits and Latin look-alikes
// (0 and O, l and I) are left apart, as names such as "4o" and "40" differ.
func skeleton(s string) string {
	s = norm.NFKC.String(s)
	s = strings.Map(latinLookAlike, s)
	s = cases.Fold().String(s)
	s = strings.Map(latinLookAlike, s)
	return strings.Join(strings.Fields(s), " ")
}

func latinLookAlike(r rune) rune {
	if l, ok := lookAlikes[r]; ok {
		return l
	}
	return r
}

// lookAlikes maps letters of other scripts to the Latin letters they are
// drawn like in common fonts.
var lookAlikes = map[rune]rune{
	// Cyrillic capitals.
	'А': 'A', 'В': 'B', 'Е': 'E', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O',
	'Р': 'P', 'С': 'C', 'Т': 'T', 'У': 'Y', 'Х': 'X', 'Ү': 'Y', 'Ӏ': 'I', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ԁ': 'D',
	'Ꙅ': 'S',
	// Cyrillic small letters.
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ј': 'j',
	'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ү': 'y', 'ѵ': 'v',
	// Greek capitals.
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X', 'Ϲ': 'C', 'Ϳ': 'J',
	// Greek small letters.
	'ο': 'o', 'α': 'a', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ρ': 'p', 'υ': 'u', 'χ': 'x', 'ϲ': 'c', 'ϳ': 'j',
	// Armenian and Latin look-alikes.
	'օ': 'o', 'ս': 'u', 'հ': 'h', 'ı': 'i', 'ȷ': 'j', 'ɡ': 'g',
}
