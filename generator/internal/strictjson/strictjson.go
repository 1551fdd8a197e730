// Package strictjson decodes one JSON object, a line of a JSONL file or a
// record sent to the reward server, strictly: a key the target type does
// not have, a key given twice, a value of the wrong type and data after the
// object are errors, each naming the field at fault and, where the JSON
// text itself is at fault, the column. It is the one decoder of records:
// ingest, records and the reward path use it, so that every reader
// refuses the same lines with the same words. It reads no files.
//
// Keys are matched exactly, not ignoring case as encoding/json does: a
// record of {"id": "a", "ID": "b"} would otherwise keep "b" silently.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
)

// Error is one reason a line is not a record.
type Error struct {
	// Field is the dotted path of the field at fault ("judges.j1"), or ""
	// for the line as a whole.
	Field string
	// Column is the byte offset in the line where the fault was found
	// (encoding/json's count), or 0 when a field names the place well
	// enough (an unknown or repeated key).
	Column int
	// Msg is the message, lower-case, without field or column.
	Msg string
}

// Text is the message with its column, as a line reader prints it after
// the field: "column 28: want a JSON string, got number".
func (e *Error) Text() string {
	if e.Column > 0 {
		return fmt.Sprintf("column %d: %s", e.Column, e.Msg)
	}
	return e.Msg
}

// Error formats e as "field: column N: message".
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Text()
	}
	return e.Field + ": " + e.Text()
}

// Decode decodes data, one JSON object, into v, a pointer to a struct (or
// map) with json tags. data nil stands for a line that is not valid UTF-8
// (ingest.Lines hands such lines over as nil). It returns nil or the first
// problem met: the line is not an object, is malformed or truncated, holds
// a value of the wrong type, a key v's type does not have (at any depth:
// map keys are free, struct keys are not), a key twice in one object, or
// data after the object ("invalid character ',' after top-level value",
// as encoding/json says). On error *v must be discarded.
func Decode(data []byte, v any) *Error { return decode(data, v, true) }

// DecodeOpen is Decode for a file whose format leaves room for more keys
// than v has (a benchmark's items, the official tools' responses): a key
// v lacks is skipped, every other check is Decode's.
func DecodeOpen(data []byte, v any) *Error { return decode(data, v, false) }

func decode(data []byte, v any, strict bool) *Error {
	if data == nil {
		return &Error{Msg: "invalid UTF-8"}
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		if len(t) > 0 && t[0] == '[' {
			return &Error{Msg: "a JSON array, not one JSON object per line (JSONL)"}
		}
		return &Error{Msg: "not a JSON object"}
	}
	if err := json.Unmarshal(data, v); err != nil {
		return jsonError(data, err)
	}
	var schema *node // nil: any key
	if strict {
		schema = schemaOf(reflect.TypeOf(v))
	}
	if key, dup := checkKeys(data, schema); key != "" {
		if dup {
			return &Error{Field: key, Msg: "duplicate key"}
		}
		// Usually a misspelt field whose value would be lost.
		return &Error{Field: key, Msg: "unknown field"}
	}
	return nil
}

// jsonError turns an error of json.Unmarshal into an *Error.
func jsonError(data []byte, err error) *Error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return &Error{Field: te.Field, Column: int(te.Offset), Msg: typeMsg(te)}
	case errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end of JSON input"):
		return &Error{Column: len(data), Msg: "truncated JSON: the line ends before the object does"}
	case errors.As(err, &se):
		return &Error{Column: int(se.Offset), Msg: strings.TrimPrefix(se.Error(), "json: ")}
	case err == io.EOF:
		return &Error{Msg: "empty JSON"}
	}
	return &Error{Msg: strings.TrimPrefix(err.Error(), "json: ")}
}

// typeMsg says what is wrong with a value of the wrong type: a JSON
// number given for a whole number, or out of the range of the field, is
// said so, rather than as "want a JSON number, got number 1.0".
func typeMsg(te *json.UnmarshalTypeError) string {
	num, isNum := strings.CutPrefix(te.Value, "number ")
	t := te.Type
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch k := t.Kind(); {
	case !isNum || kindName(t) != "number":
	case k >= reflect.Int && k <= reflect.Int64:
		shift := 64 - t.Bits()
		return fmt.Sprintf("want a whole number from %d to %d, got %s", int64(math.MinInt64)>>shift, int64(math.MaxInt64)>>shift, num)
	case k >= reflect.Uint && k <= reflect.Uintptr:
		return fmt.Sprintf("want a whole number from 0 to %d, got %s", uint64(math.MaxUint64)>>(64-t.Bits()), num)
	default:
		return fmt.Sprintf("number %s out of range", num)
	}
	return fmt.Sprintf("want a JSON %s, got %s", kindName(te.Type), te.Value)
}

// kindName names the JSON type that decodes into t.
func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	}
	return t.Kind().String()
}

// LooseString returns the string value of the top-level key of data, a
// line that may not decode as a record, or "": the item id a problem of a
// bad line can still name.
func LooseString(data []byte, key string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	var s string
	if json.Unmarshal(m[key], &s) != nil {
		return ""
	}
	return s
}

// Has reports whether the top-level object data, a line Decode accepted,
// has key, and whether its value is null: what tells a missing field from
// a null one when both decode to the zero value.
func Has(data []byte, key string) (present, null bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return false, false
	}
	raw, ok := m[key]
	return ok, ok && string(bytes.TrimSpace(raw)) == "null"
}
