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

// detect returns the detected language of s, or a reason why there is none.
func detect(s string) (string, string) {
	lang, err := langdetect.Detect(s)
	if errors.Is(err, langdetect.ErrNoFeatures) {
		return "", "no language detected: the response has no letters to detect one from"
	}
	if err != nil {
		return "", "no language detected: " + err.Error()
	}
	return lang, ""
}

var languageResponseLanguage = instr.Checker{
	ID:  "language:response_language",
	Doc: "Write the entire response in the given language (ISO 639-1 code), as langdetect sees it.",
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.String("language")
		if err != nil {
			return instr.Undecided(err)
		}
		got, why := detect(response)
		if why != "" {
			return instr.Result{Reason: why}
		}
		if got != want {
			return instr.Result{Reason: fmt.Sprintf("detected %s, need %s", languageName(got), languageName(want))}
		}
		return instr.Result{Followed: true, Reason: "detected " + languageName(got)}
	},
}
