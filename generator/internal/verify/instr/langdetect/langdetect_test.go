package langdetect

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
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

// The expressions of Python's langdetect, which removeURLs and removeMails
// implement by hand (Go caps repeat counts at 1000, so {1,2076} is written
// in three parts). Go's leftmost-first matching is Python's here.
var (
	urlRE  = regexp.MustCompile(`https?://[-_.?&~;+=/#0-9A-Za-z]{1,1000}[-_.?&~;+=/#0-9A-Za-z]{0,1000}[-_.?&~;+=/#0-9A-Za-z]{0,76}`)
	mailRE = regexp.MustCompile(`[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}`)
)

func FuzzRemoveURLsAndMails(f *testing.F) {
	long := strings.Repeat("a", 70)
	for _, s := range []string{
		"see https://x.org/a?b=1#c now", "http://", "https:/x", "httphttps://a", "http://é", "httpsx://a",
		"a@b", "a@bc", "a@b.c", "a@.bc", "me@x.y.z, you@w", long + "@example.com", "a@" + strings.Repeat("b", 300) + ".c",
		"a@" + strings.Repeat("b", 255), "x@y@z.w", "-@--", ".@a.", "a@b@cd", "https://" + strings.Repeat("u", 2100),
		"mail a@b.c at http://a@b.c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := removeURLs(s), urlRE.ReplaceAllString(s, " "); got != want {
			t.Errorf("removeURLs(%q) = %q, want %q", s, got, want)
		}
		if got, want := removeMails(s), mailRE.ReplaceAllString(s, " "); got != want {
			t.Errorf("removeMails(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestASCIIGramsAgreeWithLookup checks the table of ASCII n-grams against
// the profiles' hash table for every n-gram of letters and spaces, and
// that it leaves every other character to the hash table.
func TestASCIIGramsAgreeWithLookup(t *testing.T) {
	m, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	table := asciiOf(m)
	chars := []rune(" ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
	var w []rune
	var walk func(n int)
	walk = func(n int) {
		if len(w) > 0 {
			got, ok := table.find(w)
			if want := int32(m.lookup(gramKey(w))); !ok || got != want {
				t.Fatalf("find(%q) = %d, %v; lookup gives %d", string(w), got, ok, want)
			}
		}
		if n == 0 {
			return
		}
		for _, c := range chars {
			w = append(w, c)
			walk(n - 1)
			w = w[:len(w)-1]
		}
	}
	walk(3)
	for _, w := range []string{"é", "aé", "1", "a-b", "\u00a0"} {
		if _, ok := table.find([]rune(w)); ok {
			t.Errorf("find(%q) answered; want it left to the hash table", w)
		}
	}
}

// find returns lookup's result for the n-gram w, and false when w holds a
// character besides ASCII letters and the space.
func (t asciiGrams) find(w []rune) (int32, bool) {
	var c [3]int
	for i, r := range w {
		if r >= 128 || asciiCode[r] == 0xff {
			return 0, false
		}
		c[i] = int(asciiCode[r])
	}
	return t[asciiSlot(c[:len(w)])], true
}

// extractByLookup is extract as langdetect writes it, each n-gram read
// from the ASCII table (find) or the hash table in turn.
func (m *model) extractByLookup(text []rune) []int32 {
	ascii := asciiOf(m)
	var result []int32
	grams := []rune{' '}
	capital := false
	for _, ch := range text {
		ch = m.normalize(ch)
		last := grams[len(grams)-1]
		if last == ' ' {
			grams = []rune{' '}
			capital = false
			if ch == ' ' {
				continue
			}
		} else if len(grams) >= 3 {
			grams = grams[1:]
		}
		grams = append(grams, ch)
		if unicode.IsUpper(ch) {
			if unicode.IsUpper(last) {
				capital = true
			}
		} else {
			capital = false
		}
		if capital {
			continue
		}
		for n := 1; n <= len(grams); n++ {
			w := grams[len(grams)-n:]
			if n == 1 && w[0] == ' ' {
				continue
			}
			g, ok := ascii.find(w)
			if !ok {
				g = int32(m.lookup(gramKey(w)))
			}
			if g >= 0 {
				result = append(result, g)
			}
		}
	}
	return result
}

// TestExtractAgreesWithLookup extracts the n-grams of texts in several
// scripts, mixing ASCII letters with others, as extract does and as
// extractByLookup does.
func TestExtractAgreesWithLookup(t *testing.T) {
	m, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"", " ", "a", "A", "AB", "ABC def", "Hello, World! THIS is IT.",
		"Le chat dort sur le canapé pendant que la pluie tombe doucement.",
		"Der Hund läuft schnell über die Straße.", "Это простое предложение на русском языке.",
		"これは日本語の文です。", "Chúng tôi đang học tiếng Việt.", "मैं घर जा रहा हूँ।",
		"mixed ascii and ελληνικά and 中文 and x1y2z3 «quoted» ÀÉÎ éa aé", "a\u00a0b  c\td\ne",
	}
	alphabet := []rune("aZ é ÉЖж中ー1-\u00a0Ạ")
	for i := range 200 {
		var b strings.Builder
		for j := range 40 {
			b.WriteRune(alphabet[(i*7+j*j*3+i*j)%len(alphabet)])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		rs := []rune(s)
		got, want := m.extract(rs, nil), m.extractByLookup(rs)
		if !slices.Equal(got, want) {
			t.Fatalf("extract(%q) = %v; by lookup %v", s, got, want)
		}
	}
}
