package equiv

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

var (
	reFinalAnswer = regexp.MustCompile(`(?i)(?:\*\*|#+\s*)?final\s+answer(?:\*\*)?\s*(?:is\s*)?[:：]?(?:\*\*)?`)
	reAnswerIs    = regexp.MustCompile(`(?i)(?:the\s+)?(?:correct\s+)?(?:final\s+)?(?:answer|result)\s*(?:is|:|=|would be|should be)\s*[:：]?`)
	reAnswerTail  = regexp.MustCompile(`(?i)^\s*(?:is|:|=|would be|should be)\s*[:：]?`)
	reChatTokens  = regexp.MustCompile(`<\|(?:im_start|im_end|endoftext|eot_id|end)\|>`)
	reLastNumber  = regexp.MustCompile(`[-−]?\d[\d,]*(?:\.\d+)?`)
)

// Limits of one extraction.
const (
	maxResponse = 1 << 20 // bytes of a response read, from its end
	// extractStepsPerByte bounds the work of Extract: every pass over the
	// text (a search, a regexp, a split) is charged the bytes it reads,
	// and a response may cost this many steps per byte, plus
	// extractBaseSteps. The passes are linear, so the bound is never met
	// by an honest response; it makes a defect cost a verdict, not hours.
	extractStepsPerByte = 64
	extractBaseSteps    = 1 << 16
	// markerWindow is how far past a marker word ("final", "answer") the
	// rest of the marker may run ("Final   Answer:**").
	markerWindow = 64
)

// extractor carries the work count of one extraction; it is never shared.
type extractor struct {
	steps, budget int
}

// charge counts n steps of work.
func (x *extractor) charge(n int) { x.steps += n }

func (x *extractor) over() bool { return x.steps > x.budget }

// Extract returns the final-answer span of a whole response: the content
// of the last \boxed{...}, else the text after the last "Final Answer"
// marker, else the text after the last "the answer is", else the result
// stated in the last sentence (its last math span, or what follows its last
// " is " or "=", or its last number). ok is false when nothing is found.
// The span is a substring of the response (kept for case-study pages),
// except that adjacent boxes are joined with ", ".
//
// Only the last MiB of a response is read, and the work is linear in its
// length: every pass over the text is counted, and a response that would
// cost more than a fixed number of steps per byte gives ok false.
func Extract(response string) (span string, ok bool) {
	span, ok, _ = extract(response)
	return span, ok
}

// extract is Extract that also returns the steps it took.
func extract(response string) (span string, ok bool, steps int) {
	x := &extractor{}
	defer func() {
		if recover() != nil {
			span, ok = "", false
		}
	}()
	if len(response) > maxResponse {
		response = response[len(response)-maxResponse:] // the answer is at the end
		for len(response) > 0 && !utf8.RuneStart(response[0]) {
			response = response[1:]
		}
	}
	x.budget = extractStepsPerByte*len(response) + extractBaseSteps
	span, ok = x.extract(response)
	if x.over() {
		return "", false, x.steps
	}
	return span, ok, x.steps
}

// closingRemark is how the common prompt template has a response end.
const closingRemark = "i hope it is correct"

// cutClosingRemark cuts the last occurrence of closingRemark (in any ASCII
// case) off s when only spaces, full stops and exclamation marks follow it.
// The remark ends in a letter, so that is exactly when s, trimmed of them,
// ends with it: only the end is read.
func (x *extractor) cutClosingRemark(s string) string {
	t := strings.TrimRight(s, " \t\r\n.!")
	if len(t) < len(closingRemark) {
		return s
	}
	if at := len(t) - len(closingRemark); x.lastIndexFold(t[at:], len(closingRemark), closingRemark) == 0 {
		return s[:at]
	}
	return s
}

