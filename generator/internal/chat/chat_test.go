package chat

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name, reason string
		msgs         []Message
		want         string // "" for valid, else a part of the error
	}{
		{"prompt", "one user message", Prompt("hi"), ""},
		{"conversation", "system, user, assistant, user", []Message{{System, "s"}, {User, "a"}, {Assistant, "b"}, {User, "c"}}, ""},
		{"empty", "nothing to answer", nil, "empty conversation"},
		{"ends with assistant", "the model answers a user turn", []Message{{User, "a"}, {Assistant, "b"}}, "last message"},
		{"late system", "a system message only first", []Message{{User, "a"}, {System, "s"}, {User, "c"}}, "system message may only come first"},
		{"two users", "turns alternate", []Message{{User, "a"}, {User, "b"}}, "two user turns"},
		{"unknown role", "roles are system, user, assistant", []Message{{"tool", "a"}, {User, "b"}}, "role"},
		{"empty user", "an empty turn asks nothing", []Message{{User, " "}}, "empty user turn"},
		{"bad utf-8", "contents are text", []Message{{User, "\xff"}}, "UTF-8"},
	}
	for _, tt := range tests {
		err := Check(tt.msgs)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s (%s): %v", tt.name, tt.reason, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s (%s): error %v, want one saying %q", tt.name, tt.reason, err, tt.want)
		}
	}
}

// A single prompt keys as its text (journals and submissions made before
// conversations still match); conversations key apart from each other and
// from their turns.
func TestKeyAndHash(t *testing.T) {
	if Key(Prompt("hello")) != "hello" {
		t.Errorf("a prompt's key is %q, want its text", Key(Prompt("hello")))
	}
	a := []Message{{User, "x"}, {Assistant, "y"}, {User, "z"}}
	b := []Message{{User, "x"}, {Assistant, "y2"}, {User, "z"}}
	if Key(a) == Key(b) || Hash(a) == Hash(b) || Key(a) == Key(Prompt("x")) || Key(a) == Key(Prompt("z")) {
		t.Error("distinct conversations share a key")
	}
	if Key(a) != Key([]Message{{User, "x"}, {Assistant, "y"}, {User, "z"}}) {
		t.Error("equal conversations key apart")
	}
}

func TestDecode(t *testing.T) {
	got, err := Decode([]byte(`[{"role": "user", "content": "a <b> & c"}]`))
	if err != nil || !Equal(got, Prompt("a <b> & c")) {
		t.Errorf("Decode: %v %v", got, err)
	}
	for _, bad := range []string{`null`, `{}`, `[{"role": "user"}]`, `[{"role": "user", "content": 3}]`, `[{"role": "user", "content": "a", "name": "x"}]`, `[{"role": null, "content": "a"}]`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) accepted", bad)
		}
	}
}

func TestFromTemplate(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Message
	}{
		{"chatml", "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>user\nAgain, in French.<|im_end|>\n<|im_start|>assistant\nBonjour !<|im_end|>",
			[]Message{{System, "Be brief."}, {User, "Hi"}, {Assistant, "Hello!"}, {User, "Again, in French."}, {Assistant, "Bonjour !"}}},
		{"llama3, cut response", "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello and",
			[]Message{{User, "Hi"}, {Assistant, "Hello and"}}},
	}
	for _, tt := range tests {
		got, ok := FromTemplate(tt.text)
		if diff := cmp.Diff(tt.want, got); !ok || diff != "" {
			t.Errorf("%s: ok %v (-want +got):\n%s", tt.name, ok, diff)
		}
	}
	if _, ok := FromTemplate("plain text, no template"); ok {
		t.Error("plain text read as a template")
	}
	conv, resp, ok := SplitResponse([]Message{{User, "q"}, {Assistant, "a"}})
	if !ok || resp != "a" || !Equal(conv, Prompt("q")) {
		t.Errorf("SplitResponse: %v %q %v", conv, resp, ok)
	}
}

func TestTurns(t *testing.T) {
	long := strings.Repeat("x", LongTurn)
	got := Turns([]Message{{User, long}, {Assistant, "b"}, {User, long}})
	if !got[0].Long || got[1].Long || got[2].Long || got[0].Label != "User" || got[1].N != 2 {
		t.Errorf("Turns: %+v (a long earlier turn collapses, the answered one never)", got)
	}
}
