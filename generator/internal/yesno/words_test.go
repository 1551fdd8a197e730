package yesno

import "testing"

// trueFalse is a verifier's pair of words, with xVerify's.
var trueFalse = Words{Yes: []string{"true", "correct"}, No: []string{"false", "incorrect"}}

func judgmentLabel(s string) (int, int) {
	const l = "Final Judgment"
	if len(s) >= len(l) && s[:len(l)] == l {
		return 1, len(l)
	}
	return 0, 0
}

func TestParseWords(t *testing.T) {
	tests := []struct {
		name, reason, line string
		ok                 bool
		want               Verdict
		why                string
	}{
		{"canonical", "the form a verifier prompt asks for", "Final Judgment: True", true, Yes, ""},
		{"other word", "False is the No word of the pair", "Final Judgment: False", true, No, ""},
		{"lower case", "words match in any case", "Final Judgment: false", true, No, ""},
		{"longest spelling", "incorrect is its own word, not a prefix of correct", "Final Judgment: Incorrect", true, No, ""},
		{"bold line", "the grammar's emphasis is the same", "**Final Judgment: True**", true, Yes, ""},
		{"reason", "a reason after a separator is kept", "Final Judgment: True - same value", true, Yes, "same value"},
		{"template copied", "both words offered is no verdict", "Final Judgment: True|False", true, Invalid, ""},
		{"yes is not a word of the pair", "the pair replaces YES and NO", "Final Judgment: YES", true, Invalid, ""},
		{"no label", "a line without the label is not a verdict line", "Judgment: True", false, Unanswered, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, ok := ParseWords(tt.line, judgmentLabel, trueFalse)
			if ok != tt.ok || ok && (l.Verdict != tt.want || l.Reason != tt.why) {
				t.Errorf("%q: got %v %v %q, want %v %v %q (%s)", tt.line, ok, l.Verdict, l.Reason, tt.ok, tt.want, tt.why, tt.reason)
			}
		})
	}
}

func TestBare(t *testing.T) {
	tests := []struct {
		name, reason, line string
		ok                 bool
		want               Verdict
	}{
		{"word", "a one-word answer", "True", true, Yes},
		{"lower case", "any case", "false", true, No},
		{"xVerify", "xVerify's label", "Incorrect", true, No},
		{"bold", "emphasis around the word", "**False**", true, No},
		{"full stop", "trailing punctuation", "True.", true, Yes},
		{"exclamation in a list", "a marker and punctuation", "- correct!", true, Yes},
		{"code span", "a code span", "`False`", true, No},
		{"sentence", "a word followed by prose is not bare", "True, because the values agree", false, Unanswered},
		{"longer word", "a whole word only", "Truely", false, Unanswered},
		{"empty", "nothing", "  ", false, Unanswered},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := Bare(tt.line, trueFalse)
			if ok != tt.ok || v != tt.want {
				t.Errorf("%q: got %v %v, want %v %v (%s)", tt.line, v, ok, tt.want, tt.ok, tt.reason)
			}
		})
	}
}

func TestMarked(t *testing.T) {
	words := Words{Yes: []string{"yes", "true"}, No: []string{"no", "false"}}
	tests := []struct {
		name, reason, line string
		ok                 bool
		want               Verdict
	}{
		{"brackets", "a pairwise judge's token", "So the answer is [[YES]]", true, Yes},
		{"box", "a LaTeX box", `\boxed{False}`, true, No},
		{"box with text", "a text command inside the box", `$\boxed{\text{True}}$`, true, Yes},
		{"last wins", "the last token of the line", "[[NO]] at first, but [[YES]]", true, Yes},
		{"spaces", "spaces inside", "[[ no ]]", true, No},
		{"other content", "a box around a number is no verdict", `\boxed{42}`, false, Unanswered},
		{"unclosed", "a token never closed", "[[YES", false, Unanswered},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := Marked(tt.line, words)
			if ok != tt.ok || v != tt.want {
				t.Errorf("%q: got %v %v, want %v %v (%s)", tt.line, v, ok, tt.want, tt.ok, tt.reason)
			}
		})
	}
}
