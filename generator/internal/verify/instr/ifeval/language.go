package ifeval

import (
	"errors"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/langdetect"
)

// languageNames are the languages IFEval asks for, by ISO 639-1 code.
var languageNames = map[string]string{
	"en": "English", "es": "Spanish", "pt": "Portuguese", "ar": "Arabic",
	"hi": "Hindi", "fr": "French", "ru": "Russian", "de": "German",
	"ja": "Japanese", "it": "Italian", "bn": "Bengali", "uk": "Ukrainian",
	"th": "Thai", "ur": "Urdu", "ta": "Tamil", "te": "Telugu",
	"bg": "Bulgarian", "ko": "Korean", "pl": "Polish", "he": "Hebrew",
	"fa": "Persian", "vi": "Vietnamese", "ne": "Nepali", "sw": "Swahili",
	"kn": "Kannada", "mr": "Marathi", "gu": "Gujarati", "pa": "Punjabi",
	"ml": "Malayalam", "fi": "Finnish",
}

func languageName(code string) string {
	if n, ok := languageNames[code]; ok {
		return fmt.Sprintf("%s (%s)", n, code)
	}
	return code
}

// errNoLetters is detect's error for a text langdetect finds no features
// in: no letters of any of its scripts.
var errNoLetters = errors.New("no language detected: the response has no letters to detect one from")

// detect returns the detected language of s. The error is errNoLetters when
// Python's langdetect would raise LangDetectException, which the official
// checkers catch and count as followed.
func detect(s string) (string, error) {
	lang, err := langdetect.Detect(s)
	if errors.Is(err, langdetect.ErrNoFeatures) {
		return "", errNoLetters
	}
	if err != nil {
		return "", fmt.Errorf("no language detected: %w", err)
	}
	return lang, nil
}

// languageResponseLanguage follows the official code where langdetect cannot
// detect a language: a response with no letters (empty, or only digits,
// punctuation, symbols or emoji) counts as followed, because the official
// checker catches langdetect's LangDetectException and returns True.
var languageResponseLanguage = instr.Checker{
	ID:    "language:response_language",
	Doc:   "Write the entire response in the given language (ISO 639-1 code), as langdetect sees it; a response with no letters counts as followed, as in the official code.",
	Takes: []string{"language"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.String("language")
		if err != nil {
			return instr.Undecided(err)
		}
		got, err := detect(response)
		if errors.Is(err, errNoLetters) {
			return instr.Result{Followed: true, Reason: err.Error() + "; the official code counts this as followed"}
		}
		if err != nil {
			return instr.Result{Reason: err.Error()}
		}
		if got != want {
			return instr.Result{Reason: fmt.Sprintf("detected %s, need %s", languageName(got), languageName(want))}
		}
		return instr.Result{Followed: true, Reason: "detected " + languageName(got)}
	},
}
