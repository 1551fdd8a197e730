package equiv

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The pieces of a response the extractor reads: math spans, boxes, lines
// and sentences. Each pass is charged to the extractor's budget.

// isWholeMath reports whether s is one math span: $…$, $$…$$, \(…\), \[…\].
func (x *extractor) isWholeMath(s string) bool {
	// A span that covers s opens at its first byte and closes at its
	// last: anything else is not whole math, and needs no scan.
	switch {
	case len(s) < 2:
		return false
	case s[0] == '$' && s[len(s)-1] == '$':
	case strings.HasPrefix(s, `\(`) && strings.HasSuffix(s, `\)`):
	case strings.HasPrefix(s, `\[`) && strings.HasSuffix(s, `\]`):
	default:
		return false
	}
	spans := x.mathSpans(s)
	return len(spans) == 1 && spans[0][0] == 0 && spans[0][1] == len(s)
}

// mathSpans returns the [start, end) of each math span of s, in order.
func (x *extractor) mathSpans(s string) [][2]int {
	x.charge(len(s))
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
		// A closer found is jumped over; none ends the search. Either way
		// each byte is read once.
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

// lastBoxes finds the last \boxed{} (or \fbox{}) and returns where it
// starts and its content; boxes separated only by connectives ("and", ",",
// \quad) are returned together, joined with ", ". It reads s once.
func (x *extractor) lastBoxes(s string) (at int, content string) {
	x.charge(len(s))
	type box struct{ start, open, end int }
	var boxes []box
	for i := 0; i < len(s); {
		// One search for the backslash that starts either command, so
		// that no byte is read twice.
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 {
			break
		}
		start := i + k
		var n int
		switch {
		case strings.HasPrefix(s[start:], `\boxed`):
			n = len(`\boxed`)
		case strings.HasPrefix(s[start:], `\fbox`):
			n = len(`\fbox`)
		default:
			i = start + 1
			continue
		}
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
	for first > 0 && x.isConnective(s[boxes[first-1].end+1:boxes[first].start]) {
		first--
	}
	var parts []string
	for _, b := range boxes[first:] {
		parts = append(parts, strings.TrimSpace(s[b.open+1:b.end]))
	}
	return boxes[first].start, strings.Join(parts, ", ")
}

var reConnective = regexp.MustCompile(`^(?:\s|,|;|\$|\\\)|\\\(|\\\]|\\\[|\\quad|\\qquad|\\text\{[^{}$]*\}|\band\b|\bor\b|&|\\\\)*$`)

func (x *extractor) isConnective(gap string) bool {
	if len(gap) >= 60 {
		return false
	}
	x.charge(len(gap))
	return reConnective.MatchString(gap)
}

// firstLine returns the first line of s that is not blank (nor "**"),
// trimmed.
func (x *extractor) firstLine(s string) string {
	for s != "" {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		x.charge(len(line) + 1)
		if t := strings.TrimSpace(line); t != "" && t != "**" {
			return t
		}
	}
	return ""
}

func (x *extractor) firstSentence(s string) string {
	if ss := x.sentences(s, 1); len(ss) > 0 {
		return ss[0]
	}
	return ""
}

// sentences splits s at ".", "!" or "?" followed by white space, and at
// blank lines, never inside math spans; it stops after limit sentences
// when limit > 0.
func (x *extractor) sentences(s string, limit int) []string {
	var out []string
	spans := x.mathSpans(s)
	x.charge(2 * len(s))
	si := 0
	prev := 0
	content := false // s[prev:i] holds more than white space
	for i := 0; i < len(s); i++ {
		for si < len(spans) && spans[si][1] <= i {
			si++
		}
		if si < len(spans) && i >= spans[si][0] {
			i = spans[si][1] - 1
			content = true
			continue
		}
		c := s[i]
		end := -1
		switch {
		case (c == '.' || c == '!' || c == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n'):
			end = i + 1
		case c == '\n' && i+1 < len(s) && content && strings.HasPrefix(strings.TrimLeft(s[i+1:], " \t"), "\n"):
			end = i
		}
		if end >= 0 {
			if t := strings.TrimSpace(s[prev:end]); t != "" {
				out = append(out, t)
				if len(out) == limit {
					return out
				}
			}
			prev, content = end, false
			if end == i+1 {
				continue
			}
		}
		if !content {
			if c < utf8.RuneSelf {
				content = c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f'
			} else if utf8.RuneStart(c) {
				r, _ := utf8.DecodeRuneInString(s[i:])
				content = !unicode.IsSpace(r)
			}
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
