package render

import (
	"html/template"
	"strings"
	"testing"
)

// TestHTMLEscapesAsTemplate writes the same strings with HTML and with
// html/template in each context HTML offers, and wants the same bytes.
func TestHTMLEscapesAsTemplate(t *testing.T) {
	inputs := []string{
		"", "plain", `<script>alert("x")</script>`, "a & b + c 'q'", "\x00nul",
		"bad \xff\xfe utf-8", "\uFDD0 \uFFFE noncharacters", "é ü 中文 🙂",
		"javascript:alert(1)", "JavaScript:x", "http://example.com/a b?c=d&e=f#g",
		"mailto:a@b.c", "data:text/html,<b>", "../x/y:z", "a/b:c", "%41%zz%4", "100%",
		"tab\tnew\nline\rcr", "{}|\\^`", "x+y=z", "--> <!--",
	}
	for c := 0; c < 128; c++ {
		inputs = append(inputs, "a"+string(rune(c))+"b")
	}
	tmpl := template.Must(template.New("").Parse(
		`{{define "text"}}<p>{{.}}</p>{{end}}` +
			`{{define "attr"}}<span class="badge {{.}}">{{end}}` +
			`{{define "url"}}<a href="{{.}}">{{end}}` +
			`{{define "part"}}<a href="../../{{.}}">{{end}}`))
	write := map[string]func(*HTML, string){
		"text": func(h *HTML, s string) { h.Raw("<p>"); h.Text(s); h.Raw("</p>") },
		"attr": func(h *HTML, s string) { h.Raw(`<span class="badge `); h.Attr(s); h.Raw(`">`) },
		"url":  func(h *HTML, s string) { h.Raw(`<a href="`); h.URL(s); h.Raw(`">`) },
		"part": func(h *HTML, s string) { h.Raw(`<a href="../../`); h.URLPart(s); h.Raw(`">`) },
	}
	for ctx, w := range write {
		for _, in := range inputs {
			var want strings.Builder
			if err := tmpl.ExecuteTemplate(&want, ctx, in); err != nil {
				t.Fatal(err)
			}
			var h HTML
			w(&h, in)
			if got := string(h.Bytes()); got != want.String() {
				t.Errorf("%s %q:\n got %q\nwant %q", ctx, in, got, want.String())
			}
		}
	}
	var h HTML
	h.Int(-42)
	h.Safe("<b>x</b>")
	if got := string(h.String()); got != "-42<b>x</b>" {
		t.Errorf("Int and Safe wrote %q", got)
	}
}

func TestSplice(t *testing.T) {
	write := func(s string) func(h *HTML) { return func(h *HTML) { h.Raw(s) } }
	page := "<p>" + string(Mark(1)) + "</p><div>" + string(Mark(0)) + "</div>"
	var h HTML
	if err := h.Splice([]byte(page), write("zero"+string(Mark(1))), write("one")); err != nil {
		t.Fatal(err)
	}
	// A fragment that holds a mark keeps it: only the page's marks count.
	if got, want := string(h.Bytes()), "<p>one</p><div>zero"+string(Mark(1))+"</div>"; got != want {
		t.Errorf("Splice = %q, want %q", got, want)
	}
	for _, bad := range []string{
		"<p>no mark</p>",
		string(Mark(0)) + string(Mark(0)),
		"\x00fragment 00\x00",
	} {
		h.Reset()
		if err := h.Splice([]byte(bad), write("x")); err == nil {
			t.Errorf("Splice(%q) = nil error, want one", bad)
		}
	}
	h.Reset()
	if err := h.Splice([]byte("a\x00b")); err != nil || string(h.Bytes()) != "a\x00b" {
		t.Errorf("Splice without fragments = %q, %v; want the page as is", h.Bytes(), err)
	}
}

// BenchmarkAppendEscaped escapes the text of an answer card: judges'
// reasons, a constraint's name, a rule's evidence.
func BenchmarkAppendEscaped(b *testing.B) {
	texts := []string{"no explicit evidence: constants with value and source", "Symbols & Constants Standardization",
		"the normalised answers are identical", `28.64 mV`, "gemini-3-flash", "judges",
		"no named constant with a wrong value; completeness of the declarations is for the judges",
		`the response states "T = 300 K" before it enters the Arrhenius law <a+b>`}
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	b.SetBytes(int64(n))
	var buf []byte
	for b.Loop() {
		buf = buf[:0]
		for _, t := range texts {
			buf = appendEscaped(buf, t)
		}
	}
}

// TestSpliceWantsEachMarkOnce: a mark missing, or there twice, is an
// error; once, it is replaced by what its fragment writes.
func TestSpliceWantsEachMarkOnce(t *testing.T) {
	frag := func(h *HTML) { h.Text("<b>") }
	m := string(Mark(0))
	for _, page := range []string{"no mark", "a" + m + "b" + m + "c", m + m} {
		var h HTML
		if err := h.Splice([]byte(page), frag); err == nil {
			t.Errorf("Splice(%q): no error", page)
		}
	}
	var h HTML
	if err := h.Splice([]byte("a"+m+"b"), frag); err != nil || string(h.Bytes()) != "a&lt;b&gt;b" {
		t.Errorf("Splice = %q, %v, want a&lt;b&gt;b", h.Bytes(), err)
	}
}
