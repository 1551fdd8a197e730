package yesno_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
)

// outcome is what a parser made of one line: "YES", "NO", "invalid" (a
// labelled line without a verdict) or "" (not a verdict line), with the
// reason, or for invalid the text that stood where the verdict should be.
type outcome struct{ verdict, reason string }

// forms is the list of forms in the package doc and in docs/scoring.md
// ("The judge output grammar"), one row per form. <L> stands for the
// label as the kind spells it, <U> for it in upper case.
var forms = []struct {
	name, line string
	want       outcome
}{
	// The canonical line and its case.
	{"canonical", "<L>: YES", outcome{"YES", ""}},
	{"verdict in lower case", "<L>: no", outcome{"NO", ""}},
	{"label in upper case", "<U>: Yes", outcome{"YES", ""}},
	// Spaces and line ends.
	{"space before the colon", "<L> : NO", outcome{"NO", ""}},
	{"no space after the colon", "<L>:NO", outcome{"NO", ""}},
	{"spaces around the line", "   <L>:    YES   ", outcome{"YES", ""}},
	{"CRLF", "<L>: YES\r", outcome{"YES", ""}},
	// List and quote markers.
	{"dash marker", "- <L>: YES", outcome{"YES", ""}},
	{"star marker", "* <L>: YES", outcome{"YES", ""}},
	{"plus marker", "+ <L>: YES", outcome{"YES", ""}},
	{"bullet marker", "• <L>: YES", outcome{"YES", ""}},
	{"quote marker", "> <L>: YES", outcome{"YES", ""}},
	{"numbered list", "1. <L>: YES", outcome{"YES", ""}},
	{"numbered list with a parenthesis", "12) <L>: NO", outcome{"NO", ""}},
	{"quoted list item", "> - <L>: YES", outcome{"YES", ""}},
	// Emphasis and code spans.
	{"bold label", "**<L>**: YES", outcome{"YES", ""}},
	{"bold label and colon", "**<L>:** YES", outcome{"YES", ""}},
	{"bold line", "**<L>: YES**", outcome{"YES", ""}},
	{"underlined label", "__<L>__: NO", outcome{"NO", ""}},
	{"italic label and verdict", "*<L>*: *yes*", outcome{"YES", ""}},
	{"bold verdict", "<L>: **NO**", outcome{"NO", ""}},
	{"underscored verdict", "<L>: _no_", outcome{"NO", ""}},
	{"bold list item", "- **<L>**: YES. fine", outcome{"YES", "fine"}},
	{"code label", "`<L>`: YES", outcome{"YES", ""}},
	{"code verdict", "<L>: `NO` - x", outcome{"NO", "x"}},
	{"bold code label", "- **`<L>`**: NO", outcome{"NO", ""}},
	// Reasons.
	{"reason after a hyphen", "<L>: NO - a", outcome{"NO", "a"}},
	{"reason after an en dash", "<L>: NO – a", outcome{"NO", "a"}},
	{"reason after an em dash", "<L>: NO — a", outcome{"NO", "a"}},
	{"em dash glued to the verdict", "<L>: YES—a", outcome{"YES", "a"}},
	{"reason after a colon", "<L>: NO: a", outcome{"NO", "a"}},
	{"reason after a comma", "<L>: NO, a", outcome{"NO", "a"}},
	{"reason after a semicolon", "<L>: NO; a", outcome{"NO", "a"}},
	{"reason after a full stop", "<L>: NO. a", outcome{"NO", "a"}},
	{"reason without a separator", "<L>: NO missing unit", outcome{"NO", "missing unit"}},
	{"bracketed reason", "<L>: NO [a]", outcome{"NO", "a"}},
	{"parenthesised reason", "<L>: NO (a)", outcome{"NO", "a"}},
	{"reason after bold verdict", "<L>: **NO** - a", outcome{"NO", "a"}},
	{"other punctuation after the verdict", "<L>: YES!", outcome{"YES", "!"}},
	// Labelled lines without a verdict: invalid.
	{"another word", "<L>: PARTIAL", outcome{"invalid", "PARTIAL"}},
	{"a longer word", "<L>: YESTERDAY", outcome{"invalid", "YESTERDAY"}},
	{"a digit after the verdict", "<L>: YES1", outcome{"invalid", "YES1"}},
	{"a word after underscores", "<L>: YES_x", outcome{"invalid", "YES_x"}},
	{"an abbreviation", "<L>: Y", outcome{"invalid", "Y"}},
	{"prose before the verdict", "<L>: partially, YES", outcome{"invalid", "partially, YES"}},
	{"nothing after the colon", "<L>:", outcome{"invalid", ""}},
	// The prompt's template copied out, not answered: invalid.
	{"template with a bar", "<L>: YES|NO", outcome{"invalid", "YES|NO"}},
	{"template with spaced bar", "<L>: YES | NO [reason]", outcome{"invalid", "YES | NO [reason]"}},
	{"template with or", "<L>: YES or NO", outcome{"invalid", "YES or NO"}},
	{"template with a slash", "<L>: NO / YES", outcome{"invalid", "NO / YES"}},
	{"a reason that names the other word", "<L>: NO - or so it seems", outcome{"NO", "or so it seems"}},
	// Not verdict lines.
	{"no colon", "<L> YES", outcome{}},
	{"equals sign", "<L> = YES", outcome{}},
	{"label in mid-sentence", "I think <L>: YES", outcome{}},
	{"marker without a space", "-<L>: YES", outcome{}},
	{"code span left open", "`<L>: YES", outcome{}},
	{"code span closed without opening", "**<L>`: YES", outcome{}},
	{"no-break space before the colon", "<L>\u00a0: YES", outcome{}},
}

