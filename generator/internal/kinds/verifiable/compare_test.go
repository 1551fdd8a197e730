package verifiable_test

import (
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// followed is whether every instruction of a result was followed: the
// outcome the board ranks prompts by.
func followed(r instrdata.Result, loose bool) bool {
	vs := r.Strict
	if loose {
		vs = r.Loose
	}
	for _, v := range vs {
		if !v.Followed {
			return false
		}
	}
	return r.Answered && len(vs) > 0
}

// The instruction board's compare page holds the scorer's figures, each
// prompt's outcome under both policies, and gives the board's ranks; each
// answer link reaches the model's response on the prompt's page.
func TestInstrCompareMatchesScorer(t *testing.T) {
	in := fixture.SynthInput(6, 40, 11)
	b := in.Instr[0]
	files := fixture.FileMap(renderSite(t, in))
	d, err := render.DecodeCompare(files["ifeval/compare.html"])
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Models) != len(b.Models) || len(d.Items) != len(b.Prompts) {
		t.Fatalf("%d models, %d prompts; want %d, %d", len(d.Models), len(d.Items), len(b.Models), len(b.Prompts))
	}
	differ := false
	for i, cm := range d.Models {
		m := b.Models[i]
		want := [][2]int{{m.Strict.Prompt.Pass, m.Strict.Prompt.Total}, {m.Loose.Prompt.Pass, m.Loose.Prompt.Total},
			{m.Strict.Instruction.Pass, m.Strict.Instruction.Total}, {m.Loose.Instruction.Pass, m.Loose.Instruction.Total}}
		got := [][2]int{{cm.Rates[0][0].Pass, cm.Rates[0][0].Total}, {cm.Rates[0][1].Pass, cm.Rates[0][1].Total},
			{cm.Rates[1][0].Pass, cm.Rates[1][0].Total}, {cm.Rates[1][1].Pass, cm.Rates[1][1].Total}}
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("%s figure %d: %v, want %v", m.ID, k, got[k], want[k])
			}
		}
		for k, r := range m.Results {
			if (cm.Bits[k]&1 != 0) != followed(r, false) || (cm.Bits[k]&2 != 0) != followed(r, true) {
				t.Errorf("%s prompt %d: bits %02b", m.ID, k, cm.Bits[k])
			}
			differ = differ || cm.Bits[k] != d.Models[0].Bits[k]
		}
		for j, rank := range []int{m.Strict.Rank, m.Loose.Rank} {
			if r := d.RankRanges(j)[i]; r[0] != rank || r[1] < rank {
				t.Errorf("%s policy %d: range %v, board rank %d", m.ID, j, r, rank)
			}
		}
		for _, it := range d.Items {
			file, anchor, _ := strings.Cut(strings.ReplaceAll(it.Answer, "{m}", cm.Slug), "#")
			if page, ok := files[file]; !ok || !strings.Contains(string(page), `id="`+anchor+`"`) {
				t.Errorf("%s: no answer at %s#%s", cm.ID, file, anchor)
			}
		}
	}
	if !differ {
		t.Fatal("every model has the same outcomes: the test checks little")
	}
	// Every row links to the compare page opened on its model.
	doc := fixture.Parse(t, "ifeval.html", files["ifeval.html"])
	for _, m := range b.Models {
		if doc.Find(`#instr-board a.act[href="ifeval/compare.html#m=`+m.ID+`"]`).Length() != 1 {
			t.Errorf("no compare link on %s's row", m.ID)
		}
	}
}
