package main

import "strings"

// mutations are shapes every response is also written in: the case a model
// might shout in, other line ends and spaces, a chatty first line and
// markdown emphasis (which Loose removes), a final newline, Turkish İ and
// long s (which Python lower-cases apart), full-width punctuation.
var mutations = []struct {
	name string
	f    func(string) string
}{
	{"upper", strings.ToUpper},
	{"crlf", func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }},
	{"nbsp", func(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }},
	{"chatty", func(s string) string { return "Sure, here it is:\n" + s }},
	{"stars", func(s string) string { return "**" + s + "**" }},
	{"trailing-newline", func(s string) string { return s + "\n" }},
	{"turkish", func(s string) string { return strings.NewReplacer("I", "İ", "s", "ſ").Replace(s) }},
	{"fullwidth", func(s string) string {
		return strings.NewReplacer(".", "．", "!", "！", "?", "？", ",", "，").Replace(s)
	}},
}

// edgeSpecs are shapes aimed at the toolkit under the checkers: keywords
// as Python patterns, Unicode word characters and case, the sentence
// splitter's protections, NLTK's tokens.
func edgeSpecs() []spec {
	return []spec{
		{"keywords:word_once", map[string]any{"keyword": "c.t"}, [][2]string{
			{"cat", "A cat sat."}, {"cut-cot", "A cut and a cot."}, {"literal", "c.t only"},
		}},
		{"keywords:word_once", map[string]any{"keyword": "colou?r"}, [][2]string{
			{"color", "What color?"}, {"both", "Color and colour."},
		}},
		{"keywords:word_once", map[string]any{"keyword": "straße"}, [][2]string{
			{"upper", "STRASSE"}, {"same", "Die Straße."}, {"capital-eszett", "DIE STRAẞE"},
		}},
		{"keywords:word_once", map[string]any{"keyword": "istanbul"}, [][2]string{
			{"dotted", "İstanbul is big."}, {"plain", "Istanbul is big."},
		}},
		{"keywords:word_count_different_numbers", map[string]any{"keyword": `\bsun\b`, "frequency": 2, "relation": "at least"}, [][2]string{
			{"2", "sun and sun, sunny"}, {"1", "sun and sunny"}, {"accent", "sun, sun é"},
		}},
		{"count:count_increment_word", map[string]any{"keyword1": "(moon)", "keyword2": "star|sun"}, [][2]string{
			{"1-2", "moon star sun"}, {"1-3", "moon star sun star"},
		}},
		{"count:lowercase_counting", map[string]any{"N": 2}, [][2]string{
			{"ligature", "ﬁne ﬂow ok"}, {"combining", "cafe\u0301 ok no"}, {"greek", "αβγ ok no"},
			{"eszett", "ß ok no"}, {"apostrophe", "don't go"}, {"hyphen", "well-known"},
		}},
		{"letters:letter_counting", map[string]any{"N": 5, "relation": "at least"}, [][2]string{
			{"fullwidth", "ａｂｃｄｅ"}, {"mixed", "ａｂｃde fg"}, {"kelvin", "\u212aabcd"},
		}},
		{"last_word:last_word_answer", map[string]any{"last_word": "end"}, [][2]string{
			{"ideographic", "The end。"}, {"apostrophe", "The end’"}, {"paren", "(the end)"},
			{"guillemets", "«end»"}, {"combining", "the end\u0301"}, {"digits", "end2"},
		}},
		{"first_word:first_word_sent", map[string]any{"first_word": "Yes"}, [][2]string{
			{"phd", "Yes a Ph.D. holder came. Yes."}, {"website", "Yes see site.com now. Yes."},
			{"acronym", "Yes U.S.A. He came. Yes."}, {"decimal", "Yes 3.14 is pi. Yes."},
			{"suffix", "Yes Acme Inc. He sold. Yes."}, {"quote", "Yes he said \"no.\" Yes."},
			{"question-quote", "Yes \"why?\" Yes."}, {"curly", "Yes it is “done.” Yes."},
			{"initial", "Yes J. Smith came. Yes."}, {"dots", "Yes.. Yes... Yes"},
		}},
		{"keywords:keyword_specific_position", map[string]any{"keyword": "n't", "n": 1, "m": 3}, [][2]string{
			{"clitic", "I do n't know."}, {"joined", "I don't know."}, {"cannot", "I cannot know."},
		}},
		{"keywords:keyword_specific_position", map[string]any{"keyword": "``", "n": 1, "m": 2}, [][2]string{
			{"quote", `He "said" so.`}, {"curly", "He “said” so."},
		}},
		{"detectable_format:sentence_hyphens", map[string]any{}, [][2]string{
			{"en-dash", "Rain falls.–Streets shine."}, {"mr", "Mr.-Smith left."}, {"empty-piece", "Rain falls.--Streets shine."},
		}},
		{"keywords:no_adjacent_consecutive", map[string]any{}, [][2]string{
			{"sigma", "Σ τ"}, {"capital-eszett", "ẞ t"}, {"dz", "Ǆ e"}, {"kelvin", "\u212a l"},
		}},
		{"keywords:palindrome", map[string]any{}, [][2]string{
			{"combining", "e\u0301e no"}, {"emoji", "👍 no"}, {"flag", "🇫🇷 no"},
		}},
		{"count:count_unique", map[string]any{}, [][2]string{
			{"clitics", "Don't don't."}, {"quotes", `"Hi" "Ho"`}, {"brackets", "(a) (b)"},
		}},
		{"keywords:start_end", map[string]any{}, [][2]string{
			{"quotes", "'Hello' there 'hello'"}, {"ellipsis", "Go on and go..."}, {"dash", "Go -- go"},
		}},
		{"copy:copying_multiple", map[string]any{"prompt_to_repeat": "Hi.", "N": 2}, [][2]string{
			{"seven", "Hi.*******Hi."}, {"twelve", "Hi.************Hi."},
		}},
		{"new:copy_span_idx", map[string]any{"prompt_to_repeat": "Short text.", "n_start": -5, "n_end": 100}, [][2]string{
			{"tail", "text."}, {"all", "Short text."},
		}},
		{"new:copy_span_idx", map[string]any{"prompt_to_repeat": "Short text.", "n_start": 4, "n_end": 4}, [][2]string{
			{"empty-span", "t"}, {"space", " "},
		}},
		{"copy:repeat_phrase", map[string]any{"phrase": "a.b c d", "small_n": 1}, [][2]string{
			{"pattern-word", "a.b x d"},
		}},
	}
}

