package rubric

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/yesno"
)

// The judge-output grammar of rubric benchmarks is the one every kind
// shares (package yesno lists the accepted forms): one line per criterion,
//
//	<criterion id>: YES|NO [reason]
//
// with the id matched case-insensitively. Every other line is prose and
// ignored. A line that names a criterion of the task and a colon but
// carries no verdict is Invalid, and stays so whatever other lines say.

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

// policy is the rubric's: a line without a verdict is final.
var policy = yesno.Policy{SkipInvalid: false}

// Parse reads a judge output against the criterion ids of one task, in
// task order, and returns one Answer per criterion. Ids match
// case-insensitively.
func Parse(text string, ids []string) []Answer {
	var buf [32]yesno.Answer
	got := buf[:0]
	if len(ids) <= len(buf) {
		got = buf[:len(ids)]
	} else {
		got = make([]yesno.Answer, len(ids))
	}
	yesno.Scan(text, criterionLabel(ids), func(n int, l yesno.Line) {
		policy.Add(&got[l.Key], l, n)
	})
	out := make([]Answer, len(ids))
	for i, a := range got {
		out[i] = Answer{Verdict: verdict(a.Verdict), Reason: a.Reason, Line: a.Line}
	}
	return out
}

// verdict is a yesno verdict as a rubric verdict.
func verdict(v yesno.Verdict) Verdict {
	switch v {
	case yesno.Yes:
		return Yes
	case yesno.No:
		return No
	case yesno.Conflict:
		return Conflict
	case yesno.Invalid:
		return Invalid
	}
	return Unanswered
}

// criterionLabel recognises the criterion ids of one task: the longest
// run of id characters that is one of ids in any case, its key the
// criterion's index. Underscores that end the run and are not part of an
// id close emphasis ("__c1__").
func criterionLabel(ids []string) yesno.Label {
	return func(s string) (int, int) {
		j := 0
		for j < len(s) && idByte(s[j]) {
			j++
		}
		for ; j > 0; j-- {
			for i, id := range ids {
				if len(id) == j && strings.EqualFold(id, s[:j]) {
					return i, j
				}
			}
			if s[j-1] != '_' {
				break
			}
		}
		return 0, 0
	}
}

// idByte reports whether c may appear in a criterion id.
func idByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}
