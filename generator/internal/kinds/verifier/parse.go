package verifier

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/yesno"
)

// Verdict is what the board reads from a verifier's output.
type Verdict int8

// Verdicts. None is an output that parses to nothing (or no record): a
// wrong verdict, counted apart.
const (
	None Verdict = iota
	Accept
	Reject
)

func (v Verdict) String() string {
	switch v {
	case Accept:
		return "True"
	case Reject:
		return "False"
	}
	return "none"
}

// Policies, in the order the board shows them.
var Policies = []board.Policy{board.Strict, board.Loose}

// Strict reads the verdict the style asks for: the last non-empty line of
// output, without surrounding spaces, is exactly "<label>: True" or
// "<label>: False" ("True" or "False" for a style without a label), in
// that case. Anything else is None.
func Strict(output string, st *Style) Verdict {
	last := ""
	for line := range strings.SplitSeq(output, "\n") {
		if t := strings.TrimSpace(line); t != "" {
			last = t
		}
	}
	prefix := ""
	if st.Label != "" {
		prefix = st.Label + ": "
	}
	switch last {
	case prefix + "True":
		return Accept
	case prefix + "False":
		return Reject
	}
	return None
}

// The words of Loose's forms (package yesno matches them in any case).
var (
	// labelWords follow a verdict label: "Final Judgment: Correct".
	labelWords = yesno.Words{Yes: []string{"true", "correct", "yes", "equivalent"}, No: []string{"false", "incorrect", "no", "not equivalent"}}
	// bareWords stand alone on a line: "True", xVerify's "Incorrect".
	bareWords = yesno.Words{Yes: []string{"true", "correct"}, No: []string{"false", "incorrect"}}
	// markWords sit in [[…]] or \boxed{…}.
	markWords = yesno.Words{Yes: []string{"yes", "true", "correct"}, No: []string{"no", "false", "incorrect"}}
)

// LooseLabels are the verdict labels Loose reads besides the style's own,
// matched in any case; the longest that fits wins.
var LooseLabels = []string{"final judgment", "final judgement", "judgment", "judgement", "final verdict", "verdict", "final decision", "decision"}

// looseLabel recognises a verdict label at the start of s.
func looseLabel(own string) yesno.Label {
	labels := LooseLabels
	if own != "" {
		labels = append([]string{strings.ToLower(own)}, labels...)
	}
	return func(s string) (int, int) {
		n := 0
		for _, l := range labels {
			if len(l) > n && len(s) >= len(l) && strings.EqualFold(s[:len(l)], l) {
				n = len(l)
			}
		}
		return 1, n
	}
}

// Loose reads the verdict the way verifiers commonly write it: every line
// of output is read, and the last verdict found decides. A line gives a
// verdict when it is
//
//   - a labelled verdict line in the judge output grammar of package yesno
//     (markers, bold, code spans, a reason after it): a label of
//     LooseLabels or the style's own, then True/False, Correct/Incorrect,
//     Yes/No or Equivalent/Not equivalent ("**Verdict: Correct**");
//   - or holds a verdict token, [[YES]] / [[NO]] (also TRUE, FALSE,
//     CORRECT, INCORRECT) or \boxed{True} / \boxed{False} (also with
//     \text{…}, and Yes, No, Correct, Incorrect): the last of the line;
//   - or is a verdict word alone, True/False or xVerify's
//     Correct/Incorrect label, with emphasis, a list marker and trailing
//     '.' or '!' ("**False**", "True.").
//
// Everything Strict accepts, Loose reads the same way.
func Loose(output string, st *Style) Verdict {
	label := looseLabel(st.Label)
	v := None
	for line := range strings.SplitSeq(output, "\n") {
		if l, ok := yesno.ParseWords(line, label, labelWords); ok {
			if l.Verdict == yesno.Yes || l.Verdict == yesno.No {
				v = of(l.Verdict)
			}
			continue
		}
		if x, ok := yesno.Marked(line, markWords); ok {
			v = of(x)
			continue
		}
		if x, ok := yesno.Bare(line, bareWords); ok {
			v = of(x)
		}
	}
	return v
}

func of(v yesno.Verdict) Verdict {
	if v == yesno.Yes {
		return Accept
	}
	return Reject
}

// Read reads output under policy p.
func Read(p board.Policy, output string, st *Style) Verdict {
	if p == board.Loose {
		return Loose(output, st)
	}
	return Strict(output, st)
}
