package equiv

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

var (
	reFinalAnswer = regexp.MustCompile(`(?i)(?:\*\*|#+\s*)?final\s+answer(?:\*\*)?\s*(?:is\s*)?[:：]?(?:\*\*)?`)
	reAnswerIs    = regexp.MustCompile(`(?i)(?:the\s+)?(?:correct\s+)?(?:final\s+)?(?:answer|result)\s*(?:is|:|=|would be|should be)\s*[:：]?`)
	reChatTokens  = regexp.MustCompile(`<\|(?:im_start|im_end|endoftext|eot_id|end)\|>`)
	reLastNumber  = regexp.MustCompile(`[-−]?\d[\d,]*(?:\.\d+)?`)
)

// Extract returns the final-answer span of a whole response: the content
// of the last \boxed{...}, else the text after the last "Final Answer"
// marker, else the text after the last "the answer is", else the result
// stated in the last sentence (its last math span, or what follows its last
// " is " or "=", or its last number). ok is false when nothing is found.
// The span is a substring of the response (kept for case-study pages),
// except that adjacent boxes are joined with ", ".
func Extract(response string) (span string, ok bool) {
	defer func() {
		if recover() != nil {
			span, ok = "", false
		}
	}()
	if len(response) > 1<<20 {
		response = response[len(response)-1<<20:] // the answer is at the end
	}
	s := response
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	if loc := reChatTokens.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	// The closing remark of the common template is cut off the end. Only
	// a remark that ends the text is cut: removing one from the middle
	// would join its neighbours into a span the response does not hold
	// ("0I hope it is correct0" is not "00").
	if i := lastIndexFold(s, len(s), "i hope it is correct"); i >= 0 &&
		strings.Trim(s[i+len("i hope it is correct"):], " \t\r\n.!") == "" {
		s = s[:i]
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return "", false
	}
	if isWholeMath(t) && !strings.Contains(t, `\boxed`) || len(t) <= 40 && (len(strings.Fields(t)) <= 4 || !strings.ContainsAny(t, "0123456789")) && len(mathSpans(t)) == 0 && !strings.Contains(t, "\n") && !strings.Contains(t, `\boxed`) &&
		!strings.Contains(t, ". ") && !strings.Contains(t, " is ") && !strings.Contains(strings.ToLower(t), "answer") {
		return trimSpan(t), true
	}
	boxAt, box := lastBoxes(s)
	if fa := lastFinalAnswer(s); fa != nil && fa[1] > boxAt {
		sec := strings.TrimLeft(s[fa[1]:], " \t*:")
		if line := firstLine(sec); line != "" {
			if m := reAnswerIs.FindStringIndex(line); m != nil && m[0] < 8 {
				line = line[m[1]:]
			}
			if r := afterMarker(line); r != "" {
				return r, true
			}
		}
	}
	if box != "" {
		return box, true
	}
	if ai := reAnswerIs.FindAllStringIndex(s, -1); len(ai) > 0 {
		if r := afterMarker(s[ai[len(ai)-1][1]:]); r != "" {
			return r, true
		}
	}
	sents := sentences(s)
	for i := len(sents) - 1; i >= 0 && i >= len(sents)-3; i-- {
		if r := resultOf(sents[i]); r != "" {
			return r, true
		}
	}
	return "", false
}

var reClause = regexp.MustCompile(`(?i),?\s+(?:because|since|as|which|where|given|due to|from which)\s`)

// afterMarker returns the answer that follows a marker ("Final Answer:",
// "the answer is"): its first sentence up to a clause such as ", because",
// or, when that sentence states a result ("the largest n is 34"), the
// result.
func afterMarker(text string) string {
	sent := firstSentence(text)
	if _, box := lastBoxes(sent); box != "" {
		return box
	}
	spans := mathSpans(sent)
	for _, loc := range reClause.FindAllStringIndex(sent, -1) {
		if !inSpans(spans, loc[0]) {
			sent = sent[:loc[0]]
			break
		}
	}
	sent = trimSpan(sent)
	if m := reLeadWord.FindStringSubmatch(sent); m != nil {
		if _, ok := boolWords[strings.ToLower(m[1])]; ok && len(m[1]) > 1 {
			return sent // "No, it is not": the truth value leads
		}
	}
	stated := indexOutside(sent, " is ", mathSpans(sent)) >= 0
	if formulaLike(sent) || !stated && len(strings.Fields(sent)) <= 6 {
		return sent
	}
	if r := resultOf(sent); r != "" {
		return r
	}
	return sent
}

