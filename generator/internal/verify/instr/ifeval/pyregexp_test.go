package ifeval_test

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// TestKeywordsArePythonExpressions checks keyword arguments that are
// regular expressions, as labels outside the shipped prompt sets (RL
// training data) carry them: the official code passes each to re.search or
// re.findall with re.IGNORECASE, so \d, \w and \b are Unicode, {,3} is a
// quantifier, $ matches before a final newline and a forbidden word is
// joined to \b without a group. Each want is Python 3.11's verdict; what
// RE2 cannot express is undecided, never another verdict.
func TestKeywordsArePythonExpressions(t *testing.T) {
	const undecided = "undecided"
	tests := []struct {
		name, reason string
		id           string
		args         instr.Args
		response     string
		want         string
	}{
		{"omitted lower bound", `re.search("x{,3}y", "xxy") matches`, "keywords:existence",
			instr.Args{"keywords": []any{"x{,3}y"}}, "xxy", "true"},
		{"unicode digit", `\d matches ARABIC-INDIC DIGIT THREE`, "keywords:existence",
			instr.Args{"keywords": []any{`\d+ apples`}}, "\u0663 apples", "true"},
		{"dollar before final newline", `$ matches before a final newline`, "keywords:existence",
			instr.Args{"keywords": []any{`cat$`}}, "the cat\n", "true"},
		{"forbidden alternation", `\bcat|dog\b finds "dog" at the end of "hotdog"`, "keywords:forbidden_words",
			instr.Args{"forbidden_words": []any{"cat|dog"}}, "hotdog stand", "false"},
		{"unicode word count", `\w+ finds 2 words in "naïve café"`, "keywords:frequency",
			instr.Args{"keyword": `\w+`, "frequency": 3.0, "relation": "less than"}, "naïve café", "true"},
		{"lookbehind", "RE2 has no lookbehind", "keywords:existence",
			instr.Args{"keywords": []any{"(?<=a)b"}}, "ab", undecided},
		{"backreference", "RE2 has no backreferences", "keywords:frequency",
			instr.Args{"keyword": `(a)\1`, "frequency": 1.0, "relation": "at least"}, "aa", undecided},
		{"python error", "Python rejects an unbalanced group: the official code raises", "keywords:existence",
			instr.Args{"keywords": []any{"("}}, "(", undecided},
	}
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := instr.Prompt{InstructionIDs: []string{tt.id}, Kwargs: []instr.Args{tt.args}}
			r := reg.Evaluate(instr.Strict, p, tt.response).Instructions[0]
			got := "false"
			switch {
			case r.Undecided:
				got = undecided
			case r.Followed:
				got = "true"
			}
			if got != tt.want {
				t.Errorf("%s: got %s (%s), want %s", tt.reason, got, r.Reason, tt.want)
			}
		})
	}
}
