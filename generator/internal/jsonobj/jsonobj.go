// Package jsonobj reads JSON objects in a single pass, for the
// line-oriented readers of submissions and benchmark files: encoding/json
// reads a line twice (it validates, then decodes) and walks every long
// string through its state machine both times.
//
// Members splits an object into its raw members. Object, StringAt and
// Unquote are what a strict reader of one record shape is built from
// (ingest's quick readers). None of them disagrees with encoding/json:
// whatever they accept, encoding/json accepts too, with the same result
// (FuzzMembers and FuzzUnquote hold them together). What they leave alone
// (anything malformed, keys with escapes or invalid UTF-8, surrogate
// escapes, a top level that is not an object) they report with ok false
// or -1, and the caller reads the line with encoding/json, which decodes
// it or says what is wrong.
package jsonobj

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strings"
	"unicode/utf16"
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
	m = map[string]json.RawMessage{}
	end := Object(b, 0, func(key []byte, at int) int {
		stop := valueEnd(b, at)
		if stop >= 0 {
			m[string(key)] = json.RawMessage(b[at:stop])
		}
		return stop
	})
	if end < 0 || SkipSpace(b, end) != len(b) {
		return nil, false
	}
	return m, true
}

// Object reads the JSON object that starts at b[i], after any white space,
// and returns the index just past its closing brace, or -1 if it is not
// one. For each member, in order, it calls member with the key (the bytes
// between its quotes) and the index where the value starts (white space
// skipped); member reads the value and returns the index just past it, or
// -1 to stop with -1. Keys with escapes or invalid UTF-8 make Object
// return -1 (encoding/json reads such keys). Object checks the object's
// own syntax; the values are member's to check.
func Object(b []byte, i int, member func(key []byte, at int) int) int {
	i = SkipSpace(b, i)
	if i == len(b) || b[i] != '{' {
		return -1
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1
	}
	for {
		if i == len(b) || b[i] != '"' {
			return -1
		}
		end, plain := stringEnd(b, i)
		if end < 0 || !plain || !utf8.Valid(b[i+1:end-1]) {
			return -1
		}
		key := b[i+1 : end-1]
		i = SkipSpace(b, end)
		if i == len(b) || b[i] != ':' {
			return -1
		}
		stop := member(key, SkipSpace(b, i+1))
		if stop < 0 {
			return -1
		}
		i = SkipSpace(b, stop)
		if i == len(b) {
			return -1
		}
		switch b[i] {
		case '}':
			return i + 1
		case ',':
			i = SkipSpace(b, i+1)
		default:
			return -1
		}
	}
}

// StringAt reads the JSON string that starts with the quote at b[i] and
// returns its value and the index just past it; ok is false if there is no
// well-formed string there, or one Unquote leaves to encoding/json.
//
// QuoteEnd finds the closing quote (each run of backslashes is counted
// once, so this is linear; bytes.IndexByte passes over the text between
// quotes quickly), utf8.Valid checks the text and UnquoteBody decodes
// it.
func StringAt(b []byte, i int) (s string, end int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return "", -1, false
	}
	j := QuoteEnd(b, i)
	if j < 0 {
		return "", -1, false
	}
	if !utf8.Valid(b[i+1 : j]) {
		return "", -1, false
	}
	if s, ok = UnquoteBody(b[i+1 : j]); !ok {
		return "", -1, false
	}
	return s, j + 1, true
}

// QuoteEnd returns the index of the quote that closes the JSON string
// opened by the quote at b[i] (i < len(b)): the first quote after it not escaped, that
// is, not after an odd run of backslashes; -1 if there is none. It does not
// check what lies between.
func QuoteEnd(b []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		j += k
		n := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return j
		}
		j++
	}
}

// Unquote returns the string the JSON string literal raw denotes, as
// json.Unmarshal into a string would, for the usual literals: valid UTF-8,
// JSON's escapes, \uXXXX outside the surrogates. ok is false for anything
// else (a surrogate escape, invalid UTF-8, anything malformed), which
// encoding/json then decodes or refuses.
func Unquote(raw []byte) (string, bool) {
	n := len(raw)
	if n < 2 || raw[0] != '"' || raw[n-1] != '"' || QuoteEnd(raw, 0) != n-1 || !utf8.Valid(raw[1:n-1]) {
		return "", false
	}
	return UnquoteBody(raw[1 : n-1])
}

