// Package jsonobj splits one JSON object into its members in a single
// pass, for the line-oriented readers that only need a record's top-level
// fields: encoding/json reads a line twice (it validates, then decodes) and
// walks every long string value through its state machine both times.
//
// Members never disagrees with encoding/json: whatever it accepts,
// json.Unmarshal into a map[string]json.RawMessage accepts too and gives
// the same map (FuzzMembers holds the two together). What it leaves alone
// (anything malformed, keys with escapes or invalid UTF-8, a top level
// that is not an object) it reports with ok false, and the caller reads the
// line with encoding/json, which decodes it or says what is wrong.
package jsonobj

import (
	"encoding/json"
	"unicode/utf8"
)

// Members returns the members of the JSON object b, as json.Unmarshal into
// a map[string]json.RawMessage would: the last of repeated keys wins, and
// each value is its exact bytes, without the white space around it. The
// values share b's memory. ok is false for anything Members leaves to
// encoding/json (see the package comment).
//
// String values are checked here (no control characters, only JSON's
// escapes); other values, short in the records this is for, are checked by
// json.Valid.
func Members(b []byte) (m map[string]json.RawMessage, ok bool) {
	i := skipSpace(b, 0)
	if i == len(b) || b[i] != '{' {
		return nil, false
	}
	m = map[string]json.RawMessage{}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		if skipSpace(b, i+1) != len(b) {
			return nil, false
		}
		return m, true
	}
	for {
		if i == len(b) || b[i] != '"' {
			return nil, false
		}
		end, plain := stringEnd(b, i)
		if end < 0 || !plain || !utf8.Valid(b[i+1:end-1]) {
			return nil, false
		}
		key := string(b[i+1 : end-1])
		i = skipSpace(b, end)
		if i == len(b) || b[i] != ':' {
			return nil, false
		}
		start := skipSpace(b, i+1)
		stop := valueEnd(b, start)
		if stop < 0 {
			return nil, false
		}
		m[key] = json.RawMessage(b[start:stop])
		i = skipSpace(b, stop)
		if i == len(b) {
			return nil, false
		}
		switch b[i] {
		case '}':
			if skipSpace(b, i+1) != len(b) {
				return nil, false
			}
			return m, true
		case ',':
			i = skipSpace(b, i+1)
		default:
			return nil, false
		}
	}
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the JSON string that starts with
// the quote at b[i], and whether it holds no escape; -1 if it is not a
// well-formed string (a control character, an unknown escape, a \u without
// four hexadecimal digits, no closing quote). Invalid UTF-8 is well formed
// for encoding/json, which keeps such bytes in a raw value.
func stringEnd(b []byte, i int) (int, bool) {
	plain := true
	j := i + 1
	for j < len(b) {
		c := b[j]
		switch {
		case c == '"':
			return j + 1, plain
		case c < 0x20:
			return -1, false
		case c != '\\':
			j++
			continue
		}
		plain = false
		if j+1 == len(b) {
			return -1, false
		}
		switch b[j+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			j += 2
		case 'u':
			if j+6 > len(b) {
				return -1, false
			}
			for _, h := range b[j+2 : j+6] {
				if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
					return -1, false
				}
			}
			j += 6
		default:
			return -1, false
		}
	}
	return -1, false
}

// valueEnd returns the index just past the JSON value that starts at b[i],
// or -1 if there is none. A string is checked by stringEnd; anything else
// runs to its closing bracket (or, for a number or literal, to the next
// separator or white space) and must satisfy json.Valid, so a wrong guess
// at its end can only refuse, never accept, a line.
func valueEnd(b []byte, i int) int {
	if i == len(b) {
		return -1
	}
	if b[i] == '"' {
		end, _ := stringEnd(b, i)
		return end
	}
	j, depth := i, 0
scan:
	for j < len(b) {
		switch b[j] {
		case '"':
			end, _ := stringEnd(b, j)
			if end < 0 {
				return -1
			}
			j = end
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				break scan
			}
			depth--
			if depth == 0 {
				j++
				break scan
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				break scan
			}
		}
		j++
	}
	if j == i || !json.Valid(b[i:j]) {
		return -1
	}
	return j
}
