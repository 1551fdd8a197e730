package ifeval_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// TestUnicode15CharactersCountAsPython311 checks verdicts on characters new
// in Unicode 15.0, which the reference Python 3.11 (Unicode 14.0) treats as
// unassigned: Kaktovik numeral 𝋀 is no word (python3.11: len(re.findall(r"\w+",
// "one 𝋀 two")) == 2), and Nag Mundari digits are no digits.
func TestUnicode15CharactersCountAsPython311(t *testing.T) {
	tests := []struct {
		name, reason string
		checkers     []instr.Checker
		id           string
		args         instr.Args
		response     string
		want         bool
	}{
		{"number_words", "𝋀 is not a word: two words, less than 3", ifeval.Checkers, "length_constraints:number_words",
			instr.Args{"num_words": 3.0, "relation": "less than"}, "one \U0001D2C0 two", true},
		{"number_words run", "𝋀 between letters splits the word", ifeval.Checkers, "length_constraints:number_words",
			instr.Args{"num_words": 2.0, "relation": "at least"}, "one\U0001D2C0two", true},
		{"multiple_sections", "a Nag Mundari digit is no \\d: no section 𞓰", ifeval.Checkers, "detectable_format:multiple_sections",
			instr.Args{"section_spliter": "Section", "num_sections": 1.0}, "Section \U0001E4F0\nText", false},
		{"ifbench word count", "𝋀 is not a word for IFBench either", ifbench.Checkers, "count:word_count_range",
			instr.Args{"min_words": 3.0, "max_words": 5.0}, "one \U0001D2C0 two", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, err := instr.NewRegistry(tt.checkers)
			if err != nil {
				t.Fatal(err)
			}
			p := instr.Prompt{InstructionIDs: []string{tt.id}, Kwargs: []instr.Args{tt.args}}
			got := reg.Evaluate(instr.Strict, p, tt.response).Instructions[0]
			if got.Followed != tt.want {
				t.Errorf("%s: followed %v (%s), want %v", tt.reason, got.Followed, got.Reason, tt.want)
			}
		})
	}
}
