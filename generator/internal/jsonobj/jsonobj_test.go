package jsonobj

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/demotest"
)

// check fails t if Members accepts b where encoding/json does not, or
// gives another map. It returns whether Members accepted b.
func check(t *testing.T, b []byte) bool {
	t.Helper()
	var want map[string]json.RawMessage
	werr := json.Unmarshal(b, &want)
	got, ok := Members(b)
	if !ok {
		if got != nil {
			t.Errorf("Members(%q) refused but returned %v", b, got)
		}
		return false
	}
	if werr != nil {
		t.Errorf("Members(%q) accepted what encoding/json refuses: %v", b, werr)
		return true
	}
	if want == nil {
		want = map[string]json.RawMessage{}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Members(%q) (-encoding/json +Members):\n%s", b, diff)
	}
	return true
}

var cases = []struct {
	in   string
	fast bool // whether Members reads it itself
}{
	{`{}`, true},
	{" \t{ }\r\n", true},
	{`{"prompt": "a", "response": "b"}` + "\n", true},
	{"{\"prompt\": \"a\", \"response\": \"b\"}\r\n", true},
	{`{"a": "x\"y\\z\/\b\f\n\r\t\u00e9\uD83D\uDE00\ud800", "a": "last"}`, true},
	{`{"key": 1000, "prompt": "p", "instruction_id_list": ["a:b", "c:d"], "kwargs": [{}, {"n": 3, "s": "]}"}]}`, true},
	{`{"x": null, "y": true, "z": false, "n": -1.5e+3, "o": {"a": [1, [2, {"b": "}"}]]}}`, true},
	{"{\"bad utf8 value\": \"\xff\xfe\"}", true},
	{`{"ключ": "valid UTF-8 key"}`, true},
	// Left to encoding/json, which decodes or refuses them.
	{`{"k\u0065y": "escaped key"}`, false},
	{"{\"\xff\": \"invalid UTF-8 key\"}", false},
	{`null`, false},
	{`[1]`, false},
	{`"s"`, false},
	{`{"a": 1,}`, false},
	{`{"a" 1}`, false},
	{`{"a": }`, false},
	{`{"a": 1 "b": 2}`, false},
	{`{"a": 1}}`, false},
	{`{"a": 1} x`, false},
	{`{"a": [1, 2}`, false},
	{`{"a": [1, 2]]}`, false},
	{`{"a": 01}`, false},
	{`{"a": tru}`, false},
	{`{"a": 1"x"}`, false},
	{"{\"a\": \"tab\there\"}", false},
	{`{"a": "\x"}`, false},
	{`{"a": "\u12"}`, false},
	{`{"a": "\u12G4"}`, false},
	{`{"a": "open}`, false},
	{`{"a": "x\`, false},
	{"\ufeff{}", false},
	{`{`, false},
	{``, false},
}

func TestMembersAgreesWithEncodingJSON(t *testing.T) {
	for _, c := range cases {
		if got := check(t, []byte(c.in)); got != c.fast {
			t.Errorf("Members(%q) read it itself: %v, want %v", c.in, got, c.fast)
		}
	}
}

// TestMembersReadsBenchmarkFiles checks that the records of the shipped
// IFEval and IFBench prompt sets and the demo responses take the fast path
// (a change that sent them to encoding/json would pass every other test
// and lose the speed), and agree with encoding/json.
func TestMembersReadsBenchmarkFiles(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	files, err := filepath.Glob(filepath.Join(root, "benchmarks", "if*", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, demotest.Files(t, root, "if*.jsonl", demotest.Rescored...)...)
	if len(files) < 4 {
		t.Fatalf("found %d files, want the IFEval and IFBench prompt sets and demo responses: %v", len(files), files)
	}
	lines := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 4<<20)
		for n := 1; sc.Scan(); n++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			lines++
			if !check(t, sc.Bytes()) {
				t.Errorf("%s:%d: left to encoding/json", name, n)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if lines < 800 {
		t.Errorf("read %d records, want at least the 541 IFEval and 300 IFBench prompts", lines)
	}
}

func FuzzMembers(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		check(t, b)
	})
}

func BenchmarkMembers(b *testing.B) {
	line, _ := json.Marshal(map[string]any{
		"prompt":   "Write a 300+ word summary of the wikipedia page. Do not use any commas and highlight at least 3 sections.",
		"response": string(bytes.Repeat([]byte("Some *highlighted* text, with \"quotes\" and a new line.\n"), 30)),
	})
	b.Run("jsonobj", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		for b.Loop() {
			if _, ok := Members(line); !ok {
				b.Fatal("refused")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		for b.Loop() {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(line, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

var quoted = []string{`"plain"`, `"a\nb\t\"c\"\\d\/e\bf\fg\rh"`, `"\u00e9\u4e2d\u0000\uFFFF"`, `"\ud83d\ude00"`, `"\ud83d"`,
	`"\ude00\ud83d"`, "\"\xff\xfe\"", "\"caf\xc3\xa9\"", `""`, `"\u12"`, `"\x"`, `"a"b"`, "\"tab\there\"", `"`, `x`, `"\"`}

// longQuoted are literals longer than the eight bytes Special reads at a
// time, with what it looks for (an escape, a control character, a
// backslash run, bytes of several-byte characters around them) at every
// offset modulo eight, and a quote after an escaped backslash.
func longQuoted() [][]byte {
	var out [][]byte
	for _, mid := range []string{`\n`, `\\`, `\"`, `\u00e9`, `\ud83d\ude00`, "\t", "\x1f", "\x7f", "é", "\xe2\x82", `\q`, `\\"`} {
		for k := range 17 {
			out = append(out, []byte(`"`+strings.Repeat("abcdéfgh", 2)[:k]+mid+"tail of more than eight bytes"+`"`))
		}
	}
	return out
}

// FuzzUnquote holds Unquote and StringAt to json.Unmarshal into a string:
// whatever they decode, encoding/json decodes to the same string. Its
// seeds run with every go test.
func FuzzUnquote(f *testing.F) {
	for _, q := range quoted {
		f.Add([]byte(q))
	}
	for _, q := range longQuoted() {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want string
		werr := json.Unmarshal(raw, &want)
		if got, ok := Unquote(raw); ok && (werr != nil || got != want) {
			t.Errorf("Unquote(%q) = %q; encoding/json: %q, %v", raw, got, want, werr)
		}
		checkInPlace(t, raw)
		got, end, ok := StringAt(raw, 0)
		if !ok {
			return
		}
		if werr := json.Unmarshal(raw[:end], &want); werr != nil || got != want {
			t.Errorf("StringAt(%q) = %q up to %d; encoding/json: %q, %v", raw, got, end, want, werr)
		}
	})
}

// checkInPlace holds UnquoteInPlace to encoding/json on raw, a literal
// whose text is valid UTF-8 with no unescaped quote inside (as its
// callers make sure): the same string when encoding/json decodes it; a
// refusal when it refuses, with the text from the fault on untouched and
// refused by encoding/json with the same message.
func checkInPlace(t *testing.T, raw []byte) {
	t.Helper()
	if len(raw) < 2 || raw[0] != '"' || QuoteEnd(raw, 0) != len(raw)-1 || !utf8.Valid(raw) {
		return
	}
	var want string
	werr := json.Unmarshal(raw, &want)
	body := raw[1 : len(raw)-1]
	b := bytes.Clone(body)
	n, bad, ok := UnquoteInPlace(b)
	switch {
	case ok != (werr == nil):
		t.Errorf("UnquoteInPlace(%q): ok %v; encoding/json: %v", body, ok, werr)
	case ok && string(b[:n]) != want:
		t.Errorf("UnquoteInPlace(%q) = %q, encoding/json %q", body, b[:n], want)
	case !ok && !bytes.Equal(b[bad:], body[bad:]):
		t.Errorf("UnquoteInPlace(%q) refused it at %d but wrote over what follows: %q", body, bad, b)
	case !ok:
		var s string
		err := json.Unmarshal([]byte(`"`+string(b[bad:])+`"`), &s)
		if err == nil || err.Error() != werr.Error() {
			t.Errorf("UnquoteInPlace(%q) refused it at %d, where encoding/json says %v, not %v", body, bad, err, werr)
		}
	}
}

// TestUnquoteInPlace holds UnquoteInPlace to encoding/json on the seeds
// of FuzzUnquote, on surrogates whole, lone and broken, and on literals
// whose bad escape comes after good ones.
func TestUnquoteInPlace(t *testing.T) {
	for _, q := range quoted {
		checkInPlace(t, []byte(q))
	}
	for _, q := range longQuoted() {
		checkInPlace(t, q)
	}
	for _, q := range []string{
		`"a\nb\u00e9c\x"`, `"\n\t\u4e2d\ud83d\ude00"`, "\"a\\nb\x01\"", `"\n\u12"`, `"\n\"`,
		`"é\u00e9\/\b\f\r\"\\"`, `"\u0000\u007f\u0080\u07ff\u0800\uffff"`,
		`"\ud83d"`, `"\ude00x"`, `"\ud83d\u0041"`, `"\ud83d\ud83d\ude00"`, `"\ud83d\uZZZZ"`, `"\ud83d\"`, `"\ud83d\n"`, `"a\uDBFF\uDFFFb"`,
	} {
		checkInPlace(t, []byte(q))
	}
	b := []byte(`x\ny`)
	if n, _, ok := UnquoteInPlace(b); !ok || string(b[:n]) != "x\ny" {
		t.Errorf(`UnquoteInPlace(x\ny) = %q, %v`, b[:n], ok)
	}
}

// TestSpecial holds Special to a byte-at-a-time search, at every offset
// and with bytes of every value before and after the one it finds.
func TestSpecial(t *testing.T) {
	slow := func(b []byte) int {
		for i, c := range b {
			if c == '\\' || c < 0x20 {
				return i
			}
		}
		return len(b)
	}
	b := make([]byte, 24)
	for c := range 256 {
		for at := range len(b) {
			for i := range b {
				b[i] = byte(c+i*37) | 0x20
				if b[i] == '\\' {
					b[i] = 'a'
				}
			}
			b[at] = byte(c)
			if got, want := Special(b), slow(b); got != want {
				t.Fatalf("Special(%q) = %d, want %d", b, got, want)
			}
		}
	}
}

// TestUnquoteLong holds Unquote to encoding/json on the long seeds, and
// checks it decodes those encoding/json decodes without a surrogate.
func TestUnquoteLong(t *testing.T) {
	for _, raw := range longQuoted() {
		var want string
		werr := json.Unmarshal(raw, &want)
		got, ok := Unquote(raw)
		if ok && (werr != nil || got != want) {
			t.Errorf("Unquote(%q) = %q; encoding/json: %q, %v", raw, got, want, werr)
		}
		if !ok && werr == nil && !bytes.Contains(raw, []byte(`\ud8`)) && utf8.Valid(raw) {
			t.Errorf("Unquote(%q) refused what encoding/json decodes", raw)
		}
	}
}

func TestUnquote(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{`"plain"`, "plain", true},
		{`"a\nb\t\"c\"\\d\/e\bf\fg\rh"`, "a\nb\t\"c\"\\d/e\bf\fg\rh", true},
		{`"\u00e9\u4E2D\u0000"`, "é中\x00", true},
		{`"\ud83d\ude00"`, "", false}, // surrogates: left to encoding/json
		{"\"\xff\"", "", false},       // invalid UTF-8: encoding/json replaces it
		{`"\x"`, "", false},
		{`"a"b"`, "", false},
		{`plain`, "", false},
	} {
		got, ok := Unquote([]byte(c.in))
		if got != c.want || ok != c.ok {
			t.Errorf("Unquote(%s) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestObjectNested reads an object of objects with Object and StringAt, as
// the strict record readers do, and stops at the first value a member
// callback refuses.
func TestObjectNested(t *testing.T) {
	b := []byte(` {"a": {"x": "1", "y": "2"}, "b": {}} tail`)
	got := map[string]map[string]string{}
	end := Object(b, 0, func(key []byte, at int) int {
		inner := map[string]string{}
		got[string(key)] = inner
		return Object(b, at, func(k []byte, at int) int {
			s, end, ok := StringAt(b, at)
			if !ok {
				return -1
			}
			inner[string(k)] = s
			return end
		})
	})
	want := map[string]map[string]string{"a": {"x": "1", "y": "2"}, "b": {}}
	if end != len(b)-len(" tail") || !cmp.Equal(got, want) {
		t.Errorf("Object = %d, %v; want %d, %v", end, got, len(b)-len(" tail"), want)
	}
	if end := Object([]byte(`{"a": 1}`), 0, func([]byte, int) int { return -1 }); end != -1 {
		t.Errorf("Object with a refusing member = %d, want -1", end)
	}
	for _, bad := range []string{`{"a" "1"}`, `{"a": "1",}`, `{"a": "1"`, `["a"]`, `{"\u0061": "1"}`, `{a: "1"}`} {
		if end := Object([]byte(bad), 0, func(_ []byte, at int) int { _, e, _ := StringAt([]byte(bad), at); return e }); end != -1 {
			t.Errorf("Object(%s) = %d, want -1", bad, end)
		}
	}
}

// BenchmarkUnquoteInPlace decodes GPT-4-like answers: about 1.2 KB of
// text with an escape every 70 bytes (new lines, quotes, a \u escape).
//
//	go test -run '^$' -bench UnquoteInPlace ./generator/internal/jsonobj
func BenchmarkUnquoteInPlace(b *testing.B) {
	para := `The results, taken together, suggest a clear pattern: first the method works on small inputs.\n` +
		`Second, it scales to \"large\" ones without loss \u2014 as the table shows.\n\n`
	src := []byte(strings.Repeat(para, 7))
	buf := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		copy(buf, src)
		if _, _, ok := UnquoteInPlace(buf); !ok {
			b.Fatal("refused")
		}
	}
}
