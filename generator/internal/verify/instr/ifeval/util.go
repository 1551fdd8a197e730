package ifeval

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// pyS is Python's Unicode \s for use inside Go expressions.
const pyS = `[` + text.SpaceChars + `]`

// compileFold compiles a keyword from the instruction arguments as the
// official code passes it to re.search with re.IGNORECASE: letters match as
// Python's case-insensitive matching equates them (text.CompileIgnoreCase),
// and what Go cannot compile is matched literally.
func compileFold(expr string) *regexp.Regexp {
	if re, err := text.CompileIgnoreCase(expr); err == nil {
		return re
	}
	re, err := text.CompileIgnoreCase(regexp.QuoteMeta(expr))
	if err != nil {
		panic("ifeval: quoted keyword does not compile: " + err.Error())
	}
	return re
}

// compare applies relation ("less than" or "at least") to n and threshold,
// exactly as Python compares an int with an int or a float (the threshold is
// never converted to an int, so a huge one cannot overflow).
func compare(n int, threshold float64, relation string) bool {
	if relation == instr.LessThan {
		return float64(n) < threshold
	}
	return float64(n) >= threshold
}

// need words a requirement: "need at least 3".
func need(relation string, threshold float64) string {
	return fmt.Sprintf("need %s %v", relation, threshold)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// snippet shortens s for a reason.
func snippet(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= 40 {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q", string(r[:37])+"...")
}
