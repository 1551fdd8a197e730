package strictjson

import "testing"

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
