// Package templates embeds the site's html/template files and the
// methodology text. It only exposes them; package render parses and runs
// them.
package templates

import "embed"

// FS holds the site's page templates (base.html, methodology.html and .md,
// downloads.html) and, in a folder per kind, each kind's page templates
// and the text of its protocol (<kind>/protocol.md). A kind names its
// templates "<kind>/<page>".
//
//go:embed *.html *.md sciif instr rubric verifier
var FS embed.FS
