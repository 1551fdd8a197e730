// Package yesno reads labelled YES/NO verdict lines, the judge-output
// grammar every benchmark kind shares.
//
// It belongs to the verify stage and sits beneath the kinds: it reads text
// only, performs no I/O, knows no label and decides no score. A kind
// supplies the labels (SciIF's POINT_<n>, OVERALL, CORRECT and REASON, a
// rubric's criterion ids) as a [Label] function and says with a [Policy]
// what a labelled line without a verdict does; the grammar of the line
// around the label is the same for every kind.
//
// # Accepted forms
//
// This list is the one of docs/scoring.md ("The judge output grammar"),
// whose table gives an example of each form; TestFormsInEveryKind runs
// every form through each kind's parser. A verdict line is, from the start
// of the line:
//
//	[marker] [emphasis] LABEL [emphasis] : [emphasis] VERDICT [emphasis] [separator] [reason]
//
// where
//
//   - marker is at most two list or quote markers: "- ", "* ", "+ ", "• ",
//     "> ", "1. " or "1) " (one to three digits); "> - POINT_1" has two;
//   - emphasis is any run of *, _, spaces and tabs, so "**label:**",
//     "**label**:", "__label__:", "*label*: *yes*" and a whole line in bold
//     all read the same; a label or a verdict may also be a code span,
//     "`label`" or "`YES`", whose backticks must then be balanced;
//   - LABEL is whatever the kind's [Label] function recognises (the kind
//     decides case and spelling); a label that begins with "_" is tried as
//     written before the emphasis is taken off;
//   - the colon is required, with or without spaces around it;
//   - VERDICT is the word YES or NO in any case, followed by the end of
//     the line or by a character that is neither a letter nor a digit
//     ("YES—fine" is YES; "YESTERDAY" and "NO1" are not verdicts);
//     underscores after it close emphasis ("_yes_") unless a word follows
//     them ("YES_x" is not a verdict);
//   - separator is one of - – — : , ; . after optional spaces and closing
//     emphasis, or nothing ("NO missing unit");
//   - reason is the rest of the line without closing emphasis, and without
//     the brackets of the prompts' "[reason]" or "(reason)" template.
//
// Lines end in LF or CRLF; spaces around the line are ignored. Any other
// line — prose, a table, a label in mid-sentence ("I think POINT_1: YES"),
// a label without a colon ("POINT_1 YES") — is not a verdict line and is
// skipped. A verdict line whose label is followed by anything but YES or
// NO ("c1: PARTIAL", "c1: YESTERDAY", "c1:"), or by both, as a judge
// copying the prompt's template writes ("c1: YES|NO", "POINT_1: YES or
// NO"), is labelled but has no verdict: [Invalid].
//
// # Answers
//
// One judge output may name a label on several lines. [Policy.Add] folds
// them into one [Answer]: the same verdict twice is that verdict (the
// first line's reason is kept); different verdicts are a [Conflict]; a
// label never answered stays [Unanswered]; a line without a verdict is
// [Invalid] for good or skipped, as the policy says. Only [Yes] satisfies;
// every other answer counts as NO.
package yesno

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Verdict is what a line, or all the lines of one label, say.
type Verdict int8

// Verdicts. A [Line] has Yes, No or Invalid; an [Answer] may have any.
// Only Yes satisfies: the others count as NO.
const (
	// Unanswered: no line gave the label a verdict.
	Unanswered Verdict = iota
	Yes
	No
	// Conflict: the label was answered with different verdicts.
	Conflict
	// Invalid: a line named the label with neither YES nor NO after the
	// colon.
	Invalid
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
	}
	return "unanswered"
}

// Label recognises a kind's label at the start of s, which has lost its
// list markers and leading emphasis (when s begins with "_", Label is first
// asked with the underscores kept). It returns a key of the caller's
// choosing and the number of bytes the label spans, at most len(s); n is 0
// when s does not start with a label. The label may span a number or a tag
// ("POINT_1 [MAIN]"); the grammar then expects emphasis and the colon.
type Label func(s string) (key, n int)

