package render

import (
	"bytes"
	"testing"

	ghtml "github.com/yuin/goldmark/renderer/html"
)

// FuzzTextWriterMatchesDefault holds textWriter to goldmark's
// html.DefaultWriter: the same bytes from Write, RawWrite and SecureWrite
// for any text.
func FuzzTextWriterMatchesDefault(f *testing.F) {
	for _, s := range []string{"", "plain text", `a < b > c "q" 'a'`, "x & y", "&amp; &#34; &#x22; &bogus; &",
		`\*not emphasis\*`, `trailing \`, "nul \x00 byte", "caf\xc3\xa9 \xff\xfe", "\\\x00&<", "a\\ b"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, m := range []struct {
			name      string
			got, want func(w *bufWriter, src []byte)
		}{
			{"Write", func(w *bufWriter, s []byte) { textWriter{}.Write(w, s) }, func(w *bufWriter, s []byte) { ghtml.DefaultWriter.Write(w, s) }},
			{"RawWrite", func(w *bufWriter, s []byte) { textWriter{}.RawWrite(w, s) }, func(w *bufWriter, s []byte) { ghtml.DefaultWriter.RawWrite(w, s) }},
			{"SecureWrite", func(w *bufWriter, s []byte) { textWriter{}.SecureWrite(w, s) }, func(w *bufWriter, s []byte) { ghtml.DefaultWriter.SecureWrite(w, s) }},
		} {
			var got, want bufWriter
			m.got(&got, src)
			m.want(&want, src)
			if !bytes.Equal(got, want) {
				t.Errorf("%s(%q) = %q, html.DefaultWriter writes %q", m.name, src, got, want)
			}
		}
	})
}

// BenchmarkConverter converts an answer shaped as a board's usually are:
// paragraphs of prose with bold lead-ins, inline TeX and a final answer.
func BenchmarkConverter(b *testing.B) {
	var src bytes.Buffer
	for i := range 10 {
		src.WriteString("**Step.** The boundary values are substituted back into the solution to confirm that they are satisfied. ")
		src.WriteString("With the given data this is $0.5443$, and the ratio (a < b) is kept with four significant figures; ")
		src.WriteString("the dominant uncertainty comes from the measured length, which propagates linearly to the target.\n\n")
		if i%3 == 0 {
			src.WriteString("- a listed assumption, stated once\n- another, with its unit (m/s)\n\n")
		}
	}
	src.WriteString("**Final Answer:** 28.64 mV\n")
	text := src.String()
	c := NewConverter()
	var h HTML
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		h.Reset()
		c.WriteHTML(&h, text)
	}
}
