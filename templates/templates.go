// Package templates embeds the site's html/template files and the
// methodology text. It only exposes them; package render parses and runs
// them.
package templates

import "embed"

// FS holds the page templates (*.html), the site's methodology.md and
// each kind's protocol text (<kind>_protocol.md).
//
//go:embed *.html *.md
var FS embed.FS
