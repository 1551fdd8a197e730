package ifeval_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// TestCheckersRegistry checks that every id is unique, well formed and
// documented, that the list is the official 25, and that each file's group
// matches the id prefix.
func TestCheckersRegistry(t *testing.T) {
	if _, err := instr.NewRegistry(ifeval.Checkers); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var ids []string
	for _, c := range ifeval.Checkers {
		if seen[c.ID] {
			t.Errorf("duplicate id %q", c.ID)
		}
		seen[c.ID] = true
		if !instr.ValidID(c.ID) {
			t.Errorf("malformed id %q", c.ID)
		}
		if !strings.HasSuffix(c.Doc, ".") || len(c.Doc) < 20 {
			t.Errorf("%s: Doc %q is not a sentence", c.ID, c.Doc)
		}
		ids = append(ids, c.ID)
	}
	want := []string{
		"keywords:existence", "keywords:frequency", "keywords:forbidden_words", "keywords:letter_frequency",
		"language:response_language",
		"length_constraints:number_sentences", "length_constraints:number_paragraphs",
		"length_constraints:number_words", "length_constraints:nth_paragraph_first_word",
		"detectable_content:number_placeholders", "detectable_content:postscript",
		"detectable_format:number_bullet_lists", "detectable_format:constrained_response",
		"detectable_format:number_highlighted_sections", "detectable_format:multiple_sections",
		"detectable_format:json_format", "detectable_format:title",
		"combination:two_responses", "combination:repeat_prompt",
		"startend:end_checker", "startend:quotation",
		"change_case:capital_word_frequency", "change_case:english_capital", "change_case:english_lowercase",
		"punctuation:no_comma",
	}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("ids (-want +got):\n%s", diff)
	}
}

func lookup(t *testing.T, id string) instr.Checker {
	t.Helper()
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := reg.Lookup(id)
	if !ok {
		t.Fatalf("no checker %q", id)
	}
	return c
}

