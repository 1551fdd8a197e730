package render

import (
	"html"
	"html/template"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/mathml"
)

// Math is the markup of one formula: MathML made at build time, which the
// browser draws itself, or, for TeX that mathml does not know, the TeX
// HTML-escaped in <span class="math inline|display"> for assets/math.js
// to typeset with KaTeX. NUL becomes U+FFFD either way, as CommonMark has
// it for all other text (Splice's marks start with one).
func Math(tex string, display bool) template.HTML {
	tex = strings.ReplaceAll(tex, "\x00", "\uFFFD")
	if m, ok := mathml.Convert(tex, display); ok {
		return template.HTML(m)
	}
	class := "math inline"
	if display {
		class = "math display"
	}
	return template.HTML(`<span class="` + class + `">` + html.EscapeString(tex) + `</span>`)
}
