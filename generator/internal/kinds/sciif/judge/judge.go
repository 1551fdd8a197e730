// Package judge parses the raw text of SciIF judge outputs into verdicts.
//
// It is the first half of the verify stage: it reads text only, performs no
// I/O and decides nothing about policies. The labels follow the SciIF judge
// prompts (one line per evidence point, "POINT_<n>: YES|NO [reason]", then
// "OVERALL: YES|NO"; the correctness judge answers "CORRECT: YES|NO" and
// may add "REASON: …"); the grammar of the line around them is the one every
// kind shares, package yesno, and accepts the forms its doc lists (markers,
// emphasis, spaces, CRLF, separators and bracketed reasons).
//
// The labels are matched in any case: POINT with "_", "-", spaces or
// nothing before its number (at most four digits) and an optional [MAIN] /
// [SECONDARY] tag after it; OVERALL; CORRECT; REASON. A labelled line
// without YES or NO ("POINT_1: PARTIAL") is reported and skipped, so that
// another line for the same point can still answer. A point without a
// verdict, or given twice with different verdicts, is Missing; callers
// count Missing as NO.
package judge

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sciif/leaderboard/generator/internal/yesno"
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
	// Problems describes what was wrong with the output.
	Problems []Problem
}

// Problem is one thing wrong with a judge output: Code names its kind,
// stably (one of the Code constants), and Msg says it in plain words.
type Problem struct {
	Code string
	Msg  string
}

func (p Problem) String() string { return p.Msg }

// Codes of the problems of judge outputs.
const (
	CodeEmpty        = "sciif.judge.empty"            // an empty output: every verdict counts as NO
	CodePointUnknown = "sciif.judge.point.unknown"    // a point the constraint does not have
	CodeInvalid      = "sciif.judge.verdict.invalid"  // a labelled line without YES or NO
	CodeConflict     = "sciif.judge.verdict.conflict" // a verdict given twice, differently: NO
	CodePointMissing = "sciif.judge.point.missing"    // a point without a verdict: NO
	CodeNoCorrect    = "sciif.judge.correct.missing"  // a correctness output without a CORRECT line: NO
)

func problem(code, format string, args ...any) Problem {
	return Problem{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// policy is SciIF's: a line without a verdict is reported and skipped.
var policy = yesno.Policy{SkipInvalid: true}

// Keys of the labels other than POINT_<n>, whose key is n (0 to 9999).
const (
	keyOverall = -1 - iota
	keyCorrect
	keyReason
)

// Points parses a per-constraint audit that should judge n evidence points.
func Points(text string, n int) Audit {
	a := Audit{Points: make([]Point, n)}
	if strings.TrimSpace(text) == "" {
		a.Problems = append(a.Problems, problem(CodeEmpty, "empty output"))
		return a
	}
	// Most constraints have a few points: their answers stay on the stack.
	var buf [8]yesno.Answer
	answers := buf[:0]
	if n <= len(buf) {
		answers = buf[:n]
	} else {
		answers = make([]yesno.Answer, n)
	}
	var overall yesno.Answer
	yesno.Scan(text, label, func(line int, l yesno.Line) {
		switch {
		case l.Key == keyOverall:
			policy.Add(&overall, l, line)
		case l.Key < 0:
		case l.Key < 1 || l.Key > n:
			a.Problems = append(a.Problems, problem(CodePointUnknown, "point %d does not exist (this constraint has %d points)", l.Key, n))
		default:
			if l.Verdict == yesno.Invalid {
				a.Problems = append(a.Problems, problem(CodeInvalid, "point %d: unrecognised verdict %q", l.Key, yesno.Clip(l.Text(), 40)))
			}
			policy.Add(&answers[l.Key-1], l, line)
		}
	})
	a.Overall = verdict(overall.Verdict)
	for i, ans := range answers {
		switch ans.Verdict {
		case yesno.Conflict:
			a.Problems = append(a.Problems, problem(CodeConflict, "point %d given twice with different verdicts (counts as NO)", i+1))
		case yesno.Unanswered:
			a.Problems = append(a.Problems, problem(CodePointMissing, "point %d missing (counts as NO)", i+1))
		default:
			a.Points[i] = Point{Verdict: verdict(ans.Verdict), Reason: ans.Reason}
		}
	}
	return a
}

// Correctness is a parsed correctness judge output.
type Correctness struct {
	Verdict  Verdict
	Reason   string
	Problems []Problem
}

// Correct parses a correctness judge output ("CORRECT: YES|NO"). A REASON
// line, if any, becomes the reason when the verdict line carries none.
func Correct(text string) Correctness {
	var c Correctness
	if strings.TrimSpace(text) == "" {
		c.Problems = append(c.Problems, problem(CodeEmpty, "empty output"))
		return c
	}
	var ans yesno.Answer
	var reason string
	yesno.Scan(text, label, func(line int, l yesno.Line) {
		switch l.Key {
		case keyCorrect:
			if l.Verdict == yesno.Invalid {
				c.Problems = append(c.Problems, problem(CodeInvalid, "unrecognised verdict %q", yesno.Clip(l.Text(), 40)))
			}
			policy.Add(&ans, l, line)
		case keyReason:
			if reason == "" {
				reason = l.Value()
			}
		}
	})
	switch ans.Verdict {
	case yesno.Conflict:
		c.Problems = append(c.Problems, problem(CodeConflict, "CORRECT given twice with different verdicts (counts as NO)"))
	case yesno.Unanswered:
		c.Problems = append(c.Problems, problem(CodeNoCorrect, "no CORRECT line (counts as NO)"))
	default:
		c.Verdict, c.Reason = verdict(ans.Verdict), ans.Reason
	}
	if c.Reason == "" && c.Verdict != Missing {
		c.Reason = reason
	}
	return c
}

// verdict is a yesno verdict as SciIF counts it.
func verdict(v yesno.Verdict) Verdict {
	switch v {
	case yesno.Yes:
		return Yes
	case yesno.No:
		return No
	}
	return Missing
}

// label recognises SciIF's labels, as the package doc says. POINT's key is
// its number; the number and a tag are part of the label.
func label(s string) (key, n int) {
	if len(s) == 0 {
		return 0, 0
	}
	// Most lines are prose: one byte rules out every label.
	switch s[0] | 0x20 {
	case 'p', 'o', 'c', 'r':
	default:
		return 0, 0
	}
	switch {
	case hasFold(s, "point"):
		rest := trimLeft(s[len("point"):], "_- \t")
		j, num := 0, 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' && j < 4 {
			num = num*10 + int(rest[j]-'0')
			j++
		}
		if j == 0 {
			return 0, 0
		}
		rest = stripTag(trimLeft(rest[j:], "*_ \t"))
		return num, len(s) - len(rest)
	case hasFold(s, "overall"):
		return keyOverall, len("overall")
	case hasFold(s, "correct"):
		return keyCorrect, len("correct")
	case hasFold(s, "reason"):
		return keyReason, len("reason")
	}
	return 0, 0
}

// hasFold reports whether s starts with the lower-case ASCII word w in any
// case.
func hasFold(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w)
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
	tag := strings.ToLower(strings.TrimSpace(s[1:end]))
	if tag != "main" && tag != "secondary" {
		return s
	}
	return strings.TrimLeftFunc(s[end+1:], unicode.IsSpace)
}

func trimLeft(s, set string) string {
	for len(s) > 0 && strings.IndexByte(set, s[0]) >= 0 {
		s = s[1:]
	}
	return s
}
