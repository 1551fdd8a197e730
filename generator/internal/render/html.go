package render

import (
	"bytes"
	"fmt"
	"html/template"
	"sort"
	"strconv"
	"strings"
)

// HTML writes markup by hand, for the few fragments a site repeats tens of
// thousands of times (a model's answer cards), where html/template's
// reflection and per-action escaper calls cost more than the rest of the
// build. It escapes exactly as html/template does in the same contexts,
// so a fragment written with it is byte-identical to the template it
// replaces (TestHTMLEscapesAsTemplate holds the two together).
//
// Markup passed to Raw must be a literal of the program; every string
// from a submission goes through Text, Attr or URL.
type HTML struct{ b []byte }

// Raw writes trusted markup as is.
func (h *HTML) Raw(s string) { h.b = append(h.b, s...) }

// Safe writes markup made safe elsewhere (rendered Markdown).
func (h *HTML) Safe(s template.HTML) { h.b = append(h.b, s...) }

// Int writes n in decimal.
func (h *HTML) Int(n int) { h.b = strconv.AppendInt(h.b, int64(n), 10) }

// Text writes s escaped as element text, as html/template's {{.}} does.
func (h *HTML) Text(s string) { h.b = appendEscaped(h.b, s) }

// Attr writes s escaped as a quoted attribute value other than a URL.
func (h *HTML) Attr(s string) { h.b = appendEscaped(h.b, s) }

// URL writes s as the value of a quoted URL attribute (href), filtered and
// normalized as html/template does when s starts the value: a scheme other
// than http, https or mailto becomes "#ZgotmplZ".
func (h *HTML) URL(s string) {
	if i := strings.IndexByte(s, ':'); i >= 0 && !strings.Contains(s[:i], "/") {
		switch strings.ToLower(s[:i]) {
		case "http", "https", "mailto":
		default:
			s = "#ZgotmplZ"
		}
	}
	h.URLPart(s)
}

// URLPart writes s inside a quoted URL attribute after a literal start
// ("../../{{.}}"): normalized, not filtered.
func (h *HTML) URLPart(s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			h.b = append(h.b, c)
		case strings.IndexByte("!#$*,/:;=?@[]-._~", c) >= 0:
			h.b = append(h.b, c)
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			// A valid escape is kept, not encoded again.
			h.b = append(h.b, c)
		case c == '&':
			h.b = append(h.b, "&amp;"...)
		case c == '+':
			h.b = append(h.b, "&#43;"...)
		default:
			const hex = "0123456789abcdef"
			h.b = append(h.b, '%', hex[c>>4], hex[c&15])
		}
	}
}

// Bytes is what was written.
func (h *HTML) Bytes() []byte { return h.b }

// String is what was written, as markup.
func (h *HTML) String() template.HTML { return template.HTML(h.b) }

// Reset empties h, keeping its memory.
func (h *HTML) Reset() { h.b = h.b[:0] }

// Mark stands for fragment k of a page while the page's template runs;
// Splice then writes the fragment in its place. A fragment of hundreds of
// KB printed through a template is copied by fmt into a buffer of its
// own, allocated afresh each time. A mark cannot occur in a template's
// output otherwise: html/template writes NUL as U+FFFD, and so does
// Markdown.
func Mark(k int) template.HTML {
	return template.HTML("\x00fragment " + strconv.Itoa(k) + "\x00")
}

// Splice writes page, a template's output, with what frags[k] writes in
// place of Mark(k) for each k: a fragment goes straight into h, never
// into a buffer of its own. Each mark must occur in page exactly once.
func (h *HTML) Splice(page []byte, frags ...func(h *HTML)) error {
	type at struct{ pos, k, n int }
	marks := make([]at, len(frags))
	for k := range frags {
		m := []byte(Mark(k))
		i := bytes.Index(page, m)
		if i < 0 || bytes.Contains(page[i+len(m):], m) {
			return fmt.Errorf("the mark of fragment %d is not in the page once", k)
		}
		marks[k] = at{i, k, len(m)}
	}
	sort.Slice(marks, func(a, b int) bool { return marks[a].pos < marks[b].pos })
	last := 0
	for _, m := range marks {
		h.b = append(h.b, page[last:m.pos]...)
		frags[m.k](h)
		last = m.pos + m.n
	}
	h.b = append(h.b, page[last:]...)
	return nil
}

// appendEscaped appends s with html/template's replacements for text and
// quoted attributes: NUL, quotes, &, + and angle brackets; invalid UTF-8
// passes through as it does there. A byte is looked up in a table, not
// compared with each of the seven: a board writes the text of hundreds
// of thousands of answer cards.
func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		if !escapes[s[i]] {
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, escaped[s[i]]...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

// escapes marks the bytes appendEscaped replaces, escaped their
// replacements.
var (
	escapes = [256]bool{0: true, '"': true, '&': true, '\'': true, '+': true, '<': true, '>': true}
	escaped = [256]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}
)

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
