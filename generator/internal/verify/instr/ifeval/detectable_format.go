package ifeval

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var formatNumberBulletLists = instr.Checker{
	ID:    "detectable_format:number_bullet_lists",
	Doc:   "Write exactly a number of markdown bullet points (lines starting with * or -).",
	Takes: []string{"num_bullets"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_bullets")
		if err != nil {
			return instr.Undecided(err)
		}
		// A bullet needs its "*" or "-"; most responses have neither.
		n := 0
		if strings.Contains(response, "*") {
			n += countBullets(response, '*')
		}
		if strings.Contains(response, "-") {
			n += countBullets(response, '-')
		}
		return instr.Result{Followed: float64(n) == want, Reason: fmt.Sprintf("found %s, need exactly %v", plural(n, "bullet point", "bullet points"), want)}
	},
}

var constrainedOptions = []string{"My answer is yes.", "My answer is no.", "My answer is maybe."}

var formatConstrainedResponse = instr.Checker{
	ID:  "detectable_format:constrained_response",
	Doc: `Answer with one of "My answer is yes.", "My answer is no.", "My answer is maybe." (contained anywhere).`,
	Check: func(_, response string, _ instr.Args) instr.Result {
		v := text.Strip(response)
		for _, o := range constrainedOptions {
			if strings.Contains(v, o) {
				return instr.Result{Followed: true, Reason: fmt.Sprintf("found %q", o)}
			}
		}
		return instr.Result{Reason: "found none of the options \"My answer is yes.\", \"My answer is no.\", \"My answer is maybe.\""}
	},
}

var (
	singleHighlight = regexp.MustCompile(`\*[^\n\*]*\*`)
	doubleHighlight = regexp.MustCompile(`\*\*[^\n\*]*\*\*`)
)

var formatNumberHighlightedSections = instr.Checker{
	ID:    "detectable_format:number_highlighted_sections",
	Doc:   "Highlight at least a number of sections with markdown, *like this* (or **like this**).",
	Takes: []string{"num_highlights"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_highlights")
		if err != nil {
			return instr.Undecided(err)
		}
		n := 0
		// A highlight needs a "*"; most responses have none.
		if strings.Contains(response, "*") {
			for _, h := range singleHighlight.FindAllString(response, -1) {
				if text.Strip(strings.Trim(h, "*")) != "" {
					n++
				}
			}
			for _, h := range doubleHighlight.FindAllString(response, -1) {
				if text.Strip(h[2:len(h)-2]) != "" {
					n++
				}
			}
		}
		return instr.Result{Followed: float64(n) >= want, Reason: fmt.Sprintf("found %s, need at least %v", plural(n, "highlighted section", "highlighted sections"), want)}
	},
}

var formatMultipleSections = instr.Checker{
	ID:    "detectable_format:multiple_sections",
	Doc:   "Write at least a number of sections, each starting with the splitter word and its number (\"Section 1\").",
	Takes: []string{"section_spliter", "num_sections"},
	Check: func(_, response string, args instr.Args) instr.Result {
		splitter, err := args.String("section_spliter")
		if err != nil {
			return instr.Undecided(err)
		}
		want, err := args.Number("num_sections")
		if err != nil {
			return instr.Undecided(err)
		}
		splitter = text.Strip(splitter)
		if plainWord(splitter) {
			n := countSections(response, splitter)
			return sectionsResult(n, splitter, want)
		}
		// The official code counts the parts of re.split(r"\s?" +
		// splitter + r"\s?\d+\s?", response) less one: the matches.
		re, err := text.CompilePython(`\s?`+splitter+`\s?\d+\s?`, text.PyFlags{})
		if err != nil {
			return instr.Undecided(fmt.Errorf("section splitter %q: %w", splitter, err))
		}
		n, err := re.Count(response)
		if err != nil {
			return instr.Undecided(fmt.Errorf("section splitter %q: %w", splitter, err))
		}
		return sectionsResult(n, splitter, want)
	},
}

func sectionsResult(n int, splitter string, want float64) instr.Result {
	return instr.Result{Followed: float64(n) >= want, Reason: fmt.Sprintf("found %s marked %q, need at least %v", plural(n, "section", "sections"), splitter+" N", want)}
}

var formatJSONFormat = instr.Checker{
	ID:  "detectable_format:json_format",
	Doc: "Wrap the entire output in JSON (markdown ``` fences allowed).",
	Check: func(_, response string, _ instr.Args) instr.Result {
		v := text.Strip(response)
		for _, p := range []string{"```json", "```Json", "```JSON", "```"} {
			v = strings.TrimPrefix(v, p)
		}
		v = text.Strip(strings.TrimSuffix(v, "```"))
		if pyJSONValid(v) {
			return instr.Result{Followed: true, Reason: "the output is valid JSON"}
		}
		var x any
		err := json.Unmarshal([]byte(v), &x)
		return instr.Result{Reason: fmt.Sprintf("the output is not valid JSON (%v)", err)}
	},
}

// pyJSONValid reports whether Python's json.loads accepts s: standard JSON
// plus the constants NaN, Infinity and -Infinity.
func pyJSONValid(s string) bool {
	if json.Valid([]byte(s)) {
		return true
	}
	if !strings.Contains(s, "NaN") && !strings.Contains(s, "Infinity") {
		return false
	}
	var b strings.Builder
	inString, escaped := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			b.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch {
		case c == '"':
			inString = true
			b.WriteByte(c)
		case strings.HasPrefix(s[i:], "NaN"):
			b.WriteByte('0')
			i += len("NaN") - 1
		case strings.HasPrefix(s[i:], "-Infinity"):
			b.WriteByte('0')
			i += len("-Infinity") - 1
		case strings.HasPrefix(s[i:], "Infinity"):
			b.WriteByte('0')
			i += len("Infinity") - 1
		default:
			b.WriteByte(c)
		}
	}
	return json.Valid([]byte(b.String()))
}

var titlePattern = regexp.MustCompile(`<<[^\n]+>>`)

var formatTitle = instr.Checker{
	ID:  "detectable_format:title",
	Doc: "Include a title wrapped in double angular brackets, such as <<poem of joy>>.",
	Check: func(_, response string, _ instr.Args) instr.Result {
		for _, t := range titlePattern.FindAllString(response, -1) {
			if text.Strip(strings.TrimRight(strings.TrimLeft(t, "<"), ">")) != "" {
				return instr.Result{Followed: true, Reason: "found the title " + snippet(t)}
			}
		}
		return instr.Result{Reason: "found no title in <<double angular brackets>>"}
	},
}