// UnquoteBody is Unquote for the text b between the quotes of a literal
// whose closing quote QuoteEnd found (so no quote in b is unescaped) and
// whose bytes are known to be valid UTF-8: it does not check them again.
// Escapes produce whole characters, so the string is valid UTF-8 too. It
// looks for escapes and control characters eight bytes at a time
// (Special) and copies the text between them whole; a literal without
// escapes is one copy. ok is false for what it leaves to encoding/json:
// control characters, unknown escapes, surrogate escapes.
func UnquoteBody(b []byte) (string, bool) {
	i := Special(b)
	if i == len(b) {
		return string(b), true
	}
	var s strings.Builder
	s.Grow(len(b))
	for {
		s.Write(b[:i])
		if b = b[i:]; len(b) == 0 {
			return s.String(), true
		}
		// b starts with a backslash or a control character.
		switch {
		case b[0] != '\\':
			return "", false
		case len(b) >= 2 && escaped[b[1]] != 0:
			s.WriteByte(escaped[b[1]])
			b = b[2:]
		case len(b) >= 6 && b[1] == 'u':
			r, ok := hexRune(b[2:6])
			if !ok || utf16.IsSurrogate(r) {
				return "", false
			}
			s.WriteRune(r)
			b = b[6:]
		default:
			return "", false
		}
		i = Special(b)
	}
}

// UnquoteInPlace decodes the text b between the quotes of a JSON string
// literal into b itself, which an escape never makes longer, and returns
// the string's length: the string is b[:n]. As for UnquoteBody, b's
// closing quote was found by QuoteEnd and its bytes are valid UTF-8. It
// decodes what encoding/json decodes, surrogate escapes included (a pair
// is its character, a lone one U+FFFD), in one pass that looks for
// escapes and control characters eight bytes at a time (Special); a
// literal without escapes is not written at all, so that a caller who
// aliases b (a request body read whole) decodes it without copying a
// byte.
//
// ok is false where encoding/json refuses the literal (a control
// character, an unknown or short escape). Then b[:bad] has been written
// over, b[bad:] is as it was, and encoding/json refuses b[bad:] quoted
// with the same message as the whole literal: what precedes bad was good
// text.
func UnquoteInPlace(b []byte) (n, bad int, ok bool) {
	r := Special(b)
	w := r
	for r < len(b) {
		// b[r] is a backslash or a control character.
		switch {
		case b[r] != '\\':
			return w, r, false
		case r+1 < len(b) && escaped[b[r+1]] != 0:
			b[w] = escaped[b[r+1]]
			w, r = w+1, r+2
		case r+5 < len(b) && b[r+1] == 'u':
			c, ok := hexRune(b[r+2 : r+6])
			if !ok {
				return w, r, false
			}
			r += 6
			if utf16.IsSurrogate(c) {
				// As encoding/json: a pair is one character; a
				// surrogate that starts none is U+FFFD.
				next := rune(-1)
				if r+5 < len(b) && b[r] == '\\' && b[r+1] == 'u' {
					next, _ = hexRune(b[r+2 : r+6])
				}
				if c = utf16.DecodeRune(c, next); c != utf8.RuneError {
					r += 6
				}
			}
			w += utf8.EncodeRune(b[w:], c)
		default:
			return w, r, false
		}
		k := Special(b[r:])
		w += copy(b[w:], b[r:r+k])
		r += k
	}
	return w, 0, true
}

// hexRune is the rune of the four hexadecimal digits h of a \u escape; ok
// is false if one is not.
func hexRune(h []byte) (r rune, ok bool) {
	for _, c := range h {
		d := hexDigit[c]
		if d == 0 {
			return -1, false
		}
		r = r<<4 | rune(d-1)
	}
	return r, true
}

// escaped maps the letter of a one-letter JSON escape to its byte.
var escaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hexDigit maps a hexadecimal digit to its value plus one, anything else
// to 0.
var hexDigit = func() (t [256]byte) {
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i + 1)
	}
	for i, c := range "ABCDEF" {
		t[c] = byte(i + 11)
	}
	return t
}()

// Special returns the index of the first backslash or control character
// (below 0x20) in b, len(b) if there is none. Eight bytes at a time: in
// x - 0x2020…, a byte borrows into its high bit where it is below 0x20, and
// in y - 0x0101… (y = x with every byte xor '\\') where it is a backslash;
// masking each with the complement drops bytes whose own high bit was set.
// A borrow can flag a byte above a true match, never below one, so the
// lowest flagged byte is the first match.
func Special(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		y := x ^ 0x5c5c5c5c5c5c5c5c
		if m := ((x-0x2020202020202020)&^x | (y-0x0101010101010101)&^y) & 0x8080808080808080; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '\\' || b[i] < 0x20 {
			return i
		}
	}
	return len(b)
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func SkipSpace(b []byte, i int) int {
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
