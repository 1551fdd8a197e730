package instr

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

// decodeIDs sets *dst to the JSON list of strings raw, a value of a
// record members has checked, and reports whether it is one (null is
// not), as json.Unmarshal into a []string would. The usual list is read
// here in one pass; json.Unmarshal decodes, or refuses, the others.
func decodeIDs(raw json.RawMessage, dst *[]string) bool {
	if ids, end, ok := quickList(raw, 0, func(b []byte, i int) (string, int, bool) { return jsonobj.StringAt(b, i) }); ok && end == len(raw) {
		*dst = ids
		return true
	}
	return json.Unmarshal(raw, dst) == nil && string(raw) != "null"
}

// decodeKwargs sets *dst to the JSON list of argument objects raw, a value
// of a record members has checked, and reports whether it is one, as
// json.Unmarshal into a []Args would. The usual list, of objects whose
// values are strings, numbers, booleans, null or lists of strings, is read
// here in one pass (the official IFBench files give every instruction an
// object of some forty keys, nearly all null, which encoding/json reads
// twice); json.Unmarshal decodes, or refuses, the others.
func decodeKwargs(raw json.RawMessage, dst *[]Args) bool {
	if kw, end, ok := quickList(raw, 0, quickArgs); ok && end == len(raw) {
		*dst = kw
		return true
	}
	return json.Unmarshal(raw, dst) == nil && string(raw) != "null"
}

// quickList reads the JSON array at b[i], after any white space, with
// elem reading each element at its index, returning the value and the
// index past it. It returns the elements and the index just past the
// closing bracket; ok is false for anything quickList or elem leave to
// encoding/json.
func quickList[T any](b []byte, i int, elem func(b []byte, i int) (T, int, bool)) (out []T, end int, ok bool) {
	i = jsonobj.SkipSpace(b, i)
	if i == len(b) || b[i] != '[' {
		return nil, -1, false
	}
	out = []T{}
	i = jsonobj.SkipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return out, i + 1, true
	}
	for {
		v, end, ok := elem(b, i)
		if !ok {
			return nil, -1, false
		}
		out = append(out, v)
		i = jsonobj.SkipSpace(b, end)
		if i == len(b) {
			return nil, -1, false
		}
		switch b[i] {
		case ']':
			return out, i + 1, true
		case ',':
			i = jsonobj.SkipSpace(b, i+1)
		default:
			return nil, -1, false
		}
	}
}

// quickArgs reads the argument object at b[i] as json.Unmarshal into an
// Args would (the last of repeated keys wins), when each value is a
// string, a number, a boolean, null or a list of strings.
func quickArgs(b []byte, i int) (Args, int, bool) {
	args := make(Args, argsHint(b, i))
	end := jsonobj.Object(b, i, func(key []byte, at int) int {
		v, end, ok := quickValue(b, at)
		if !ok {
			return -1
		}
		if name, known := argNames[string(key)]; known {
			args[name] = v
		} else {
			args[string(key)] = v
		}
		return end
	})
	return args, end, end >= 0
}

// argNames holds the name of every official argument, so that reading
// one does not allocate its name again.
var argNames = func() map[string]string {
	m := make(map[string]string, len(argKinds))
	for k := range argKinds {
		m[k] = k
	}
	return m
}()

// argsHint guesses how many members the object at b[i] has from the
// colons before its first closing brace, so that the map is made once:
// the official IFBench files give every instruction some forty keys.
func argsHint(b []byte, i int) int {
	end := bytes.IndexByte(b[i:], '}')
	if end < 0 {
		return 0
	}
	return min(bytes.Count(b[i:i+end], []byte{':'}), 64)
}

// quickValue reads the JSON value at b[i] as json.Unmarshal into an any
// would, when it is a string, a number, a boolean, null or a list of
// strings.
func quickValue(b []byte, i int) (any, int, bool) {
	if i >= len(b) {
		return nil, -1, false
	}
	switch c := b[i]; {
	case c == '"':
		return jsonobj.StringAt(b, i)
	case c == 'n':
		return nil, i + 4, hasWord(b, i, "null")
	case c == 't':
		return true, i + 4, hasWord(b, i, "true")
	case c == 'f':
		return false, i + 5, hasWord(b, i, "false")
	case c == '[':
		return quickList(b, i, func(b []byte, j int) (any, int, bool) { return jsonobj.StringAt(b, j) })
	case c == '-' || '0' <= c && c <= '9':
		end := numberEnd(b, i)
		if end < 0 {
			return nil, -1, false
		}
		f, err := strconv.ParseFloat(string(b[i:end]), 64)
		if err != nil {
			return nil, -1, false
		}
		return f, end, true
	}
	return nil, -1, false
}

// hasWord reports whether the literal w is at b[i], not followed by more
// of a literal.
func hasWord(b []byte, i int, w string) bool {
	end := i + len(w)
	return end <= len(b) && string(b[i:end]) == w && (end == len(b) || !isLiteralByte(b[end]))
}

func isLiteralByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '+' || c == '-' || c == '_'
}

// numberEnd returns the index just past the JSON number at b[i] (JSON's
// grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?), -1 if there is
// none or more of a literal follows it.
func numberEnd(b []byte, i int) int {
	digits := func(j int) int {
		k := j
		for k < len(b) && '0' <= b[k] && b[k] <= '9' {
			k++
		}
		return k
	}
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	switch {
	case j < len(b) && b[j] == '0':
		j++
	case j < len(b) && '1' <= b[j] && b[j] <= '9':
		j = digits(j)
	default:
		return -1
	}
	if j < len(b) && b[j] == '.' {
		k := digits(j + 1)
		if k == j+1 {
			return -1
		}
		j = k
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		k := digits(j)
		if k == j {
			return -1
		}
		j = k
	}
	if j < len(b) && isLiteralByte(b[j]) {
		return -1
	}
	return j
}
