package rubric

import (
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// The demo board's compare page holds the scorer's figures and each
// task's perfect outcome, its ranks are the board's, and every answer
// link reaches the model's response on the task's page.
func TestCompareMatchesScorer(t *testing.T) {
	b, bd, _ := demoBoard(t)
	files, err := render.Build(render.Input{Boards: []render.Board{bd}, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	site := map[string][]byte{}
	for _, f := range files {
		site[f.Path] = f.Data
	}
	// The board is the front one: its compare page is the site's.
	d, err := render.DecodeCompare(site["compare.html"])
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Models) != len(bd.runs) || len(d.Items) != len(b.tasks) {
		t.Fatalf("%d models, %d tasks; want %d, %d", len(d.Models), len(d.Items), len(bd.runs), len(b.tasks))
	}
	// The board's page links the compare page where it is.
	if !strings.Contains(string(site["index.html"]), `<a href="compare.html">Compare</a>`) {
		t.Error("the board does not link its compare page")
	}
	pass, vecs := make([]int, len(bd.runs)), make([][]bool, len(bd.runs))
	for i, r := range bd.runs {
		cm, m := d.Models[i], &r.scores
		if got := cm.Rates[0][0]; got.Pass != m.PerfectTasks || got.Total != m.Tasks {
			t.Errorf("%s perfect tasks %d/%d, want %d/%d", r.id, got.Pass, got.Total, m.PerfectTasks, m.Tasks)
		}
		if got := cm.Rates[1][0]; got.Pass != m.Criteria.Satisfied || got.Total != m.Criteria.Total {
			t.Errorf("%s criteria %d/%d, want %d/%d", r.id, got.Pass, got.Total, m.Criteria.Satisfied, m.Criteria.Total)
		}
		pass[i], vecs[i] = m.PerfectTasks, make([]bool, len(b.tasks))
		for k, res := range r.results {
			sat := res.answered && len(res.sat) > 0
			for _, s := range res.sat {
				sat = sat && s
			}
			vecs[i][k] = sat
			if (cm.Bits[k] == 1) != sat {
				t.Errorf("%s task %s: bit %d, perfect %v", r.id, b.tasks[k].ID, cm.Bits[k], sat)
			}
		}
		for _, it := range d.Items {
			file, anchor, _ := strings.Cut(strings.ReplaceAll(it.Answer, "{m}", cm.Slug), "#")
			if !strings.Contains(string(site[file]), `id="`+anchor+`"`) {
				t.Errorf("%s: no answer at %s#%s", cm.ID, file, anchor)
			}
		}
	}
	for i, r := range score.RankRanges(pass, vecs) {
		if got := d.RankRanges(0)[i]; got != r || r[0] != bd.runs[i].scores.Rank {
			t.Errorf("%s: range %v from the page, %v from the scorer, rank %d", bd.runs[i].id, got, r, bd.runs[i].scores.Rank)
		}
	}
}
