package sciif

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// The compare page's figures, verdict bits, paired test and differing
// problems are the scorer's, and each problem's answer link reaches an
// answer on the model's answers pages.
func TestCompareDataMatchesScorer(t *testing.T) {
	in := fixture.SynthInput(6, 40, 11)
	files := fixture.FileMap(renderSite(t, in))
	d, err := render.DecodeCompare(files["compare.html"])
	if err != nil {
		t.Fatal(err)
	}
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
				got, want := cm.Rates[k][j], get(ps)
				if got.Pass != want.Pass || got.Total != want.Total {
					t.Errorf("%s %s (%s): %d/%d, want %d/%d", ms.ID, d.Metrics[k].Label, board.Policies[j], got.Pass, got.Total, want.Pass, want.Total)
				}
			}
		}
		// Per-constraint figures follow the headline and family ones.
		off := len(d.Metrics) - len(in.Bench.Catalog.Constraints)
		for k, c := range in.Bench.Catalog.Constraints {
			got, want := cm.Rates[off+k][0], ms.Strict.Constraints[c.ID]
			if d.Metrics[off+k].Label != c.Name || got.Pass != want.Pass || got.Total != want.Total {
				t.Errorf("%s %s: %s %d/%d, want %d/%d", ms.ID, c.ID, d.Metrics[off+k].Label, got.Pass, got.Total, want.Pass, want.Total)
			}
		}
		// Each problem's bits are its verdict's.
		for k, b := range cm.Bits {
			v := in.Runs[i].Verdicts[k]
			if (b&vCorrect != 0) != v.Correct || (b&vCompliantS != 0) != v.Compliant(board.Strict) || (b&vCompliantL != 0) != v.Compliant(board.Loose) {
				t.Errorf("%s %s: bits %03b, verdict correct %v, compliant %v/%v", ms.ID, in.Bench.Items[k].ID, b, v.Correct, v.Compliant(board.Strict), v.Compliant(board.Loose))
			}
		}
	}
	// The paired test the page runs is the one ranks come from, and the
	// ranks it gives are the board's.
	for j, p := range board.Policies {
		for a := range d.Models {
			for b := range d.Models {
				bit := uint8(1) << d.Rank[j]
				pa, pb := make([]bool, len(d.Items)), make([]bool, len(d.Items))
				for k := range pa {
					pa[k], pb[k] = d.Models[a].Bits[k]&bit != 0, d.Models[b].Bits[k]&bit != 0
				}
				if g, w := score.McNemar(pa, pb), score.McNemar(score.Passes(in.Runs[a].Verdicts, p), score.Passes(in.Runs[b].Verdicts, p)); g != w {
					t.Errorf("%s vs %s (%s): paired test p = %v from the page, %v from the scorer", d.Models[a].ID, d.Models[b].ID, p, g, w)
				}
			}
		}
		// (The fixture's own ranks are not the paired test's: the
		// scorer ranks its verdicts here.)
		pass, vecs := make([]int, len(d.Models)), make([][]bool, len(d.Models))
		for i := range d.Models {
			pass[i], vecs[i] = in.Board.Models[i].Policy(p).Compliant.Pass, score.Passes(in.Runs[i].Verdicts, p)
		}
		if diff := cmp.Diff(score.RankRanges(pass, vecs), d.RankRanges(j)); diff != "" {
			t.Errorf("%s: rank ranges (-scorer +page):\n%s", p, diff)
		}
	}
	// Each problem's answer link reaches its anchor on every model's
	// answers pages.
	for _, cm := range d.Models {
		for _, it := range d.Items {
			href := strings.ReplaceAll(it.Answer, "{m}", cm.Slug)
			file, anchor, _ := strings.Cut(href, "#")
			page, ok := files[file]
			if !ok {
				t.Fatalf("%s: no page %s", cm.ID, file)
			}
			if !strings.Contains(string(page), `id="`+anchor+`"`) {
				t.Errorf("%s has no answer anchored %s", file, anchor)
			}
			if _, ok := files[it.Href]; !ok {
				t.Errorf("%s: no page %s", it.ID, it.Href)
			}
		}
	}
	if reflect.DeepEqual(d.Models[0].Bits, d.Models[1].Bits) {
		t.Fatal("the first two models agree on every problem: the test checks little")
	}
}
