package instr

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
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

// pyStringSlow is json.dumps(s, ensure_ascii=True) written from Python's
// rule one character at a time: the quote, the backslash and \b \f \n \r
// \t escaped by letter, the other characters outside ' '..'~' as \uXXXX
// (lowercase), a surrogate pair above U+FFFF.
func pyStringSlow(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r >= ' ' && r <= '~':
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+r>>10, 0xdc00+r&0x3ff)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pyStringSeeds put each kind of character the encoder stops at (and
// bytes around them) at every offset modulo eight in a string longer
// than eight bytes.
func pyStringSeeds() []string {
	out := []string{"", "plain", "~\x7f\x80", "\U0001F600", "\uffff\u0100"}
	for _, mid := range []string{`"`, `\`, "\n", "\x00", "\x1f", " ", "~", "\x7f", "\u0080", "é", "—", "😀", "\u2028", "!#[]"} {
		for k := range 17 {
			out = append(out, strings.Repeat("abcdefgh", 3)[:k]+mid+"a tail of more than eight bytes")
		}
	}
	return out
}

// FuzzAppendPyString holds appendPyString to pyStringSlow on valid UTF-8,
// and checks that encoding/json reads back the text it encoded. Its
// seeds run with every go test.
func FuzzAppendPyString(f *testing.F) {
	for _, s := range pyStringSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got := string(appendPyString([]byte("prefix"), s))
		if want := "prefix" + pyStringSlow(s); got != want {
			t.Fatalf("appendPyString(%q) = %s, want %s", s, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got[len("prefix"):]), &back); err != nil || back != s {
			t.Fatalf("encoding/json reads %s as %q, %v; want %q", got, back, err, s)
		}
	})
}

// TestPyPlain holds pyPlain to a byte-at-a-time search at every offset,
// with every byte value at the place looked at.
func TestPyPlain(t *testing.T) {
	slow := func(s string) int {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
				return i
			}
		}
		return len(s)
	}
	b := []byte("abcdefghijklmnopqrstuvwx")
	for c := range 256 {
		for at := range b {
			s := string(b[:at]) + string([]byte{byte(c)}) + string(b[at+1:])
			if got, want := pyPlain(s), slow(s); got != want {
				t.Fatalf("pyPlain(%q) = %d, want %d", s, got, want)
			}
		}
	}
}

// TestJSONLinesAcceptsALineOfExactlyMaxLine holds the prompt reader to the
// board's (ingest.Lines): a line of exactly MaxLine bytes is within the
// limit whatever its line end, one byte more is refused.
func TestJSONLinesAcceptsALineOfExactlyMaxLine(t *testing.T) {
	full := strings.Repeat("x", MaxLine)
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"LF", full + "\n{}\n", true},
		{"CRLF", full + "\r\n{}\n", true},
		{"last line without a line end", "{}\n" + full, true},
		{"one byte over, LF", full + "x\n{}\n", false},
		{"one byte over, CRLF", full + "x\r\n{}\n", false},
		{"one byte over at the end", "{}\n" + full + "x", false},
	} {
		var lines []int
		err := jsonLines(strings.NewReader(tc.in), func(n int, _ []byte) bool { lines = append(lines, n); return true })
		switch {
		case tc.ok && (err != nil || len(lines) != 2):
			t.Errorf("%s: lines %v, error %v; want both lines read", tc.name, lines, err)
		case !tc.ok && (err == nil || !strings.Contains(err.Error(), "longer than 4 MiB")):
			t.Errorf("%s: error %v, want the line refused as longer than 4 MiB", tc.name, err)
		}
	}
}
