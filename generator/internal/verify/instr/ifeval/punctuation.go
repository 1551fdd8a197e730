package ifeval

import (
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var punctuationNoComma = instr.Checker{
	ID:  "punctuation:no_comma",
	Doc: "Use no commas (the ASCII comma) at all.",
	Check: func(_, response string, _ instr.Args) instr.Result {
		n := strings.Count(response, ",")
		if n == 0 {
			return instr.Result{Followed: true, Reason: "found no comma"}
		}
		i := strings.Index(response, ",")
		return instr.Result{Reason: fmt.Sprintf("found %s, the first after %s", plural(n, "comma", "commas"), snippet(text.LastRunes(response[:i], 30)))}
	},
}
