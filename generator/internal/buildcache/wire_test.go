package buildcache

import (
	"reflect"
	"testing"
)

// TestWireRoundTrip: every part reads back as written, nil lists apart
// from empty ones, and every shorter prefix, a longer input or a length
// above its bound is an error rather than a value.
func TestWireRoundTrip(t *testing.T) {
	e := &Encoder{}
	e.Uint(1 << 40)
	e.Int(-7)
	e.Bool(true)
	e.Bool(false)
	e.String("")
	e.String("héllo\x00")
	e.Bytes([]byte{0, 1, 2})
	e.Len(0, true)
	e.Len(0, false)
	e.Len(3, false)
	if err := e.JSON(map[string][]int{"a": nil, "b": {}}); err != nil {
		t.Fatal(err)
	}
	read := func(data []byte) ([]any, error) {
		d := NewDecoder(data)
		var out []any
		out = append(out, d.Uint(), d.Int(), d.Bool(), d.Bool(), d.String(), d.String(), string(d.Bytes()))
		for range 3 {
			n, isNil := d.Len(3)
			out = append(out, n, isNil)
		}
		var m map[string][]int
		d.JSON(&m)
		out = append(out, m["a"] == nil, m["b"] == nil)
		return out, d.Err()
	}
	got, err := read(e.B)
	if err != nil {
		t.Fatal(err)
	}
	want := []any{uint64(1 << 40), int64(-7), true, false, "", "héllo\x00", "\x00\x01\x02", 0, true, 0, false, 3, false, true, false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back %v, want %v", got, want)
	}
	for n := range len(e.B) {
		if _, err := read(e.B[:n]); err == nil {
			t.Errorf("the first %d of %d bytes read without an error", n, len(e.B))
		}
	}
	if _, err := read(append(e.B[:len(e.B):len(e.B)], 0)); err == nil {
		t.Error("a byte left over read without an error")
	}
	big := &Encoder{}
	big.Len(4, false)
	d := NewDecoder(big.B)
	if n, _ := d.Len(3); n != 0 || d.Err() == nil {
		t.Errorf("a length of 4 read under a bound of 3: %d, %v", n, d.Err())
	}
	bad := NewDecoder([]byte{2})
	if bad.Bool(); bad.Err() == nil {
		t.Error("a bool byte of 2 read without an error")
	}
}
