package render

import (
	"bytes"

	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// textWriter is goldmark's html.DefaultWriter, faster on the text of an
// answer (a board converts hundreds of thousands of them, and escaping
// their text was a sixth of the conversion): text with no backslash, '&'
// or NUL has no escape to undo and no reference to resolve, so it is only
// escaped, in one pass that copies whole runs, instead of being read
// twice byte by byte. Anything else goes to html.DefaultWriter.
// FuzzTextWriterMatchesDefault holds the two together.
type textWriter struct{}

var _ ghtml.Writer = textWriter{}

func (textWriter) Write(w util.BufWriter, src []byte) {
	if bytes.IndexByte(src, '\\') >= 0 || bytes.IndexByte(src, '&') >= 0 || bytes.IndexByte(src, 0) >= 0 {
		ghtml.DefaultWriter.Write(w, src)
		return
	}
	textWriter{}.RawWrite(w, src)
}

// RawWrite escapes src as html.DefaultWriter's RawWrite does: NUL, '"',
// '&', '<' and '>'.
func (textWriter) RawWrite(w util.BufWriter, src []byte) {
	last := 0
	for i, c := range src {
		if rawEscapes[c] == "" {
			continue
		}
		_, _ = w.Write(src[last:i])
		_, _ = w.WriteString(rawEscapes[c])
		last = i + 1
	}
	_, _ = w.Write(src[last:])
}

func (textWriter) SecureWrite(w util.BufWriter, src []byte) { ghtml.DefaultWriter.SecureWrite(w, src) }

// rawEscapes are the replacements of util.EscapeHTMLByte.
var rawEscapes = [256]string{0: "\uFFFD", '"': "&quot;", '&': "&amp;", '<': "&lt;", '>': "&gt;"}
