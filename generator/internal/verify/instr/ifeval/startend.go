package ifeval

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var startendEndChecker = instr.Checker{
	ID:    "startend:end_checker",
	Doc:   "Finish the response with the exact phrase (case-insensitive; surrounding quotes ignored).",
	Takes: []string{"end_phrase"},
	Check: func(_, response string, args instr.Args) instr.Result {
		phrase, err := args.String("end_phrase")
		if err != nil {
			return instr.Undecided(err)
		}
		phrase = text.Lower(text.Strip(phrase))
		// The end of the lower-cased response decides, and the reason
		// shows its last 40 characters.
		v := lowerTail(strings.Trim(text.Strip(response), `"`), max(40, utf8.RuneCountInString(phrase)))
		if strings.HasSuffix(v, phrase) {
			return instr.Result{Followed: true, Reason: fmt.Sprintf("ends with %q", phrase)}
		}
		r := []rune(v)
		return instr.Result{Reason: fmt.Sprintf("ends with %s, need %q", snippet(string(r[max(0, len(r)-40):])), phrase)}
	},
}

var startendQuotation = instr.Checker{
	ID:  "startend:quotation",
	Doc: "Wrap the entire response in double quotation marks.",
	Check: func(_, response string, _ instr.Args) instr.Result {
		v := text.Strip(response)
		if utf8.RuneCountInString(v) > 1 && strings.HasPrefix(v, `"`) && strings.HasSuffix(v, `"`) {
			return instr.Result{Followed: true, Reason: "starts and ends with a double quotation mark"}
		}
		return instr.Result{Reason: "does not both start and end with a double quotation mark"}
	},
}
