package text

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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
