package sciif

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// compareFromPage reads the data compare.html embeds.
func compareFromPage(t *testing.T, files map[string][]byte) compareData {
	t.Helper()
	page, ok := files["compare.html"]
	if !ok {
		t.Fatal("no compare.html")
	}
	doc := fixture.Parse(t, "compare.html", page)
	var d compareData
	if err := json.Unmarshal([]byte(doc.Find("#compare-data").Text()), &d); err != nil {
		t.Fatalf("compare data: %v", err)
	}
	return d
}

// The compare page's figures, verdict bits, paired test and differing
// problems are the scorer's, and each differing problem's links reach an
// answer on the model's answers pages.
func TestCompareDataMatchesScorer(t *testing.T) {
	in := fixture.SynthInput(6, 40, 11)
	files := fixture.FileMap(renderSite(t, in))
	d := compareFromPage(t, files)
	if len(d.Models) != len(in.Board.Models) || len(d.Items) != len(in.Bench.Items) {
		t.Fatalf("%d models and %d items embedded, want %d and %d", len(d.Models), len(d.Items), len(in.Board.Models), len(in.Bench.Items))
	}
	if d.Metrics[0].Label != "Correct" || d.Metrics[1].Label != "Compliant" {
		t.Fatalf("first metrics %v, want Correct then Compliant", d.Metrics[:2])
	}
	for i, cm := range d.Models {
		ms := &in.Board.Models[i]
		if cm.ID != ms.ID {
			t.Fatalf("model %d is %s, want %s", i, cm.ID, ms.ID)
		}
		for k, get := range []func(*sciifdata.PolicyScores) board.Rate{
			func(ps *sciifdata.PolicyScores) board.Rate { return ps.Correct },
			func(ps *sciifdata.PolicyScores) board.Rate { return ps.Compliant },
		} {
			for j, ps := range []*sciifdata.PolicyScores{ms.Strict, ms.Loose} {
				pass, total := d.rate(i, k, j)
				if want := get(ps); pass != want.Pass || total != want.Total {
					t.Errorf("%s %s (%s): %d/%d, want %d/%d", ms.ID, d.Metrics[k].Label, board.Policies[j], pass, total, want.Pass, want.Total)
				}
			}
		}
		if len(cm.Pass) != 2*len(d.Metrics) {
			t.Errorf("%s: %d pass counts for %d metrics", ms.ID, len(cm.Pass), len(d.Metrics))
		}
		// Per-constraint figures follow the headline and family ones.
		for k := len(d.Metrics) - len(in.Bench.Catalog.Constraints); k < len(d.Metrics); k++ {
			c := in.Bench.Catalog.Constraints[k-(len(d.Metrics)-len(in.Bench.Catalog.Constraints))]
			pass, total := d.rate(i, k, 0)
			if want := ms.Strict.Constraints[c.ID]; d.Metrics[k].Label != c.Name || pass != want.Pass || total != want.Total {
				t.Errorf("%s %s: %s %d/%d, want %d/%d", ms.ID, c.ID, d.Metrics[k].Label, pass, total, want.Pass, want.Total)
			}
		}
	}
	differs := 0
	for a := range d.Models {
		for b := range d.Models {
			if a == b {
				continue
			}
			va, vb := decodeVec(d.Models[a].Vec, len(d.Items)), decodeVec(d.Models[b].Vec, len(d.Items))
			ra, rb := in.Runs[a].Verdicts, in.Runs[b].Verdicts
			for _, p := range board.Policies {
				bit := uint8(vCompliantS)
				if p == board.Loose {
					bit = vCompliantL
				}
				// The differing problems, from the page's bits and from
				// the verdicts.
				var got, want []string
				pa, pb := make([]bool, len(va)), make([]bool, len(vb))
				for k := range va {
					pa[k], pb[k] = va[k]&bit != 0, vb[k]&bit != 0
					if pa[k] != pb[k] || va[k]&vCorrect != vb[k]&vCorrect {
						got = append(got, d.Items[k][0].(string))
					}
					if ra[k].Compliant(p) != rb[k].Compliant(p) || ra[k].Correct != rb[k].Correct {
						want = append(want, in.Bench.Items[k].ID)
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s vs %s (%s): differing problems %v, want %v", d.Models[a].ID, d.Models[b].ID, p, got, want)
				}
				differs += len(got)
				if g, w := score.McNemar(pa, pb), score.McNemar(score.Passes(ra, p), score.Passes(rb, p)); g != w {
					t.Errorf("%s vs %s (%s): paired test p = %v from the page, %v from the scorer", d.Models[a].ID, d.Models[b].ID, p, g, w)
				}
			}
		}
	}
	if differs == 0 {
		t.Fatal("no two models differ on any problem: the test checks nothing")
	}
	// Each problem's answer link reaches its anchor on every model's
	// answers pages.
	for _, cm := range d.Models {
		for _, it := range d.Items {
			file := fmt.Sprintf("models/%s/%s", cm.Slug, d.Files[int(it[3].(float64))])
			page, ok := files[file]
			if !ok {
				t.Fatalf("%s: no page %s", cm.ID, file)
			}
			if !strings.Contains(string(page), `id="`+it[1].(string)+`"`) {
				t.Errorf("%s has no answer anchored %s", file, it[1])
			}
		}
	}
}

// The vectors round-trip, whatever the parity of the item count.
func TestCompareVectorsRoundTrip(t *testing.T) {
	for n := range 9 {
		bits := make([]uint8, n)
		for i := range bits {
			bits[i] = uint8((i*5 + n) % 8)
		}
		if got := decodeVec(encodeVec(bits), n); !reflect.DeepEqual(got, bits) {
			t.Errorf("n=%d: %v, want %v", n, got, bits)
		}
	}
}

// The first pair is written out with JavaScript's number formats, so that
// compare.js rewrites it with the same text (values from Node).
func TestCompareJSNumberFormats(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0.0"}, {1, "1.0"}, {0.05, "0.050"}, {0.031, "0.031"}, {0.00012, "0.00012"},
		{1.8e-12, "1.8e-12"}, {0.99951, "1.0"}, {0.125, "0.13"}, {0.0625, "0.063"},
		{0.995, "0.99"}, {0.0995, "0.10"}, {3.5e-7, "3.5e-7"}, {1e-7, "1.0e-7"}, {0.015, "0.015"}, {0.045, "0.045"},
	} {
		if got := toPrecision2(c.x); got != c.want {
			t.Errorf("toPrecision2(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{
		{12.25, "12.3"}, {12.35, "12.3"}, {0.05, "0.1"}, {99.95, "100.0"}, {100, "100.0"}, {0, "0.0"},
		{100.0 / 3, "33.3"}, {200.0 / 3, "66.7"}, {87.5, "87.5"}, {2.5, "2.5"}, {1.005 * 100, "100.5"},
	} {
		if got := jsToFixed(c.x, 1); got != c.want {
			t.Errorf("jsToFixed(%v, 1) = %q, want %q", c.x, got, c.want)
		}
	}
}
