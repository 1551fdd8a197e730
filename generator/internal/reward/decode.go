package reward

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"
)

// A bodyError refuses a request body: the HTTP code, the field it names
// (if any) and the message.
type bodyError struct {
	code  int
	field string
	index int // the element of the array field that is at fault; -1 if none
	msg   string
}

func (e *bodyError) Error() string { return e.msg }

func badBody(field, format string, args ...any) *bodyError {
	return &bodyError{code: http.StatusBadRequest, field: field, index: -1, msg: fmt.Sprintf(format, args...)}
}

// bodyDecoder reads a request body token by token: a wrong shape is
// refused at its first token, before the rest of the body is read, and
// what it holds is the body read so far, in which the values decoded so
// far (at most maxRecords per array) lie.
type bodyDecoder struct {
	lex        lexer
	maxBody    int64
	maxRecords int
}

// newBodyDecoder reads the body r of size bytes (its Content-Length; 0 or
// less if unknown, and at most maxBody, as badBodyHeader sees to).
func newBodyDecoder(r io.Reader, size, maxBody int64, maxRecords int) *bodyDecoder {
	return &bodyDecoder{lex: lexer{r: &utf8Reader{r: r}, size: int(min(size, maxBody))}, maxBody: maxBody, maxRecords: maxRecords}
}

// readErr turns a reading or syntax error into a refusal.
func (d *bodyDecoder) readErr(field string, err error) *bodyError {
	var be *bodyError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &be):
		return be
	case errors.As(err, &mbe):
		return &bodyError{code: http.StatusRequestEntityTooLarge, index: -1, msg: fmt.Sprintf("body larger than %d bytes; send fewer records per request", d.maxBody)}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return badBody(field, "body: unexpected end of the JSON object")
	}
	// The connection's own errors name both ends' addresses; say what
	// happened instead.
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &bodyError{code: http.StatusRequestTimeout, field: field, index: -1, msg: "body: not all received within the server's read timeout; send it faster, or less per request"}
	}
	var oe *net.OpError
	if errors.As(err, &oe) {
		return badBody(field, "body: the connection failed while it was read: %v", oe.Err)
	}
	return badBody(field, "body: %v", err)
}

// object reads the body's one JSON object, calling member for each of its
// fields, which must be among fields and appear once; after the object
// only white space may follow.
func (d *bodyDecoder) object(fields []string, member func(key string) error) error {
	l := &d.lex
	l.skipBOM()
	c, ok := l.peek()
	switch {
	case !ok && l.err == io.EOF:
		return badBody("", "body: empty; want a JSON object")
	case !ok:
		return d.readErr("", l.err)
	case c != '{':
		if k := valueKind(c); k != "" {
			return badBody("", "body: want a JSON object, got %s", k)
		}
		return syntax("", c, "looking for beginning of value")
	}
	l.pos++
	var seen []string
	for i := 0; ; i++ {
		c, ok := l.peek()
		switch {
		case !ok:
			return d.readErr("", l.endErr())
		case c == '}' && i == 0:
		case c != '"':
			return syntax("", c, "looking for beginning of object key string")
		}
		if c == '}' {
			break
		}
		key, err := l.quoted("", -1)
		if err != nil {
			return d.readErr("", err)
		}
		if !slices.Contains(fields, key) {
			return badBody(key, "body: unknown field %q (want %s)", clip(key, maxNameText), strings.Join(fields, ", "))
		}
		if slices.Contains(seen, key) {
			return badBody(key, "body: field %q given twice", key)
		}
		seen = append(seen, key)
		if err := l.expect(key, ':', "after object key"); err != nil {
			return d.readErr(key, err)
		}
		if err := member(key); err != nil {
			return d.readErr(key, err)
		}
		c, ok = l.peek()
		if !ok {
			return d.readErr("", l.endErr())
		}
		if c == '}' {
			break
		}
		if c != ',' {
			return syntax("", c, "after object key:value pair")
		}
		l.pos++
	}
	l.pos++ // the closing brace
	c, ok = l.peek()
	switch {
	case !ok && l.err == io.EOF:
		return nil
	case !ok:
		return d.readErr("", l.err)
	case valueKind(c) != "":
		return badBody("", "body: a second JSON value (%s) after the object; send one object per request", valueKind(c))
	}
	return badBody("", "body: trailing garbage after the JSON object")
}

// array reads a JSON array (null is an empty one) of at most maxRecords
// elements, calling elem for each; what is the elements' name for the
// message of a 413.
func (d *bodyDecoder) array(field, what string, elem func(i int) error) error {
	l := &d.lex
	c, ok := l.peek()
	switch {
	case !ok:
		return l.endErr()
	case c == 'n':
		return l.literal(field, "null")
	case c != '[':
		if k := valueKind(c); k != "" {
			return badBody(field, "%s: want a JSON array, got %s", field, k)
		}
		return syntax(field, c, "looking for beginning of value")
	}
	l.pos++
	if c, ok := l.peek(); ok && c == ']' {
		l.pos++
		return nil
	}
	for i := 0; ; i++ {
		if i == d.maxRecords {
			return &bodyError{code: http.StatusRequestEntityTooLarge, field: field, index: -1,
				msg: fmt.Sprintf("%s: more than the %d %s a request may hold; send fewer per request", field, d.maxRecords, what)}
		}
		if err := elem(i); err != nil {
			// A refusal of the element names it by its index.
			var be *bodyError
			if errors.As(err, &be) && be.field == at(field, i) {
				be.index = i
			}
			return err
		}
		c, ok := l.peek()
		switch {
		case !ok:
			return l.endErr()
		case c == ']':
			l.pos++
			return nil
		case c != ',':
			return syntax(field, c, "after array element")
		}
		l.pos++
	}
}

