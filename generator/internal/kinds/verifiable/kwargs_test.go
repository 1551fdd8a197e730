package verifiable_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
)

// openIFEval opens an IFEval benchmark whose prompts file is input.
func openIFEval(t *testing.T, input string) ([]kind.Benchmark, error) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ifeval")
	write(t, filepath.Join(dir, "benchmark.yaml"), "kind: ifeval\ntitle: IFEval\n")
	write(t, filepath.Join(dir, "input_data.jsonl"), input)
	return kind.Open([]*kind.Kind{ifeval.Kind}, "", []string{dir})
}

const goodPrompt = `{"key": 1, "prompt": "Write at least 5 words.", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"relation": "at least", "num_words": 5}]}` + "\n"

// TestInstructionRewardRefusesBadKwargs checks the reward path: kwargs the
// checkers refuse (a wrong type, a name the instruction does not take) are a *kind.RecordError naming the field, the instruction
// and the argument (the server answers 422, `sciif reward` an error line),
// not a reward of 0; and a huge threshold is compared exactly.
func TestInstructionRewardRefusesBadKwargs(t *testing.T) {
	benches, err := openIFEval(t, goodPrompt)
	if err != nil {
		t.Fatal(err)
	}
	fn, err := benches[0].(kind.Rewarder).Rewards(nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tests := []struct {
		name, reason string
		call         func() (kind.Reward, error)
		field, msg   string
	}{
		{"record number as string", "num_words: \"ten\" is not a number",
			func() (kind.Reward, error) {
				return fn.Record(ctx, []byte(`{"prompt": "p", "response": "one two", "instruction_id_list": ["punctuation:no_comma", "length_constraints:number_words"], "kwargs": [{}, {"num_words": "ten", "relation": "at least"}]}`))
			},
			"kwargs", `instruction 2, length_constraints:number_words: argument "num_words" is the string "ten", need a number`},
		{"record list as number", "keywords: 5 is not a list",
			func() (kind.Reward, error) {
				return fn.Record(ctx, []byte(`{"prompt": "p", "response": "r", "instruction_id_list": ["keywords:existence"], "kwargs": [{"keywords": 5}]}`))
			},
			"kwargs", `instruction 1, keywords:existence: argument "keywords" is the number 5, need a list of strings`},
		{"label relation as number", "relation: 3 is not a relation",
			func() (kind.Reward, error) {
				return fn.Label(ctx, "p", "one two", `{"instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_words": 3, "relation": 3}]}`)
			},
			"label.kwargs", `instruction 1, length_constraints:number_words: argument "relation" is the number 3, need a string`},
		{"label negative count", "the official code would replace -1 with a random count",
			func() (kind.Reward, error) {
				return fn.Label(ctx, "p", "one two", `{"instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_words": -1, "relation": "at least"}]}`)
			},
			"label.kwargs", `instruction 1, length_constraints:number_words: argument "num_words" is -1, need a number ≥ 0 (the official code replaces a negative value with a random one)`},
		{"record misspelt argument", "build_description raises TypeError on num_word",
			func() (kind.Reward, error) {
				return fn.Record(ctx, []byte(`{"prompt": "p", "response": "one two", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_word": 300, "relation": "less than"}]}`))
			},
			"kwargs", `instruction 1, length_constraints:number_words: argument "num_word" is not one it takes (it takes num_words, relation)`},
		{"label false argument not taken", "0 is passed to build_description too, which raises",
			func() (kind.Reward, error) {
				return fn.Label(ctx, "p", "one two", `{"instruction_id_list": ["punctuation:no_comma", "length_constraints:number_words"], "kwargs": [{"num_words": null}, {"num_words": 3, "relation": "at least", "frequency": 0}]}`)
			},
			"label.kwargs", `instruction 2, length_constraints:number_words: argument "frequency" is not one it takes (it takes num_words, relation)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rw, err := tt.call()
			var re *kind.RecordError
			if !errors.As(err, &re) {
				t.Fatalf("got reward %+v, error %v; want a *kind.RecordError (%s)", rw, err, tt.reason)
			}
			if re.Field != tt.field || re.Msg != tt.msg {
				t.Errorf("got field %q msg %q, want %q %q (%s)", re.Field, re.Msg, tt.field, tt.msg, tt.reason)
			}
		})
	}

	rw, err := fn.Label(ctx, "p", "Hello", `{"instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_words": 1e308, "relation": "at least"}]}`)
	if err != nil || rw.Reward != 0 {
		t.Errorf("at least 1e308 words, one-word answer: reward %v, error %v; want 0 (1 >= 1e308 is False)", rw.Reward, err)
	}
}

// TestBenchmarkWithBadKwargsIsRefused checks the board and validate path: a
// benchmark whose prompts carry arguments the checkers refuse does not load,
// and the error says file:line: kwargs: what is wrong.
func TestBenchmarkWithBadKwargsIsRefused(t *testing.T) {
	_, err := openIFEval(t, goodPrompt+
		`{"key": 2, "prompt": "q", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"relation": "at least", "num_words": "ten"}]}`+"\n"+
		`{"key": 3, "prompt": "r", "instruction_id_list": ["keywords:existence"], "kwargs": [{"keywords": 5}]}`+"\n"+
		`{"key": 4, "prompt": "s", "instruction_id_list": ["length_constraints:number_words"], "kwargs": [{"num_word": 300, "relation": "less than"}]}`+"\n")
	if err == nil {
		t.Fatal("the benchmark loaded, want it refused")
	}
	for _, want := range []string{
		`input_data.jsonl:2: kwargs: length_constraints:number_words: argument "num_words" is the string "ten", need a number`,
		`input_data.jsonl:3: kwargs: keywords:existence: argument "keywords" is the number 5, need a list of strings`,
		`input_data.jsonl:4: kwargs: length_constraints:number_words: argument "num_word" is not one it takes (it takes num_words, relation)`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q\nlacks %q", err, want)
		}
	}
}
