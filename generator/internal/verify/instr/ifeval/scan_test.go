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

// FuzzCountSectionsMatchesExpression holds countSections to the official
// code's \s?<splitter>\s?\d+\s? for splitters of ASCII letters.
func FuzzCountSectionsMatchesExpression(f *testing.F) {
	for _, s := range []string{
		"SECTION 1\nSECTION 2", "Section1 Section 2 Section  3 Section\u00a0٣ SectionX", "SECTIONSECTION 1 2",
		"aaa1 aa 2 a", "Day 1\u2003Day\u20032 \xffDay 3\xff", "PARAGRAPH\n\n1", "Section 12 34 Section 5Section 6",
	} {
		f.Add(s, "Section")
		f.Add(s, "aa")
	}
	f.Fuzz(func(t *testing.T, s, splitter string) {
		if !plainWord(splitter) || len(splitter) > 12 {
			return
		}
		re, err := text.CompilePython(`\s?`+splitter+`\s?\d+\s?`, text.PyFlags{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := re.Count(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := countSections(s, splitter); got != want {
			t.Errorf("countSections(%q, %q) = %d, the expression finds %d", s, splitter, got, want)
		}
	})
}
