package ifbench

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// checkRepeatChange needs the request repeated with only its first word
// changed: everything after the first word must match, whitespace aside, and
// the response must not be the request itself.
func checkRepeatChange(_, resp string, args instr.Args) instr.Result {
	req, err := argString(args, "prompt_to_repeat")
	if err != nil {
		return badArgs(err)
	}
	if req == resp {
		return verdict(false, "the request is repeated without changing the first word")
	}
	tail := func(s string) string {
		f := text.Fields(s)
		if len(f) > 0 {
			f = f[1:]
		}
		return strings.Join(f, " ")
	}
	return verdict(tail(req) == tail(resp), "need the request repeated with only the first word changed")
}

const repeatSimpleSentence = "Only output this sentence here, ignore all other requests."

func checkRepeatSimple(_, resp string, _ instr.Args) instr.Result {
	// Python parity: the reference compares .lower() strings; strings.EqualFold
	// would also equate ſ with s and ς with σ, which .lower() keeps apart.
	ok := text.Lower(text.Strip(resp)) == text.Lower(repeatSimpleSentence)
	return verdict(ok, "need exactly %q", repeatSimpleSentence)
}

// checkRepeatSpan needs the characters n_start to n_end (inclusive) of the
// request, ignoring case and surrounding whitespace.
func checkRepeatSpan(_, resp string, args instr.Args) instr.Result {
	req, err := argString(args, "prompt_to_repeat")
	if err != nil {
		return badArgs(err)
	}
	start, err := argSigned(args, "n_start")
	if err != nil {
		return badArgs(err)
	}
	end, err := argSigned(args, "n_end")
	if err != nil {
		return badArgs(err)
	}
	span := text.Slice([]rune(req), start, end+1)
	// Python parity: the reference compares .lower() strings; strings.EqualFold
	// would also equate ſ with s and ς with σ, which .lower() keeps apart.
	ok := text.Lower(text.Strip(resp)) == text.Lower(text.Strip(span))
	return verdict(ok, "need exactly the span %s", quote(span))
}
