package ifevalg

import (
	"regexp"
	"strings"
	"testing"
)

// refRules are the substitutions of IFEval's split_into_sentences
// (instructions_util.py, which open-instruct's IFEvalG keeps unchanged)
// written as the Python is, one regular expression a step, with Python's
// Unicode \s: the reference splitIntoSentences is held to.
var refRules = func() []struct {
	re   *regexp.Regexp
	repl string
} {
	const (
		alphabets = `([A-Za-z])`
		prefixes  = `(Mr|St|Mrs|Ms|Dr)[.]`
		suffixes  = `(Inc|Ltd|Jr|Sr|Co)`
		acronyms  = `([A-Z][.][A-Z][.](?:[A-Z][.])?)`
		websites  = `[.](com|net|org|io|gov|edu|me)`
		digits    = `([0-9])`
	)
	st := strings.ReplaceAll(starters, `\s`, pySpace)
	rules := []struct{ expr, repl string }{
		{prefixes, "${1}<prd>"},
		{websites, "<prd>${1}"},
		{digits + `[.]` + digits, "${1}<prd>${2}"},
		{`\.{2,}`, ""}, // multiple dots: see splitIntoSentencesRef
		{pySpace + alphabets + `[.] `, " ${1}<prd> "},
		{acronyms + " " + st, "${1}<stop> ${2}"},
		{alphabets + `[.]` + alphabets + `[.]` + alphabets + `[.]`, "${1}<prd>${2}<prd>${3}<prd>"},
		{alphabets + `[.]` + alphabets + `[.]`, "${1}<prd>${2}<prd>"},
		{" " + suffixes + `[.] ` + st, " ${1}<stop> ${2}"},
		{" " + suffixes + `[.]`, " ${1}<prd>"},
		{" " + alphabets + `[.]`, " ${1}<prd>"},
	}
	out := make([]struct {
		re   *regexp.Regexp
		repl string
	}, len(rules))
	for i, r := range rules {
		out[i].re, out[i].repl = regexp.MustCompile(r.expr), r.repl
	}
	return out
}()

func splitIntoSentencesRef(s string) []string {
	t := " " + s + "  "
	t = strings.ReplaceAll(t, "\n", " ")
	for i, r := range refRules {
		if i == 3 {
			t = r.re.ReplaceAllStringFunc(t, func(m string) string {
				return strings.Repeat("<prd>", len(m)) + "<stop>"
			})
			if strings.Contains(t, "Ph.D") {
				t = strings.ReplaceAll(t, "Ph.D.", "Ph<prd>D<prd>")
			}
			continue
		}
		t = r.re.ReplaceAllString(t, r.repl)
	}
	for _, r := range [][2]string{{".”", "”."}, {`."`, `".`}, {`!"`, `"!`}, {`?"`, `"?`},
		{".", ".<stop>"}, {"?", "?<stop>"}, {"!", "!<stop>"}, {"<prd>", "."}} {
		t = strings.ReplaceAll(t, r[0], r[1])
	}
	return cutSentences(t)
}

// sentenceShapes are texts that reach every protection of the splitter.
var sentenceShapes = []string{
	"Hi there. Mr. Smith went to Washington! Really?",
	"It costs 3.50 today. 1.2.3.4 and 12.5.",
	"Wait... What?.. Yes....",
	"Visit example.com now. Or a.io, b.me.org.net. Bye.",
	`He said "go." Then left. Is it "so?" Yes! "No!" ok`,
	"It was U.S. He left. The U.S.A. But not. A.B. This one. X.Y.Z.W. end",
	"A\u00a0b. Next. x\u3000y. z\u2028q. ",
	"Ph.D. holders. a Ph.D student. Ph.D.D.",
	"Acme Inc. He sold. Bob Jr. They came. Co. It is. Ltd.However done. Sr. Wherever",
	"Mrs. Mr. Ms. Dr. St. DMr. Mr.. Dr...",
	"a. b. c.d. e.f.g. h.i.j.k. I. J.K. ",
	"it is “done.” yes. ”. .”",
	"\n\nnew\nlines.\n\n",
	"", " ", ".", "..", "a.b", "1.", ".1", "A. ", " A.", "\tA. b",
	"Dr.Who", "e.g. this", "i.e., that", "U.S. He", "U.S.A. They ", "X.Y. We", "P.M. It",
	"Inc. He", " Inc. He ", " Co. Our", " Jr. That ", " Sr. This\u00a0",
}

func TestSplitIntoSentencesIsTheReference(t *testing.T) {
	for _, s := range sentenceShapes {
		if got, want := splitIntoSentences(s), splitIntoSentencesRef(s); !equalStrings(got, want) {
			t.Errorf("splitIntoSentences(%q) = %q, the reference %q", s, got, want)
		}
	}
}

func FuzzSplitIntoSentences(f *testing.F) {
	for _, s := range sentenceShapes {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<12 {
			return
		}
		if got, want := splitIntoSentences(s), splitIntoSentencesRef(s); !equalStrings(got, want) {
			t.Fatalf("splitIntoSentences(%q) = %q, the reference %q", s, got, want)
		}
	})
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func BenchmarkSplitIntoSentences(b *testing.B) {
	prose := strings.Repeat("The quick brown fox, Mr. Jones said, jumped over 3.5 fences at example.com today! Did it? Yes... ", 200)
	for _, c := range []struct{ name, s string }{{"prose", prose}, {"no-dots", strings.Repeat("a b\n\n", 4000)}, {"initials", strings.Repeat("a.", 10000)}} {
		for _, impl := range []struct {
			name string
			f    func(string) []string
		}{{"fast", splitIntoSentences}, {"reference", splitIntoSentencesRef}} {
			b.Run(c.name+"/"+impl.name, func(b *testing.B) {
				b.SetBytes(int64(len(c.s)))
				for b.Loop() {
					impl.f(c.s)
				}
			})
		}
	}
}

// refDivider is open-instruct's paragraph divider as the expression it
// is, with Python's Unicode \s: the reference splitDivider is held to.
var refDivider = regexp.MustCompile(pySpace + `?\*\*\*` + pySpace + `?`)

var dividerShapes = []string{"", "***", "a***b", "a *** b", "a  ***  b", "****", "*** ***", "a\u00a0***\u2028b", "** *", "a\n***\n***\nb", " ***", "*** ", "a ******b"}

func FuzzSplitDivider(f *testing.F) {
	for _, s := range dividerShapes {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := splitDivider(s), refDivider.Split(s, -1); !equalStrings(got, want) {
			t.Fatalf("splitDivider(%q) = %q, the reference %q", s, got, want)
		}
	})
}
