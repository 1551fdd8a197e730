package ifeval

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// TestOnlyKelvinAndDottedILowerToASCII checks what countLowered relies on:
// of the characters outside ASCII, only KELVIN SIGN and İ lower-case to
// something holding an ASCII letter.
func TestOnlyKelvinAndDottedILowerToASCII(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		l := text.Lower(string(r))
		if strings.IndexFunc(l, func(c rune) bool { return 'a' <= c && c <= 'z' }) >= 0 && r != '\u212a' && r != '\u0130' {
			t.Errorf("%U lower-cases to %q", r, l)
		}
	}
}

// FuzzLoweredMatchesLower holds countLowered, hasLoweredPrefix and
// lowerTail to text.Lower of the whole text.
func FuzzLoweredMatchesLower(f *testing.F) {
	for _, s := range []string{"Kik\u212a İi I", "ΣΑΣ σ", "ÀB\xffc", "Write a story. WRITE", "İstanbul", "ΟΔΟΣ ΟΔΟΣ.", "Ends with İİ", "x\xe2\x82"} {
		f.Add(s, "i")
		f.Add(s, "write a")
		f.Add(s, "σ")
	}
	f.Fuzz(func(t *testing.T, s, p string) {
		lower := text.Lower(s)
		if r, size := utf8.DecodeRuneInString(p); size == len(p) && size > 0 {
			want := 0
			for _, c := range lower {
				if c == r {
					want++
				}
			}
			if got := countLowered(s, r); got != want {
				t.Errorf("countLowered(%q, %q) = %d, want %d", s, r, got, want)
			}
		}
		for _, q := range []string{text.Lower(p), p, lower[:min(len(lower), len(p))]} {
			if got, want := hasLoweredPrefix(s, q), strings.HasPrefix(lower, q); got != want {
				t.Errorf("hasLoweredPrefix(%q, %q) = %v, want %v", s, q, got, want)
			}
		}
		for _, n := range []int{0, 1, 3, utf8.RuneCountInString(p), 40} {
			tail := lowerTail(s, n)
			if !strings.HasSuffix(lower, tail) || utf8.RuneCountInString(tail) < min(n, utf8.RuneCountInString(lower)) {
				t.Errorf("lowerTail(%q, %d) = %q, not a suffix of %q with %d characters", s, n, tail, lower, n)
			}
		}
	})
}