// Line is one labelled line of a judge output.
type Line struct {
	// Key is what the Label function returned for the label.
	Key int
	// Verdict is Yes, No, or Invalid when the label is followed by
	// neither word.
	Verdict Verdict
	// Reason is the text after the verdict, cleaned as the package doc
	// says; empty when Invalid.
	Reason string

	after string // what follows the colon, without leading emphasis
}

// Text is all that follows the colon, without leading emphasis and
// surrounding spaces: for an Invalid line, what stood where the verdict
// should be.
func (l Line) Text() string { return trimSpace(l.after) }

// Value is the text after the colon without its emphasis: the value of a
// free-text label such as SciIF's "REASON: …".
func (l Line) Value() string { return trimSpace(trimEmphasisRight(l.after)) }

// Parse reads one line of a judge output, without its line end (a trailing
// CR is ignored), and reports whether it is a labelled line.
func Parse(line string, label Label) (Line, bool) {
	return ParseWords(line, label, YesNo)
}

// Words are the words a verdict is written with: the judges' YES and NO
// (YesNo), or another pair such as a verifier's True and False. Each list
// holds one or more spellings, matched in any case as a whole word (a
// spelling may hold spaces: "not equivalent"); the longest that matches
// wins, so "incorrect" is never read as a prefix of anything.
type Words struct {
	Yes, No []string
}

// YesNo is the judges' pair, the one Parse reads.
var YesNo = Words{Yes: []string{"yes"}, No: []string{"no"}}

// match returns the verdict of the longest spelling s starts with, and its
// length; Invalid and 0 when none.
func (w Words) match(s string) (Verdict, int) {
	v, n := Invalid, 0
	for _, list := range [2]struct {
		v     Verdict
		words []string
	}{{Yes, w.Yes}, {No, w.No}} {
		for _, x := range list.words {
			if len(x) > n && word(s, x) {
				v, n = list.v, len(x)
			}
		}
	}
	return v, n
}

// ParseWords is Parse with another pair of verdict words: the same line
// grammar (markers, emphasis, code spans, separators, reasons, a template
// copied out), with w's words where Parse has YES and NO.
func ParseWords(line string, label Label, w Words) (Line, bool) {
	var l Line
	s := stripMarker(trimSpace(line))
	key, n := 0, 0
	if len(s) > 0 && s[0] == '_' {
		key, n = label(s)
	}
	code := false
	if n == 0 {
		s = trimEmphasis(s)
		if len(s) > 0 && s[0] == '`' {
			s, code = s[1:], true
		}
		key, n = label(s)
		if n == 0 {
			return l, false
		}
	}
	s = s[n:]
	if code {
		if len(s) == 0 || s[0] != '`' {
			return l, false
		}
		s = s[1:]
	}
	s = trimEmphasis(s)
	if len(s) == 0 || s[0] != ':' {
		return l, false
	}
	s = trimEmphasis(s[1:])
	l.Key, l.after = key, s
	v := s
	code = len(v) > 0 && v[0] == '`'
	if code {
		v = v[1:]
	}
	verdict, n := w.match(v)
	if verdict == Invalid {
		l.Verdict = Invalid
		return l, true
	}
	l.Verdict, v = verdict, v[n:]
	if echo(v, w) {
		// The prompt's "YES|NO" copied out: no verdict was given.
		l.Verdict = Invalid
		return l, true
	}
	if code && len(v) > 0 && v[0] == '`' {
		v = v[1:]
	}
	l.Reason = reason(v)
	return l, true
}

// Scan calls fn for each labelled line of text with its 1-based line
// number, in order.
func Scan(text string, label Label, fn func(n int, l Line)) {
	n := 0
	for len(text) > 0 {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		n++
		if l, ok := Parse(line, label); ok {
			fn(n, l)
		}
	}
}

// Answer is what all the lines of a judge output say of one label.
type Answer struct {
	Verdict Verdict
	// Reason is the reason of the line the verdict came from, or, for
	// Invalid, what stood where the verdict should be (cut to 40
	// characters); empty for Conflict.
	Reason string
	// Line is the 1-based line the answer came from: the first line with
	// the verdict, the first answer of a Conflict, the Invalid line; 0
	// when unanswered.
	Line int
}

