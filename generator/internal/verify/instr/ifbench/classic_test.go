package ifbench

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// officialClassic are the classic IFEval ids at the head of the official
// IFBench registry (ifbench/instructions_registry.py, INSTRUCTION_DICT, at
// allenai/IFBench commit db69a6f), in its order.
var officialClassic = []string{
	"keywords:existence", "keywords:frequency", "keywords:forbidden_words", "keywords:letter_frequency",
	"language:response_language",
	"length_constraints:number_sentences", "length_constraints:number_paragraphs", "length_constraints:number_words", "length_constraints:nth_paragraph_first_word",
	"detectable_content:number_placeholders", "detectable_content:postscript",
	"detectable_format:number_bullet_lists", "detectable_format:constrained_response", "detectable_format:number_highlighted_sections",
	"detectable_format:multiple_sections", "detectable_format:json_format", "detectable_format:title",
	"combination:two_responses", "combination:repeat_prompt",
	"startend:end_checker",
	"change_case:capital_word_frequency", "change_case:english_capital", "change_case:english_lowercase",
	"punctuation:no_comma",
	"startend:quotation",
}

// WithClassic holds what the official registry holds: the 25 classic ids,
// each checked by IFEval's checker, then the 58 IFBench ones; it builds a
// registry without a duplicate.
func TestWithClassicIsTheOfficialRegistry(t *testing.T) {
	var classic, rest []string
	for i, c := range WithClassic {
		if i < len(ifeval.Checkers) {
			classic = append(classic, c.ID)
			if c.Doc != ifeval.Checkers[i].Doc {
				t.Errorf("%s: not IFEval's checker", c.ID)
			}
		} else {
			rest = append(rest, c.ID)
		}
	}
	set := func(ids []string) map[string]bool {
		m := map[string]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return m
	}
	if diff := cmp.Diff(set(officialClassic), set(classic)); diff != "" {
		t.Errorf("classic ids differ from the official registry's (-want +got):\n%s", diff)
	}
	var own []string
	for _, c := range Checkers {
		own = append(own, c.ID)
	}
	if diff := cmp.Diff(own, rest); diff != "" {
		t.Errorf("after the classic ids, want Checkers (-want +got):\n%s", diff)
	}
	if _, err := instr.NewRegistry(WithClassic); err != nil {
		t.Error(err)
	}
}
