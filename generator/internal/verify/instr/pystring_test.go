package instr

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// pyStringSlow is json.dumps(s, ensure_ascii=True) written from Python's
// rule one character at a time: the quote, the backslash and \b \f \n \r
// \t escaped by letter, the other characters outside ' '..'~' as \uXXXX
// (lowercase), a surrogate pair above U+FFFF.
func pyStringSlow(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r >= ' ' && r <= '~':
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+r>>10, 0xdc00+r&0x3ff)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pyStringSeeds put each kind of character the encoder stops at (and
// bytes around them) at every offset modulo eight in a string longer
// than eight bytes.
func pyStringSeeds() []string {
	out := []string{"", "plain", "~\x7f\x80", "\U0001F600", "\uffff\u0100"}
	for _, mid := range []string{`"`, `\`, "\n", "\x00", "\x1f", " ", "~", "\x7f", "\u0080", "é", "—", "😀", "\u2028", "!#[]"} {
		for k := range 17 {
			out = append(out, strings.Repeat("abcdefgh", 3)[:k]+mid+"a tail of more than eight bytes")
		}
	}
	return out
}

// FuzzAppendPyString holds appendPyString to pyStringSlow on valid UTF-8,
// and checks that encoding/json reads back the text it encoded. Its
// seeds run with every go test.
func FuzzAppendPyString(f *testing.F) {
	for _, s := range pyStringSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got := string(appendPyString([]byte("prefix"), s))
		if want := "prefix" + pyStringSlow(s); got != want {
			t.Fatalf("appendPyString(%q) = %s, want %s", s, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got[len("prefix"):]), &back); err != nil || back != s {
			t.Fatalf("encoding/json reads %s as %q, %v; want %q", got, back, err, s)
		}
	})
}

// TestPyPlain holds pyPlain to a byte-at-a-time search at every offset,
// with every byte value at the place looked at.
func TestPyPlain(t *testing.T) {
	slow := func(s string) int {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
				return i
			}
		}
		return len(s)
	}
	b := []byte("abcdefghijklmnopqrstuvwx")
	for c := range 256 {
		for at := range b {
			s := string(b[:at]) + string([]byte{byte(c)}) + string(b[at+1:])
			if got, want := pyPlain(s), slow(s); got != want {
				t.Fatalf("pyPlain(%q) = %d, want %d", s, got, want)
			}
		}
	}
}