// str reads a JSON string (null is ""): field's, or its element index's
// when index >= 0.
func (d *bodyDecoder) str(field string, index int) (string, error) {
	l := &d.lex
	c, ok := l.peek()
	switch {
	case !ok:
		return "", l.endErr()
	case c == '"':
		return l.quoted(field, index)
	case c == 'n':
		return "", l.literal(at(field, index), "null")
	case valueKind(c) != "":
		return "", badBody(at(field, index), "%s: want a JSON string, got %s", at(field, index), valueKind(c))
	}
	return "", syntax(at(field, index), c, "looking for beginning of value")
}

// at names element index of field (field itself when index < 0); it is
// called only for messages, so that naming costs nothing when all is well.
func at(field string, index int) string {
	if index < 0 {
		return field
	}
	return fmt.Sprintf("%s[%d]", field, index)
}

// strings reads an array of JSON strings.
func (d *bodyDecoder) strings(field, what string) ([]string, error) {
	out := []string{}
	err := d.array(field, what, func(i int) error {
		s, err := d.str(field, i)
		out = append(out, s)
		return err
	})
	return out, err
}

// labels reads the array of /get_reward's labels.
func (d *bodyDecoder) labels(field string) ([]labelArg, error) {
	out := []labelArg{}
	err := d.array(field, "labels", func(i int) error {
		var l labelArg
		var err error
		switch c, _ := d.lex.peek(); c {
		case '"':
			l.text, err = d.lex.quoted(field, i)
		case 'n':
			l.missing, err = true, d.lex.literal(at(field, i), "null")
		default:
			var raw []byte
			raw, err = d.lex.value(field, i)
			l.text = bodyString(raw)
		}
		out = append(out, l)
		return err
	})
	return out, err
}

// raws reads an array of JSON values, each kept as its text.
func (d *bodyDecoder) raws(field, what string) ([]json.RawMessage, error) {
	out := []json.RawMessage{}
	err := d.array(field, what, func(i int) error {
		raw, err := d.lex.raw(field, i)
		out = append(out, raw)
		return err
	})
	return out, err
}

// decodeGetReward reads a /get_reward body.
func decodeGetReward(r io.Reader, size, maxBody int64, maxRecords int) (getRewardRequest, *bodyError) {
	d := newBodyDecoder(r, size, maxBody, maxRecords)
	var req getRewardRequest
	err := d.object([]string{"query", "prompts", "labels"}, func(key string) (err error) {
		switch key {
		case "query":
			req.Query, err = d.strings(key, "queries")
		case "prompts":
			// null is no prompts, as if absent (an empty list is a count).
			if c, _ := d.lex.peek(); c == 'n' {
				return d.lex.literal(key, "null")
			}
			req.Prompts, err = d.strings(key, "prompts")
		case "labels":
			req.Labels, err = d.labels(key)
		}
		return err
	})
	if err != nil {
		return req, err.(*bodyError)
	}
	return req, nil
}

// decodeRewards reads a /v1/rewards body.
func decodeRewards(r io.Reader, size, maxBody int64, maxRecords int) (rewardsRequest, *bodyError) {
	d := newBodyDecoder(r, size, maxBody, maxRecords)
	var req rewardsRequest
	err := d.object([]string{"benchmark", "preprocess", "records"}, func(key string) (err error) {
		switch key {
		case "benchmark":
			req.Benchmark, err = d.str(key, -1)
		case "preprocess":
			req.Preprocess, err = d.str(key, -1)
		case "records":
			req.Records, err = d.raws(key, "records")
		}
		return err
	})
	if err != nil {
		return req, err.(*bodyError)
	}
	return req, nil
}

// utf8Reader refuses a body that is not UTF-8 (JSON text must be, RFC
// 8259 §8.1) at its first bad byte; encoding/json would otherwise turn
// each bad byte into the three of U+FFFD, so that decoded strings could
// be three times the body.
type utf8Reader struct {
	r     io.Reader
	carry []byte // the start of a rune the last read cut
	off   int64
}

func (u *utf8Reader) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	b := p[:n]
	i := 0
	if len(u.carry) > 0 {
		for i < len(b) && !utf8.FullRune(u.carry) {
			u.carry = append(u.carry, b[i])
			i++
		}
		if utf8.FullRune(u.carry) {
			if r, size := utf8.DecodeRune(u.carry); r == utf8.RuneError && size <= 1 {
				return 0, u.bad(-int64(len(u.carry) - i))
			}
			u.carry = u.carry[:0]
		}
	}
	rest := b[i:]
	j := len(rest)
	for k := len(rest) - 1; k >= 0 && k >= len(rest)-utf8.UTFMax+1; k-- {
		if utf8.RuneStart(rest[k]) {
			if !utf8.FullRune(rest[k:]) {
				j = k
			}
			break
		}
	}
	if !utf8.Valid(rest[:j]) {
		k := 0
		for k < j {
			r, size := utf8.DecodeRune(rest[k:j])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			k += size
		}
		return 0, u.bad(int64(i + k))
	}
	u.carry = append(u.carry, rest[j:]...)
	if err == io.EOF && len(u.carry) > 0 {
		return 0, u.bad(int64(n - len(u.carry)))
	}
	u.off += int64(n)
	return n, err
}

func (u *utf8Reader) bad(at int64) error {
	return badBody("", "body: invalid UTF-8 at byte %d; JSON text must be UTF-8", u.off+at)
}
