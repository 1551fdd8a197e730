package text

import (
	"bytes"
	"strings"
	"testing"
)

// splitQuoteBeforeLetterRunes is splitQuoteBeforeLetter without its
// shortcut: every text with an apostrophe goes through the rune loop.
func splitQuoteBeforeLetterRunes(s string) string {
	if !strings.Contains(s, "'") {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		b.WriteRune(rs[i])
		if rs[i] != '\'' || i+1 >= len(rs) || !IsWord(rs[i+1]) || isClitic(string(rs[i+1:min(len(rs), i+3)])) {
			continue
		}
		if i+2 >= len(rs) || !IsWord(rs[i+2]) {
			b.WriteRune(' ')
			b.WriteRune(rs[i+1])
			i++
		}
	}
	return b.String()
}

// splitContractionsAll is splitContractions trying every rule's word.
func splitContractionsAll(s string) string {
	lower := []byte(strings.ToLower(s))
	for i, c := range contractions {
		if !bytes.Contains(lower, []byte(c.word)) {
			continue
		}
		if i == 7 {
			s = c.re.ReplaceAllString(s, " ${1} ${2} ${3}")
			continue
		}
		s = c.re.ReplaceAllString(s, " ${1} ${2} ")
	}
	return s
}

// FuzzTreebankShortcutsMatchRuneLoops holds padChars, which copies the
// text between matches whole, splitQuoteBeforeLetter, which returns a
// text it would not change as it is, and splitContractions, which skips a
// text without an apostrophe, "nn", "mm" or "tt", to the loops they
// shortcut.
func FuzzTreebankShortcutsMatchRuneLoops(f *testing.F) {
	for _, s := range []string{
		"Why? Yes! (a) [b] {c} <d> «e» “f” ‘g’ x*y ;@#$%&", "it's I'M we'd a'b x'y z' ' q'ſt 'K", "\xff' x'y\xe2\x80",
		"I cannot, GONNA wanna go; gimme 'Tis 'twas more'n D'ye LEMME gotta", "a»\xe2\x80\x99’b", "’’ ”x” »", "",
		"don't CAN'T o'clock rock'n'roll l'a é'ü 'ſ", "comment better annual",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, chars := range []string{";@#$%&", "?!", "*", "[](){}<>", "»”’"} {
			if got, want := padChars(s, chars), padCharsRunes(s, chars); got != want {
				t.Errorf("padChars(%q, %q) = %q, want %q", s, chars, got, want)
			}
		}
		if got, want := splitQuoteBeforeLetter(s), splitQuoteBeforeLetterRunes(s); got != want {
			t.Errorf("splitQuoteBeforeLetter(%q) = %q, want %q", s, got, want)
		}
		if got, want := splitContractions(s), splitContractionsAll(s); got != want {
			t.Errorf("splitContractions(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzFirstLastRunesMatchRuneSlices holds FirstRunes and LastRunes, which
// walk only the characters they return, to slicing []rune(s).
func FuzzFirstLastRunesMatchRuneSlices(f *testing.F) {
	for _, s := range []string{"", "abc", "héllo wörld ✓ 😀", "a\xffb\xe2\x82c", "\xf0\x9f\x98"} {
		f.Add(s, 2)
		f.Add(s, 40)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		r := []rune(s)
		if got, want := FirstRunes(s, n), string(r[:min(n, len(r))]); got != want {
			t.Errorf("FirstRunes(%q, %d) = %q, want %q", s, n, got, want)
		}
		if got, want := LastRunes(s, n), string(r[max(0, len(r)-n):]); got != want {
			t.Errorf("LastRunes(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}
