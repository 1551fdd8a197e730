package langdetect

import (
	"errors"
	"testing"
)

// The expected languages were produced by Python's langdetect 1.0.9 with
// DetectorFactory.seed = 0 on these texts.
func TestDetectMatchesLangdetect(t *testing.T) {
	tests := []struct {
		name, reason, in, want string
	}{
		{"french", "a plain sentence", "Le chat dort sur le canapé pendant que la pluie tombe doucement.", "fr"},
		{"german", "umlauts and ß", "Der Hund läuft schnell über die Straße.", "de"},
		{"russian", "Cyrillic", "Это простое предложение на русском языке.", "ru"},
		{"japanese", "kana fold to one character each", "これは日本語の文です。", "ja"},
		{"vietnamese", "precomposed diacritics", "Chúng tôi đang học tiếng Việt.", "vi"},
		{"hindi", "Devanagari", "मैं घर जा रहा हूँ।", "hi"},
		{"all capitals", "only the first letter of a capitalised word counts, so short shouted text is unreliable", "YES", "cy"},
		{"one letter", "a single letter is a guess", "A", "tl"},
		{"capitals english", "three initials happen to favour English", "FARE INSIGHT ANALYTICS", "en"},
		{"one word", "a single word is a guess", "etchings", "de"},
		{"url removed", "URLs are not text", "Visit https://example.com now", "en"},
		{"hello", "short texts are unreliable", "hello", "fi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Detect(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("%s: Detect(%q) = %q, %v; want %q", tt.reason, tt.in, got, err, tt.want)
			}
		})
	}
}

func TestDetectNoFeatures(t *testing.T) {
	for _, in := range []string{"", "12345 !!!", "https://example.com"} {
		if _, err := Detect(in); !errors.Is(err, ErrNoFeatures) {
			t.Errorf("Detect(%q) error = %v, want ErrNoFeatures", in, err)
		}
	}
}

func TestPyRandomMatchesCPython(t *testing.T) {
	// random.seed(0); [random.random() for _ in range(2)], then
	// random.seed(0); random.gauss(0, 1); random.choice(range(1000)).
	r := newPyRandom(0)
	if got := []float64{r.float(), r.float()}; got[0] != 0.8444218515250481 || got[1] != 0.7579544029403025 {
		t.Errorf("random() = %v", got)
	}
	r = newPyRandom(0)
	if g := r.gauss(); g != 0.9417154046806644 {
		t.Errorf("gauss() = %v", g)
	}
	if c := r.below(1000); c != 430 {
		t.Errorf("choice(range(1000)) = %d", c)
	}
}

func TestProfiles(t *testing.T) {
	m, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.langs); n != 55 {
		t.Errorf("%d profiles, want 55", n)
	}
}
