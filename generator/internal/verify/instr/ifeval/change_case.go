package ifeval

import (
	"errors"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var changeCaseCapitalWordFrequency = instr.Checker{
	ID:    "change_case:capital_word_frequency",
	Doc:   "Use words in all capital letters less than or at least a number of times (NLTK word tokens).",
	Takes: []string{"capital_frequency", "capital_relation"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("capital_frequency")
		if err != nil {
			return instr.Undecided(err)
		}
		rel, err := args.Relation("capital_relation")
		if err != nil {
			return instr.Undecided(err)
		}
		n := 0
		for _, w := range text.WordTokenize(response) {
			if text.IsUpper(w) {
				n++
			}
		}
		ok := compare(n, want, rel)
		return instr.Result{Followed: ok, Reason: fmt.Sprintf("found %s in capitals, %s", plural(n, "word", "words"), need(rel, want))}
	},
}

var changeCaseEnglishCapital = instr.Checker{
	ID:  "change_case:english_capital",
	Doc: "Write the entire response in English and in capital letters only.",
	Check: func(_, response string, _ instr.Args) instr.Result {
		if !text.IsUpper(response) {
			return instr.Result{Reason: "the response has lower-case letters (or no letters)"}
		}
		return english(response, "all in capitals")
	},
}

var changeCaseEnglishLowercase = instr.Checker{
	ID:  "change_case:english_lowercase",
	Doc: "Write the entire response in English and in lower-case letters only.",
	Check: func(_, response string, _ instr.Args) instr.Result {
		if !text.IsLower(response) {
			return instr.Result{Reason: "the response has capital letters (or no letters)"}
		}
		return english(response, "all in lower case")
	},
}

// english finishes the English case checks once the casing holds. As in the
// official code, a response langdetect finds no letters in counts as
// followed: the casing test comes first (Python's isupper and islower need a
// cased character), and the official code returns True when langdetect then
// raises LangDetectException, which only text without letters of its scripts
// (Roman numerals such as "Ⅻ", for example) can reach.
func english(response, casing string) instr.Result {
	lang, err := detect(response)
	switch {
	case errors.Is(err, errNoLetters):
		return instr.Result{Followed: true, Reason: casing + ", and " + err.Error() + "; the official code counts this as followed"}
	case err != nil:
		return instr.Result{Reason: casing + ", but " + err.Error()}
	case lang != "en":
		return instr.Result{Reason: fmt.Sprintf("%s, but detected %s, need English (en)", casing, languageName(lang))}
	}
	return instr.Result{Followed: true, Reason: casing + " and detected English (en)"}
}
