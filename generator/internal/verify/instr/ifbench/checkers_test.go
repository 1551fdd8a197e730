package ifbench

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

func checker(t *testing.T, id string) instr.Checker {
	t.Helper()
	for _, c := range Checkers {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no checker %q", id)
	return instr.Checker{}
}

func TestCheckers(t *testing.T) {
	tests := []struct {
		name, reason string
		id           string
		args         instr.Args
		prompt, resp string
		want         instr.Result
	}{
		{
			name: "word count in range", reason: "\\w+ runs are words, so 'don't' counts twice",
			id: "count:word_count_range", args: instr.Args{"min_words": 3.0, "max_words": 4.0},
			resp: "I don't know.",
			want: instr.Result{Followed: true, Reason: "found 4 words, need between 3 and 4"},
		},
		{
			name: "unique words", reason: "case and surrounding punctuation are ignored",
			id: "count:unique_word_count", args: instr.Args{"N": 3.0},
			resp: "Apple, apple! pear",
			want: instr.Result{Followed: false, Reason: "found 2 unique words, need at least 3"},
		},
		{
			name: "conjunction spellings", reason: "the reference collects the words as written, so 'and,' and 'and' differ",
			id: "count:conjunctions", args: instr.Args{"small_n": 2.0},
			resp: "Salt and, pepper and more",
			want: instr.Result{Followed: true, Reason: "found 2 different coordinating conjunction forms (and, and,), need at least 2"},
		},
		{
			name: "person names", reason: "names are matched case-sensitively between word boundaries",
			id: "count:person_names", args: instr.Args{"N": 2.0},
			resp: "Emma met Leonard and noah.",
			want: instr.Result{Followed: false, Reason: "found 1 name from the list (Emma), need at least 2"},
		},
		{
			name: "decimal is one number", reason: "punctuation is removed before counting digit runs",
			id: "count:numbers", args: instr.Args{"N": 2.0},
			resp: "Pi is 3.14 and e is 2.71.",
			want: instr.Result{Followed: true, Reason: "found 2 numbers, need exactly 2"},
		},
		{
			name: "punctuation cover", reason: "the interrobang does not count as the ! and ?",
			id:   "count:punctuation",
			resp: "Really?! Yes; no: maybe, fine.",
			want: instr.Result{Followed: false, Reason: "missing ! ? besides the interrobang"},
		},
		{
			name: "keywords multiple", reason: "counts are case-insensitive substring counts",
			id: "count:keywords_multiple", args: instr.Args{"keyword1": "a1", "keyword2": "b2", "keyword3": "c3", "keyword4": "d4", "keyword5": "e5"},
			resp: "A1 b2 b2 c3 c3 c3 d4 d4 d4 d4 d4 e5 e5 e5 e5 e5 e5 e5",
			want: instr.Result{Followed: true, Reason: "all five keywords appear 1, 2, 3, 5 and 7 times"},
		},
		{
			name: "stop words", reason: "'the' and 'is' are stop words: 2 of 4",
			id: "ratio:stop_words", args: instr.Args{"percentage": 50.0},
			resp: "The cat is black",
			want: instr.Result{Followed: true, Reason: "stop words are 50.0% of 4 words (2), need at most 50%"},
		},
		{
			name: "sentence type", reason: "two statements for one question",
			id:   "ratio:sentence_type",
			resp: "It rains. Why? It is wet.",
			want: instr.Result{Followed: true, Reason: "found 2 declarative and 1 interrogative sentences, need a 2:1 ratio"},
		},
		{
			name: "trigram overlap", reason: "all character trigrams of the response occur in the reference",
			id: "ratio:overlap", args: instr.Args{"reference_text": "abcdef", "percentage": 100.0},
			resp: "bcde",
			want: instr.Result{Followed: true, Reason: "character-trigram overlap is 100.0%, need 100% ± 2"},
		},
		{
			name: "alphabet loop", reason: "z wraps to a",
			id:   "words:alphabet",
			resp: "Yes, zebras are big.",
			want: instr.Result{Followed: true, Reason: "all 4 words follow the alphabet"},
		},
		{
			name: "start verb", reason: "the tagger reads 'Identify' at the start as a verb",
			id:   "words:start_verb",
			resp: "Identify the main causes.",
			want: instr.Result{Followed: true, Reason: `the first word "Identify" is tagged VB, need a verb (VB*)`},
		},
		{
			name: "keyword in sentence", reason: "the second sentence holds the word between boundaries, in any case",
			id: "sentence:keyword", args: instr.Args{"word": "river", "N": 2.0},
			resp: "We walked. The River was cold.",
			want: instr.Result{Followed: true, Reason: `sentence 2 contains "river"`},
		},
		{
			name: "keyword in sentence, Python case classes", reason: "re.IGNORECASE matches İ and ı to i, which strings.ToLower does not",
			id: "sentence:keyword", args: instr.Args{"word": "rich", "N": 2.0},
			resp: "We walked. They are RİCH and rıch.",
			want: instr.Result{Followed: true, Reason: `sentence 2 contains "rich"`},
		},
		{
			name: "increment", reason: "2, 3, then 4 words",
			id: "sentence:increment", args: instr.Args{"small_n": 1.0},
			resp: "I ran. You ran fast. They ran very fast.",
			want: instr.Result{Followed: true, Reason: "each of 3 sentences has 1 more words than the previous"},
		},
		{
			name: "nested brackets", reason: "five levels closed in order",
			id:   "format:parentheses",
			resp: "(a [b {c (d [e] d) c} b] a)",
			want: instr.Result{Followed: true, Reason: "found brackets nested 5 levels deep"},
		},
		{
			name: "lettered option exact", reason: "lettered options must be answered exactly, without a period",
			id: "format:options", args: instr.Args{"options": "a), b), c), d)"},
			resp: "b).",
			want: instr.Result{Followed: false, Reason: `the response "b)." is not exactly one of a), b), c), d)`},
		},
		{
			name: "text option loose", reason: "text options ignore case and punctuation",
			id: "format:options", args: instr.Args{"options": "I know or I don't know"},
			resp: "I don't know.",
			want: instr.Result{Followed: true, Reason: `the response is the option "I don't know"`},
		},
		{
			name: "emoji per sentence", reason: "every sentence ends with an emoji",
			id:   "format:emoji",
			resp: "Hello there 😀. Bye now 🎉!",
			want: instr.Result{Followed: true, Reason: "every sentence ends with an emoji"},
		},
		{
			name: "stairs with blank lines", reason: "a second blank line in a row survives the reference's removal and breaks the stairs",
			id:   "format:line_indent",
			resp: "a\n\n\n b",
			want: instr.Result{Followed: false, Reason: "line 2 is indented 0 spaces after 0; need more each line"},
		},
		{
			name: "sub-bullets", reason: "every * is followed by a - before the next *",
			id:   "format:sub-bullets",
			resp: "* one\n  - detail\n* two\n  - detail",
			want: instr.Result{Followed: true, Reason: "every '*' is followed by a '-' (2 bullets)"},
		},
		{
			name: "title case", reason: "a lower-case minor word fails, as in the reference",
			id:   "format:title_case",
			resp: "The Lord of The Rings",
			want: instr.Result{Followed: false, Reason: `the word "of" is not capitalised`},
		},
		{
			name: "csv city", reason: "a header and seven rows of five fields",
			id:   "custom:csv_city",
			resp: "ID,Country,City,Year,Count\n1,A,B,2000,1\n2,A,B,2000,1\n3,A,B,2000,1\n4,A,B,2000,1\n5,A,B,2000,1\n6,A,B,2000,1\n7,A,B,2000,1",
			want: instr.Result{Followed: true, Reason: "a header and 7 rows of 5 fields"},
		},
		{
			name: "multiples of seven", reason: "exactly the multiples of 7 between 10 and 50",
			id:   "custom:multiples",
			resp: "14, 21, 28, 35, 42, 49",
			want: instr.Result{Followed: true, Reason: "found the numbers [14 21 28 35 42 49], need exactly [14 21 28 35 42 49]"},
		},
		{
			name: "repeat span", reason: "characters 0 to 4 inclusive, case and spaces ignored",
			id: "repeat:repeat_span", args: instr.Args{"prompt_to_repeat": "Hello world", "n_start": 0.0, "n_end": 4.0},
			resp: " hello ",
			want: instr.Result{Followed: true, Reason: `need exactly the span "Hello"`},
		},
		{
			name: "missing argument", reason: "an instruction without its arguments cannot be decided and is not followed",
			id: "count:numbers", args: instr.Args{},
			resp: "1 2 3",
			want: instr.Result{Followed: false, Reason: "cannot check: missing argument N"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checker(t, tt.id).Check(tt.prompt, tt.resp, tt.args)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s\n%s (-want +got):\n%s", tt.reason, tt.id, diff)
			}
		})
	}
}
