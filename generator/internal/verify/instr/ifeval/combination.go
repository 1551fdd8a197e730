package ifeval

import (
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var combinationTwoResponses = instr.Checker{
	ID:  "combination:two_responses",
	Doc: "Give two different responses separated by six asterisks (******).",
	Check: func(_, response string, _ instr.Args) instr.Result {
		parts := strings.Split(response, "******")
		var valid []string
		for i, p := range parts {
			if text.Strip(p) != "" {
				valid = append(valid, p)
				continue
			}
			if i != 0 && i != len(parts)-1 {
				return instr.Result{Reason: fmt.Sprintf("part %d between ****** separators is empty", i+1)}
			}
		}
		switch {
		case len(valid) != 2:
			return instr.Result{Reason: fmt.Sprintf("found %s separated by ******, need 2", plural(len(valid), "response", "responses"))}
		case text.Strip(valid[0]) == text.Strip(valid[1]):
			return instr.Result{Reason: "found 2 responses, but they are the same"}
		}
		return instr.Result{Followed: true, Reason: "found 2 different responses"}
	},
}

var combinationRepeatPrompt = instr.Checker{
	ID:    "combination:repeat_prompt",
	Doc:   "First repeat the request word for word (case-insensitive), then answer.",
	Takes: []string{"prompt_to_repeat"},
	Check: func(_, response string, args instr.Args) instr.Result {
		p, err := args.String("prompt_to_repeat")
		if err != nil {
			return instr.Undecided(err)
		}
		if p = text.Strip(p); p == "" {
			return instr.Undecided(fmt.Errorf("argument \"prompt_to_repeat\" is empty"))
		}
		if hasLoweredPrefix(text.Strip(response), text.Lower(p)) {
			return instr.Result{Followed: true, Reason: "the response starts with the request"}
		}
		return instr.Result{Reason: fmt.Sprintf("the response does not start with the request; it starts %s", snippet(text.FirstRunes(text.Strip(response), 40)))}
	},
}
