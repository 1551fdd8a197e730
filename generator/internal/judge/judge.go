// Package judge parses the raw text of LLM judge outputs into verdicts.
//
// It is the first half of the verify stage: it reads text only, performs no
// I/O and decides nothing about policies. The grammar follows the SciIF judge
// prompts (one line per evidence point, "POINT_<n>: YES|NO [reason]", then
// "OVERALL: YES|NO"; the correctness judge answers "CORRECT: YES|NO").
//
// The parser is liberal in what it accepts and exact in what it decides:
//
//   - the label in any case, with "_", "-", spaces or nothing between POINT
//     and its number, and an optional [MAIN] / [SECONDARY] tag after it;
//   - markdown emphasis around the label or the verdict ("**POINT_1:** yes",
//     "**POINT_1: YES**"), a list marker before it ("- Point 1: YES",
//     "1. POINT_1: NO") or a quote marker (">");
//   - spaces around the colon, CRLF line ends, prose lines before and after;
//   - a reason after the verdict, with or without a separator
//     ("NO - missing unit", "NO: missing unit", "NO missing unit").
//
// A colon after the label is required, and the verdict must be the word YES
// or NO: anything else on a labelled line ("POINT_1: PARTIAL") is reported
// and gives no verdict. A point without a verdict, or given twice with
// different verdicts, is Missing; callers count Missing as NO.
package judge

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Verdict is a parsed YES/NO verdict.
type Verdict int8

// Parsed verdicts. Missing covers absent, unreadable and contradictory.
const (
	Missing Verdict = iota
	Yes
	No
)

func (v Verdict) String() string {
	switch v {
	case Yes:
		return "YES"
	case No:
		return "NO"
	}
	return "missing"
}

// Point is the parsed verdict on one evidence point.
type Point struct {
	Verdict Verdict
	Reason  string
}

// Audit is a parsed per-constraint judge output.
type Audit struct {
	// Points holds points 1..n at indexes 0..n-1.
	Points []Point
	// Overall is the judge's own OVERALL line; it is reported, never trusted.
	Overall Verdict
	// Problems describes what was wrong with the output, in plain words.
	Problems []string
}

// Points parses a per-constraint audit that should judge n evidence points.
func Points(text string, n int) Audit {
	a := Audit{Points: make([]Point, n)}
	if strings.TrimSpace(text) == "" {
		a.Problems = append(a.Problems, "empty output")
		return a
	}
	// Point numbers are at most 4 digits; sets of seen and conflicting
	// points are bit sets over 1..n.
	conflict := newBits(n)
	seen := newBits(n)
	var overallConflict bool
	forEachLine(text, func(line string) {
		l, ok := labelled(line)
		if !ok {
			return
		}
		switch l.label {
		case "point":
			if l.num < 1 || l.num > n {
				a.Problems = append(a.Problems, fmt.Sprintf("point %d does not exist (this constraint has %d points)", l.num, n))
				return
			}
			if l.verdict == Missing {
				a.Problems = append(a.Problems, fmt.Sprintf("point %d: unrecognised verdict %q", l.num, clip(l.rest, 40)))
				return
			}
			i := l.num - 1
			if seen.has(i) {
				if a.Points[i].Verdict != l.verdict {
					conflict.set(i)
				}
				return
			}
			seen.set(i)
			a.Points[i] = Point{Verdict: l.verdict, Reason: l.rest}
		case "overall":
			if l.verdict == Missing {
				return
			}
			if a.Overall != Missing && a.Overall != l.verdict {
				overallConflict = true
			}
			a.Overall = l.verdict
		}
	})
	if overallConflict {
		a.Overall = Missing
	}
	for i := range a.Points {
		switch {
		case conflict.has(i):
			a.Points[i] = Point{Verdict: Missing, Reason: ""}
			a.Problems = append(a.Problems, fmt.Sprintf("point %d given twice with different verdicts (counts as NO)", i+1))
		case !seen.has(i):
			a.Problems = append(a.Problems, fmt.Sprintf("point %d missing (counts as NO)", i+1))
		}
	}
	return a
}

// Correctness is a parsed correctness judge output.
type Correctness struct {
	Verdict  Verdict
	Reason   string
	Problems []string
}

// Correct parses a correctness judge output ("CORRECT: YES|NO"). A REASON
// line, if any, becomes the reason when the verdict line carries none.
func Correct(text string) Correctness {
	var c Correctness
	if strings.TrimSpace(text) == "" {
		c.Problems = append(c.Problems, "empty output")
		return c
	}
	var seen, conflict bool
	var reason string
	forEachLine(text, func(line string) {
		l, ok := labelled(line)
		if !ok {
			return
		}
		switch l.label {
		case "correct":
			if l.verdict == Missing {
				c.Problems = append(c.Problems, fmt.Sprintf("unrecognised verdict %q", clip(l.rest, 40)))
				return
			}
			if seen {
				if c.Verdict != l.verdict {
					conflict = true
				}
				return
			}
			seen = true
			c.Verdict, c.Reason = l.verdict, l.rest
		case "reason":
			if reason == "" {
				reason = l.rest
			}
		}
	})
	switch {
	case conflict:
		c.Verdict, c.Reason = Missing, ""
		c.Problems = append(c.Problems, "CORRECT given twice with different verdicts (counts as NO)")
	case !seen:
		c.Problems = append(c.Problems, "no CORRECT line (counts as NO)")
	}
	if c.Reason == "" && c.Verdict != Missing {
		c.Reason = reason
	}
	return c
}