// Policy is what a kind decides about the lines of one label where kinds
// may differ. The rest is fixed: the same verdict twice is that verdict,
// different verdicts are a Conflict, and no line at all is Unanswered.
type Policy struct {
	// SkipInvalid leaves a line without a verdict out of the answer (the
	// caller may report it), so that another line can still answer. When
	// false, such a line makes the answer Invalid for good, unless a
	// Conflict came first.
	SkipInvalid bool
}

// Add folds line l, the n-th of the output, into a, the answer so far of
// l's label. Conflict and Invalid are final.
func (p Policy) Add(a *Answer, l Line, n int) {
	switch {
	case a.Verdict == Conflict || a.Verdict == Invalid:
	case l.Verdict == Invalid:
		if !p.SkipInvalid {
			*a = Answer{Verdict: Invalid, Reason: Clip(l.Text(), 40), Line: n}
		}
	case a.Verdict == Unanswered:
		*a = Answer{Verdict: l.Verdict, Reason: l.Reason, Line: n}
	case a.Verdict != l.Verdict:
		*a = Answer{Verdict: Conflict, Line: a.Line}
	}
}

// Clip cuts s to n characters, marking the cut with an ellipsis: for
// quoting a judge's text in a message.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// word reports whether s starts with w (any case) followed by the end, a
// character that is neither a letter nor a digit, or underscores that
// close emphasis.
func word(s, w string) bool {
	if len(s) < len(w) || !strings.EqualFold(s[:len(w)], w) {
		return false
	}
	s = s[len(w):]
	if len(s) > 0 && s[0] == '_' {
		for len(s) > 0 && s[0] == '_' {
			s = s[1:]
		}
		if len(s) == 0 {
			return true
		}
		r, _ := utf8.DecodeRuneInString(s)
		return !(unicode.IsLetter(r) || unicode.IsDigit(r))
	}
	if len(s) == 0 {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s)
	return !(unicode.IsLetter(r) || unicode.IsDigit(r))
}

// echo reports whether what follows a verdict word offers the other one
// ("YES or NO", "YES|NO", "NO / YES"): a judge that copied the prompt's
// template out instead of answering.
func echo(s string, w Words) bool {
	s = trimEmphasis(s)
	switch {
	case len(s) > 0 && (s[0] == '|' || s[0] == '/'):
		s = s[1:]
	case word(s, "or"):
		s = s[2:]
	default:
		return false
	}
	s = trimEmphasis(s)
	if len(s) > 0 && s[0] == '`' {
		s = s[1:]
	}
	v, _ := w.match(s)
	return v != Invalid
}

// Bare reads a line that is a verdict word alone, as a verifier asked for
// a one-word answer writes it ("True", xVerify's "Correct"): the word of
// w, with the markers, emphasis and code span of a labelled line around
// it, and at most a run of '.' and '!' after it ("**False**", "True.",
// "- correct!"). Any other line is not a bare verdict.
func Bare(line string, w Words) (Verdict, bool) {
	s := trimEmphasis(stripMarker(trimSpace(line)))
	code := len(s) > 0 && s[0] == '`'
	if code {
		s = s[1:]
	}
	v, n := w.match(s)
	if v == Invalid {
		return Unanswered, false
	}
	s = s[n:]
	if code {
		if len(s) == 0 || s[0] != '`' {
			return Unanswered, false
		}
		s = s[1:]
	}
	s = trimEmphasis(s)
	for len(s) > 0 && (s[0] == '.' || s[0] == '!') {
		s = s[1:]
	}
	if trimEmphasis(s) != "" {
		return Unanswered, false
	}
	return v, true
}

