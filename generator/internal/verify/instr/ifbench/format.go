package ifbench

import (
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// checkParentheses follows the reference's scan: it succeeds when a bracket
// closes after a run of matched brackets reached depth 5; a mismatched
// closing bracket resets the scan.
func checkParentheses(_, resp string, _ instr.Args) instr.Result {
	var stack []rune
	maxDepth := 0
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for _, c := range resp {
		switch c {
		case '(', '[', '{':
			stack = append(stack, c)
			maxDepth = max(maxDepth, len(stack))
		case ')', ']', '}':
			if len(stack) > 0 && stack[len(stack)-1] == pairs[c] {
				stack = stack[:len(stack)-1]
				if maxDepth >= 5 && len(stack) < maxDepth {
					return verdict(true, "found brackets nested %d levels deep", maxDepth)
				}
			} else {
				stack, maxDepth = nil, 0
			}
		}
	}
	return verdict(false, "found no correctly closed brackets nested 5 levels deep")
}

// checkQuotes follows the reference: a quote character equal to the innermost
// open one closes it, any other opens a level; closing back three levels from
// the deepest point succeeds.
func checkQuotes(_, resp string, _ instr.Args) instr.Result {
	var stack []rune
	reached, depth := 0, 0
	for _, c := range resp {
		if len(stack) > 0 && c == stack[len(stack)-1] {
			stack = stack[:len(stack)-1]
			depth--
			if reached-depth >= 3 {
				return verdict(true, "found quotes nested %d levels deep", reached)
			}
		} else if c == '"' || c == '\'' {
			stack = append(stack, c)
			depth++
			reached = max(reached, depth)
		}
	}
	return verdict(false, "found no alternating quotes nested 3 levels deep (deepest %d)", reached)
}

var abcOptions = regexp.MustCompile(`^[^` + text.WordClass + `]*[aA][^` + text.WordClass + `]*[bB][^` + text.WordClass + `]*[cC]`)

// checkOptions mirrors the reference's parsing of the options text: it is
// split on "/" if present, else on "or" (anywhere, even inside a word), else
// on ",". Lettered options ("a), b), c)") must be answered exactly; others
// match ignoring case, surrounding spaces and punctuation.
func checkOptions(_, resp string, args instr.Args) instr.Result {
	opts, err := argString(args, "options")
	if err != nil {
		return badArgs(err)
	}
	sep := ","
	if strings.Contains(opts, "/") {
		sep = "/"
	} else if strings.Contains(opts, "or") {
		sep = "or"
	}
	var options []string
	for _, o := range strings.Split(opts, sep) {
		options = append(options, text.Strip(o))
	}
	if abcOptions.MatchString(opts) {
		for _, o := range options {
			if resp == o {
				return verdict(true, "the response is exactly the option %q", o)
			}
		}
		return verdict(false, "the response %s is not exactly one of %s", quote(resp), opts)
	}
	norm := func(s string) string { return text.Lower(trimPunctSpace(s)) }
	got := norm(resp)
	for _, o := range options {
		if norm(o) == got {
			return verdict(true, "the response is the option %q", o)
		}
	}
	return verdict(false, "the response %s is not one of %s", quote(resp), opts)
}

// checkNewline needs as many non-empty lines as words, once ASCII
// punctuation is removed.
func checkNewline(_, resp string, _ instr.Args) instr.Result {
	v := text.Strip(removePunct(resp))
	lines := removeEmpty(strings.Split(v, "\n"))
	words := text.Fields(v)
	return verdict(len(lines) == len(words), "found %s on %s, need one word per line",
		plural(len(words), "word"), plural(len(lines), "line"))
}

// checkEmoji needs an emoji among the last two characters of each sentence
// (ASCII punctuation removed), or at the start of the next sentence.
func checkEmoji(_, resp string, _ instr.Args) instr.Result {
	ss := text.Sentences(resp)
	clean := func(s string) []rune { return []rune(text.Strip(removePunct(s))) }
	for i, s := range ss {
		rs := clean(s)
		if len(rs) == 0 {
			return verdict(false, "sentence %d is only punctuation", i+1)
		}
		last, second := rs[len(rs)-1], rs[len(rs)-1]
		if len(rs) > 1 {
			second = rs[len(rs)-2]
		}
		if isEmoji(last) || isEmoji(second) {
			continue
		}
		if i+1 == len(ss) {
			return verdict(false, "the last sentence ends without an emoji")
		}
		next := clean(ss[i+1])
		if len(next) == 0 {
			return verdict(false, "sentence %d is only punctuation", i+2)
		}
		if !isEmoji(next[0]) {
			return verdict(false, "sentence %d (%s) ends without an emoji", i+1, quote(s))
		}
	}
	return verdict(true, "every sentence ends with an emoji")
}

// checkLineIndent needs each line indented by more spaces than the one
// before. Blank lines are removed the way the reference removes them, while
// iterating over the same list, so a blank line right after a removed one
// stays (and then breaks the stairs).
func checkLineIndent(_, resp string, _ instr.Args) instr.Result {
	lines := dropBlankLinesLikeReference(strings.Split(resp, "\n"))
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	for i := 0; i+1 < len(lines); i++ {
		if a, b := indent(lines[i]), indent(lines[i+1]); b <= a {
			return verdict(false, "line %d is indented %d spaces after %d; need more each line", i+2, b, a)
		}
	}
	return verdict(true, "each of %s is indented more than the previous", plural(len(lines), "line"))
}

// dropBlankLinesLikeReference reproduces, in linear time,
//
//	for line in lines:
//	    if not line.strip():
//	        lines.remove(line)
//
// Each removal takes the first line equal to the visited one and shifts the
// list, so the iteration skips the line after the visited one.
func dropBlankLinesLikeReference(lines []string) []string {
	removed := make([]bool, len(lines))
	// For each blank content, the positions holding it, in order; first[c]
	// indexes the earliest one not yet removed.
	positions := map[string][]int{}
	for i, l := range lines {
		if text.Strip(l) == "" {
			positions[l] = append(positions[l], i)
		}
	}
	first := map[string]int{}
	for i := 0; i < len(lines); i++ {
		if text.Strip(lines[i]) != "" {
			continue
		}
		ps := positions[lines[i]]
		removed[ps[first[lines[i]]]] = true
		first[lines[i]]++
		// Skip the next line still in the list: it moved into the slot
		// the iteration has passed. Lines after i are never removed yet.
		i++
	}
	out := lines[:0:0]
	for i, l := range lines {
		if !removed[i] {
			out = append(out, l)
		}
	}
	return out
}

// checkQuoteUnquote fails when two quoted phrases touch (whitespace ignored)
// or the response ends with a quote, trailing digits and punctuation aside.
func checkQuoteUnquote(_, resp string, _ instr.Args) instr.Result {
	v := strings.ReplaceAll(resp, `'"'`, "")
	v = strings.Join(text.Fields(v), "")
	if strings.Contains(v, `""`) {
		return verdict(false, "two quoted phrases follow each other without an explanation")
	}
	cut := "0123456789" + strings.ReplaceAll(pyPunct, `"`, "")
	if s := strings.Trim(v, cut); strings.HasSuffix(s, `"`) {
		return verdict(false, "the response ends with a quoted phrase")
	}
	return verdict(true, "every quoted phrase is followed by unquoted text")
}

func checkList(_, resp string, args instr.Args) instr.Result {
	sep, err := argString(args, "sep")
	if err != nil {
		return badArgs(err)
	}
	if sep == "" {
		return verdict(false, "cannot check: empty separator")
	}
	n := strings.Count(resp, sep)
	return verdict(n >= 2, "found %q %s, need at least 2", sep, plural(n, "time"))
}

// checkThesis needs an <i> (or, without one, <em>) element with text,
// followed by more text. As in the reference, the opening tag is taken to be
// three characters long.
func checkThesis(_, resp string, _ instr.Args) instr.Result {
	i := strings.Index(resp, "<i>")
	if i < 0 {
		if i = strings.Index(resp, "<em>"); i < 0 {
			return verdict(false, "found no <i> or <em> element")
		}
	}
	v := resp[i:]
	end := strings.Index(v, "</i>")
	if end < 0 {
		if end = strings.Index(v, "</em>"); end < 0 {
			return verdict(false, "the italic element is not closed")
		}
	}
	thesis := ""
	if end > 3 {
		thesis = v[3:end]
	}
	if text.Strip(thesis) == "" {
		return verdict(false, "the italic thesis is empty")
	}
	rest := ""
	if end+4 < len(v) {
		rest = v[end+4:]
	}
	return verdict(text.Strip(rest) != "", "found an italic thesis %s; need text after it", quote(thesis))
}

// checkSubBullets needs a '-' somewhere after every '*' before the next '*'.
func checkSubBullets(_, resp string, _ instr.Args) instr.Result {
	parts := strings.Split(resp, "*")
	for i, p := range parts[1:] {
		if !strings.Contains(p, "-") {
			return verdict(false, "the text after '*' number %d has no '-' sub-bullet", i+1)
		}
	}
	return verdict(true, "every '*' is followed by a '-' (%s)", plural(len(parts)-1, "bullet"))
}

// checkNoBulletsBullets needs two sentences, then only lines starting with
// '*' (at least two). Like the reference, a line that splits into no
// sentences (a blank line) ends the prose part: any later line that is not a
// bullet fails.
func checkNoBulletsBullets(_, resp string, _ instr.Args) instr.Result {
	inProse := true
	sentences, bullets := 0, 0
	for i, line := range strings.Split(resp, "\n") {
		switch {
		case strings.HasPrefix(text.Strip(line), "*"):
			inProse = false
			if sentences < 2 {
				return verdict(false, "a bullet comes after %s, need at least 2 first", plural(sentences, "sentence"))
			}
			bullets++
		case inProse:
			n := len(text.Sentences(text.Strip(line)))
			sentences += n
			inProse = n > 0
		default:
			return verdict(false, "line %d is neither a bullet nor part of the opening sentences", i+1)
		}
	}
	return verdict(bullets >= 2, "found %s after %s, need at least 2 bullets", plural(bullets, "bullet"), plural(sentences, "sentence"))
}

// checkTitleCase reads NLTK word tokens: every one-letter word must be upper
// case, and longer words must not start lower case when the rest is all upper
// or all lower case.
func checkTitleCase(_, resp string, _ instr.Args) instr.Result {
	for _, w := range text.WordTokenize(resp) {
		rs := []rune(w)
		if len(rs) == 0 || !isLetterPy(rs[0]) {
			continue
		}
		first := string(rs[0])
		if len(rs) == 1 {
			if text.IsLower(first) {
				return verdict(false, "the word %s is lower case", quote(w))
			}
			continue
		}
		rest := string(rs[1:])
		if text.IsUpper(first) && text.IsLower(rest) {
			continue
		}
		if text.IsLower(first) && (text.IsUpper(rest) || text.IsLower(rest)) {
			return verdict(false, "the word %s is not capitalised", quote(w))
		}
	}
	return verdict(true, "every word is in title case")
}

func checkOutputTemplate(_, resp string, _ instr.Args) instr.Result {
	var missing []string
	for _, h := range []string{"My Answer:", "My Conclusion:", "Future Outlook:"} {
		if !strings.Contains(resp, h) {
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		return verdict(false, "missing %s", strings.Join(missing, ", "))
	}
	return verdict(true, "found My Answer:, My Conclusion: and Future Outlook:")
}

func checkNoWhitespace(_, resp string, _ instr.Args) instr.Result {
	if i := strings.IndexFunc(resp, text.IsSpace); i >= 0 {
		return verdict(false, "found whitespace at character %d", runeLen(resp[:i])+1)
	}
	return verdict(true, "found no whitespace")
}