func inSpans(spans [][2]int, i int) bool {
	for _, sp := range spans {
		if i >= sp[0] && i < sp[1] {
			return true
		}
	}
	return false
}

// indexOutside returns the last index of sub in s outside the spans, or -1.
func indexOutside(s, sub string, spans [][2]int) int {
	for k := strings.LastIndex(s, sub); k >= 0; k = strings.LastIndex(s[:k], sub) {
		if !inSpans(spans, k) {
			return k
		}
	}
	return -1
}

var (
	reCommand  = regexp.MustCompile(`\\(?:begin|end)\{[a-zA-Z*]+\}|\\[a-zA-Z]+`)
	reLongWord = regexp.MustCompile(`[A-Za-z]{4,}`)
	reWord     = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// formulaLike reports whether s is mostly symbols: outside math and LaTeX
// commands, no word of four letters or more and three short words at most ("2x - y + 1 = 0", "12 m/s",
// "8.99 \times 10^{9} N m^2 C^{-2}").
func formulaLike(s string) bool {
	var b strings.Builder
	prev := 0
	for _, sp := range mathSpans(s) {
		b.WriteString(s[prev:sp[0]])
		prev = sp[1]
	}
	b.WriteString(s[prev:])
	t := reCommand.ReplaceAllString(b.String(), " ")
	return !reLongWord.MatchString(t) && len(reWord.FindAllString(t, 4)) <= 3
}

// lastFinalAnswer returns the span of the last "Final Answer" marker of s
// (reFinalAnswer), or nil. The regexp runs only near occurrences of
// "final" (in any case), which keeps long responses cheap.
func lastFinalAnswer(s string) []int {
	for end := len(s); end > 0; {
		i := lastIndexFold(s, end, "final")
		if i < 0 {
			return nil
		}
		// The marker may start up to a few characters before "final"
		// ("**", "### ").
		from := max(0, i-8)
		for from > 0 && !utf8.RuneStart(s[from]) {
			from--
		}
		if m := reFinalAnswer.FindStringIndex(s[from:]); m != nil && from+m[0] <= i && from+m[1] > i {
			return []int{from + m[0], from + m[1]}
		}
		end = i
	}
	return nil
}

// lastIndexFold returns the start of the last occurrence of the lower-case
// ASCII word w in s[:end], ignoring ASCII case, or -1. It allocates nothing.
func lastIndexFold(s string, end int, w string) int {
	for i := end - len(w); i >= 0; i-- {
		j := 0
		for j < len(w) {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != w[j] {
				break
			}
			j++
		}
		if j == len(w) {
			return i
		}
	}
	return -1
}

// isWholeMath reports whether s is one math span: $…$, $$…$$, \(…\), \[…\].
func isWholeMath(s string) bool {
	spans := mathSpans(s)
	return len(spans) == 1 && spans[0][0] == 0 && spans[0][1] == len(s)
}

// mathSpans returns the [start, end) of each math span of s.
func mathSpans(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		var open, closer string
		switch {
		case strings.HasPrefix(s[i:], "$$"):
			open, closer = "$$", "$$"
		case s[i] == '$' && (i == 0 || s[i-1] != '\\'):
			open, closer = "$", "$"
		case strings.HasPrefix(s[i:], `\(`):
			open, closer = `\(`, `\)`
		case strings.HasPrefix(s[i:], `\[`):
			open, closer = `\[`, `\]`
		default:
			i++
			continue
		}
		j := strings.Index(s[i+len(open):], closer)
		if j < 0 {
			break
		}
		end := i + len(open) + j + len(closer)
		out = append(out, [2]int{i, end})
		i = end
	}
	return out
}

