package buildcache

// What a kind's run encoder (kind.RunCoder) writes with: numbers as
// varints, strings and byte strings with their length, a list's length
// with nil told apart from empty, and a part of no fixed shape as JSON.
// Decoding reflection-free is what makes a run cheaper to read back than
// to check again.

import (
	"encoding/binary"
	"encoding/json"
	"errors"
)

// An Encoder appends the parts of a run to B.
type Encoder struct{ B []byte }

// Uint appends v.
func (e *Encoder) Uint(v uint64) { e.B = binary.AppendUvarint(e.B, v) }

// Int appends v.
func (e *Encoder) Int(v int64) { e.B = binary.AppendVarint(e.B, v) }

// Bool appends v.
func (e *Encoder) Bool(v bool) {
	if v {
		e.B = append(e.B, 1)
	} else {
		e.B = append(e.B, 0)
	}
}

// String appends s with its length.
func (e *Encoder) String(s string) {
	e.Uint(uint64(len(s)))
	e.B = append(e.B, s...)
}

// Bytes appends b with its length, as String does.
func (e *Encoder) Bytes(b []byte) {
	e.Uint(uint64(len(b)))
	e.B = append(e.B, b...)
}

// Len appends the length of a list, nil told apart from empty.
func (e *Encoder) Len(n int, isNil bool) {
	if isNil {
		e.Uint(0)
		return
	}
	e.Uint(uint64(n) + 1)
}

// JSON appends v as JSON, with its length.
func (e *Encoder) JSON(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	e.Uint(uint64(len(data)))
	e.B = append(e.B, data...)
	return nil
}

// A Decoder reads what an Encoder wrote. The first fault is kept (Err)
// and every read after it returns zero values, so that a decoder reads
// on and checks once.
type Decoder struct {
	b   []byte
	err error
}

// NewDecoder reads data.
func NewDecoder(data []byte) *Decoder { return &Decoder{b: data} }

var errShort = errors.New("run entry: truncated or malformed")

func (d *Decoder) fail() { d.err, d.b = errShort, nil }

// Uint reads a number Uint wrote.
func (d *Decoder) Uint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

// Int reads a number Int wrote.
func (d *Decoder) Int() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

// Bool reads a bool.
func (d *Decoder) Bool() bool {
	if len(d.b) == 0 || d.b[0] > 1 {
		d.fail()
		return false
	}
	v := d.b[0] == 1
	d.b = d.b[1:]
	return v
}

// bytes reads n bytes.
func (d *Decoder) bytes(n uint64) []byte {
	if n > uint64(len(d.b)) {
		d.fail()
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

// String reads a string.
func (d *Decoder) String() string { return string(d.bytes(d.Uint())) }

// Bytes reads what String wrote as bytes, without a copy: they share
// the decoder's data.
func (d *Decoder) Bytes() []byte { return d.bytes(d.Uint()) }

// Len reads a list's length and whether it is nil; a length above max
// is a fault, so that no damaged entry makes a decoder allocate much.
func (d *Decoder) Len(max int) (n int, isNil bool) {
	v := d.Uint()
	if d.err != nil || v == 0 {
		return 0, true
	}
	if v-1 > uint64(max) {
		d.fail()
		return 0, true
	}
	return int(v - 1), false
}

// JSON reads a part JSON wrote into v.
func (d *Decoder) JSON(v any) {
	data := d.bytes(d.Uint())
	if d.err != nil {
		return
	}
	if err := json.Unmarshal(data, v); err != nil {
		d.err, d.b = err, nil
	}
}

// Err is the first fault, or a fault when bytes are left unread.
func (d *Decoder) Err() error {
	if d.err == nil && len(d.b) > 0 {
		return errors.New("run entry: bytes left over")
	}
	return d.err
}
