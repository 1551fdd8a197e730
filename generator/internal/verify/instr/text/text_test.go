package text

import (
	"regexp"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The expected values were produced by NLTK 3.8 (sent_tokenize and
// word_tokenize with the English Punkt model) on these sentences.
func TestSentencesAndWordsMatchNLTK(t *testing.T) {
	tests := []struct {
		name, reason string
		in           string
		sentences    int
		words        []string
	}{
		{name: "abbreviations", reason: "Dr. and p.m. are known abbreviations", in: "Dr. Smith went to Washington. He arrived at 5 p.m. on Monday.", sentences: 2, words: []string{"Dr.", "Smith", "went", "to", "Washington", ".", "He", "arrived", "at", "5", "p.m.", "on", "Monday", "."}},
		{name: "quotes and brackets", reason: "closing quotes and brackets join the sentence they end", in: "It cost $3.50. Really?! \"Yes.\" she said (twice.) Then... nothing.", sentences: 5, words: []string{"It", "cost", "$", "3.50", ".", "Really", "?", "!", "``", "Yes", ".", "''", "she", "said", "(", "twice", ".", ")", "Then", "...", "nothing", "."}},
		{name: "initials and new paragraph", reason: "i.e. and U.S. do not end sentences; a blank line does not either", in: "i.e. the U.S. economy grew. Mr. Jones disagreed.\n\nNew paragraph here", sentences: 4, words: []string{"i.e", ".", "the", "U.S.", "economy", "grew", ".", "Mr.", "Jones", "disagreed", ".", "New", "paragraph", "here"}},
		{name: "numbered list", reason: "each numbered item is a sentence, and so is each number", in: "1. First item.\n2. Second item.\n3. Third.", sentences: 6, words: []string{"1", ".", "First", "item", ".", "2", ".", "Second", "item", ".", "3", ".", "Third", "."}},
		{name: "no end mark", reason: "one sentence without a final period", in: "Hello world", sentences: 1, words: []string{"Hello", "world"}},
		{name: "empty", reason: "nothing, nothing", in: "", sentences: 0, words: nil},
		{name: "dashes and trailing space", reason: "-- is punctuation; trailing space is dropped", in: "Wait -- what?  The end.   ", sentences: 2, words: []string{"Wait", "--", "what", "?", "The", "end", "."}},
		{name: "clitics", reason: "n't, 'M and CA+N'T are split off", in: "He said 'hi'. She didn't. They CAN'T, can they? I'M SURE.", sentences: 4, words: []string{"He", "said", "'hi", "'", ".", "She", "did", "n't", ".", "They", "CA", "N'T", ",", "can", "they", "?", "I", "'M", "SURE", "."}},
		{name: "ampersands and curly quotes", reason: "& splits words; curly quotes are tokens", in: "AT&T and R&D: costs, risks; gains. “Quoted,” he wrote ‘again’.", sentences: 2, words: []string{"AT", "&", "T", "and", "R", "&", "D", ":", "costs", ",", "risks", ";", "gains", ".", "“", "Quoted", ",", "”", "he", "wrote", "‘", "again", "’", "."}},
		{name: "ellipsis and e-mail", reason: "... before a capital ends a sentence", in: "Call me at (555) 123-4567 or e-mail foo@example.com... Thanks!", sentences: 2, words: []string{"Call", "me", "at", "(", "555", ")", "123-4567", "or", "e-mail", "foo", "@", "example.com", "...", "Thanks", "!"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CountSentences(tt.in); got != tt.sentences {
				t.Errorf("%s: CountSentences = %d, want %d", tt.reason, got, tt.sentences)
			}
			if diff := cmp.Diff(tt.words, WordTokenize(tt.in)); diff != "" {
				t.Errorf("%s: WordTokenize (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestPythonPredicates(t *testing.T) {
	tests := []struct {
		name, reason, in string
		upper, lower     bool
		words            int
	}{
		{"upper with digits", "digits and punctuation are not cased", "HELLO, 123!", true, false, 2},
		{"no cased letters", "isupper and islower need a cased letter", "123 456", false, false, 2},
		{"lower with accents", "accented letters are cased", "ça va très bien", false, true, 4},
		{"title case letter", "titlecase letters fail both", "\u01c5", false, false, 1},
		{"marks split words", "Python's \\w excludes combining marks", "e\u0301t\u00e9", false, true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []any{IsUpper(tt.in), IsLower(tt.in), CountWords(tt.in)}
			want := []any{tt.upper, tt.lower, tt.words}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: [isupper islower words] (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// The expected sentences are NLTK 3.8's sent_tokenize output: the examples of
// its Punkt documentation, the cases of its own sent_tokenize unit test, and
// cases traced through its source where a newer or older NLTK differs.
func TestSentencesMatchNLTK38(t *testing.T) {
	tests := []struct {
		name, reason, in string
		want             []string
	}{
		{
			name:   "abbreviations and initials",
			reason: "the example of NLTK's Punkt documentation: Mr. and S. do not end sentences, a lower-case i may start one",
			in: "Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.  And sometimes sentences\n" +
				"can start with non-capitalized words.  i is a good variable\nname.",
			want: []string{
				"Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.",
				"And sometimes sentences\ncan start with non-capitalized words.",
				"i is a good variable\nname.",
			},
		},
		{
			name:   "closing punctuation realigned",
			reason: "NLTK's documented realign_boundaries example: closing quotes and brackets stay with their sentence",
			in:     "(How does it deal with this parenthesis?)  \"It should be part of the\nprevious sentence.\" \"(And the same with this one.)\" ('And this one!')\n\"('(And (this)) '?)\" [(and this. )]",
			want: []string{
				"(How does it deal with this parenthesis?)",
				"\"It should be part of the\nprevious sentence.\"",
				"\"(And the same with this one.)\"",
				"('And this one!')",
				"\"('(And (this)) '?)\"",
				"[(and this. )]",
			},
		},
		{name: "repeated end marks", reason: "NLTK's documented example for overlapping end contexts", in: "Very bad acting!!! I promise.", want: []string{"Very bad acting!!!", "I promise."}},
		{name: "no break without space", reason: "a period followed directly by a letter is no candidate", in: "See example.com for more. Thanks", want: []string{"See example.com for more.", "Thanks"}},
		{name: "whitespace only", reason: "the last sentence is cut at the right-stripped end, so nothing remains", in: " \n ", want: []string{}},
		{name: "spaced period after sentence", reason: "NLTK 3.8 unit test: a lone period is a sentence of its own", in: "this is a test. . new sentence.", want: []string{"this is a test.", ".", "new sentence."}},
		{name: "spaced ellipsis", reason: "NLTK 3.8 unit test: each spaced period ends a sentence", in: "This. . . That", want: []string{"This.", ".", ".", "That"}},
		{name: "long ellipsis", reason: "NLTK 3.8 unit test: an ellipsis before a capital does not end this sentence", in: "This..... That", want: []string{"This..... That"}},
		{name: "ellipsis", reason: "NLTK 3.8 unit test", in: "This... That", want: []string{"This... That"}},
		{name: "ellipsis then spaced period", reason: "NLTK 3.8 unit test: the rsplit of NLTK 3.6.6 to 3.7 read '.. .' as '...'", in: "This.. . That", want: []string{"This.. .", "That"}},
		{name: "period then ellipsis", reason: "NLTK 3.8 unit test", in: "This. .. That", want: []string{"This.", ".. That"}},
		{name: "comma and period", reason: "NLTK 3.8 unit test", in: "This. ,. That", want: []string{"This.", ",.", "That"}},
		{name: "triple exclamation", reason: "NLTK 3.8 unit test", in: "This!!! That", want: []string{"This!!!", "That"}},
		{name: "exclamation", reason: "NLTK 3.8 unit test", in: "This! That", want: []string{"This!", "That"}},
		{name: "numbered lines", reason: "NLTK 3.8 unit test: a number before a newline is its own sentence", in: "1. This is R .\n2. This is A .\n3. That's all", want: []string{"1.", "This is R .", "2.", "This is A .", "3.", "That's all"}},
		{name: "numbered tabs", reason: "NLTK 3.8 unit test: a tab separates as a newline does", in: "1. This is R .\t2. This is A .\t3. That's all", want: []string{"1.", "This is R .", "2.", "This is A .", "3.", "That's all"}},
		{name: "tab after period", reason: "NLTK 3.8 unit test", in: "Hello.\tThere", want: []string{"Hello.", "There"}},
		{name: "lone marks", reason: "NLTK 3.8: the candidate '!' has no word before it, its context '! ?' holds a break, so '?' is a second sentence", in: "! ?", want: []string{"!", "?"}},
		{name: "run of marks after a space", reason: "NLTK 3.8 splits after the first mark of a run that follows whitespace (3.6.6 to 3.7 kept the run whole)", in: "use !?!?. Next", want: []string{"use !", "?!?.", "Next"}},
		{name: "run of marks after a word", reason: "a run glued to a word is one candidate", in: "Really?!? Yes", want: []string{"Really?!?", "Yes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Sentences(tt.in)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s\nSentences (-want +got):\n%s", tt.reason, diff)
			}
			if n := CountSentences(tt.in); n != len(tt.want) {
				t.Errorf("%s\nCountSentences = %d, want %d", tt.reason, n, len(tt.want))
			}
		})
	}
}

func TestWordTokenizeMatchesNLTK38(t *testing.T) {
	tests := []struct {
		name, reason, in string
		want             []string
	}{
		{
			name:   "documentation example",
			reason: "nltk.word_tokenize's documented output: only sentence-final periods split off",
			in:     "Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.",
			want:   []string{"Good", "muffins", "cost", "$", "3.88", "in", "New", "York", ".", "Please", "buy", "me", "two", "of", "them", ".", "Thanks", "."},
		},
		{name: "contractions and quotes", reason: "clitics split off, double quotes become `` and ''", in: `They'll say "I can't go."`, want: []string{"They", "'ll", "say", "``", "I", "ca", "n't", "go", ".", "''"}},
		{name: "parentheses and commas", reason: "brackets are padded; a comma before a digit stays in the number", in: "Costs (about 1,000 dollars), maybe.", want: []string{"Costs", "(", "about", "1,000", "dollars", ")", ",", "maybe", "."}},
		// nltk/nltk#3189 reports these outputs of NLTK 3.8.1; later versions
		// fold whitespace first and split the clitic.
		{name: "clitic before a tab", reason: "NLTK 3.8 splits a clitic only before a plain space", in: "he's\t a good boy.", want: []string{"he's", "a", "good", "boy", "."}},
		{name: "clitic at the end", reason: "the padding space added at the end lets the last clitic split", in: "he's\f a good boy. he's\t", want: []string{"he's", "a", "good", "boy", ".", "he", "'s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, WordTokenize(tt.in)); diff != "" {
				t.Errorf("%s\nWordTokenize (-want +got):\n%s", tt.reason, diff)
			}
			n := len(tt.want) / 2
			if diff := cmp.Diff(tt.want[:n], FirstWordTokens(tt.in, n)); diff != "" {
				t.Errorf("%s\nFirstWordTokens(%d) (-want +got):\n%s", tt.reason, n, diff)
			}
		})
	}
}

func TestSpaceCharsMatchesIsSpace(t *testing.T) {
	re := regexp.MustCompile(`^[` + SpaceChars + `]$`)
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if utf8.ValidRune(r) && re.MatchString(string(r)) != IsSpace(r) {
			t.Errorf("U+%04X: SpaceChars matches %v, IsSpace %v", r, !IsSpace(r), IsSpace(r))
		}
	}
}

func TestPythonSlicesAndSplit(t *testing.T) {
	tests := []struct {
		name, reason, in string
		n                int
		first, last      string
		fields           []string
	}{
		{name: "code points", reason: "slices count code points, not bytes", in: "héllo wörld", n: 3, first: "hél", last: "rld", fields: []string{"héllo", "wörld"}},
		{name: "short string", reason: "a slice longer than the string is the string", in: "ab", n: 5, first: "ab", last: "ab", fields: []string{"ab"}},
		{name: "python whitespace", reason: "str.split() also splits on U+001F and no-break space", in: "a\x1fb\u00a0c ", n: 1, first: "a", last: " ", fields: []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []any{FirstRunes(tt.in, tt.n), LastRunes(tt.in, tt.n), Fields(tt.in)}
			want := []any{tt.first, tt.last, tt.fields}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: [s[:n] s[-n:] split()] (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestWordTokenizeQuoteLookaheadIgnoresCasePythonWay(t *testing.T) {
	// NLTK 3.8: word_tokenize("It'ſ a test. x'ſ y'K z'Ke") keeps 'ſ with its
	// word, because the (?i) lookahead (?!...s...) matches ſ (long s) in
	// Python.
	got := WordTokenize("It'ſ a test. x'ſ")
	want := []string{"It'ſ", "a", "test", ".", "x'ſ"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("WordTokenize (-want +got):\n%s", diff)
	}
}

func TestSlice(t *testing.T) {
	// Python 3: s = "héllo"; s[i:j] for each pair.
	for _, c := range []struct {
		i, j int
		want string
	}{
		{0, 3, "hél"}, {1, -1, "éll"}, {-3, 5, "llo"}, {2, 2, ""}, {4, 1, ""},
		{-10, 2, "hé"}, {3, 99, "lo"}, {-1, -2, ""}, {0, 0, ""}, {-5, -4, "h"},
	} {
		if got := Slice([]rune("héllo"), c.i, c.j); got != c.want {
			t.Errorf("Slice(héllo, %d, %d) = %q, want %q", c.i, c.j, got, c.want)
		}
	}
}

// FuzzCountWordsMatchesIsWord holds CountWords, which reads ASCII from a
// table, to counting the runs of IsWord rune by rune.
func FuzzCountWordsMatchesIsWord(f *testing.F) {
	for _, s := range []string{"", "a b_c 12", "x \U0001D2C0 y", "é-ü\xff\xffa", "__ ٣٤ Ⅻ", "\xe2\x80a\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, in := 0, false
		for _, r := range s {
			w := IsWord(r)
			if w && !in {
				want++
			}
			in = w
		}
		if got := CountWords(s); got != want {
			t.Errorf("CountWords(%q) = %d, want %d", s, got, want)
		}
	})
}

// TestCaseASCIIFastPaths checks that the ASCII answers of isLower, isUpper
// and isTitle are the tables'.
func TestCaseASCIIFastPaths(t *testing.T) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		if got, want := isLower(r), unicode.Is(pyLower, r); got != want {
			t.Errorf("isLower(%q) = %v, the table %v", r, got, want)
		}
		if got, want := isUpper(r), unicode.Is(pyUpper, r); got != want {
			t.Errorf("isUpper(%q) = %v, the table %v", r, got, want)
		}
		if got, want := isTitle(r), unicode.Is(pyTitle, r); got != want {
			t.Errorf("isTitle(%q) = %v, the table %v", r, got, want)
		}
	}
}
