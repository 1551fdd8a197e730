// Package sitetest tests the site as a whole: every page of a site built
// in memory from package fixture's boards, SciIF's and IFEval's together,
// is safe, linked, laid out for any screen and works in a browser. A
// benchmark kind's own pages are tested in the kind's package.
//
// The package holds tests only.
package sitetest
