package ingest

import (
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func TestModelNameProblem(t *testing.T) {
	for _, tc := range []struct {
		name, reason, in, want string
	}{
		{"plain", "letters, digits, punctuation and plain spaces", "Acme Chat 7B (thinking, v2.1)", ""},
		{"other scripts", "names in any script are welcome", "Модель 7B · 模型 · Ω-1 · café", ""},
		{"emoji", "a visible symbol is a character like any other", "Spark ✨", ""},
		{"NUL", "a control character", "a\x00b", "holds a control character (U+0000)"},
		{"newline", "a control character", "a\nb", "holds a control character (U+000A)"},
		{"tab", "a control character", "a\tb", "holds a control character (U+0009)"},
		{"delete", "a control character", "a\x7fb", "holds a control character (U+007F)"},
		{"C1 control", "a control character", "a\u0085b", "holds a control character (U+0085)"},
		{"zero-width space", "a format character", "At\u200blas", "holds an invisible format character (U+200B)"},
		{"zero-width joiner", "a format character", "At\u200dlas", "holds an invisible format character (U+200D)"},
		{"byte-order mark", "a format character", "\ufeffAtlas", "holds an invisible format character (U+FEFF)"},
		{"soft hyphen", "a format character", "At\u00adlas", "holds an invisible format character (U+00AD)"},
		{"tag character", "a format character", "Atlas\U000E0041", "holds an invisible format character (U+E0041)"},
		{"right-to-left override", "a bidirectional control", "Atlas \u202e07", "holds a bidirectional control character (U+202E)"},
		{"right-to-left isolate", "a bidirectional control", "Atlas \u2067x", "holds a bidirectional control character (U+2067)"},
		{"left-to-right mark", "a bidirectional control", "Atlas\u200e", "holds a bidirectional control character (U+200E)"},
		{"no-break space", "not the plain space", "Atlas\u00a070B", "holds a space other than the plain space (U+00A0)"},
		{"ideographic space", "not the plain space", "Atlas\u300070B", "holds a space other than the plain space (U+3000)"},
		{"line separator", "not the plain space", "Atlas\u202870B", "holds a space other than the plain space (U+2028)"},
		{"hangul filler", "default-ignorable", "Atlas\u3164", "holds an invisible character (U+3164)"},
		{"variation selector", "default-ignorable", "Atlas\ufe0f", "holds an invisible character (U+FE0F)"},
		{"combining grapheme joiner", "default-ignorable", "Atlas\u034f", "holds an invisible character (U+034F)"},
		{"braille blank", "prints as nothing", "Atlas\u2800", "holds a blank character (U+2800)"},
		{"private use", "no glyph a reader can trust", "Atlas\ue000", "holds a private-use character (U+E000)"},
		{"noncharacter", "not a character", "Atlas\ufdd0", "holds a noncharacter (U+FDD0)"},
		{"unassigned", "no glyph at all", "Atlas\U0003FFFD", "holds an unassigned code point (U+3FFFD)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ModelNameProblem(tc.in)
			if (tc.want == "") != (got == "") || !strings.HasPrefix(got, tc.want) {
				t.Errorf("%s: ModelNameProblem(%+q) = %q, want %q…", tc.reason, tc.in, got, tc.want)
			}
		})
	}
}

func TestSameNamesSeesLookAlikes(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		a, b         string
		clash        bool
	}{
		{"case and spaces", "names are compared without case and extra spaces", "Atlas 70B", "  atlas   70b ", true},
		{"Cyrillic a", "Cyrillic а (U+0430) is drawn like Latin a", "Atlas", "Atl\u0430s", true},
		{"Cyrillic capitals", "Cyrillic А, Т, Е, Н, Р are drawn like Latin capitals", "ATHENA PRO", "\u0410\u0422\u041dENA \u0420RO", true},
		{"Greek capitals", "Greek Α, Τ, Ο are drawn like Latin capitals", "ATLAS ONE", "\u0391\u03a4LAS \u039fNE", true},
		{"Greek omicron", "Greek ο is drawn like Latin o", "Borealis Pro", "B\u03bfrealis Pr\u03bf", true},
		{"full-width", "NFKC makes full-width letters plain", "Atlas", "\uff21\uff54\uff4c\uff41\uff53", true},
		{"mathematical bold", "NFKC makes mathematical letters plain", "Atlas", "\U0001d400tlas", true},
		{"ligature", "NFKC splits ligatures", "Fine", "\ufb01ne", true},
		{"dotless i", "ı is drawn like i but for its dot", "Gemini", "Gem\u0131n\u0131", true},
		{"sharp s", "case folding makes ß ss", "Strasse", "Straße", true},
		{"different names", "names that do not look alike do not clash", "Atlas 70B", "Atlas 7B", false},
		{"digit and letter", "4o and 40 are different names", "GPT-4o", "GPT-40", false},
		{"another script", "a name in Cyrillic that looks like no Latin name", "Модель", "Model", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			subs := []board.Submission{
				{ID: "a", Dir: "results/a", Meta: board.Metadata{Name: tc.a, NameLine: 1}},
				{ID: "b", Dir: "results/b", Meta: board.Metadata{Name: tc.b, NameLine: 1}},
			}
			probs := SameNames(subs)
			if got := len(probs) == 2; got != tc.clash {
				t.Errorf("%s: %q and %q clash: %v, want %v (%v)", tc.reason, tc.a, tc.b, got, tc.clash, probs)
			}
		})
	}
}
