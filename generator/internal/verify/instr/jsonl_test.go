package instr

import (
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
