package strictjson

import (
	"fmt"
	"strings"
	"testing"
)

func TestDuplicateKey(t *testing.T) {
	tests := []struct {
		name, reason string
		json, want   string
	}{
		{name: "none", reason: "distinct keys", json: `{"a":1,"b":{"a":2}}`, want: ""},
		{name: "top level", reason: "encoding/json would keep the last silently", json: `{"id":"x","response":"r","id":"y"}`, want: "id"},
		{name: "nested", reason: "a judge given twice", json: `{"judges":{"j1":{},"j1":{}}}`, want: "j1"},
		{name: "same key in sibling objects", reason: "keys are per object", json: `[{"a":1},{"a":2}]`, want: ""},
		{name: "key after nested object", reason: "the outer object's keys survive the inner one", json: `{"a":{"b":1},"c":[1,{"a":1}],"a":2}`, want: "a"},
		{name: "escaped quote in value", reason: "string scanning honours escapes", json: `{"a":"x\"y","b":"\\","a":1}`, want: "a"},
		{name: "backslash runs before quotes", reason: "an odd run escapes the quote, an even one does not", json: `{"a":"\\\"a\":1","b":"\\\\","a":1}`, want: "a"},
		{name: "escaped key", reason: "a key that ends in an escaped backslash", json: `{"x\\":1,"y":"\\\\\"","x\\":2}`, want: "x\\"},
		{name: "colon and comma in strings", reason: "punctuation inside strings is not structure", json: `{"a":"1,\"b\":2","b":3}`, want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, _ := checkKeys([]byte(tt.json), nil); got != tt.want {
				t.Errorf("checkKeys(%s) = %q, want %q (%s)", tt.json, got, tt.want, tt.reason)
			}
		})
	}
}

// manyKeysLine is one object holding n distinct keys, then extra.
func manyKeysLine(n int, extra string) []byte {
	var b strings.Builder
	b.WriteString(`{"judges": {`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"j%d": "YES"`, i)
	}
	b.WriteString(extra)
	b.WriteString("}}")
	return []byte(b.String())
}

// TestDuplicateAmongManyKeys finds a repeated key wherever it stands in
// an object of many keys, before and after checkKeys moves to a set.
func TestDuplicateAmongManyKeys(t *testing.T) {
	for _, tc := range []struct {
		n     int
		extra string
		want  string
	}{
		{manyKeys - 1, `,"j3": "NO"`, "j3"},
		{manyKeys, `,"j3": "NO"`, "j3"},
		{manyKeys + 1, `,"j15": "NO"`, "j15"},
		{1000, `,"j999": "NO"`, "j999"},
		{1000, `,"j0": "NO"`, "j0"},
		{1000, `,"x": "NO"`, ""},
	} {
		key, dup := checkKeys(manyKeysLine(tc.n, tc.extra), nil)
		if key != tc.want || dup != (tc.want != "") {
			t.Errorf("%d keys then %s: got (%q, %v), want %q", tc.n, tc.extra, key, dup, tc.want)
		}
	}
}

// BenchmarkManyKeys checks the keys of objects of 1,000 and 100,000 keys:
// the time per key stays flat (it grew with the number of keys when each
// key was compared with every earlier one).
func BenchmarkManyKeys(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		line := manyKeysLine(n, "")
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			for b.Loop() {
				if key, _ := checkKeys(line, nil); key != "" {
					b.Fatal(key)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/key")
		})
	}
}
