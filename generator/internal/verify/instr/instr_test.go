package instr_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

func TestVariants(t *testing.T) {
	tests := []struct {
		name, reason, response string
		want                   []string
	}{
		{
			name: "three lines", reason: "first/last line removal strips the rest; * removal applies to each",
			response: "Sure!\n*a* b\nBye ",
			want:     []string{"Sure!\n*a* b\nBye ", "Sure!\na b\nBye ", "*a* b\nBye", "Sure!\n*a* b", "*a* b", "a b\nBye", "Sure!\na b", "a b"},
		},
		{
			name: "one line", reason: "removing a line of a one-line response leaves nothing",
			response: "*x*",
			want:     []string{"*x*", "x", "", "", "", "", "", ""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, v := range instr.Variants(tt.response) {
				got = append(got, v.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestLooseNamesTheVariant(t *testing.T) {
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	p := instr.Prompt{Key: 1, Prompt: "p", InstructionIDs: []string{"startend:quotation"}, Kwargs: []instr.Args{{}}}
	got := reg.Evaluate(instr.Loose, p, "Here you go:\n\"quoted\"")
	want := instr.InstructionResult{ID: "startend:quotation", Args: instr.Args{}, Followed: true,
		Reason: "starts and ends with a double quotation mark", Variant: "without the first line"}
	if diff := cmp.Diff(want, got.Instructions[0]); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if strict := reg.Evaluate(instr.Strict, p, "Here you go:\n\"quoted\""); strict.FollowAll {
		t.Errorf("strict follows, want not followed")
	}
}

func TestReadPromptsCollectsProblems(t *testing.T) {
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		`{"key": 1, "prompt": "a", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}`,
		`{"key": 1.5, "prompt": 3, "instruction_id_list": ["punctuation:no_commas", "Bad"], "kwargs": [{}]}`,
		``,
		`not json`,
		`{"key": 1, "prompt": "b", "instruction_id_list": [], "kwargs": null}`,
	}, "\n")
	_, err = instr.ReadPrompts(strings.NewReader(in), "in.jsonl", reg)
	var ps instr.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("got %v, want Problems", err)
	}
	want := []string{
		"in.jsonl:2: key: 1.5 is not an integer",
		"in.jsonl:2: prompt: not a string",
		`in.jsonl:2: instruction_id_list: unknown instruction id "punctuation:no_commas"`,
		`in.jsonl:2: instruction_id_list: malformed instruction id "Bad"`,
		"in.jsonl:2: kwargs: 1 argument objects for 2 instructions",
		"in.jsonl:4: not a JSON object: invalid character 'o' in literal null (expecting 'u')",
		"in.jsonl:5: key: 1 already used on line 1",
		"in.jsonl:5: kwargs: not a list of objects",
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Error())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
}
