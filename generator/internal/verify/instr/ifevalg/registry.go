// Package ifevalg is the instruction registry of open-instruct's IF-RLVR
// training (Pyatkin et al., 2025, "Generalizing Verifiable Instruction
// Following"): the IFEvalG registry of open_instruct/IFEvalG at
// allenai/open-instruct commit e6c3044, which holds IFEval's 25
// instructions and 29 training constraints. The IFEval ids are checked by
// package ifeval (open-instruct's copy of those classes is IFEval's, code
// for code); the training constraints are implemented here, agreeing with
// open-instruct's classes (see the differential test in
// verify/instr/difftest).
//
// Where open-instruct draws an argument at random (an argument Python reads
// as false: absent, None, 0 or ""), or raises, the checker is undecided;
// string arguments are stripped, as open-instruct strips them. Keywords
// are Python patterns, as open-instruct passes them to re.findall; one
// that Go cannot match as Python does leaves the checker undecided.
//
// It is part of the verify stage. It performs no I/O and holds no mutable
// state.
package ifevalg

import (
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// Training lists the 29 IF-RLVR training constraints, in the order of
// open-instruct's registry.
var Training = []instr.Checker{
	{ID: "copy:repeat_phrase", Doc: "Repeat the phrase small_n times, each time with exactly one word changed.", Takes: []string{"phrase", "small_n"}, Check: checkRepeatPhrase},
	{ID: "copy:copy", Doc: "Copy the request (prompt_to_repeat) verbatim and nothing else.", Takes: []string{"prompt_to_repeat"}, Check: checkCopy},
	{ID: "new:copy_span_idx", Doc: "Copy the characters n_start to n_end (exclusive) of prompt_to_repeat and nothing else.", Takes: []string{"prompt_to_repeat", "n_start", "n_end"}, Check: checkCopySpan},
	{ID: "detectable_format:sentence_hyphens", Doc: "Join all sentences with hyphens, without spaces.", Check: checkSentenceHyphens},
	{ID: "keywords:no_adjacent_consecutive", Doc: "No two neighbouring words may start with consecutive letters of the alphabet.", Check: checkNoAdjacent},
	{ID: "detectable_format:square_brackets", Doc: "Enclose every word in square brackets.", Check: checkSquareBrackets},
	{ID: "keywords:word_once", Doc: "Include the keyword exactly once.", Takes: []string{"keyword"}, Check: checkWordOnce},
	{ID: "keywords:word_count_different_numbers", Doc: "Use the keyword less than or at least frequency times.", Takes: []string{"keyword", "frequency", "relation"}, Check: checkWordCountDifferent},
	{ID: "keywords:exclude_word_harder", Doc: "Never write the keyword between two spaces.", Takes: []string{"keyword", "instruction"}, Check: checkExcludeWord},
	{ID: "paragraphs:paragraphs", Doc: "Write exactly 2 paragraphs separated by the markdown divider ***.", Check: checkParagraphs},
	{ID: "paragraphs:paragraphs2", Doc: "Write exactly 2 paragraphs separated by one blank line.", Check: checkParagraphs2},
	{ID: "first_word:first_word_sent", Doc: "Start every sentence with first_word.", Takes: []string{"first_word"}, Check: checkFirstWordSent},
	{ID: "first_word:first_word_answer", Doc: "Start the response with first_word.", Takes: []string{"first_word"}, Check: checkFirstWordAnswer},
	{ID: "last_word:last_word_sent", Doc: "End every sentence, before its punctuation, with last_word.", Takes: []string{"last_word"}, Check: checkLastWordSent},
	{ID: "last_word:last_word_answer", Doc: "End the response, before its punctuation, with last_word.", Takes: []string{"last_word"}, Check: checkLastWordAnswer},
	{ID: "detectable_format:bigram_wrapping", Doc: "Wrap every pair of words in double angular brackets, <<like this>>.", Check: checkBigramWrapping},
	{ID: "copy:copying_simple", Doc: "Repeat the request (prompt_to_repeat) without change and do not answer it.", Takes: []string{"prompt_to_repeat"}, Check: checkCopy},
	{ID: "copy:copying_multiple", Doc: "Repeat the request N times, separated by ******, and do not answer it.", Takes: []string{"prompt_to_repeat", "N"}, Check: checkCopyingMultiple},
	{ID: "punctuation:punctuation_dot", Doc: "Use no dot at all.", Check: checkNoDot},
	{ID: "punctuation:punctuation_exclamation", Doc: "Use no exclamation mark at all.", Check: checkNoExclamation},
	{ID: "count:lowercase_counting", Doc: "Write at most N all-lowercase words.", Takes: []string{"N"}, Check: checkLowercaseCounting},
	{ID: "letters:letter_counting", Doc: "Answer with less than or at least N letters (A–Z, a–z).", Takes: []string{"N", "relation"}, Check: checkLetterCounting},
	letterCounting2(),
	{ID: "count:counting_composition", Doc: "Write 3 paragraphs (*** dividers) of n_sent sentences of n_words words each.", Takes: []string{"n_sent", "n_words"}, Check: checkCountingComposition},
	{ID: "count:count_unique", Doc: "Use no word twice.", Check: checkCountUnique},
	{ID: "count:count_increment_word", Doc: "Use keyword1 exactly once and keyword2 exactly twice.", Takes: []string{"keyword1", "keyword2"}, Check: checkCountIncrement},
	{ID: "keywords:palindrome", Doc: "Include a palindrome (a word that reads the same backwards).", Check: checkPalindrome},
	{ID: "keywords:keyword_specific_position", Doc: "Put the keyword as the m-th word of the n-th sentence.", Takes: []string{"keyword", "n", "m"}, Check: checkKeywordPosition},
	{ID: "keywords:start_end", Doc: "Start and end the response with the same word, with nothing after it.", Check: checkStartEnd},
}

// letterCounting2 is letters:letter_counting2, which open-instruct maps to
// IFEval's letter-frequency class: IFEval's keywords:letter_frequency
// checker under the new id.
func letterCounting2() instr.Checker {
	for _, c := range ifeval.Checkers {
		if c.ID == "keywords:letter_frequency" {
			c.ID = "letters:letter_counting2"
			c.Doc = "Use the letter less than or at least let_frequency times (IFEval's keywords:letter_frequency)."
			return c
		}
	}
	panic("ifevalg: ifeval has no keywords:letter_frequency")
}

// Checkers is the IFEvalG registry: IFEval's 25 instructions followed by
// the 29 training constraints.
var Checkers = append(append([]instr.Checker(nil), ifeval.Checkers...), Training...)
