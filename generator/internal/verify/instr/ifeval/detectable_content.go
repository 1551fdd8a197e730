package ifeval

import (
	"fmt"
	"regexp"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var placeholder = regexp.MustCompile(`\[.*?\]`)

var contentNumberPlaceholders = instr.Checker{
	ID:    "detectable_content:number_placeholders",
	Doc:   "Include at least a number of placeholders in square brackets, such as [address].",
	Takes: []string{"num_placeholders"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_placeholders")
		if err != nil {
			return instr.Undecided(err)
		}
		found := placeholder.FindAllString(response, -1)
		reason := fmt.Sprintf("found %s, need at least %v", plural(len(found), "placeholder", "placeholders"), want)
		if len(found) > 0 {
			reason += fmt.Sprintf(" (first: %s)", snippet(found[0]))
		}
		return instr.Result{Followed: float64(len(found)) >= want, Reason: reason}
	},
}

var contentPostscript = instr.Checker{
	ID:    "detectable_content:postscript",
	Doc:   "Add a postscript starting with the given marker (P.S., P.P.S or another), case-insensitive.",
	Takes: []string{"postscript_marker"},
	Check: func(_, response string, args instr.Args) instr.Result {
		marker, err := args.String("postscript_marker")
		if err != nil {
			return instr.Undecided(err)
		}
		marker = text.Strip(marker)
		var found bool
		switch marker {
		case "P.P.S":
			found = hasMarker(response, "p.?p.?s")
		case "P.S.":
			found = hasMarker(response, "p.?s.")
		default:
			// The official code searches the lower-cased response for
			// r"\s*" + marker.lower() + r".*$" with re.MULTILINE.
			re, err := text.CompilePython(`\s*`+text.Lower(marker)+`.*$`, text.PyFlags{Multiline: true})
			if err != nil {
				return instr.Undecided(fmt.Errorf("postscript marker %q: %w", marker, err))
			}
			if found, err = re.Search(text.Lower(response)); err != nil {
				return instr.Undecided(fmt.Errorf("postscript marker %q: %w", marker, err))
			}
		}
		if found {
			return instr.Result{Followed: true, Reason: fmt.Sprintf("found a postscript starting with %q", marker)}
		}
		return instr.Result{Reason: fmt.Sprintf("found no postscript starting with %q", marker)}
	},
}
