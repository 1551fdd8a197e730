package strictjson

import (
	"encoding/json"
	"testing"
)

type judgeOut struct {
	Correctness string            `json:"correctness"`
	Constraints map[string]string `json:"constraints"`
}

type rec struct {
	ID       string              `json:"id"`
	Response *string             `json:"response"`
	Judges   map[string]judgeOut `json:"judges"`
	Tags     []struct {
		Name string `json:"name"`
	} `json:"tags"`
	Extra json.RawMessage `json:"extra"`
	Count *int64          `json:"count"`
	Small uint8           `json:"small"`
	Score float64         `json:"score"`
	Line  int             `json:"-"`
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, reason string
		in           string
		want         string // Error(), "" for none
	}{
		{name: "good", reason: "every known key once", in: `{"id": "a", "response": "r", "judges": {"j1": {"correctness": "x", "constraints": {"c": "y"}}}}`},
		{name: "free keys", reason: "map keys and raw values take any key", in: `{"judges": {"any name": {}}, "extra": {"x": {"y": 1}}}`},
		{name: "invalid UTF-8", reason: "Lines hands such a line over as nil", in: "\x00nil", want: "invalid UTF-8"},
		{name: "array", reason: "a JSON array file is the usual mistake", in: `[{"id": "a"}]`, want: "a JSON array, not one JSON object per line (JSONL)"},
		{name: "not JSON", reason: "not an object at all", in: `id: a`, want: "not a JSON object"},
		{name: "blank", reason: "nothing is not an object", in: `  `, want: "not a JSON object"},
		{name: "type", reason: "the field and the column are named", in: `{"id": 1}`, want: "id: column 8: want a JSON string, got number"},
		{name: "nested type", reason: "the path of struct fields is named, as encoding/json gives it", in: `{"judges": {"j": {"correctness": true}}}`, want: "judges.correctness: column 37: want a JSON string, got bool"},
		{name: "fraction for a whole number", reason: "a count is said as one, not as a JSON number that is already one", in: `{"count": 1.0}`, want: "count: column 13: want a whole number from -9223372036854775808 to 9223372036854775807, got 1.0"},
		{name: "whole number too large", reason: "the range is named", in: `{"count": 9223372036854775808}`, want: "count: column 29: want a whole number from -9223372036854775808 to 9223372036854775807, got 9223372036854775808"},
		{name: "unsigned", reason: "an unsigned range starts at 0", in: `{"small": -1}`, want: "small: column 12: want a whole number from 0 to 255, got -1"},
		{name: "number out of range", reason: "not a type mismatch: the number is too large", in: `{"score": 1e400}`, want: "score: column 15: number 1e400 out of range"},
		{name: "truncated", reason: "the line ends inside the object", in: `{"id": "a", "resp`, want: "column 17: truncated JSON: the line ends before the object does"},
		{name: "syntax", reason: "a malformed line names its column", in: `{"id": "a",}`, want: "column 12: invalid character '}' looking for beginning of object key string"},
		{name: "trailing", reason: "one value per line", in: `{"id": "a"} {}`, want: "column 13: invalid character '{' after top-level value"},
		{name: "unknown", reason: "a misspelt field would be lost", in: `{"id": "a", "responce": "r"}`, want: "responce: unknown field"},
		{name: "case", reason: "keys match exactly, not as encoding/json ignoring case", in: `{"ID": "a"}`, want: "ID: unknown field"},
		{name: "nested unknown", reason: "a struct inside a map is checked too", in: `{"judges": {"j": {"verdict": "x"}}}`, want: "verdict: unknown field"},
		{name: "unknown in slice element", reason: "elements of a slice of structs are checked", in: `{"tags": [{"name": "a"}, {"nmae": "b"}]}`, want: "nmae: unknown field"},
		{name: "duplicate", reason: "encoding/json would keep the last silently", in: `{"id": "a", "id": "b"}`, want: "id: duplicate key"},
		{name: "escaped duplicate", reason: "keys compare as JSON reads them", in: `{"response": "a", "respons\u0065": "b"}`, want: "response: duplicate key"},
		{name: "duplicate map key", reason: "a judge given twice", in: `{"judges": {"j": {}, "j": {}}}`, want: "j: duplicate key"},
		{name: "duplicate in raw value", reason: "free values still hold each key once", in: `{"extra": {"a": 1, "a": 2}}`, want: "a: duplicate key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(tt.in)
			if tt.in == "\x00nil" {
				data = nil
			}
			var r rec
			got := ""
			if err := Decode(data, &r); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Decode(%s) = %q, want %q (%s)", tt.in, got, tt.want, tt.reason)
			}
		})
	}
}

func TestDecodeOpen(t *testing.T) {
	var r rec
	if err := DecodeOpen([]byte(`{"id": "a", "model": "m", "judges": {"j": {"verdict": 1}}}`), &r); err != nil || r.ID != "a" {
		t.Errorf("DecodeOpen skips unknown keys: got %v, %+v", err, r)
	}
	if err := DecodeOpen([]byte(`{"id": "a", "model": 1, "model": 2}`), &r); err == nil || err.Error() != "model: duplicate key" {
		t.Errorf("DecodeOpen refuses duplicate keys: got %v", err)
	}
}

func TestLooseStringAndHas(t *testing.T) {
	if got := LooseString([]byte(`{"id": "a", "response": 1}`), "id"); got != "a" {
		t.Errorf("LooseString = %q, want a", got)
	}
	if got := LooseString([]byte(`{"id": 1}`), "id"); got != "" {
		t.Errorf("LooseString of a number = %q, want none", got)
	}
	for _, c := range []struct {
		in            string
		present, null bool
	}{{`{}`, false, false}, {`{"response": null}`, true, true}, {`{"response": ""}`, true, false}} {
		if p, n := Has([]byte(c.in), "response"); p != c.present || n != c.null {
			t.Errorf("Has(%s) = %v, %v; want %v, %v", c.in, p, n, c.present, c.null)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"id": "a", "judges": {"j": {"constraints": {"c": "x"}}}}`))
	f.Add([]byte(`{"id": "a", "id": "b"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r rec
		if Decode(data, &r) != nil {
			return
		}
		// What Decode accepts, encoding/json decodes to the same record.
		var want rec
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("Decode accepted %q, encoding/json refuses it: %v", data, err)
		}
	})
}
