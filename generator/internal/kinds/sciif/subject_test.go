package sciif

import (
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// Each subject tab lists every model, with Correct and Compliant
// recounted from the verdicts of that subject's problems.
func TestSubjectTabsRecount(t *testing.T) {
	in := fixture.SynthInput(6, 40, 11)
	files := fixture.FileMap(renderSite(t, in))
	subjects := map[string]bool{}
	for _, it := range in.Bench.Items {
		subjects[it.Subject] = true
	}
	if len(subjects) < 2 {
		t.Fatalf("the fixture has %d subjects", len(subjects))
	}
	index := fixture.Parse(t, "index.html", files["index.html"])
	if n := index.Find("nav.tabs a").Length(); n != len(subjects) {
		t.Errorf("index.html links %d subject tabs, want %d", n, len(subjects))
	}
	frac := func(pass, n int) string { return strconv.FormatFloat(float64(pass)/float64(n), 'f', 6, 64) }
	for sub := range subjects {
		name := subjectFile(sub)
		page, ok := files[name]
		if !ok {
			t.Fatalf("no %s", name)
		}
		doc := fixture.Parse(t, name, page)
		rows := doc.Find("#board tbody tr")
		if rows.Length() != len(in.Runs) {
			t.Fatalf("%s lists %d models, want %d", name, rows.Length(), len(in.Runs))
		}
		rows.Each(func(i int, tr *goquery.Selection) {
			var n, c, cs, cl int
			for k, it := range in.Bench.Items {
				if it.Subject != sub {
					continue
				}
				v := &in.Runs[i].Verdicts[k]
				n++
				if v.Correct {
					c++
				}
				if v.Compliant(board.Strict) {
					cs++
				}
				if v.Compliant(board.Loose) {
					cl++
				}
			}
			cells := tr.Find("td.num")
			correct, compliant := cells.Eq(1), cells.Eq(2)
			if g := correct.AttrOr("data-s", ""); g != frac(c, n) {
				t.Errorf("%s row %d: Correct %s, want %s", name, i, g, frac(c, n))
			}
			if g := compliant.AttrOr("data-s", ""); g != frac(cs, n) {
				t.Errorf("%s row %d: Compliant (Strict) %s, want %s", name, i, g, frac(cs, n))
			}
			if g := compliant.AttrOr("data-l", ""); g != frac(cl, n) {
				t.Errorf("%s row %d: Compliant (Loose) %s, want %s", name, i, g, frac(cl, n))
			}
		})
	}
}
