package preprocess

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestStripMarkers(t *testing.T) {
	for _, tc := range []struct {
		name, reason, in, want string
	}{
		{"plain", "a response without a marker is unchanged, trailing space included", "answer \n", "answer \n"},
		{"chatml", "Qwen's end of turn goes", "answer<|im_end|>", "answer"},
		{"deepseek", "DeepSeek's full-width end of sentence goes", "answer<｜end▁of▁sentence｜>", "answer"},
		{"gpt-oss", "gpt-oss ends its final answer with <|return|>", "answer<|return|>", "answer"},
		{"llama3", "Llama 3's end of turn then end of text, with the decoder's newline", "answer<|eot_id|><|end_of_text|>\n", "answer"},
		{"gemma", "Gemma's end of turn then <eos>", "answer<end_of_turn>\n<eos>", "answer"},
		{"mistral", "Mistral's </s>", "answer</s>", "answer"},
		{"space before kept", "whitespace before a marker is the response's", "answer \n<|im_end|>", "answer \n"},
		{"only at the end", "a marker inside the text is the model's text", "a </s> b", "a </s> b"},
		{"nothing but markers", "a response of markers alone is empty", "<|im_end|></s>", ""},
	} {
		if got := StripMarkers(tc.in); got != tc.want {
			t.Errorf("%s (%s): StripMarkers(%q) = %q, want %q", tc.name, tc.reason, tc.in, got, tc.want)
		}
	}
}

func TestPresets(t *testing.T) {
	for _, tc := range []struct {
		name, reason, preset, in, want string
	}{
		{"none keeps thinking", "none checks the text as written", "none", "<think>x</think>Answer.", "<think>x</think>Answer."},
		{"none strips markers", "markers go under every preset", "none", "<think>x</think>Answer.<|im_end|>", "<think>x</think>Answer."},
		{"none keeps spaces", "none does not strip", "none", "  Answer.  ", "  Answer.  "},
		{"think and eos", "the thinking and the marker go", "open-instruct", "<think>plan</think>\n\nAnswer.<｜end▁of▁sentence｜>", "Answer."},
		{"r1 shape", "only the text after the last </think> counts", "open-instruct", "reasoning\n</think>\nAnswer.", "Answer."},
		{"two thinks", "the last </think> wins", "open-instruct", "<think>a</think>mid<think>b</think>Answer.", "Answer."},
		{"unclosed", "without </think> the whole text is checked", "open-instruct", "<think>still going", "<think>still going"},
		{"answer tags", "answer tags go wherever they are", "open-instruct", "<answer>An <answer>swer</answer>.", "An swer."},
		{"assistant prefix", "<|assistant|> goes everywhere, then the text is stripped", "open-instruct", "<|assistant|>\n Answer.<|assistant|>", "Answer."},
		{"python strip", "Python's strip takes U+001C–U+001F and no-break spaces", "open-instruct", "\x1c\u00a0Answer.\u3000\x1f", "Answer."},
		{"zero width kept", "U+200B is not white space for Python", "open-instruct", "\u200bAnswer.", "\u200bAnswer."},
		{"default", "the empty name is none", "", "<think>x</think>A", "<think>x</think>A"},
	} {
		p, err := Lookup(tc.preset)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := p.Apply(tc.in); got != tc.want {
			t.Errorf("%s (%s): %s.Apply(%q) = %q, want %q", tc.name, tc.reason, p.Name, tc.in, got, tc.want)
		}
	}
	if _, err := Lookup("open_instruct"); err == nil || !strings.Contains(err.Error(), "none, open-instruct") {
		t.Errorf("Lookup of a misspelt name: %v, want an error listing the presets", err)
	}
}

func TestContextCarriesPreset(t *testing.T) {
	ctx := context.Background()
	if From(ctx) != None {
		t.Error("a context without a preset gives", From(ctx).Name)
	}
	if _, ok := Chosen(ctx); ok {
		t.Error("Chosen reports a preset on a bare context")
	}
	if got := From(With(ctx, OpenInstruct)); got != OpenInstruct {
		t.Error("With(OpenInstruct) gives", got.Name)
	}
}

// case_ is one line of testdata/open-instruct.jsonl (see testdata/SOURCE.md).
type case_ struct {
	Response       string           `json:"response"`
	Answer         string           `json:"answer"`
	Empty          bool             `json:"empty"`
	InstructionIDs []string         `json:"instruction_id_list"`
	Kwargs         []map[string]any `json:"kwargs"`
}

// readCases reads the recorded cases.
func readCases(t testing.TB) []case_ {
	t.Helper()
	f, err := os.Open("testdata/open-instruct.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []case_
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c case_
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// The open-instruct preset prepares every recorded response as
// open-instruct's own code did, with or without an end-of-sequence marker
// after it (open-instruct decodes without special tokens), and calls empty
// exactly the responses IFEvalVerifier scores 0 without checking.
func TestOpenInstructConformance(t *testing.T) {
	cases := readCases(t)
	if len(cases) != 720 {
		t.Fatalf("%d cases, want 720 (see testdata/SOURCE.md)", len(cases))
	}
	for i, c := range cases {
		for _, suffix := range []string{"", "<|im_end|>", "<｜end▁of▁sentence｜>", "<|return|>", "<|eot_id|>", "<end_of_turn>\n", "</s>"} {
			got := OpenInstruct.Apply(c.Response + suffix)
			if got != c.Answer {
				t.Errorf("case %d%+q: Apply(%q) = %q, open-instruct gives %q", i+1, suffix, c.Response, got, c.Answer)
			}
			if (got == "") != c.Empty {
				t.Errorf("case %d: empty = %v, open-instruct says %v", i+1, got == "", c.Empty)
			}
		}
	}
}

func BenchmarkOpenInstruct(b *testing.B) {
	resp := "<think>" + strings.Repeat("Let me count the words and check every comma. ", 40) + "</think>\n\n" +
		strings.Repeat("the answer is written in lowercase without commas. ", 20) + "<|im_end|>"
	b.SetBytes(int64(len(resp)))
	for b.Loop() {
		OpenInstruct.Apply(resp)
	}
}