// resultOf returns the result a sentence states: what follows its last
// " is " (its last math span, or the rest when it has a number or is
// short), else the whole sentence when it is a formula, else its last math
// span, else what follows its last "=", else the sentence when short, else
// its last number.
func resultOf(sent string) string {
	sent = strings.TrimSpace(sent)
	if sent == "" {
		return ""
	}
	if _, box := lastBoxes(sent); box != "" {
		return box
	}
	spans := mathSpans(sent)
	if k := indexOutside(sent, " is ", spans); k >= 0 {
		rest := sent[k+4:]
		if rs := mathSpans(rest); len(rs) > 0 {
			return trimSpan(rest[rs[len(rs)-1][0]:rs[len(rs)-1][1]])
		}
		if strings.ContainsAny(rest, "0123456789\\") || len(spans) == 0 && len(strings.Fields(rest)) <= 4 {
			return trimSpan(rest)
		}
	}
	if formulaLike(sent) {
		return trimSpan(sent)
	}
	if len(spans) > 0 {
		sp := spans[len(spans)-1]
		return trimSpan(sent[sp[0]:sp[1]])
	}
	if k := strings.LastIndex(sent, "="); k >= 0 && k+1 < len(sent) && !strings.ContainsRune("<>!", rune(sent[max(k-1, 0)])) {
		if r := trimSpan(sent[k+1:]); r != "" {
			return r
		}
	}
	if len(strings.Fields(sent)) <= 4 {
		return trimSpan(sent)
	}
	if m := reLastNumber.FindAllString(sent, -1); len(m) > 0 {
		return trimSpan(m[len(m)-1])
	}
	return ""
}

// lastBoxes finds the last \boxed{} (or \fbox{}) and returns where it
// starts and its content; boxes separated only by connectives ("and", ",",
// \quad) are returned together, joined with ", ".
func lastBoxes(s string) (at int, content string) {
	type box struct{ start, open, end int }
	var boxes []box
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], `\boxed`)
		k := strings.Index(s[i:], `\fbox`)
		if j < 0 && k < 0 {
			break
		}
		n := len(`\boxed`)
		if j < 0 || (k >= 0 && k < j) {
			j, n = k, len(`\fbox`)
		}
		start := i + j
		b := start + n
		for b < len(s) && s[b] == ' ' {
			b++
		}
		if b >= len(s) || s[b] != '{' {
			i = start + n
			continue
		}
		end := matchBrace(s, b)
		if end < 0 {
			break
		}
		boxes = append(boxes, box{start, b, end})
		i = end + 1
	}
	if len(boxes) == 0 {
		return -1, ""
	}
	last := len(boxes) - 1
	first := last
	for first > 0 && isConnective(s[boxes[first-1].end+1:boxes[first].start]) {
		first--
	}
	var parts []string
	for _, b := range boxes[first:] {
		parts = append(parts, strings.TrimSpace(s[b.open+1:b.end]))
	}
	return boxes[first].start, strings.Join(parts, ", ")
}

var reConnective = regexp.MustCompile(`^(?:\s|,|;|\$|\\\)|\\\(|\\\]|\\\[|\\quad|\\qquad|\\text\{[^{}$]*\}|\band\b|\bor\b|&|\\\\)*$`)

func isConnective(gap string) bool { return len(gap) < 60 && reConnective.MatchString(gap) }

func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(line); t != "" && t != "**" {
			return t
		}
	}
	return ""
}

func firstSentence(s string) string {
	if ss := sentences(s); len(ss) > 0 {
		return ss[0]
	}
	return ""
}

// sentences splits s at ".", "!" or "?" followed by white space, and at
// blank lines, never inside math spans.
func sentences(s string) []string {
	var out []string
	spans := mathSpans(s)
	si := 0
	prev := 0
	for i := 0; i < len(s); i++ {
		for si < len(spans) && spans[si][1] <= i {
			si++
		}
		if si < len(spans) && i >= spans[si][0] {
			i = spans[si][1] - 1
			continue
		}
		end := -1
		switch {
		case strings.ContainsRune(".!?", rune(s[i])) && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n'):
			end = i + 1
		case s[i] == '\n' && i+1 < len(s) && strings.TrimSpace(s[prev:i]) != "" && strings.HasPrefix(strings.TrimLeft(s[i+1:], " \t"), "\n"):
			end = i
		}
		if end >= 0 {
			if t := strings.TrimSpace(s[prev:end]); t != "" {
				out = append(out, t)
			}
			prev = end
		}
	}
	if t := strings.TrimSpace(s[prev:]); t != "" {
		out = append(out, t)
	}
	return out
}

// trimSpan removes decoration around a span without altering its content.
func trimSpan(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "*")
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, " .;,")
	return strings.TrimSpace(s)
}
