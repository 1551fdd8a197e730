package ifeval

import (
	"regexp"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// The official code's expressions, which the scans replace.
var (
	starBulletExpr = regexp.MustCompile(`(?m)^` + pyS + `*\*[^\*].*$`)
	dashBulletExpr = regexp.MustCompile(`(?m)^` + pyS + `*-.*$`)
	ppsMarkerExpr  = regexp.MustCompile(`(?m)` + pyS + `*p\.` + pyS + `?p\.` + pyS + `?s.*$`)
	psMarkerExpr   = regexp.MustCompile(`(?m)` + pyS + `*p\.` + pyS + `?s\..*$`)
)

// FuzzScansMatchExpressions holds countBullets and hasMarker to the
// expressions they replace.
func FuzzScansMatchExpressions(f *testing.F) {
	for _, s := range []string{
		"* a\n* b\n** c\n*\n*", "\n\n  * a\n\t- b\n-\n - c\n\u2003* d\u00a0\n*\n\nx", "*\n*\n", "a\n*-\n-*\n**\n* *",
		"\u2028* a\u0085- b\r\n* c\x1c\n-\xff\n*\xff", "P.S. hi", "p. p. s", "P.P.S x", "p.\u3000s.", "p.\n\ns.",
		"P.  S.", "pp.s.", "p.s", "P.\u2028P.\u0085S", "ſ p.ſ. K.P.S", "\xffP.\xffS.", "İp.s.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countBullets(s, '*'), len(starBulletExpr.FindAllStringIndex(s, -1)); got != want {
			t.Errorf("countBullets(%q, '*') = %d, the expression finds %d", s, got, want)
		}
		if got, want := countBullets(s, '-'), len(dashBulletExpr.FindAllStringIndex(s, -1)); got != want {
			t.Errorf("countBullets(%q, '-') = %d, the expression finds %d", s, got, want)
		}
		lower := text.Lower(s)
		if got, want := hasMarker(s, "p.?p.?s"), ppsMarkerExpr.MatchString(lower); got != want {
			t.Errorf("hasMarker(%q, P.P.S) = %v, the expression %v", s, got, want)
		}
		if got, want := hasMarker(s, "p.?s."), psMarkerExpr.MatchString(lower); got != want {
			t.Errorf("hasMarker(%q, P.S.) = %v, the expression %v", s, got, want)
		}
	})
}
