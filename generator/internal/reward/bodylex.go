package reward

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"unsafe"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

// A lexer reads the JSON text of a request body as the decoder asks for
// it, token by token. A string is found by its closing quote
// (bytes.IndexByte) and decoded where it lies, in place
// (jsonobj.UnquoteInPlace): the strings a request holds are the bytes
// of its body, read once and never copied, which is several times faster
// than json.Decoder's byte-by-byte state machine and its copies over the
// megabytes of responses a batch carries. A malformed string goes to
// encoding/json, which says what is wrong with it.
//
// So the lexer never writes a byte it has handed out, nor reuses one: a
// full buffer is left to the strings made of it, and the part not yet
// read on moves to a new one. Given the body's size (Content-Length) the
// first buffer holds it all; the body is what the request holds, as its
// decoded strings were before.
type lexer struct {
	r    io.Reader
	buf  []byte // buf[pos:] is read but not consumed; buf[:pos] may be handed out
	pos  int
	size int   // the body's size, if known (0 if not): the first buffer's
	err  error // what ended the input: io.EOF, or the reader's error
}

// lexChunk is the least a new buffer holds beyond the value it carries
// over, and maxChunk the most it grows to when the body's size is unknown.
const (
	lexChunk = 32 << 10
	maxChunk = 1 << 20
)

