package text

import (
	"strings"
	"testing"
)

func TestCompileIgnoreCaseFollowsPython(t *testing.T) {
	// Expected values checked with CPython 3.11:
	// bool(re.search(expr, s, re.IGNORECASE)).
	tests := []struct {
		name, reason string
		expr, s      string
		want         bool
	}{
		{name: "dotted capital I", reason: "lower(İ) is i", expr: "rich", s: "RİCH", want: true},
		{name: "dotless i", reason: "ı is an extra equivalent of i", expr: "rich", s: "rıch", want: true},
		{name: "dotless i in pattern", reason: "the classes are symmetric", expr: "ı", s: "İ", want: true},
		{name: "kelvin", reason: "lower(K) is k", expr: "k", s: "\u212a", want: true},
		{name: "long s", reason: "ſ is an extra equivalent of s", expr: "S", s: "ſ", want: true},
		{name: "final sigma", reason: "σ and ς are extra equivalents", expr: "σ", s: "ς", want: true},
		{name: "range", reason: "a class gains the equivalents of its members", expr: "^[h-j]$", s: "İ", want: true},
		{name: "negated class", reason: "[^i] excludes every equivalent of i", expr: "^[^i]$", s: "İ", want: false},
		{name: "negated class, other letter", reason: "[^i] still matches other letters", expr: "^[^i]$", s: "K", want: true},
		{name: "no relation", reason: "i and j are different letters", expr: "i", s: "J", want: false},
		{name: "titlecase", reason: "Ǆ, ǅ and ǆ share a lower-case mapping", expr: "ǅ", s: "Ǆ", want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re, err := CompileIgnoreCase(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if got := re.MatchString(tt.s); got != tt.want {
				t.Errorf("%q on %q = %v, want %v (%s)", tt.expr, tt.s, got, tt.want, tt.reason)
			}
		})
	}
}

func TestCaseClassOfI(t *testing.T) {
	got := string(CaseClass('i'))
	if want := "Iiİı"; got != want {
		t.Errorf("CaseClass('i') = %q, want %q", got, want)
	}
	if CaseClass('1') != nil {
		t.Errorf("CaseClass('1') is not nil")
	}
}

func TestFoldASCIIAgreesWithCaseClasses(t *testing.T) {
	// FoldASCII must map exactly the non-ASCII members of ASCII letters'
	// classes, and nothing else.
	for r := rune(0x80); r <= 0x10ffff; r++ {
		ascii := rune(0)
		for _, m := range CaseClass(r) {
			if 'a' <= m && m <= 'z' {
				ascii = m
			}
		}
		got := FoldASCII(string(r))
		want := string(r)
		if ascii != 0 {
			want = string(ascii)
		}
		if got != want {
			t.Errorf("FoldASCII(%U) = %q, want %q", r, got, want)
		}
	}
}

func TestContainsWordFold(t *testing.T) {
	tests := []struct {
		name, reason string
		s, word      string
		want         bool
	}{
		{name: "ascii", reason: "plain match", s: "a Rich man", word: "rich", want: true},
		{name: "dotted", reason: "İ matches i", s: "RİCH.", word: "rich", want: true},
		{name: "inside word", reason: "needs boundaries", s: "richer", word: "rich", want: false},
		{name: "non-ASCII word", reason: "regular-expression path", s: "ΟΔΟΣ", word: "οδος", want: true},
		{name: "unicode boundary", reason: "é is a word character", s: "richés", word: "rich", want: false},
	}
	for _, tt := range tests {
		if got := ContainsWordFold(tt.s, tt.word); got != tt.want {
			t.Errorf("%s: ContainsWordFold(%q, %q) = %v, want %v (%s)", tt.name, tt.s, tt.word, got, tt.want, tt.reason)
		}
	}
}

func TestLowerFollowsPython(t *testing.T) {
	// Expected values from CPython 3.11 str.lower.
	for in, want := range map[string]string{
		"RİCH":   "ri\u0307ch",
		"ΟΔΟΣ":   "οδος",
		"ΟΔΟΣ Α": "οδος α",
		"Σ":      "σ",
		"ΑΣΑ":    "ασα",
		"ABC":    "abc",
	} {
		if got := Lower(in); got != want {
			t.Errorf("Lower(%q) = %q, want %q", in, got, want)
		}
	}
}

// foldASCIIByRunes is FoldASCII written rune by rune, as it first was.
func foldASCIIByRunes(s string) string {
	// A text without capitals and without the lead bytes of İ, ı, ſ and
	// KELVIN SIGN is returned as it is, invalid bytes and all.
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c == 0xc4 || c == 0xc5 || c == 0xe2 {
			clean = false
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case 'A' <= r && r <= 'Z':
			b.WriteByte(byte(r + 'a' - 'A'))
		case r == '\u0130' || r == '\u0131':
			b.WriteByte('i')
		case r == '\u212a':
			b.WriteByte('k')
		case r == '\u017f':
			b.WriteByte('s')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// FuzzFoldASCIIMatchesRunes holds FoldASCII, which copies unchanged runs
// whole, to the rune-by-rune mapping.
func FuzzFoldASCIIMatchesRunes(f *testing.F) {
	for _, s := range []string{"", "abc", "ABC déF", "İı\u212aſ", "\xff\xe2\x80 A\xc4", "Straße KELVIN \u212a", "\xe2\x84\xaa\xe2\x84", "\xb9", "A\xb9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := FoldASCII(s), foldASCIIByRunes(s); got != want {
			t.Errorf("FoldASCII(%q) = %q, want %q", s, got, want)
		}
	})
}