// ifevalSpecs are IFEval's instructions as the training labels carry them,
// through open-instruct's copy of IFEval's classes and its verifier.
func ifevalSpecs() []spec {
	return []spec{
		{"change_case:english_lowercase", map[string]any{}, [][2]string{
			{"lower", "all lower case here."}, {"one-capital", "all lower case Here."}, {"digits", "123 456"},
		}},
		{"length_constraints:number_words", map[string]any{"num_words": 5, "relation": "less than"}, [][2]string{
			{"4", "one two three four"}, {"5", "one two three four five"}, {"6", "one two three four five six"},
		}},
		{"length_constraints:number_sentences", map[string]any{"num_sentences": 2, "relation": "at least"}, [][2]string{
			{"1", "Only one sentence here."}, {"2", "One sentence. Two sentences."}, {"abbrev", "Dr. Who came. He left."},
		}},
		{"detectable_format:title", map[string]any{}, [][2]string{
			{"title", "<<A Title>>\nBody."}, {"empty", "<<>> Body."}, {"none", "Body only."},
		}},
		{"startend:end_checker", map[string]any{"end_phrase": "Is there anything else I can help with?"}, [][2]string{
			{"exact", "Done. Is there anything else I can help with?"}, {"trailing-space", "Done. Is there anything else I can help with?  "},
			{"case", "Done. is there anything else i can help with?"}, {"missing", "Done."},
		}},
		{"keywords:existence", map[string]any{"keywords": []any{"rain", "cloud"}}, [][2]string{
			{"both", "Rain and clouds."}, {"one", "Rain only."},
		}},
		{"detectable_format:number_bullet_lists", map[string]any{"num_bullets": 2}, [][2]string{
			{"2", "* one\n* two"}, {"3", "* one\n* two\n- three"}, {"1", "* one"},
		}},
		{"detectable_format:json_format", map[string]any{}, [][2]string{
			{"json", `{"a": 1}`}, {"fenced", "```json\n{\"a\": 1}\n```"}, {"broken", `{"a": 1`},
		}},
		{"startend:quotation", map[string]any{}, [][2]string{
			{"quoted", `"All quoted."`}, {"open", `"Half quoted.`},
		}},
		{"keywords:letter_frequency", map[string]any{"letter": "z", "let_frequency": 2, "let_relation": "at least"}, [][2]string{
			{"1", "A zebra."}, {"2", "A zebra, a zoo."}, {"upper", "ZZ top"},
		}},
	}
}

// listSpecs give as a list the arguments three of open-instruct's classes
// also take as one (they use its first item).
func listSpecs() []spec {
	return []spec{
		{"first_word:first_word_sent", map[string]any{"first_word": []any{"Yes", "No"}}, [][2]string{
			{"first", "Yes it is. Yes."}, {"second", "No it is. No."},
		}},
		{"last_word:last_word_sent", map[string]any{"last_word": []any{" now ", "later"}}, [][2]string{
			{"first", "Go now. Come now!"}, {"second", "Go later."},
		}},
		{"keywords:keyword_specific_position", map[string]any{"keyword": []any{"blue", "red"}, "n": 1, "m": 3}, [][2]string{
			{"first", "It is blue."}, {"second", "It is red."},
		}},
	}
}
