package instr

import "testing"

// TestCheckArgsListFirst: the three IFEvalG arguments open-instruct also
// takes as a list are read by their first item; elsewhere a list is still
// the wrong type.
func TestCheckArgsListFirst(t *testing.T) {
	for _, tc := range []struct {
		id     string
		args   Args
		refuse bool
		reason string
	}{
		{"first_word:first_word_sent", Args{"first_word": []any{"Yes", "No"}}, false, "a list: its first item"},
		{"first_word:first_word_sent", Args{"first_word": []any{}}, false, "an empty list is missing (drawn at random), not refused"},
		{"first_word:first_word_sent", Args{"first_word": []any{3.0}}, true, "Python raises on a first item that is no string"},
		{"last_word:last_word_sent", Args{"last_word": []any{"now"}}, false, "a list: its first item"},
		{"keywords:keyword_specific_position", Args{"keyword": []any{"blue"}, "n": 1.0, "m": 2.0}, false, "a list: its first item"},
		{"first_word:first_word_answer", Args{"first_word": []any{"Yes"}}, true, "this class strips the argument itself: a list raises"},
		{"keywords:word_once", Args{"keyword": []any{"rain"}}, true, "a list where a string is wanted"},
	} {
		if got := len(checkArgs(tc.id, tc.args, nil, nil)) > 0; got != tc.refuse {
			t.Errorf("%s %v: refused %v, want %v (%s)", tc.id, tc.args, got, tc.refuse, tc.reason)
		}
	}
}
