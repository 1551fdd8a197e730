package instr_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// TestNumericArgumentsCompareExactly checks numeric kwargs against the
// official code, which compares ints and floats exactly: a huge threshold
// must not wrap around when read (an attack-corpus case: num_words 1e308
// "at least" followed by a one-word answer), and a fractional one compares
// as Python compares it.
func TestNumericArgumentsCompareExactly(t *testing.T) {
	reg, err := instr.NewRegistry(ifeval.Checkers, ifbench.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, reason, id string
		args             instr.Args
		response         string
		want             bool
	}{
		{"huge at least", "1 >= 1e308 is False in Python", "length_constraints:number_words",
			instr.Args{"num_words": 1e308, "relation": "at least"}, "Hello", false},
		{"huge less than", "1 < 1e308 is True in Python", "length_constraints:number_words",
			instr.Args{"num_words": 1e308, "relation": "less than"}, "Hello", true},
		{"beyond int64", "2^63 does not wrap to a negative count", "keywords:frequency",
			instr.Args{"keyword": "a", "frequency": 9.3e18, "relation": "at least"}, "a a a", false},
		{"fractional at least", "3 >= 2.5 is True", "length_constraints:number_words",
			instr.Args{"num_words": 2.5, "relation": "at least"}, "one two three", true},
		{"fractional less than", "3 < 2.5 is False", "length_constraints:number_words",
			instr.Args{"num_words": 2.5, "relation": "less than"}, "one two three", false},
		{"fractional exactly", "no count equals 2.5", "detectable_format:number_bullet_lists",
			instr.Args{"num_bullets": 2.5}, "* a\n* b", false},
		{"whole float", "the IFBench data writes 2.0 for 2", "detectable_format:number_bullet_lists",
			instr.Args{"num_bullets": 2.0}, "* a\n* b", true},
		{"huge placeholders", "at least 1e308 placeholders is never met", "detectable_content:number_placeholders",
			instr.Args{"num_placeholders": 1e308}, "[a] [b]", false},
		{"huge highlights", "at least 1e308 highlights is never met", "detectable_format:number_highlighted_sections",
			instr.Args{"num_highlights": 1e308}, "*a* *b*", false},
		{"huge word range", "min_words 1e308 is never met", "count:word_count_range",
			instr.Args{"min_words": 1e308, "max_words": 1e308}, "Hello", false},
		{"huge max words", "between 0 and 1e308 words holds", "count:word_count_range",
			instr.Args{"min_words": 0.0, "max_words": 1e308}, "Hello", true},
		{"huge unique words", "at least 1e308 unique words is never met", "count:unique_word_count",
			instr.Args{"N": 1e308}, "Hello", false},
		{"huge repeats limit", "no word repeats more than 1e308 times", "words:repeats",
			instr.Args{"small_n": 1e308}, "a a a", true},
		{"huge sentence index", "the 1e308-th sentence does not exist", "sentence:keyword",
			instr.Args{"word": "Hello", "N": 1e308}, "Hello.", false},
		{"huge span end", "a slice end beyond the text takes the rest, as in Python", "repeat:repeat_span",
			instr.Args{"prompt_to_repeat": "Hello world", "n_start": 6.0, "n_end": 1e308}, "world", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := instr.Prompt{Prompt: "p", InstructionIDs: []string{tt.id}, Kwargs: []instr.Args{tt.args}}
			got := reg.Evaluate(instr.Strict, p, tt.response).Instructions[0]
			if got.Followed != tt.want || got.Undecided {
				t.Errorf("%s %v on %q: followed %v undecided %v (%s), want followed %v (%s)",
					tt.id, tt.args, tt.response, got.Followed, got.Undecided, got.Reason, tt.want, tt.reason)
			}
		})
	}
}

