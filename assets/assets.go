// Package assets embeds the site's static files: its stylesheet, its own
// scripts, the favicon and the vendored front-end libraries with their
// licences. Package render copies them into the site unchanged.
package assets

import "embed"

// FS holds every static file of the site, paths relative to assets/.
//
//go:embed site.css site.js charts.js compare.js math.js favicon.svg vendor
var FS embed.FS
