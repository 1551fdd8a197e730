package judge

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// verdicts returns the verdicts of a as a compact string such as "YN-".
func verdicts(a Audit) string {
	var b strings.Builder
	for _, p := range a.Points {
		switch p.Verdict {
		case Yes:
			b.WriteByte('Y')
		case No:
			b.WriteByte('N')
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

func TestPointsAcceptedForms(t *testing.T) {
	tests := []struct {
		name, reason string
		text         string
		n            int
		want         string
		wantReason   []string
		wantOverall  Verdict
	}{
		{
			name:   "canonical",
			reason: "the form the judge prompt asks for",
			text:   "POINT_1: YES\nPOINT_2: NO missing unit\nPOINT_3: YES\nOVERALL: NO\nOVERALL_REASON: point 2",
			n:      3, want: "YNY", wantReason: []string{"", "missing unit", ""}, wantOverall: No,
		},
		{
			name:   "lower and mixed case",
			reason: "the label and verdict are case-insensitive",
			text:   "point_1: yes\nPoint_2: No\nPoInT_3: yEs",
			n:      3, want: "YNY", wantReason: []string{"", "", ""},
		},
		{
			name:   "separators between label and number",
			reason: "_, - and a space are all accepted, as is none",
			text:   "POINT-1: YES\nPOINT 2: NO\nPOINT3: YES",
			n:      3, want: "YNY", wantReason: []string{"", "", ""},
		},
		{
			name:   "markdown emphasis around label",
			reason: "judges often bold the label",
			text:   "**POINT_1:** yes\n**POINT_2**: no — vague\n__POINT_3__: YES",
			n:      3, want: "YNY", wantReason: []string{"", "vague", ""},
		},
		{
			name:   "emphasis around the whole line and the verdict",
			reason: "closing emphasis must not leak into the reason",
			text:   "**POINT_1: YES**\nPOINT_2: **NO** - no range given\n*POINT_3*: *yes*",
			n:      3, want: "YNY", wantReason: []string{"", "no range given", ""},
		},
		{
			name:   "list markers",
			reason: "bullets, numbered lists and quotes before the label",
			text:   "- Point 1: YES\n* POINT_2: NO\n3. POINT_3: YES",
			n:      3, want: "YNY", wantReason: []string{"", "", ""},
		},
		{
			name:   "quote and bullet markers combined",
			reason: "a quoted list item is still a point line",
			text:   "> - POINT_1: YES\n• POINT_2: YES",
			n:      2, want: "YY", wantReason: []string{"", ""},
		},
		{
			name:   "spaces around colon",
			reason: "spaces before and after the colon are allowed",
			text:   "POINT_1 : YES\nPOINT_2   :NO\n  POINT_3:    YES   ",
			n:      3, want: "YNY", wantReason: []string{"", "", ""},
		},
		{
			name:   "CRLF line ends",
			reason: "Windows line ends must not end up in verdicts or reasons",
			text:   "POINT_1: YES\r\nPOINT_2: NO: unit missing\r\nPOINT_3: YES\r\nOVERALL: NO\r\n",
			n:      3, want: "YNY", wantReason: []string{"", "unit missing", ""}, wantOverall: No,
		},
		{
			name:   "prose before and after",
			reason: "judges add preambles and summaries",
			text:   "Here is my evaluation of the answer.\n\nPOINT_1: YES\nPOINT_2: YES\n\nIn summary the answer is compliant.\nOVERALL: YES",
			n:      2, want: "YY", wantReason: []string{"", ""}, wantOverall: Yes,
		},
		{
			name:   "reason separators",
			reason: "a reason after the verdict with -, :, en dash, comma or nothing",
			text:   "POINT_1: NO - a\nPOINT_2: NO: b\nPOINT_3: NO – c\nPOINT_4: NO, d\nPOINT_5: NO e\nPOINT_6: NO [f]\nPOINT_7: NO (g)",
			n:      7, want: "NNNNNNN", wantReason: []string{"a", "b", "c", "d", "e", "f", "g"},
		},
		{
			name:   "tags of the loose prompt",
			reason: "the Loose prompt labels points [MAIN] and [SECONDARY]",
			text:   "POINT_1 [MAIN]: YES\nPOINT_2 (secondary): NO",
			n:      2, want: "YN", wantReason: []string{"", ""},
		},
		{
			name:   "same verdict twice",
			reason: "a repeated point with the same verdict is not a conflict",
			text:   "POINT_1: YES first\nPOINT_1: YES again",
			n:      1, want: "Y", wantReason: []string{"first"},
		},
		{
			name:   "em dash straight after the verdict",
			reason: "a non-ASCII separator right after YES still ends the word",
			text:   "POINT_1: YES—clear",
			n:      1, want: "Y", wantReason: []string{"clear"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Points(tt.text, tt.n)
			if got := verdicts(a); got != tt.want {
				t.Errorf("verdicts = %q, want %q (%s); problems: %v", got, tt.want, tt.reason, a.Problems)
			}
			var reasons []string
			for _, p := range a.Points {
				reasons = append(reasons, p.Reason)
			}
			if diff := cmp.Diff(tt.wantReason, reasons); diff != "" {
				t.Errorf("reasons (-want +got):\n%s", diff)
			}
			if a.Overall != tt.wantOverall {
				t.Errorf("overall = %v, want %v", a.Overall, tt.wantOverall)
			}
			if len(a.Problems) != 0 {
				t.Errorf("unexpected problems: %v", a.Problems)
			}
		})
	}
}

func TestPointsFailingForms(t *testing.T) {
	tests := []struct {
		name, reason string
		text         string
		n            int
		want         string
		wantProblems []string
	}{
		{
			name: "empty", reason: "an empty output gives no verdicts",
			text: "", n: 2, want: "--", wantProblems: []string{"empty output"},
		},
		{
			name: "whitespace only", reason: "blank lines are empty too",
			text: " \r\n\t\n", n: 1, want: "-", wantProblems: []string{"empty output"},
		},
		{
			name: "missing point", reason: "an absent point line is missing evidence",
			text: "POINT_1: YES\nPOINT_3: YES", n: 3, want: "Y-Y",
			wantProblems: []string{"point 2 missing (counts as NO)"},
		},
		{
			name: "conflicting repeat", reason: "a point given twice with different verdicts is missing",
			text: "POINT_1: YES\nPOINT_2: YES\nPOINT_2: NO", n: 2, want: "Y-",
			wantProblems: []string{"point 2 given twice with different verdicts (counts as NO)"},
		},
		{
			name: "unknown verdict word", reason: "only YES and NO are verdicts",
			text: "POINT_1: PARTIAL\nPOINT_2: YES", n: 2, want: "-Y",
			wantProblems: []string{`point 1: unrecognised verdict "PARTIAL"`, "point 1 missing (counts as NO)"},
		},
		{
			name: "verdict glued to a word", reason: "YESTERDAY is not YES",
			text: "POINT_1: YESTERDAY", n: 1, want: "-",
			wantProblems: []string{`point 1: unrecognised verdict "YESTERDAY"`, "point 1 missing (counts as NO)"},
		},
		{
			name: "no colon", reason: "a colon after the label is required",
			text: "POINT_1 YES\nPOINT_2 = YES", n: 2, want: "--",
			wantProblems: []string{"point 1 missing (counts as NO)", "point 2 missing (counts as NO)"},
		},
		{
			name: "point out of range", reason: "points beyond the constraint's count are reported and ignored",
			text: "POINT_1: YES\nPOINT_4: YES\nPOINT_0: NO", n: 1, want: "Y",
			wantProblems: []string{"point 4 does not exist (this constraint has 1 points)", "point 0 does not exist (this constraint has 1 points)"},
		},
		{
			name: "foreign language", reason: "labels the grammar does not know give nothing",
			text: "要点1：是\n要点2：否", n: 2, want: "--",
			wantProblems: []string{"point 1 missing (counts as NO)", "point 2 missing (counts as NO)"},
		},
		{
			name: "label in the middle of prose", reason: "only lines that start with the label count",
			text: "I think POINT_1: YES is right", n: 1, want: "-",
			wantProblems: []string{"point 1 missing (counts as NO)"},
		},
		{
			name: "overall only", reason: "the OVERALL line never stands in for points",
			text: "OVERALL: YES", n: 2, want: "--",
			wantProblems: []string{"point 1 missing (counts as NO)", "point 2 missing (counts as NO)"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Points(tt.text, tt.n)
			if got := verdicts(a); got != tt.want {
				t.Errorf("verdicts = %q, want %q (%s)", got, tt.want, tt.reason)
			}
			var msgs []string
			for _, p := range a.Problems {
				msgs = append(msgs, p.Msg)
				if p.Code == "" {
					t.Errorf("problem %q has no code", p.Msg)
				}
			}
			if diff := cmp.Diff(tt.wantProblems, msgs); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOverallIsParsedNotTrusted(t *testing.T) {
	a := Points("POINT_1: NO\nOVERALL: YES", 1)
	if a.Overall != Yes || a.Points[0].Verdict != No {
		t.Fatalf("got overall %v, point %v; want the judge's OVERALL YES kept apart from point NO", a.Overall, a.Points[0].Verdict)
	}
	a = Points("POINT_1: YES\nOVERALL: YES\nOVERALL: NO", 1)
	if a.Overall != Missing {
		t.Errorf("contradictory OVERALL lines: got %v, want missing", a.Overall)
	}
}

func TestCorrect(t *testing.T) {
	tests := []struct {
		name, reason string
		text         string
		want         Correctness
	}{
		{
			name: "canonical", reason: "verdict and a REASON line",
			text: "CORRECT: YES\nREASON: matches 3.52e4 J/mol",
			want: Correctness{Verdict: Yes, Reason: "matches 3.52e4 J/mol"},
		},
		{
			name: "lenient form", reason: "emphasis, case, list marker and CRLF as for points",
			text: "Let me compare.\r\n- **Correct:** no - off by a factor of 10\r\n",
			want: Correctness{Verdict: No, Reason: "off by a factor of 10"},
		},
		{
			name: "missing", reason: "no CORRECT line counts as NO",
			text: "The answer looks right to me.",
			want: Correctness{Problems: []Problem{{CodeNoCorrect, "no CORRECT line (counts as NO)"}}},
		},
		{
			name: "conflict", reason: "two different verdicts count as NO",
			text: "CORRECT: YES\nCORRECT: NO",
			want: Correctness{Problems: []Problem{{CodeConflict, "CORRECT given twice with different verdicts (counts as NO)"}}},
		},
		{
			name: "empty", reason: "an empty output counts as NO",
			text: "",
			want: Correctness{Problems: []Problem{{CodeEmpty, "empty output"}}},
		},
		{
			name: "correctness is another label", reason: "the grammar's label is CORRECT, exactly",
			text: "CORRECTNESS: YES",
			want: Correctness{Problems: []Problem{{CodeNoCorrect, "no CORRECT line (counts as NO)"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Correct(tt.text)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func FuzzPoints(f *testing.F) {
	for _, s := range []string{
		"POINT_1: YES\nPOINT_2: NO x\nOVERALL: NO",
		"**POINT_1:** yes\r\n- Point 2: NO",
		"POINT_9999: YES", "POINT_: :", "> - 1. POINT 1 [MAIN]: YES—", "CORRECT: no\nREASON: x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := Points(s, 3)
		if len(a.Points) != 3 {
			t.Fatalf("got %d points, want 3", len(a.Points))
		}
		for i, p := range a.Points {
			if p.Verdict == Missing && p.Reason != "" {
				t.Errorf("point %d is missing but has reason %q", i+1, p.Reason)
			}
		}
		c := Correct(s)
		if c.Verdict == Missing && len(c.Problems) == 0 {
			t.Errorf("missing correctness verdict without a problem for %q", s)
		}
	})
}

func BenchmarkPoints(b *testing.B) {
	text := "Evaluating the answer against the evidence points.\n\n**POINT_1:** YES\n- POINT_2: NO - the final answer has no unit\r\nPOINT_3: yes\nOVERALL: NO\nOVERALL_REASON: point 2 fails"
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Points(text, 3)
	}
}