// TestCheckArgsRefusesWhatTheOfficialCodeRaisesOn checks that arguments of
// the wrong type, negative counts, fractional indexes and unknown relations
// are argument errors naming the instruction and the argument, as is a
// non-null argument the instruction does not take, and that good, missing
// and null arguments are not.
func TestCheckArgsRefusesWhatTheOfficialCodeRaisesOn(t *testing.T) {
	tests := []struct {
		name, reason, id string
		args             instr.Args
		want             []string
	}{
		{"good", "the official data's own arguments", "keywords:frequency",
			instr.Args{"keyword": "a", "frequency": 3.0, "relation": "at least"}, nil},
		{"missing and null", "the official code draws a random value: undecided, not refused", "keywords:frequency",
			instr.Args{"keyword": nil}, nil},
		{"number as string", "Python raises comparing a str with 0", "length_constraints:number_words",
			instr.Args{"num_words": "ten", "relation": "at least"},
			[]string{`length_constraints:number_words: argument "num_words" is the string "ten", need a number`}},
		{"list as number", "sorted(5) raises", "keywords:existence",
			instr.Args{"keywords": 5.0},
			[]string{`keywords:existence: argument "keywords" is the number 5, need a list of strings`}},
		{"item not a string", "re.search with an int raises", "keywords:forbidden_words",
			instr.Args{"forbidden_words": []any{"a", 1.0}},
			[]string{`keywords:forbidden_words: argument "forbidden_words" has the number 1 as item 2, need a list of strings`}},
		{"relation as number", "relation not in the list raises ValueError", "length_constraints:number_sentences",
			instr.Args{"num_sentences": 3.0, "relation": 3.0},
			[]string{`length_constraints:number_sentences: argument "relation" is the number 3, need a string`}},
		{"unknown relation", "the official code raises ValueError", "keywords:letter_frequency",
			instr.Args{"letter": "a", "let_frequency": 3.0, "let_relation": "at most"},
			[]string{`keywords:letter_frequency: argument "let_relation" is "at most", need "less than" or "at least"`}},
		{"boolean count", "a boolean is not a count (our choice; Python reads True as 1)", "detectable_format:number_bullet_lists",
			instr.Args{"num_bullets": true},
			[]string{`detectable_format:number_bullet_lists: argument "num_bullets" is the boolean true, need a number`}},
		{"negative count", "the official code replaces it with a random value", "length_constraints:number_words",
			instr.Args{"num_words": -1.0, "relation": "less than"},
			[]string{`length_constraints:number_words: argument "num_words" is -1, need a number ≥ 0 (the official code replaces a negative value with a random one)`}},
		{"fractional index", "Python raises indexing with a float", "words:keywords_specific_position",
			instr.Args{"keyword": "a", "n": 1.5, "m": 2.0},
			[]string{`words:keywords_specific_position: argument "n" is 1.5, need a whole number`}},
		{"negative slice bound", "n_start slices as Python does", "repeat:repeat_span",
			instr.Args{"prompt_to_repeat": "abc", "n_start": -2.0, "n_end": 5.0}, nil},
		{"misspelt name", "build_description raises TypeError on an unexpected keyword", "length_constraints:number_words",
			instr.Args{"num_word": 300.0, "relation": "less than"},
			[]string{`length_constraints:number_words: argument "num_word" is not one it takes (it takes num_words, relation)`}},
		{"false values of another name", "no official caller drops 0, \"\" or false: each raises TypeError", "keywords:frequency",
			instr.Args{"keyword": "a", "frequency": 3.0, "relation": "at least", "num_words": 0.0, "letter": "", "x": false},
			[]string{`keywords:frequency: argument "letter" is not one it takes (it takes keyword, frequency, relation)`,
				`keywords:frequency: argument "num_words" is not one it takes (it takes keyword, frequency, relation)`,
				`keywords:frequency: argument "x" is not one it takes (it takes keyword, frequency, relation)`}},
		{"null of another name", "IFBench's files give every instruction null keys, dropped before the call", "keywords:frequency",
			instr.Args{"keyword": "a", "frequency": 3.0, "relation": "at least", "num_words": nil, "N": nil}, nil},
		{"argument to one that takes none", "build_description(self) raises on any keyword", "punctuation:no_comma",
			instr.Args{"num_words": 3.0},
			[]string{`punctuation:no_comma: argument "num_words" is not one it takes (it takes no arguments)`}},
		{"any to **kwargs", "IFBench's custom: instructions take **kwargs", "custom:csv_city",
			instr.Args{"anything": "at all", "num_words": "ten"}, nil},
		{"several", "every bad argument is reported, in name order", "keywords:frequency",
			instr.Args{"keyword": 1.0, "frequency": "x", "relation": "at least"},
			[]string{`keywords:frequency: argument "frequency" is the string "x", need a number`,
				`keywords:frequency: argument "keyword" is the number 1, need a string`}},
	}
	reg, err := instr.NewRegistry(ifbench.WithClassic)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range reg.CheckArgs(tt.id, tt.args) {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestCheckersRefuseBadArguments checks that a checker given an argument
// CheckArgs refuses decides nothing (it used to read "ten" words as a plain
// failure, and -1 as a threshold every answer meets).
func TestCheckersRefuseBadArguments(t *testing.T) {
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []instr.Args{
		{"num_words": "ten", "relation": "at least"},
		{"num_words": -1.0, "relation": "at least"},
		{"num_words": 3.0, "relation": 3.0},
	} {
		p := instr.Prompt{Prompt: "p", InstructionIDs: []string{"length_constraints:number_words"}, Kwargs: []instr.Args{args}}
		got := reg.Evaluate(instr.Loose, p, "one two three four").Instructions[0]
		if got.Followed || !got.Undecided {
			t.Errorf("%v: followed %v undecided %v (%s), want undecided", args, got.Followed, got.Undecided, got.Reason)
		}
	}
}

// TestReadPromptsRefusesBadArguments checks that an input file (a
// benchmark's prompts) with arguments the checkers refuse fails to load,
// with file:line: kwargs: messages naming the instruction and argument.
func TestReadPromptsRefusesBadArguments(t *testing.T) {
	in := strings.Join([]string{
		`{"key": 1, "prompt": "a", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_words": 5.0, "relation": "at least"}]}`,
		`{"key": 2, "prompt": "b", "instruction_id_list": ["punctuation:no_comma", "length_constraints:number_words"], "kwargs": [{}, {"num_words": "ten", "relation": "at least"}]}`,
		`{"key": 3, "prompt": "c", "instruction_id_list": ["keywords:existence"], "kwargs": [{"keywords": 5}]}`,
	}, "\n")
	_, err := instr.ReadPrompts(strings.NewReader(in), "in.jsonl", nil)
	var ps instr.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want Problems", err)
	}
	want := []string{
		`in.jsonl:2: kwargs: length_constraints:number_words: argument "num_words" is the string "ten", need a number`,
		`in.jsonl:3: kwargs: keywords:existence: argument "keywords" is the number 5, need a list of strings`,
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Error())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
}

// TestReadPromptsRefusesArgumentsNotTaken checks that a prompts file whose
// instruction is given a misspelt argument fails to load, naming the line,
// the instruction and the argument (it used to load, and the instruction
// was undecided for want of its real argument); null ones are ignored.
func TestReadPromptsRefusesArgumentsNotTaken(t *testing.T) {
	reg, err := instr.NewRegistry(ifbench.WithClassic)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		`{"key": 1, "prompt": "a", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_words": 5.0, "relation": "at least", "N": null, "keyword": null}]}`,
		`{"key": 2, "prompt": "b", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_word": 300, "relation": "less than"}]}`,
		`{"key": 3, "prompt": "c", "instruction_id_list": ["punctuation:no_comma", "count:numbers"], "kwargs": [{"relation": ""}, {"N": 3.0, "n": 0}]}`,
	}, "\n")
	_, err = instr.ReadPrompts(strings.NewReader(in), "in.jsonl", reg)
	var ps instr.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want Problems", err)
	}
	want := []string{
		`in.jsonl:2: kwargs: length_constraints:number_words: argument "num_word" is not one it takes (it takes num_words, relation)`,
		`in.jsonl:3: kwargs: punctuation:no_comma: argument "relation" is not one it takes (it takes no arguments)`,
		`in.jsonl:3: kwargs: count:numbers: argument "n" is not one it takes (it takes N)`,
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Error())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
}