func (x *extractor) extract(s string) (string, bool) {
	x.charge(len(s))
	// strings.Contains is the fast test; LastIndex runs where it matches.
	if strings.Contains(s, "</think>") {
		s = s[strings.LastIndex(s, "</think>")+len("</think>"):]
	}
	x.charge(len(s))
	if strings.Contains(s, "<|") {
		if loc := reChatTokens.FindStringIndex(s); loc != nil {
			s = s[:loc[0]]
		}
	}
	// The closing remark of the common template is cut off the end. Only
	// a remark that ends the text is cut: removing one from the middle
	// would join its neighbours into a span the response does not hold
	// ("0I hope it is correct0" is not "00").
	s = x.cutClosingRemark(s)
	t := strings.TrimSpace(s)
	if t == "" {
		return "", false
	}
	x.charge(2 * len(t))
	if x.isWholeMath(t) && !strings.Contains(t, `\boxed`) || len(t) <= 40 && (len(strings.Fields(t)) <= 4 || !strings.ContainsAny(t, "0123456789")) && len(x.mathSpans(t)) == 0 && !strings.Contains(t, "\n") && !strings.Contains(t, `\boxed`) &&
		!strings.Contains(t, ". ") && !strings.Contains(t, " is ") && !strings.Contains(strings.ToLower(t), "answer") {
		return trimSpan(t), true
	}
	boxAt, box := x.lastBoxes(s)
	if fa := x.lastFinalAnswer(s); fa != nil && fa[1] > boxAt {
		sec := strings.TrimLeft(s[fa[1]:], " \t*:")
		if line := x.firstLine(sec); line != "" {
			// The marker may repeat at the start of the line ("Final
			// Answer: The final answer is 3").
			head := line[:min(len(line), 8+markerWindow+len("the correct final answer"))]
			x.charge(len(head))
			if m := reAnswerIs.FindStringIndex(head); m != nil && m[0] < 8 {
				line = line[m[1]:]
			}
			if r := x.afterMarker(line); r != "" {
				return r, true
			}
		}
	}
	if box != "" {
		return box, true
	}
	if end := x.lastAnswerIs(s); end >= 0 {
		if r := x.afterMarker(s[end:]); r != "" {
			return r, true
		}
	}
	sents := x.sentences(s, 0)
	for i := len(sents) - 1; i >= 0 && i >= len(sents)-3; i-- {
		if r := x.resultOf(sents[i]); r != "" {
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
func (x *extractor) afterMarker(text string) string {
	sent := x.firstSentence(text)
	if _, box := x.lastBoxes(sent); box != "" {
		return box
	}
	spans := x.mathSpans(sent)
	x.charge(len(sent))
	si := 0
	for _, loc := range reClause.FindAllStringIndex(sent, -1) {
		// The clauses come in order, so one walk over the spans finds
		// those outside math.
		for si < len(spans) && spans[si][1] <= loc[0] {
			si++
		}
		if si == len(spans) || loc[0] < spans[si][0] {
			sent = sent[:loc[0]]
			break
		}
	}
	sent = trimSpan(sent)
	x.charge(len(sent))
	if m := reLeadWord.FindStringSubmatch(sent); m != nil {
		if _, ok := boolWords[strings.ToLower(m[1])]; ok && len(m[1]) > 1 {
			return sent // "No, it is not": the truth value leads
		}
	}
	stated := x.indexOutside(sent, " is ", x.mathSpans(sent)) >= 0
	x.charge(len(sent))
	if x.formulaLike(sent) || !stated && len(strings.Fields(sent)) <= 6 {
		return sent
	}
	if r := x.resultOf(sent); r != "" {
		return r
	}
	return sent
}

// indexOutside returns the last index of sub in s outside the spans (in
// order, as mathSpans returns them), or -1.
func (x *extractor) indexOutside(s, sub string, spans [][2]int) int {
	x.charge(len(s))
	j := len(spans) - 1
	for k := strings.LastIndex(s, sub); k >= 0; k = strings.LastIndex(s[:k], sub) {
		// The matches come from the end, so one walk back over the spans
		// finds the span that could hold each.
		for j >= 0 && spans[j][0] > k {
			j--
		}
		if j < 0 || k >= spans[j][1] {
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
func (x *extractor) formulaLike(s string) bool {
	var b strings.Builder
	prev := 0
	for _, sp := range x.mathSpans(s) {
		b.WriteString(s[prev:sp[0]])
		prev = sp[1]
	}
	b.WriteString(s[prev:])
	x.charge(3 * len(s))
	t := reCommand.ReplaceAllString(b.String(), " ")
	return !reLongWord.MatchString(t) && len(reWord.FindAllString(t, 4)) <= 3
}

// lastFinalAnswer returns the span of the last "Final Answer" marker of s
// (reFinalAnswer), or nil. The regexp runs only on a short window around
// each occurrence of "final" (in any case), which keeps the search linear.
func (x *extractor) lastFinalAnswer(s string) []int {
	for end := len(s); end > 0; {
		i := x.lastIndexFold(s, end, "final")
		if i < 0 {
			return nil
		}
		// The marker may start up to a few characters before "final"
		// ("**", "### ").
		from := max(0, i-8)
		for from > 0 && !utf8.RuneStart(s[from]) {
			from--
		}
		to := min(len(s), i+len("final")+markerWindow)
		// The regexp runs only where "answer" follows "final" and white
		// space, which is cheap to see.
		j := i + len("final")
		for j < to && isSpaceByte(s[j]) {
			j++
		}
		x.charge(j - i + len("answer"))
		if j > i+len("final") && hasPrefixFold(s[j:], "answer") {
			x.charge(to - from)
			if m := reFinalAnswer.FindStringIndex(s[from:to]); m != nil && from+m[0] <= i && from+m[1] > i {
				return []int{from + m[0], from + m[1]}
			}
		}
		end = i
	}
	return nil
}

// lastAnswerIs returns the end of the last "the answer is" marker of s
// (reAnswerIs), or -1. Each match of reAnswerIs holds one "answer" or
// "result" and ends within markerWindow bytes of it, so only those
// occurrences are tried, from the last one back.
func (x *extractor) lastAnswerIs(s string) int {
	const n = len("answer") // = len("result")
	a, r := x.lastIndexFold(s, len(s), "answer"), x.lastIndexFold(s, len(s), "result")
	for a >= 0 || r >= 0 {
		i := max(a, r)
		// The regexp runs only where the tail can start (white space, then
		// "is", ":", "=", "would" or "should"), which is cheap to see.
		j := i + n
		for j < len(s) && j < i+n+markerWindow && isSpaceByte(s[j]) {
			j++
		}
		x.charge(j - i)
		if j < len(s) && strings.IndexByte("iIsSwW:=", s[j]) >= 0 {
			tail := s[i+n : min(len(s), i+n+markerWindow)]
			x.charge(len(tail))
			if m := reAnswerTail.FindStringIndex(tail); m != nil {
				return i + n + m[1]
			}
		}
		if i == a {
			a = x.lastIndexFold(s, a, "answer")
		} else {
			r = x.lastIndexFold(s, r, "result")
		}
	}
	return -1
}

// lastIndexFold returns the start of the last occurrence of the lower-case
// ASCII text w (starting with a letter) in s[:end], ignoring ASCII case,
// or -1. It allocates nothing and is charged the bytes it passes.
func (x *extractor) lastIndexFold(s string, end int, w string) int {
	for i := end - len(w); i >= 0; i-- {
		// w starts with a lower-case ASCII letter, and c|0x20 maps only
		// that letter and its upper case onto it.
		if s[i]|0x20 != w[0] {
			continue
		}
		j := 1
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
			x.charge(end - i)
			return i
		}
	}
	x.charge(end)
	return -1
}

// isSpaceByte reports whether c is white space to a regexp's \s.
func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// hasPrefixFold reports whether s starts with the lower-case ASCII word w,
// ignoring ASCII case.
func hasPrefixFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for j := 0; j < len(w); j++ {
		c := s[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[j] {
			return false
		}
	}
	return true
}

// resultOf returns the result a sentence states: what follows its last
// " is " (its last math span, or the rest when it has a number or is
// short), else the whole sentence when it is a formula, else its last math
// span, else what follows its last "=", else the sentence when short, else
// its last number.
func (x *extractor) resultOf(sent string) string {
	sent = strings.TrimSpace(sent)
	if sent == "" {
		return ""
	}
	if _, box := x.lastBoxes(sent); box != "" {
		return box
	}
	spans := x.mathSpans(sent)
	if k := x.indexOutside(sent, " is ", spans); k >= 0 {
		rest := sent[k+4:]
		if rs := x.mathSpans(rest); len(rs) > 0 {
			return trimSpan(rest[rs[len(rs)-1][0]:rs[len(rs)-1][1]])
		}
		x.charge(2 * len(rest))
		if strings.ContainsAny(rest, "0123456789\\") || len(spans) == 0 && len(strings.Fields(rest)) <= 4 {
			return trimSpan(rest)
		}
	}
	if x.formulaLike(sent) {
		return trimSpan(sent)
	}
	if len(spans) > 0 {
		sp := spans[len(spans)-1]
		return trimSpan(sent[sp[0]:sp[1]])
	}
	x.charge(3 * len(sent))
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
