package ifbench

import (
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// Checkers lists the 58 IFBench instruction checkers, keyed by the official
// instruction ids, in the order of the official registry.
var Checkers = []instr.Checker{
	{ID: "count:word_count_range", Doc: "The response must contain between min_words and max_words words.", Takes: []string{"min_words", "max_words"}, Check: checkWordCountRange},
	{ID: "count:unique_word_count", Doc: "Use at least N unique words in the response.", Takes: []string{"N"}, Check: checkUniqueWordCount},
	{ID: "ratio:stop_words", Doc: "Stop words must make up no more than percentage% of the words.", Takes: []string{"percentage"}, Check: checkStopWords},
	{ID: "ratio:sentence_type", Doc: "Maintain a 2:1 ratio of declarative to interrogative sentences.", Check: checkSentenceType},
	{ID: "ratio:sentence_balance", Doc: "Use equal numbers of declarative, interrogative and exclamatory sentences.", Check: checkSentenceBalance},
	{ID: "count:conjunctions", Doc: "Use at least small_n different coordinating conjunctions.", Takes: []string{"small_n"}, Check: checkConjunctions},
	{ID: "count:person_names", Doc: "Mention at least N different person names from the given list of fifty.", Takes: []string{"N"}, Check: checkPersonNames},
	{ID: "ratio:overlap", Doc: "Keep a trigram overlap of percentage% (±2%) with the reference_text.", Takes: []string{"reference_text", "percentage"}, Check: checkOverlap},
	{ID: "count:numbers", Doc: "Include exactly N numbers.", Takes: []string{"N"}, Check: checkNumbers},
	{ID: "words:alphabet", Doc: "Each word must start with the next letter of the alphabet, looping back to A after Z.", Check: checkAlphabet},
	{ID: "words:vowel", Doc: "Write one paragraph using words with at most three different vowels.", Check: checkVowel},
	{ID: "words:consonants", Doc: "Every word must contain a consonant cluster (two consonants together).", Check: checkConsonants},
	{ID: "sentence:alliteration_increment", Doc: "Each sentence must have a longer run of alliterative words than the previous one.", Check: checkAlliterationIncrement},
	{ID: "words:palindrome", Doc: "Include at least 10 single-word palindromes of at least 5 characters.", Check: checkPalindrome},
	{ID: "count:punctuation", Doc: "Use every standard punctuation mark, including ; and : and the interrobang (?!).", Check: checkPunctuation},
	{ID: "format:parentheses", Doc: "Nest parentheses, brackets and braces at least 5 levels deep.", Check: checkParentheses},
	{ID: "format:quotes", Doc: "Nest quotes at least 3 levels deep, alternating double and single quotes.", Check: checkQuotes},
	{ID: "words:prime_lengths", Doc: "Use only words whose lengths are prime numbers.", Check: checkPrimeLengths},
	{ID: "format:options", Doc: "Answer with one of the given options and nothing else.", Takes: []string{"options"}, Check: checkOptions},
	{ID: "format:newline", Doc: "Write each word on a new line.", Check: checkNewline},
	{ID: "format:emoji", Doc: "End every sentence with an emoji.", Check: checkEmoji},
	{ID: "ratio:sentence_words", Doc: "Write three sentences with the same number of characters.", Check: checkSentenceWords},
	{ID: "count:words_japanese", Doc: "Every N-th word must be in Japanese.", Takes: []string{"N"}, Check: checkWordsJapanese},
	{ID: "words:start_verb", Doc: "The response must start with a verb.", Check: checkStartVerb},
	{ID: "words:repeats", Doc: "Do not repeat any word more than small_n times.", Takes: []string{"small_n"}, Check: checkRepeats},
	{ID: "sentence:keyword", Doc: "The N-th sentence must include the keyword word.", Takes: []string{"word", "N"}, Check: checkSentenceKeyword},
	{ID: "count:pronouns", Doc: "Include at least N pronouns.", Takes: []string{"N"}, Check: checkPronouns},
	{ID: "words:odd_even_syllables", Doc: "Alternate between words with odd and even numbers of syllables.", Check: oddEvenSyllables(nil),
		Bind: func(d instr.Data) func(string, string, instr.Args) instr.Result { return oddEvenSyllables(d.Syllables) }},
	{ID: "words:last_first", Doc: "The last word of each sentence must be the first word of the next.", Check: checkLastFirst},
	{ID: "words:paragraph_last_first", Doc: "Each paragraph (line) must end with the word it starts with.", Check: checkParagraphLastFirst},
	{ID: "sentence:increment", Doc: "Each sentence must have exactly small_n more words than the previous one.", Takes: []string{"small_n"}, Check: checkIncrement},
	{ID: "words:no_consecutive", Doc: "No two consecutive words may share their first letter.", Check: checkNoConsecutive},
	{ID: "format:line_indent", Doc: "Indent each line further than the previous one, like stairs.", Check: checkLineIndent},
	{ID: "format:quote_unquote", Doc: "Every quoted phrase must be followed by an unquoted explanation.", Check: checkQuoteUnquote},
	{ID: "format:list", Doc: "Write a list whose items are marked with sep instead of bullet points.", Takes: []string{"sep"}, Check: checkList},
	{ID: "format:thesis", Doc: "Begin each section with a thesis statement in HTML italics.", Check: checkThesis},
	{ID: "format:sub-bullets", Doc: "Use * bullet points, each with at least one - sub-bullet.", Check: checkSubBullets},
	{ID: "format:no_bullets_bullets", Doc: "Write at least two sentences, then at least two * bullet points.", Check: checkNoBulletsBullets},
	{ID: "custom:multiples", Doc: "Count from 10 to 50, printing only the multiples of 7.", Takes: []string{instr.AnyArg}, Check: checkMultiples},
	{ID: "custom:mcq_count_length", Doc: "Write 4 multiple-choice questions of 5 options, each longer than the last, with no explanation.", Takes: []string{instr.AnyArg}, Check: checkMCQ},
	{ID: "custom:reverse_newline", Doc: "List the countries of Africa in reverse alphabetical order, one per line.", Takes: []string{instr.AnyArg}, Check: checkReverseNewline},
	{ID: "custom:word_reverse", Doc: "Answer what the national animal of the US is with the words in reverse order.", Takes: []string{instr.AnyArg}, Check: checkWordReverse},
	{ID: "custom:character_reverse", Doc: "Answer what the national animal of the US is with the letters in reverse order.", Takes: []string{instr.AnyArg}, Check: checkCharacterReverse},
	{ID: "custom:sentence_alphabet", Doc: "Tell a 26-sentence story whose sentences start with the letters A to Z in order.", Takes: []string{instr.AnyArg}, Check: checkSentenceAlphabet},
	{ID: "custom:european_capitals_sort", Doc: "List the European capitals north of 45° latitude, comma-separated, from north to south.", Takes: []string{instr.AnyArg}, Check: checkCapitalsSort},
	{ID: "custom:csv_city", Doc: "Write comma-separated CSV with columns ID, Country, City, Year, Count and 7 rows.", Takes: []string{instr.AnyArg}, Check: checkCSVCity},
	{ID: "custom:csv_special_character", Doc: "Write CSV with columns ProductID, Category, Brand, Price, Stock, 14 rows and one quoted field with a special character.", Takes: []string{instr.AnyArg}, Check: checkCSVSpecial},
	{ID: "custom:csv_quotes", Doc: "Write tab-separated CSV with columns StudentID, Subject, Grade, Semester, Score, 3 rows and every field quoted.", Takes: []string{instr.AnyArg}, Check: checkCSVQuotes},
	{ID: "custom:date_format_list", Doc: "List the start dates of Napoleon's battles as comma-separated YYYY-MM-DD dates.", Takes: []string{instr.AnyArg}, Check: checkDateList},
	{ID: "count:keywords_multiple", Doc: "Include keyword1 once, keyword2 twice, keyword3 three times, keyword4 five times and keyword5 seven times.", Takes: []string{"keyword1", "keyword2", "keyword3", "keyword4", "keyword5"}, Check: checkKeywordsMultiple},
	{ID: "words:keywords_specific_position", Doc: "Put the keyword as the m-th word of the n-th sentence.", Takes: []string{"keyword", "n", "m"}, Check: checkKeywordPosition},
	{ID: "words:words_position", Doc: "The second word and the second-to-last word must be the keyword.", Takes: []string{"keyword"}, Check: checkWordsPosition},
	{ID: "repeat:repeat_change", Doc: "Repeat the request with its first word changed, and do not answer it.", Takes: []string{"prompt_to_repeat"}, Check: checkRepeatChange},
	{ID: "repeat:repeat_simple", Doc: "Output only the sentence \"Only output this sentence here, ignore all other requests.\"", Check: checkRepeatSimple},
	{ID: "repeat:repeat_span", Doc: "Copy the characters n_start to n_end (inclusive) of the request.", Takes: []string{"prompt_to_repeat", "n_start", "n_end"}, Check: checkRepeatSpan},
	{ID: "format:title_case", Doc: "Write the entire response in title case.", Check: checkTitleCase},
	{ID: "format:output_template", Doc: "Use the template My Answer: … My Conclusion: … Future Outlook: ….", Check: checkOutputTemplate},
	{ID: "format:no_whitespace", Doc: "The response must contain no whitespace.", Check: checkNoWhitespace},
}

// WithClassic is the official IFBench registry (ifbench/instructions_registry.py
// at allenai/IFBench commit db69a6f): IFEval's 25 classic instructions,
// checked as IFEval checks them (IFBench's classic_instructions.py is
// Google's instructions.py verbatim), followed by the 58 of Checkers. The
// ifbench kind serves it, so a label or record naming a classic id is
// rewarded as under ifeval.
var WithClassic = append(append([]instr.Checker(nil), ifeval.Checkers...), Checkers...)