func TestCheckers(t *testing.T) {
	tests := []struct {
		name     string
		reason   string
		id       string
		prompt   string
		response string
		args     instr.Args
		want     instr.Result
	}{
		{
			name: "existence/regex-like keyword", reason: "keywords are matched case-insensitively anywhere",
			id: "keywords:existence", response: "Photosynthesis needs LIGHT.", args: instr.Args{"keywords": []any{"light", "photo"}},
			want: instr.Result{Followed: true, Reason: "found all 2 keywords"},
		},
		{
			name: "existence/missing", reason: "one missing keyword fails",
			id: "keywords:existence", response: "Photosynthesis.", args: instr.Args{"keywords": []any{"light"}},
			want: instr.Result{Reason: `missing keyword "light"`},
		},
		{
			name: "frequency/inside words", reason: "the official count includes matches inside longer words",
			id: "keywords:frequency", response: "The cat scattered cats.", args: instr.Args{"keyword": "cat", "frequency": 3.0, "relation": "at least"},
			want: instr.Result{Followed: true, Reason: `found "cat" 3 times, need at least 3`},
		},
		{
			name: "forbidden/whole words only", reason: "\\b boundaries: 'scattered' does not contain the word 'cat'",
			id: "keywords:forbidden_words", response: "It scattered.", args: instr.Args{"forbidden_words": []any{"cat"}},
			want: instr.Result{Followed: true, Reason: "none of the 1 forbidden word appears"},
		},
		{
			name: "forbidden/dotted capital I", reason: "Python's re.IGNORECASE matches İ (U+0130) to i, so the official code finds \"rich\" in RİCH (issue: case-insensitive parity)",
			id: "keywords:forbidden_words", response: "They are RİCH.", args: instr.Args{"forbidden_words": []any{"rich"}},
			want: instr.Result{Reason: `found forbidden word "rich"`},
		},
		{
			name: "forbidden/dotless i", reason: "ı (U+0131) is one of CPython's extra case equivalents of i",
			id: "keywords:forbidden_words", response: "So rıch.", args: instr.Args{"forbidden_words": []any{"RICH"}},
			want: instr.Result{Reason: `found forbidden word "RICH"`},
		},
		{
			name: "forbidden/non-ASCII keyword", reason: "a keyword with ı matches I and İ in the response",
			id: "keywords:forbidden_words", response: "IRMAK İRMAK", args: instr.Args{"forbidden_words": []any{"ırmak"}},
			want: instr.Result{Reason: `found forbidden word "ırmak"`},
		},
		{
			name: "existence/kelvin and long s", reason: "K (Kelvin) matches k and ſ matches s, as in Python",
			id: "keywords:existence", response: "\u212aIſ", args: instr.Args{"keywords": []any{"kis"}},
			want: instr.Result{Followed: true, Reason: "found all 1 keyword"},
		},
		{
			name: "existence/regex keyword with dotless i", reason: "the regular-expression path follows Python's case classes too",
			id: "keywords:existence", response: "LIMIT", args: instr.Args{"keywords": []any{"lım(it)?"}},
			want: instr.Result{Followed: true, Reason: "found all 1 keyword"},
		},
		{
			name: "frequency/dotted capital I", reason: "each İ counts as an i",
			id: "keywords:frequency", response: "İt is it, IT and ıt.", args: instr.Args{"keyword": "it", "frequency": 4.0, "relation": "at least"},
			want: instr.Result{Followed: true, Reason: `found "it" 4 times, need at least 4`},
		},
		{
			name: "forbidden/unicode boundary", reason: "Python's \\b is Unicode-aware: 'é' is a word character",
			id: "keywords:forbidden_words", response: "Un café noir.", args: instr.Args{"forbidden_words": []any{"caf"}},
			want: instr.Result{Followed: true, Reason: "none of the 1 forbidden word appears"},
		},
		{
			name: "letter/non-letter counted literally", reason: "decided deterministically, unlike the official random letter",
			id: "keywords:letter_frequency", response: "#a #b #c", args: instr.Args{"letter": "#", "let_frequency": 4.0, "let_relation": "at least"},
			want: instr.Result{Reason: `found "#" 3 times, need at least 4`},
		},
		{
			name: "letter/case-insensitive", reason: "the response is lower-cased before counting",
			id: "keywords:letter_frequency", response: "Banana", args: instr.Args{"letter": "B", "let_frequency": 2.0, "let_relation": "less than"},
			want: instr.Result{Followed: true, Reason: `found "b" 1 time, need less than 2`},
		},
		{
			name: "language/french", reason: "langdetect sees French",
			id: "language:response_language", response: "Le chat dort sur le canapé pendant que la pluie tombe doucement.", args: instr.Args{"language": "fr"},
			want: instr.Result{Followed: true, Reason: "detected French (fr)"},
		},
		{
			name: "language/no letters", reason: "langdetect raises on text without letters and the official checker returns True",
			id: "language:response_language", response: "12345 !!!", args: instr.Args{"language": "en"},
			want: instr.Result{Followed: true, Reason: "no language detected: the response has no letters to detect one from; the official code counts this as followed"},
		},
		{
			name: "language/empty", reason: "an empty response has no features either",
			id: "language:response_language", response: "", args: instr.Args{"language": "fr"},
			want: instr.Result{Followed: true, Reason: "no language detected: the response has no letters to detect one from; the official code counts this as followed"},
		},
		{
			name: "english capital/roman numeral", reason: "Ⅻ is upper case for Python's isupper but gives langdetect no features, so the official code returns True",
			id: "change_case:english_capital", response: "Ⅻ",
			want: instr.Result{Followed: true, Reason: "all in capitals, and no language detected: the response has no letters to detect one from; the official code counts this as followed"},
		},
		{
			name: "english lowercase/no letters", reason: "islower needs a cased character, so no letters fails before detection",
			id: "change_case:english_lowercase", response: "123",
			want: instr.Result{Reason: "the response has capital letters (or no letters)"},
		},
		{
			name: "sentences/abbreviation", reason: "Punkt knows 'Dr.' is not a sentence end",
			id: "length_constraints:number_sentences", response: "Dr. Smith arrived. He sat down.", args: instr.Args{"num_sentences": 2.0, "relation": "less than"},
			want: instr.Result{Reason: "found 2 sentences, need less than 2"},
		},
		{
			name: "paragraphs/empty middle", reason: "an empty paragraph between dividers fails outright",
			id: "length_constraints:number_paragraphs", response: "One\n***\n***\nTwo", args: instr.Args{"num_paragraphs": 2.0},
			want: instr.Result{Reason: "paragraph 2 between *** dividers is empty"},
		},
		{
			name: "paragraphs/leading divider", reason: "empty first and last pieces are not counted",
			id: "length_constraints:number_paragraphs", response: "***\nOne\n***\nTwo\n***", args: instr.Args{"num_paragraphs": 2.0},
			want: instr.Result{Followed: true, Reason: "found 2 paragraphs, need exactly 2"},
		},
		{
			name: "words/unicode", reason: "words are runs of Unicode letters and digits",
			id: "length_constraints:number_words", response: "naïve café, 42 times", args: instr.Args{"num_words": 4.0, "relation": "at least"},
			want: instr.Result{Followed: true, Reason: "found 4 words, need at least 4"},
		},
		{
			name: "nth paragraph/first word", reason: "quotes and punctuation are cut from the first word",
			id: "length_constraints:nth_paragraph_first_word", response: "Intro.\n\n\"Summer, at last.\"", args: instr.Args{"num_paragraphs": 2.0, "nth_paragraph": 2.0, "first_word": "summer"},
			want: instr.Result{Followed: true, Reason: `found 2 paragraphs, need exactly 2; paragraph 2 starts with "summer", need "summer"`},
		},
		{
			name: "placeholders", reason: "square brackets on one line",
			id: "detectable_content:number_placeholders", response: "Dear [name], see [address].", args: instr.Args{"num_placeholders": 3.0},
			want: instr.Result{Reason: `found 2 placeholders, need at least 3 (first: "[name]")`},
		},
		{
			name: "postscript/P.S.", reason: "case-insensitive, a space allowed between the letters",
			id: "detectable_content:postscript", response: "Bye.\n\np. s. see you", args: instr.Args{"postscript_marker": "P.S."},
			want: instr.Result{Followed: true, Reason: `found a postscript starting with "P.S."`},
		},
		{
			name: "bullets/star and dash", reason: "lines starting with * or - count, ** does not",
			id: "detectable_format:number_bullet_lists", response: "* one\n- two\n**bold**", args: instr.Args{"num_bullets": 2.0},
			want: instr.Result{Followed: true, Reason: "found 2 bullet points, need exactly 2"},
		},
		{
			name: "constrained", reason: "the option may appear anywhere",
			id: "detectable_format:constrained_response", response: "Well. My answer is no.",
			want: instr.Result{Followed: true, Reason: `found "My answer is no."`},
		},
		{
			name: "highlights/single and double", reason: "*a* and **b** both count; ** ** does not",
			id: "detectable_format:number_highlighted_sections", response: "*a* and **b** and ** **", args: instr.Args{"num_highlights": 2.0},
			want: instr.Result{Followed: true, Reason: "found 2 highlighted sections, need at least 2"},
		},
		{
			name: "sections", reason: "each 'Section N' marks a section",
			id: "detectable_format:multiple_sections", response: "Section 1\nfoo\nSection 2\nbar", args: instr.Args{"section_spliter": "Section", "num_sections": 3.0},
			want: instr.Result{Reason: `found 2 sections marked "Section N", need at least 3`},
		},
		{
			name: "json/fenced", reason: "markdown fences are removed first",
			id: "detectable_format:json_format", response: "```json\n{\"a\": 1}\n```",
			want: instr.Result{Followed: true, Reason: "the output is valid JSON"},
		},
		{
			name: "json/NaN", reason: "Python's json.loads accepts NaN",
			id: "detectable_format:json_format", response: `{"a": NaN}`,
			want: instr.Result{Followed: true, Reason: "the output is valid JSON"},
		},
		{
			name: "title/empty", reason: "an empty title does not count",
			id: "detectable_format:title", response: "<< >> text",
			want: instr.Result{Reason: "found no title in <<double angular brackets>>"},
		},
		{
			name: "two responses/same", reason: "the two responses must differ",
			id: "combination:two_responses", response: "Yes.\n******\nYes.",
			want: instr.Result{Reason: "found 2 responses, but they are the same"},
		},
		{
			name: "repeat prompt", reason: "case-insensitive prefix",
			id: "combination:repeat_prompt", response: "write a poem. Roses are red.", args: instr.Args{"prompt_to_repeat": "Write a poem."},
			want: instr.Result{Followed: true, Reason: "the response starts with the request"},
		},
		{
			name: "end phrase/quoted", reason: "surrounding quotes are ignored",
			id: "startend:end_checker", response: "\"Thanks. Any other questions?\"", args: instr.Args{"end_phrase": "Any other questions?"},
			want: instr.Result{Followed: true, Reason: `ends with "any other questions?"`},
		},
		{
			name: "quotation/single char", reason: "a lone quote is not a wrapped response",
			id: "startend:quotation", response: ` " `,
			want: instr.Result{Reason: "does not both start and end with a double quotation mark"},
		},
		{
			name: "capital words/clitics split", reason: "NLTK splits DON'T into DO and N'T",
			id: "change_case:capital_word_frequency", response: "I DON'T know.", args: instr.Args{"capital_frequency": 3.0, "capital_relation": "at least"},
			want: instr.Result{Followed: true, Reason: "found 3 words in capitals, need at least 3"},
		},
		{
			name: "english capital/lower case", reason: "any lower-case letter fails before detection",
			id: "change_case:english_capital", response: "HELLO there",
			want: instr.Result{Reason: "the response has lower-case letters (or no letters)"},
		},
		{
			name: "english lowercase", reason: "lower case and English",
			id: "change_case:english_lowercase", response: "the weather is lovely today and we are going to the beach.",
			want: instr.Result{Followed: true, Reason: "all in lower case and detected English (en)"},
		},
		{
			name: "no comma", reason: "the first comma is quoted with what precedes it",
			id: "punctuation:no_comma", response: "One, two, three",
			want: instr.Result{Reason: `found 2 commas, the first after "One"`},
		},
		{
			name: "missing argument", reason: "cannot decide is never a pass",
			id: "length_constraints:number_words", response: "text", args: instr.Args{"relation": "at least"},
			want: instr.Result{Undecided: true, Reason: `missing argument "num_words"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lookup(t, tt.id).Check(tt.prompt, tt.response, tt.args)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: %s (-want +got):\n%s", tt.id, tt.reason, diff)
			}
		})
	}
}