// forEachLine calls fn for each line of text, without its line end.
func forEachLine(text string, fn func(string)) {
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		var line string
		if i < 0 {
			line, text = text, ""
		} else {
			line, text = text[:i], text[i+1:]
		}
		fn(strings.TrimSuffix(line, "\r"))
	}
}

// labelledLine is a line that starts with a known label and a colon.
type labelledLine struct {
	label   string // "point", "overall", "correct" or "reason"
	num     int    // point number, for "point"
	verdict Verdict
	rest    string // the reason, or the unrecognised verdict text
}

// labels are the labels the grammar knows; none is a prefix of another.
var labels = [...]string{"point", "overall", "correct", "reason"}

// labelled recognises "<marker> <emphasis> LABEL [n] [tag] <emphasis> : <emphasis> VERDICT <emphasis> [sep] reason".
func labelled(line string) (labelledLine, bool) {
	var l labelledLine
	s := trimSpace(line)
	s = stripMarker(s)
	s = trimLeft(s, "*_ \t")
	label := ""
	for _, lb := range labels {
		if len(s) >= len(lb) && strings.EqualFold(s[:len(lb)], lb) {
			label = lb
			s = s[len(lb):]
			break
		}
	}
	if label == "" {
		return l, false
	}
	l.label = label
	if label == "point" {
		s = trimLeft(s, "_- \t")
		j := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && j < 4 {
			l.num = l.num*10 + int(s[j]-'0')
			j++
		}
		if j == 0 {
			return l, false
		}
		s = s[j:]
		s = stripTag(trimLeft(s, "*_ \t"))
	}
	s = trimLeft(s, "*_ \t")
	if !strings.HasPrefix(s, ":") {
		return l, false
	}
	s = trimLeft(s[1:], "*_ \t")
	if label == "reason" {
		l.rest = trimSpace(trimRight(s, "*_ \t"))
		return l, true
	}
	switch {
	case word(s, "yes"):
		l.verdict, s = Yes, s[3:]
	case word(s, "no"):
		l.verdict, s = No, s[2:]
	default:
		l.rest = trimSpace(s)
		return l, true
	}
	l.rest = reason(s)
	return l, true
}

// word reports whether s starts with w (any case) followed by a non-letter.
func word(s, w string) bool {
	if len(s) < len(w) || !strings.EqualFold(s[:len(w)], w) {
		return false
	}
	if len(s) == len(w) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[len(w):])
	return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
}

// reason cleans what follows a verdict: closing emphasis, a separator and
// the brackets of the prompt's "[brief reason]" template.
func reason(s string) string {
	s = trimLeft(s, "*_ \t")
	for _, sep := range []string{"-", "–", "—", ":", ",", ";", "."} {
		if strings.HasPrefix(s, sep) {
			s = s[len(sep):]
			break
		}
	}
	s = trimSpace(trimRight(s, "*_ \t"))
	if len(s) >= 2 && (s[0] == '[' && s[len(s)-1] == ']' || s[0] == '(' && s[len(s)-1] == ')') {
		s = trimSpace(s[1 : len(s)-1])
	}
	return s
}

// stripMarker removes a leading list or quote marker: "-", "*", "+", "•",
// ">", "1.", "1)". A "*" counts as a marker only when a space follows, so
// that "**POINT_1**" keeps its emphasis.
func stripMarker(s string) string {
	for range 2 { // "> - POINT_1" has two markers
		switch {
		case strings.HasPrefix(s, ">"):
			s = trimSpace(s[1:])
		case strings.HasPrefix(s, "•"):
			s = trimSpace(s[len("•"):])
		case len(s) >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && (s[1] == ' ' || s[1] == '\t'):
			s = trimSpace(s[2:])
		default:
			j := 0
			for j < len(s) && j < 3 && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j > 0 && j+1 < len(s) && (s[j] == '.' || s[j] == ')') && (s[j+1] == ' ' || s[j+1] == '\t') {
				s = trimSpace(s[j+2:])
			} else {
				return s
			}
		}
	}
	return s
}

// stripTag removes a "[MAIN]", "[SECONDARY]", "(main)" or "(secondary)" tag.
func stripTag(s string) string {
	if len(s) == 0 || (s[0] != '[' && s[0] != '(') {
		return s
	}
	closer := byte(']')
	if s[0] == '(' {
		closer = ')'
	}
	end := strings.IndexByte(s, closer)
	if end < 0 {
		return s
	}
	tag := strings.ToLower(trimSpace(s[1:end]))
	if tag != "main" && tag != "secondary" {
		return s
	}
	return trimSpace(s[end+1:])
}

func trimSpace(s string) string { return strings.TrimSpace(s) }

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// bits is a small bit set; it allocates only beyond 64 elements.
type bits struct {
	small uint64
	large []bool
}

func newBits(n int) bits {
	if n > 64 {
		return bits{large: make([]bool, n)}
	}
	return bits{}
}

func (b *bits) set(i int) {
	if b.large != nil {
		b.large[i] = true
		return
	}
	b.small |= 1 << uint(i)
}

func (b *bits) has(i int) bool {
	if b.large != nil {
		return b.large[i]
	}
	return b.small&(1<<uint(i)) != 0
}

// trimLeft and trimRight are strings.TrimLeft and TrimRight for a few
// ASCII characters, without building a set on every call: they run on
// every line of every judge output.
func trimLeft(s, set string) string {
	for len(s) > 0 && strings.IndexByte(set, s[0]) >= 0 {
		s = s[1:]
	}
	return s
}

func trimRight(s, set string) string {
	for len(s) > 0 && strings.IndexByte(set, s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	return s
}
