// Package ifeval implements the 25 instructions of IFEval (Zhou et al. 2023,
// "Instruction-Following Evaluation for Large Language Models") as
// instr.Checkers, keyed by the official instruction ids and agreeing with
// the official Python code (google-research, instruction_following_eval)
// on its published GPT-4 run. Checkers is the explicit list; combine it with
// other lists through instr.NewRegistry.
//
// Where the official code is random, these checkers decide
// deterministically (see the README of benchmarks/ifeval):
//   - keywords:letter_frequency counts the given character even when it is
//     not a letter; the official code replaces such a character with a
//     random letter.
//   - language detection uses langdetect's algorithm and profiles with the
//     seed fixed at 0.
//
// Where the official code is lenient, they follow it: a response with
// nothing to detect a language from (no letters) follows
// language:response_language, and follows the English case checks once its
// casing holds, because the official code catches langdetect's exception and
// returns True.
//
// It is part of the verify stage. It performs no I/O and holds no mutable
// state; every checker is a pure function of its arguments.
package ifeval

import "github.com/sciif/leaderboard/generator/internal/verify/instr"

// Checkers lists every IFEval instruction, grouped as the official ids are.
var Checkers = []instr.Checker{
	// keywords
	keywordsExistence,
	keywordsFrequency,
	keywordsForbiddenWords,
	keywordsLetterFrequency,
	// language
	languageResponseLanguage,
	// length_constraints
	lengthNumberSentences,
	lengthNumberParagraphs,
	lengthNumberWords,
	lengthNthParagraphFirstWord,
	// detectable_content
	contentNumberPlaceholders,
	contentPostscript,
	// detectable_format
	formatNumberBulletLists,
	formatConstrainedResponse,
	formatNumberHighlightedSections,
	formatMultipleSections,
	formatJSONFormat,
	formatTitle,
	// combination
	combinationTwoResponses,
	combinationRepeatPrompt,
	// startend
	startendEndChecker,
	startendQuotation,
	// change_case
	changeCaseCapitalWordFrequency,
	changeCaseEnglishCapital,
	changeCaseEnglishLowercase,
	// punctuation
	punctuationNoComma,
}
