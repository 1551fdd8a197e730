package instr

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzDecodeStringMatchesUnmarshal checks decodeString against
// json.Unmarshal into a string on every JSON value: escapes, surrogates
// (paired, lone, reversed), invalid UTF-8, null and non-strings.
func FuzzDecodeStringMatchesUnmarshal(f *testing.F) {
	for _, s := range []string{`"plain"`, `"a\nb\t\"c\"\\d\/e\bf\fg\rh"`, `"\u00e9\u4e2d\u0000\uFFFF"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ude00\ud83d"`, `"\ud83dx"`,
		"\"\xff\xfe\"", "\"caf\xc3\xa9 \xe2\x80\"", `null`, `1`, `["x"]`, `""`, `"\u12"`, `"\x"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		var want string
		wantOK := json.Unmarshal(raw, &want) == nil && string(raw) != "null"
		var got string
		if ok := decodeString(raw, &got); ok != wantOK || got != want {
			t.Errorf("decodeString(%q) = %q, %v; want %q, %v", raw, got, ok, want, wantOK)
		}
	})
}

// FuzzDecodeKwargsMatchesUnmarshal checks decodeKwargs and decodeIDs
// against json.Unmarshal into a []Args and a []string on every JSON
// value: whatever the one-pass readers accept must decode to the same
// value, and what they leave to encoding/json is decoded there.
func FuzzDecodeKwargsMatchesUnmarshal(f *testing.F) {
	for _, s := range []string{`[]`, `null`, `[{}]`, `[{"N": null, "keyword": "a\nb", "n": 5.0, "m": -0, "x": 1e3, "y": true, "z": false}]`,
		`[{"keywords": ["a", "b"], "forbidden_words": []}, {"num_words": 12}]`, `[ { "a" : 1 , "a" : 2 } ]`, `[{"a": [1]}]`, `[{"a": {"b": 1}}]`,
		`[{"a": 1e400}]`, `[{"a": "\ud83d\ude00"}]`, `["id:one", "id:two"]`, `[1]`, `{"a": 1}`, `[{"a": 0.5E-3}, {"b": -12.25e+2}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		raw = bytes.TrimSpace(raw)
		var want []Args
		wantOK := json.Unmarshal(raw, &want) == nil && string(raw) != "null"
		var got []Args
		if ok := decodeKwargs(raw, &got); ok != wantOK || (ok && !reflect.DeepEqual(got, want)) {
			t.Errorf("decodeKwargs(%s) = %#v, %v; want %#v, %v", raw, got, ok, want, wantOK)
		}
		var wantIDs []string
		wantOK = json.Unmarshal(raw, &wantIDs) == nil && string(raw) != "null"
		var gotIDs []string
		if ok := decodeIDs(raw, &gotIDs); ok != wantOK || (ok && !reflect.DeepEqual(gotIDs, wantIDs)) {
			t.Errorf("decodeIDs(%s) = %#v, %v; want %#v, %v", raw, gotIDs, ok, wantIDs, wantOK)
		}
	})
}

// FuzzQuickPromptFieldsMatchesMembers holds the one-pass reader of a
// prompt record to the reading of its members: whatever it accepts must
// read the same.
func FuzzQuickPromptFieldsMatchesMembers(f *testing.F) {
	for _, s := range []string{
		`{"key": 1000, "prompt": "Write.", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}`,
		`{"key": "12", "prompt": "a\nb", "instruction_id_list": [], "kwargs": []}`,
		`{"key": "1\u0032", "prompt": "x", "instruction_id_list": ["a:b"], "kwargs": [{"N": null, "n": 2.0}]}`,
		`{"key": 1, "key": 2, "prompt": "x", "instruction_id_list": [], "kwargs": []}`,
		`{"key": 1, "prompt": null, "instruction_id_list": null, "kwargs": null}`,
		`{"prompt": "x", "instruction_id_list": [], "kwargs": [], "key": -0}`,
		`{"key": 1, "prompt": "x", "instruction_id_list": [], "kwargs": [], "extra": 1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := quickPromptFields(b)
		if !ok {
			return
		}
		want, err := memberPromptFields(b)
		if err != nil {
			t.Fatalf("quickPromptFields(%s) accepted a line members refuses: %v", b, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("quickPromptFields(%s) = %#v; members give %#v", b, got, want)
		}
	})
}

// TestPairWriterWritesAsWriteResult checks that the results PairWriter
// writes, with the prompt and response encoded once, are the lines
// WriteResult writes for each mode.
func TestPairWriterWritesAsWriteResult(t *testing.T) {
	pairs := [][2]PromptResult{
		{{Prompt: "Say \"hi\" — twice.\n", Response: "hi 😀 hi\t\\", FollowAll: true, Instructions: []InstructionResult{{ID: "a:b", Followed: true}}},
			{Prompt: "Say \"hi\" — twice.\n", Response: "hi 😀 hi\t\\", FollowAll: true, Instructions: []InstructionResult{{ID: "a:b", Followed: true}}}},
		{{Prompt: "p", Response: "", Instructions: []InstructionResult{{ID: "a:b"}, {ID: "c:d", Followed: true}}},
			{Prompt: "p", Response: "", FollowAll: true, Instructions: []InstructionResult{{ID: "a:b", Followed: true}, {ID: "c:d", Followed: true}}}},
		{{Prompt: "one", Response: "x"}, {Prompt: "other", Response: "y"}},
	}
	var gotS, gotL, wantS, wantL bytes.Buffer
	bs, bl := bufio.NewWriter(&gotS), bufio.NewWriter(&gotL)
	pw := NewPairWriter(bs, bl)
	for _, p := range pairs {
		pw.Write(p[0], p[1])
	}
	bs.Flush()
	bl.Flush()
	for _, p := range pairs {
		if err := WriteResults(&wantS, p[:1]); err != nil {
			t.Fatal(err)
		}
		if err := WriteResults(&wantL, p[1:]); err != nil {
			t.Fatal(err)
		}
	}
	if gotS.String() != wantS.String() || gotL.String() != wantL.String() {
		t.Errorf("PairWriter wrote\n%s%s\nWriteResult writes\n%s%s", gotS.String(), gotL.String(), wantS.String(), wantL.String())
	}
}
