package rubric

import (
	"strings"
)

// The judge-output grammar of rubric benchmarks: one line per criterion,
//
//	<criterion id>: YES|NO [reason]
//
// accepted case-insensitively (the id and the verdict), with the id
// optionally wrapped in ** or backticks, an optional leading "- " or "* "
// list marker, spaces around the colon, and after the verdict either
// nothing or one of . , : ; - — or a space and a reason. Every other line
// is prose and ignored. A line that names a criterion of the task and a
// colon but carries no such verdict is an answer "with anything else".

// Verdict is one judge's verdict on one criterion.
type Verdict int8

// Verdicts. Only Yes satisfies a criterion; the others count as NO.
const (
	// Unanswered: the judge gave no line for the criterion.
	Unanswered Verdict = iota
	Yes
	No
	// Conflict: the criterion was answered twice with different verdicts.
	Conflict
	// Invalid: a line named the criterion with something other than
	// YES or NO.
	Invalid
	// NoOutput: the record holds no output of this judge.
	NoOutput
)

func (v Verdict) String() string {
	switch v {
	case Yes:
		return "YES"
	case No:
		return "NO"
	case Conflict:
		return "contradictory"
	case Invalid:
		return "unreadable"
	case NoOutput:
		return "no output"
	}
	return "unanswered"
}

// Answer is what a judge output says of one criterion.
type Answer struct {
	Verdict Verdict
	// Reason is the text after the verdict, or, for Invalid, what stood
	// where the verdict should be.
	Reason string
	// Line is the 1-based line of the judge output the verdict came from
	// (the first such line), 0 when unanswered.
	Line int
}

// Parse reads a judge output against the criterion ids of one task, in
// task order, and returns one Answer per criterion. Ids match
// case-insensitively.
func Parse(text string, ids []string) []Answer {
	out := make([]Answer, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[strings.ToLower(id)] = i
	}
	n := 0
	for len(text) > 0 {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		n++
		id, rest, ok := splitID(strings.TrimSuffix(line, "\r"))
		if !ok {
			continue
		}
		i, known := index[strings.ToLower(id)]
		if !known {
			continue
		}
		v, reason := verdict(rest)
		a := &out[i]
		switch {
		case a.Verdict == Invalid || a.Verdict == Conflict:
		case v == Invalid:
			*a = Answer{Verdict: Invalid, Reason: reason, Line: n}
		case a.Verdict == Unanswered:
			*a = Answer{Verdict: v, Reason: reason, Line: n}
		case a.Verdict != v:
			*a = Answer{Verdict: Conflict, Line: a.Line}
		}
	}
	return out
}

// splitID recognises "[- |* ][**|`]id[**|`] :" at the start of a line and
// returns the id and what follows the colon.
func splitID(line string) (id, rest string, ok bool) {
	s := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") {
		s = strings.TrimLeft(s[2:], " \t")
	}
	wrap := ""
	switch {
	case strings.HasPrefix(s, "**"):
		wrap = "**"
	case strings.HasPrefix(s, "`"):
		wrap = "`"
	}
	s = s[len(wrap):]
	j := 0
	for j < len(s) && idByte(s[j]) {
		j++
	}
	if j == 0 {
		return "", "", false
	}
	id, s = s[:j], s[j:]
	if wrap != "" {
		if !strings.HasPrefix(s, wrap) {
			return "", "", false
		}
		s = s[len(wrap):]
	}
	s = strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(s, ":") {
		return "", "", false
	}
	return id, s[1:], true
}

// idByte reports whether c may appear in a criterion id.
func idByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

// separators may follow the verdict word (after spaces or not) before a
// reason; a space alone separates too.
var separators = []string{".", ",", ":", ";", "-", "—"}

// verdict reads "YES|NO[sep reason]" after the colon.
func verdict(s string) (Verdict, string) {
	s = strings.TrimLeft(s, " \t")
	for _, w := range []struct {
		word string
		v    Verdict
	}{{"yes", Yes}, {"no", No}} {
		if len(s) < len(w.word) || !strings.EqualFold(s[:len(w.word)], w.word) {
			continue
		}
		after := s[len(w.word):]
		if after == "" || strings.TrimSpace(after) == "" {
			return w.v, ""
		}
		spaced := after[0] == ' ' || after[0] == '\t'
		after = strings.TrimLeft(after, " \t")
		for _, sep := range separators {
			if strings.HasPrefix(after, sep) {
				return w.v, reason(after[len(sep):])
			}
		}
		if spaced {
			return w.v, reason(after)
		}
	}
	return Invalid, clip(strings.TrimSpace(s), 40)
}

// reason trims a reason and the brackets of the prompt's "[reason]".
func reason(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '[' && s[len(s)-1] == ']' || s[0] == '(' && s[len(s)-1] == ')') {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
