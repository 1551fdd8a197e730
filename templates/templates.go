// Package templates embeds the site's html/template files and the
// methodology text. It only exposes them; package render parses and runs
// them.
package templates

import "embed"

// FS holds the page templates (*.html) and methodology.md.
//
//go:embed *.html methodology.md
var FS embed.FS