// more reads into buf, moving buf[pos:] to a new buffer when buf is
// full; it reports false once the input has ended, with l.err saying how.
func (l *lexer) more() bool {
	if l.err != nil {
		return false
	}
	if len(l.buf) == cap(l.buf) {
		tail := l.buf[l.pos:]
		// One byte more than a known size, for the read that finds the
		// end.
		n := l.size + 1
		if l.buf != nil || l.size <= 0 {
			n = len(tail) + max(len(tail), min(2*cap(l.buf), maxChunk), lexChunk)
		}
		nb := make([]byte, len(tail), n)
		copy(nb, tail)
		l.buf, l.pos = nb, 0
	}
	for {
		n, err := l.r.Read(l.buf[len(l.buf):cap(l.buf)])
		l.buf = l.buf[:len(l.buf)+n]
		if err != nil {
			l.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

// bodyString is b, bytes of the body the lexer has handed out, as a
// string: they are never written again.
func bodyString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// endErr is the error of an input that ended inside a value.
func (l *lexer) endErr() error {
	if l.err == io.EOF || l.err == nil {
		return io.ErrUnexpectedEOF
	}
	return l.err
}

// peek returns the first byte after white space, without consuming it;
// ok is false at the end of the input.
func (l *lexer) peek() (c byte, ok bool) {
	for {
		for l.pos < len(l.buf) {
			switch c := l.buf[l.pos]; c {
			case ' ', '\t', '\n', '\r':
				l.pos++
			default:
				return c, true
			}
		}
		if !l.more() {
			return 0, false
		}
	}
}

// skipBOM consumes a byte order mark at the start of the input, which a
// JSON reader may ignore (RFC 8259 §8.1).
func (l *lexer) skipBOM() {
	for len(l.buf)-l.pos < 3 && l.more() {
	}
	if bytes.HasPrefix(l.buf[l.pos:], []byte("\xef\xbb\xbf")) {
		l.pos += 3
	}
}

// valueKind names the JSON value that starts with c, "" if none does.
func valueKind(c byte) string {
	switch {
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == '"':
		return "string"
	case c == 't' || c == 'f':
		return "boolean"
	case c == 'n':
		return "null"
	case c == '-' || '0' <= c && c <= '9':
		return "number"
	}
	return ""
}

// syntax refuses the byte c where where says what was expected.
func syntax(field string, c byte, where string) *bodyError {
	return badBody(field, "body: invalid character %q %s", c, where)
}

// literal consumes the literal word (null) at the next token, or refuses.
func (l *lexer) literal(field, word string) error {
	if _, ok := l.peek(); !ok {
		return l.endErr()
	}
	for len(l.buf)-l.pos < len(word) {
		if !l.more() {
			return l.endErr()
		}
	}
	if got := l.buf[l.pos : l.pos+len(word)]; string(got) != word {
		return badBody(field, "body: invalid literal %q, want %s", got, word)
	}
	l.pos += len(word)
	return nil
}

// quoteEnd returns the offset, from buf[pos], of the quote that closes
// the string whose opening quote is at offset open, reading as needed; -1
// if the input ends first.
func (l *lexer) quoteEnd(open int) int {
	k := open + 1
	for {
		b := l.buf[l.pos:]
		if i := bytes.IndexByte(b[k:], '"'); i >= 0 {
			q := k + i
			// Escaped when after an odd run of backslashes; each run is
			// counted once, so this stays linear.
			n := 0
			for p := q - 1; p > open && b[p] == '\\'; p-- {
				n++
			}
			if n%2 == 0 {
				return q
			}
			k = q + 1
			continue
		}
		k = len(b)
		if !l.more() {
			return -1
		}
	}
}

// quoted reads the JSON string whose opening quote is at buf[pos], the
// value of field (of its element index when index >= 0), decoding it in
// place.
func (l *lexer) quoted(field string, index int) (string, error) {
	q := l.quoteEnd(0)
	if q < 0 {
		return "", l.endErr()
	}
	raw := l.buf[l.pos : l.pos+q+1]
	l.pos += q + 1
	// utf8Reader checked every byte of the body, so that the text need
	// not be checked again.
	n, bad, ok := jsonobj.UnquoteInPlace(raw[1:q])
	if ok {
		return bodyString(raw[1 : 1+n]), nil
	}
	// encoding/json says what is wrong, from the fault on (the text
	// before it was good, and has been written over).
	var s string
	err := json.Unmarshal(append([]byte{'"'}, raw[1+bad:]...), &s)
	if err == nil {
		err = errors.New("invalid string")
	}
	return "", badBody(at(field, index), "body: %s: %v", at(field, index), err)
}

// validString reports whether the JSON string literal raw, whose closing
// quote quoteEnd found, decodes without encoding/json's help, leaving raw
// as it is.
func validString(raw []byte) bool {
	_, ok := jsonobj.UnquoteBody(raw[1 : len(raw)-1])
	return ok
}

// raw reads the JSON value at the next token and returns a copy of its
// text (value).
func (l *lexer) raw(field string, index int) (json.RawMessage, error) {
	v, err := l.value(field, index)
	if err != nil {
		return nil, err
	}
	return append(json.RawMessage(nil), v...), nil
}

// value reads the JSON value at the next token, element index of field,
// and returns its text, checked by unquote when it is a string and by
// json.Valid otherwise; the text is the body's, never written again.
func (l *lexer) value(field string, index int) ([]byte, error) {
	c, ok := l.peek()
	if !ok {
		return nil, l.endErr()
	}
	if valueKind(c) == "" {
		return nil, syntax(at(field, index), c, "looking for beginning of value")
	}
	end, err := l.valueEnd()
	if err != nil {
		return nil, err
	}
	raw := l.buf[l.pos : l.pos+end]
	if !(c == '"' && validString(raw)) && !json.Valid(raw) {
		var v any
		err := json.Unmarshal(raw, &v)
		return nil, badBody(at(field, index), "body: %s: %v", at(field, index), err)
	}
	l.pos += end
	return raw, nil
}

// valueEnd returns the offset from buf[pos] just past the value that
// starts there: past the bracket that closes an object or array (strings
// skipped whole), or, for a scalar, at the first delimiter or white space.
// It reads as needed and does not check what it passes over.
func (l *lexer) valueEnd() (int, error) {
	k, depth := 0, 0
	for {
		b := l.buf[l.pos:]
		for k < len(b) {
			switch b[k] {
			case '"':
				q := l.quoteEnd(k)
				if q < 0 {
					return 0, l.endErr()
				}
				b = l.buf[l.pos:]
				k = q + 1
				if depth == 0 {
					return k, nil
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth == 0 {
					return k, nil
				}
				if depth--; depth == 0 {
					return k + 1, nil
				}
			case ',', ' ', '\t', '\n', '\r':
				if depth == 0 {
					return k, nil
				}
			}
			k++
		}
		if !l.more() {
			if depth == 0 && l.err == io.EOF {
				return k, nil
			}
			return 0, l.endErr()
		}
	}
}

// expect consumes c, the next token, or refuses with where.
func (l *lexer) expect(field string, c byte, where string) error {
	got, ok := l.peek()
	if !ok {
		return l.endErr()
	}
	if got != c {
		return syntax(field, got, where)
	}
	l.pos++
	return nil
}