// TestFormsInEveryKind runs every documented form through SciIF's point
// and correctness parsers and the rubric's criterion parser: the three
// read each form the same way.
func TestFormsInEveryKind(t *testing.T) {
	kinds := []struct {
		name  string
		label string
		parse func(text string) outcome
	}{
		{"sciif point", "POINT_1", sciifPoint},
		{"sciif correct", "CORRECT", sciifCorrect},
		{"rubric", "c1", rubricCriterion},
	}
	for _, f := range forms {
		for _, k := range kinds {
			t.Run(f.name+"/"+k.name, func(t *testing.T) {
				text := strings.NewReplacer("<L>", k.label, "<U>", strings.ToUpper(k.label)).Replace(f.line)
				if got := k.parse(text); got != f.want {
					t.Errorf("%q: got %+v, want %+v", text, got, f.want)
				}
			})
		}
	}
}

func sciifPoint(text string) outcome {
	a := judge.Points(text, 1)
	return sciifOutcome(a.Points[0].Verdict, a.Points[0].Reason, a.Problems, "point 1: unrecognised verdict ")
}

func sciifCorrect(text string) outcome {
	c := judge.Correct(text)
	return sciifOutcome(c.Verdict, c.Reason, c.Problems, "unrecognised verdict ")
}

func sciifOutcome(v judge.Verdict, reason string, problems []judge.Problem, invalid string) outcome {
	switch v {
	case judge.Yes:
		return outcome{"YES", reason}
	case judge.No:
		return outcome{"NO", reason}
	}
	for _, p := range problems {
		if text, ok := strings.CutPrefix(p.Msg, invalid); ok {
			var s string
			fmt.Sscanf(text, "%q", &s)
			return outcome{"invalid", s}
		}
	}
	return outcome{}
}

func rubricCriterion(text string) outcome {
	a := rubric.Parse(text, []string{"c1"})[0]
	switch a.Verdict {
	case rubric.Yes:
		return outcome{"YES", a.Reason}
	case rubric.No:
		return outcome{"NO", a.Reason}
	case rubric.Invalid:
		return outcome{"invalid", a.Reason}
	}
	return outcome{}
}

// TestPoliciesOfEachKind runs the same multi-line outputs through both
// kinds: they agree except where their policies differ on purpose (a line
// without a verdict is skipped by SciIF, final for the rubric).
func TestPoliciesOfEachKind(t *testing.T) {
	tests := []struct {
		name, reason, text string
		sciif, rubric      outcome
	}{
		{"same verdict twice", "no conflict; the first reason is kept", "<L>: YES a\n<L>: YES b", outcome{"YES", "a"}, outcome{"YES", "a"}},
		{"different verdicts", "a conflict counts as NO in both", "<L>: YES\n<L>: NO", outcome{}, outcome{"conflict", ""}},
		{"missing", "no line counts as NO in both", "prose only", outcome{}, outcome{}},
		{"invalid then valid", "SciIF skips the unreadable line, the rubric keeps it", "<L>: PARTIAL\n<L>: NO", outcome{"NO", ""}, outcome{"invalid", "PARTIAL"}},
		{"valid then invalid", "the same difference the other way round", "<L>: YES\n<L>: maybe", outcome{"YES", ""}, outcome{"invalid", "maybe"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := judge.Points(strings.ReplaceAll(tt.text, "<L>", "POINT_1"), 1).Points[0]
			got := sciifOutcome(p.Verdict, p.Reason, nil, "")
			if got != tt.sciif {
				t.Errorf("sciif: got %+v, want %+v (%s)", got, tt.sciif, tt.reason)
			}
			a := rubric.Parse(strings.ReplaceAll(tt.text, "<L>", "c1"), []string{"c1"})[0]
			got = rubricCriterion(strings.ReplaceAll(tt.text, "<L>", "c1"))
			if a.Verdict == rubric.Conflict {
				got = outcome{"conflict", a.Reason}
			}
			if got != tt.rubric {
				t.Errorf("rubric: got %+v, want %+v (%s)", got, tt.rubric, tt.reason)
			}
		})
	}
}
