package instr

import (
	"encoding/json"
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
