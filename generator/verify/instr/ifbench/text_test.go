package ifbench

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitSentencesMatchesNLTK(t *testing.T) {
	tests := []struct {
		name, reason, text string
		want               []string
	}{
		{
			name:   "abbreviations and initials",
			reason: "the example of NLTK's Punkt documentation: Mr. and S. do not end sentences, a lower-case i may start one",
			text: "Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.  And sometimes sentences\n" +
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
			text:   "(How does it deal with this parenthesis?)  \"It should be part of the\nprevious sentence.\" \"(And the same with this one.)\" ('And this one!')\n\"('(And (this)) '?)\" [(and this. )]",
			want: []string{
				"(How does it deal with this parenthesis?)",
				"\"It should be part of the\nprevious sentence.\"",
				"\"(And the same with this one.)\"",
				"('And this one!')",
				"\"('(And (this)) '?)\"",
				"[(and this. )]",
			},
		},
		{
			name:   "repeated end marks",
			reason: "NLTK's documented example for overlapping end contexts",
			text:   "Very bad acting!!! I promise.",
			want:   []string{"Very bad acting!!!", "I promise."},
		},
		{
			name:   "no break without space",
			reason: "a period followed directly by a letter is no candidate",
			text:   "See example.com for more. Thanks",
			want:   []string{"See example.com for more.", "Thanks"},
		},
		{
			name:   "whitespace only",
			reason: "the last sentence is cut at the right-stripped end, so nothing remains",
			text:   " \n ",
			want:   []string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitSentences(tt.text)
			if diff := cmp.Diff(tt.want, got, cmpEmpty); diff != "" {
				t.Errorf("%s\nsplitSentences (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// cmpEmpty treats nil and empty slices alike.
var cmpEmpty = cmp.Transformer("nonNil", func(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
})

func TestWordTokenizeMatchesNLTK(t *testing.T) {
	tests := []struct {
		name, reason, text string
		want               []string
	}{
		{
			name:   "documentation example",
			reason: "nltk.word_tokenize's documented output: only sentence-final periods split off",
			text:   "Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.",
			want:   []string{"Good", "muffins", "cost", "$", "3.88", "in", "New", "York", ".", "Please", "buy", "me", "two", "of", "them", ".", "Thanks", "."},
		},
		{
			name:   "contractions and quotes",
			reason: "clitics split off, double quotes become `` and ''",
			text:   `They'll say "I can't go."`,
			want:   []string{"They", "'ll", "say", "``", "I", "ca", "n't", "go", ".", "''"},
		},
		{
			name:   "parentheses and commas",
			reason: "brackets are padded; a comma before a digit stays in the number",
			text:   "Costs (about 1,000 dollars), maybe.",
			want:   []string{"Costs", "(", "about", "1,000", "dollars", ")", ",", "maybe", "."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, wordTokenize(tt.text)); diff != "" {
				t.Errorf("%s\nwordTokenize (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestReadPyCSV(t *testing.T) {
	tests := []struct {
		name, reason, text string
		want               [][]string
	}{
		{name: "plain", reason: "rows split on newlines and commas", text: "a,b\nc,d\n", want: [][]string{{"a", "b"}, {"c", "d"}}},
		{name: "blank line", reason: "Python yields an empty row for a blank line", text: "a\n\nb", want: [][]string{{"a"}, {}, {"b"}}},
		{name: "quoted", reason: "quotes group a field and are removed; doubled quotes stand for one", text: "\"x, y\",\"say \"\"hi\"\"\"\n", want: [][]string{{"x, y", `say "hi"`}}},
		{name: "multi-line field", reason: "a quoted field continues over a newline", text: "\"a\nb\",c", want: [][]string{{"a\nb", "c"}}},
		{name: "trailing delimiter", reason: "the end of the last line closes the record, so the empty last field counts, as in Python", text: "a,", want: [][]string{{"a", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readPyCSV(tt.text, ',')
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmp.Transformer("nonNilRow", func(r []string) []string {
				if r == nil {
					return []string{}
				}
				return r
			})); diff != "" {
				t.Errorf("%s\nreadPyCSV (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}