// Marked returns the verdict of the last verdict token in line: a word of
// w in double brackets, as pairwise judges write it ("[[YES]]", "[[False]]"),
// or in a LaTeX box ("\boxed{True}", "\boxed{\text{False}}"), spaces
// allowed inside, up to MaxMarked bytes of them. ok is false when the
// line holds none. It reads line in linear time: each closing "]]" or
// "}" is looked for once, however many openings share it.
func Marked(line string, w Words) (v Verdict, ok bool) {
	brackets := nextIndex{s: line, sep: "]]"}
	first, second := nextIndex{s: line, sep: "}"}, nextIndex{s: line, sep: "}"}
	for i := 0; i < len(line); i++ {
		var inner string
		switch {
		case strings.HasPrefix(line[i:], "[["):
			end := brackets.from(i + 2)
			if end < 0 || end-(i+2) > MaxMarked {
				continue
			}
			inner = line[i+2 : end]
		case strings.HasPrefix(line[i:], `\boxed{`):
			start := i + len(`\boxed{`)
			body := strings.TrimLeft(line[start:], " ")
			cmdAt := -1
			for _, cmd := range [...]string{`\text{`, `\mathrm{`, `\textbf{`} {
				if strings.HasPrefix(body, cmd) {
					cmdAt = len(line) - len(body) + len(cmd)
					break
				}
			}
			if cmdAt < 0 {
				end := first.from(start)
				if end < 0 || end-start > MaxMarked {
					continue
				}
				inner = line[start:end]
				break
			}
			// The command's own "}" is dropped: the box's content runs
			// to the next one.
			e1 := first.from(cmdAt)
			if e1 < 0 || e1-cmdAt > MaxMarked {
				continue
			}
			e2 := second.from(e1 + 1)
			if e2 < 0 || e2-cmdAt > MaxMarked+1 {
				continue
			}
			inner = line[cmdAt:e1] + line[e1+1:e2]
		default:
			continue
		}
		inner = trimSpace(inner)
		if x, n := w.match(inner); x != Invalid && n == len(inner) {
			v, ok = x, true
		}
	}
	return v, ok
}

// MaxMarked bounds the inside of a verdict token ("[[ yes ]]"), in
// bytes: a verdict word with some spaces, never a paragraph.
const MaxMarked = 64

// nextIndex finds the next sep in s at or after a position, each part of
// s searched at most once for positions that never go back.
type nextIndex struct {
	s, sep string
	// after and at: the first sep at or after after is at at (-1: none).
	after, at int
	known     bool
}

func (n *nextIndex) from(pos int) int {
	if pos > len(n.s) {
		return -1
	}
	if n.known && pos >= n.after && (n.at < 0 || pos <= n.at) {
		return n.at
	}
	n.after, n.known = pos, true
	n.at = strings.Index(n.s[pos:], n.sep)
	if n.at >= 0 {
		n.at += pos
	}
	return n.at
}

// reason cleans what follows a verdict: closing emphasis, a separator and
// the brackets of the prompts' "[brief reason]" template.
func reason(s string) string {
	s = trimEmphasis(s)
	for _, sep := range [...]string{"-", "–", "—", ":", ",", ";", "."} {
		if strings.HasPrefix(s, sep) {
			s = s[len(sep):]
			break
		}
	}
	s = trimSpace(trimEmphasisRight(s))
	if len(s) >= 2 && (s[0] == '[' && s[len(s)-1] == ']' || s[0] == '(' && s[len(s)-1] == ')') {
		s = trimSpace(s[1 : len(s)-1])
	}
	return s
}

// stripMarker removes up to two leading list or quote markers: "-", "*",
// "+", "•", ">", "1.", "1)". A "*" counts as a marker only when a space
// follows, so that "**label**" keeps its emphasis.
func stripMarker(s string) string {
	for range 2 {
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

func trimSpace(s string) string { return strings.TrimSpace(s) }

// emphasis reports whether c is emphasis around labels and verdicts:
// *, _, a space or a tab.
func emphasis(c byte) bool { return c == '*' || c == '_' || c == ' ' || c == '\t' }

// trimEmphasis and trimEmphasisRight take emphasis off either end of s,
// byte by byte: they run on every line of every judge output.
func trimEmphasis(s string) string {
	for len(s) > 0 && emphasis(s[0]) {
		s = s[1:]
	}
	return s
}

func trimEmphasisRight(s string) string {
	for len(s) > 0 && emphasis(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
