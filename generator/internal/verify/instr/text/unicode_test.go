package text

import (
	"fmt"
	"testing"
	"unicode"
)

// new15 are characters added in Unicode 15.0, one or more from each kind of
// addition: unassigned in the reference Python 3.11 (Unicode 14.0), so
// every class of theirs is false there, while Go's own tables (Unicode 15.0
// since Go 1.21) give them letters, digits, numbers or lower case.
var new15 = []struct {
	r    rune
	name string
}{
	{0x1D2C0, "KAKTOVIK NUMERAL ZERO (No)"},
	{0x1D2D3, "KAKTOVIK NUMERAL NINETEEN (No)"},
	{0x1E4D0, "NAG MUNDARI LETTER O (Lo)"},
	{0x1E4F0, "NAG MUNDARI DIGIT ZERO (Nd)"},
	{0x11F04, "KAWI LETTER A (Lo)"},
	{0x11F50, "KAWI DIGIT ZERO (Nd)"},
	{0x1E030, "MODIFIER LETTER CYRILLIC SMALL A (Lm, Other_Lowercase)"},
	{0x31350, "CJK UNIFIED IDEOGRAPH-31350 (Lo)"},
	{0x0CF3, "KANNADA SIGN COMBINING ANUSVARA ABOVE RIGHT (Mc)"},
	{0x1343F, "EGYPTIAN HIEROGLYPH END WALLED ENCLOSURE (Cf)"},
	{0x11B00, "DEVANAGARI HEAD MARK (Po)"},
	{0x10EFD, "ARABIC SMALL LOW WORD SAKTA (Mn)"},
	{0x1F6DC, "WIRELESS (So)"},
}

// TestUnicode15CharactersFollowPython311 checks the characters new in
// Unicode 15.0 against Python 3.11, the reference: str.isalnum,
// str.isdecimal, str.isalpha, str.islower and str.isspace are all false for
// them (python3.11 -c 'c = "\U0001D2C0"; print(c.isalnum())' prints False),
// so none is a word character, digit, letter or lower-case letter. With
// Go's tables, 𝋀 would be a word character and "x 𝋀 y" three words.
func TestUnicode15CharactersFollowPython311(t *testing.T) {
	if UnicodeVersion != "14.0.0" {
		t.Fatalf("tables are Unicode %s, want 14.0.0 (Python 3.11)", UnicodeVersion)
	}
	goSays := 0
	for _, c := range new15 {
		s := string(c.r)
		got := fmt.Sprint(IsWord(c.r), IsDigit(c.r), IsAlpha(c.r), IsNumber(c.r), IsLower(s), IsUpper(s), IsSpace(c.r), unicode.Is(pyAssigned, c.r))
		if want := fmt.Sprint(false, false, false, false, false, false, false, false); got != want {
			t.Errorf("U+%04X %s: word, digit, alpha, number, lower, upper, space, assigned = %s, want all false", c.r, c.name, got)
		}
		if unicode.IsLetter(c.r) || unicode.IsNumber(c.r) || unicode.IsLower(c.r) || unicode.In(c.r, unicode.Mn, unicode.Mc, unicode.Cf, unicode.Po, unicode.So) {
			goSays++
		}
	}
	if goSays != len(new15) {
		t.Errorf("only %d of the %d characters are assigned in Go's tables: the test no longer shows a difference", goSays, len(new15))
	}
	for r := range changed15["lower"] {
		if IsLower(string(r)) || !unicode.IsLower(r) && !unicode.Is(unicode.Other_Lowercase, r) {
			t.Errorf("U+%04X: IsLower %v, want false as Python 3.11 (Go's tables: true)", r, IsLower(string(r)))
		}
	}
	if n := CountWords("x \U0001D2C0 y"); n != 2 {
		t.Errorf(`CountWords("x 𝋀 y") = %d, want 2 as Python 3.11's \w+`, n)
	}
}

// changed15 are the characters of Unicode 14.0 whose properties Unicode
// 15.0 changed, for each class: five modifier letters (ჼ U+10FC and
// U+A7F2..U+A7F4, U+AB69) became Other_Lowercase, so str.islower() is
// false for them in Python 3.11 and true in Python 3.12 and Go.
var changed15 = map[string]map[rune]bool{
	"lower": {0x10FC: true, 0xA7F2: true, 0xA7F3: true, 0xA7F4: true, 0xAB69: true},
}

// TestTablesDifferFromGoOnlyOnNewCharacters compares every class with
// Go's own tables over all code points: they may differ only on characters
// unassigned in Unicode 14.0 (new in 15.0), where the tables must say no.
// Any other difference is a change between versions of an existing
// character's properties, which the reference decides.
func TestTablesDifferFromGoOnlyOnNewCharacters(t *testing.T) {
	classes := []struct {
		name      string
		ours, gos func(rune) bool
	}{
		{"word", IsWord, func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }},
		{"digit", IsDigit, func(r rune) bool { return unicode.Is(unicode.Nd, r) }},
		{"alpha", IsAlpha, unicode.IsLetter},
		{"number", IsNumber, unicode.IsNumber},
		{"space", IsSpace, func(r rune) bool { return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f }},
		{"lower", isLower, func(r rune) bool { return unicode.IsLower(r) || unicode.Is(unicode.Other_Lowercase, r) }},
		{"upper", isUpper, func(r rune) bool { return unicode.IsUpper(r) || unicode.Is(unicode.Other_Uppercase, r) }},
		{"title", isTitle, unicode.IsTitle},
	}
	for _, c := range classes {
		n := 0
		for r := rune(0); r <= unicode.MaxRune; r++ {
			if c.ours(r) == c.gos(r) {
				continue
			}
			n++
			if changed15[c.name][r] {
				continue
			}
			if unicode.Is(pyAssigned, r) || c.ours(r) {
				t.Errorf("%s: U+%04X is assigned in Unicode 14.0 and differs from Go's tables (ours %v)", c.name, r, c.ours(r))
			}
		}
		t.Logf("%s: %d characters new in Unicode 15.0 differ from Go's tables", c.name, n)
	}
}
