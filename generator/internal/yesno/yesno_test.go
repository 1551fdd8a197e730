package yesno

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// testLabel knows the labels "a1" (key 1) and "b_" (key 2), in any case.
func testLabel(s string) (int, int) {
	for key, lb := range []string{"", "a1", "b_"} {
		if lb != "" && len(s) >= len(lb) && strings.EqualFold(s[:len(lb)], lb) {
			return key, len(lb)
		}
	}
	return 0, 0
}

func TestParse(t *testing.T) {
	type got struct {
		OK      bool
		Key     int
		Verdict Verdict
		Reason  string
		Text    string
	}
	tests := []struct {
		name, reason, line string
		want               got
	}{
		{"canonical", "label, colon, verdict", "a1: YES", got{true, 1, Yes, "", "YES"}},
		{"reason kept", "a reason after a separator", "A1: no - vague", got{true, 1, No, "vague", "no - vague"}},
		{"label beginning with an underscore", "tried as written before emphasis comes off", "b_: NO", got{true, 2, No, "", "NO"}},
		{"code span around the label", "balanced backticks", "`a1`: YES", got{true, 1, Yes, "", "YES"}},
		{"code span left open", "an opening backtick needs its closing one", "`a1: YES", got{}},
		{"code span around the verdict", "the closing backtick is not the reason", "a1: `NO` - x", got{true, 1, No, "x", "`NO` - x"}},
		{"underscores closing emphasis", "_yes_ is YES", "a1: _yes_", got{true, 1, Yes, "", "yes_"}},
		{"underscore before a word", "YES_x is not a verdict", "a1: YES_x", got{true, 1, Invalid, "", "YES_x"}},
		{"invalid keeps its text", "what stood where the verdict should be", "**a1:** maybe so", got{true, 1, Invalid, "", "maybe so"}},
		{"unknown label", "the Label function decides", "c1: YES", got{}},
		{"no colon", "the colon is required", "a1 YES", got{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, ok := Parse(tt.line, testLabel)
			g := got{ok, l.Key, l.Verdict, l.Reason, l.Text()}
			if diff := cmp.Diff(tt.want, g); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestValue(t *testing.T) {
	l, ok := Parse("- **a1:** *off by a factor of 10*  \r", testLabel)
	if !ok || l.Value() != "off by a factor of 10" {
		t.Errorf("Value() = %q (ok %v), want the text without emphasis", l.Value(), ok)
	}
}

func TestScanNumbersLines(t *testing.T) {
	var lines []int
	Scan("prose\r\na1: YES\n\nb_: NO\nA1: no", testLabel, func(n int, l Line) { lines = append(lines, n) })
	if diff := cmp.Diff([]int{2, 4, 5}, lines); diff != "" {
		t.Errorf("line numbers (-want +got):\n%s", diff)
	}
}

func TestPolicyAdd(t *testing.T) {
	yes := func(r string) Line { return Line{Verdict: Yes, Reason: r} }
	no := Line{Verdict: No}
	bad := Line{Verdict: Invalid, after: "PARTIAL"}
	tests := []struct {
		name, reason string
		skip         bool
		lines        []Line
		want         Answer
	}{
		{"none", "no line leaves the label unanswered", false, nil, Answer{}},
		{"once", "one line is the answer", false, []Line{yes("r")}, Answer{Yes, "r", 1}},
		{"same twice", "the first line's reason and number are kept", false, []Line{yes("r"), yes("s")}, Answer{Yes, "r", 1}},
		{"different", "two verdicts are a conflict", false, []Line{yes("r"), no}, Answer{Conflict, "", 1}},
		{"conflict is final", "a third line does not settle it", true, []Line{yes(""), no, yes("")}, Answer{Conflict, "", 1}},
		{"invalid is final", "when not skipped, an unreadable line decides", false, []Line{yes(""), bad, no}, Answer{Invalid, "PARTIAL", 2}},
		{"invalid after a conflict", "the conflict came first and stays", false, []Line{yes(""), no, bad}, Answer{Conflict, "", 1}},
		{"invalid skipped", "another line can still answer", true, []Line{bad, no}, Answer{No, "", 2}},
		{"only invalid, skipped", "nothing answered", true, []Line{bad}, Answer{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a Answer
			p := Policy{SkipInvalid: tt.skip}
			for i, l := range tt.lines {
				p.Add(&a, l, i+1)
			}
			if diff := cmp.Diff(tt.want, a); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestClip(t *testing.T) {
	if got := Clip("ééé", 3); got != "ééé" {
		t.Errorf("Clip kept %q, want it whole", got)
	}
	if got := Clip("éééé", 3); got != "ééé…" {
		t.Errorf("Clip cut to %q, want ééé…", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a1: YES", "> - 1. **A1** [x]: no — r", "`a1`: `YES`", "b_: _no_", "a1:", "**", "a1: YES_\xff", "• b_ : yes—",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := Parse(s, testLabel)
		if !ok {
			if l != (Line{}) {
				t.Errorf("%q: not labelled but parsed as %+v", s, l)
			}
			return
		}
		if l.Verdict != Yes && l.Verdict != No && l.Verdict != Invalid {
			t.Errorf("%q: a line's verdict is %v", s, l.Verdict)
		}
		if l.Verdict == Invalid && l.Reason != "" {
			t.Errorf("%q: invalid line with reason %q", s, l.Reason)
		}
		if utf8.ValidString(s) && (!utf8.ValidString(l.Reason) || !utf8.ValidString(l.Text())) {
			t.Errorf("%q: cut inside a character: %+v", s, l)
		}
		if strings.HasSuffix(l.Reason, "\r") || strings.HasSuffix(l.Text(), "\r") {
			t.Errorf("%q: the CR of a CRLF line end kept: %+v", s, l)
		}
	})
}

func BenchmarkScan(b *testing.B) {
	text := "Evaluating the answer against the evidence points.\n\n**A1:** YES\n- b_: NO - the final answer has no unit\r\na1: yes\nOVERALL: NO"
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Scan(text, testLabel, func(int, Line) {})
	}
}
