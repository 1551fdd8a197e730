package sciif

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// TestPointsAgreeWithVerdicts recomputes each model's verdicts from its
// points/<model>.csv (correctness from its row; a constraint passes Strict
// when all its points pass, Loose when its main points do) and compares
// them with verdicts.csv, which the board's cells produce. The files are
// the golden site's, which TestGolden keeps equal to what is rendered.
func TestPointsAgreeWithVerdicts(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	verdicts := fixture.ReadCSV(t, filepath.Join(dir, "verdicts.csv"))
	type key struct{ model, item string }
	type got struct {
		correct               bool
		failStrict, failLoose []string
	}
	want := map[key]got{}
	answered := map[key]bool{}
	for _, r := range verdicts {
		k := key{r["model"], r["item"]}
		if r["answered"] != "true" {
			continue
		}
		answered[k] = true
		want[k] = got{correct: r["correct"] == "true", failStrict: strings.Fields(r["failed_strict"]), failLoose: strings.Fields(r["failed_loose"])}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "points", "*.csv"))
	if len(files) == 0 {
		t.Fatal("no points files in the golden site")
	}
	seen := map[key]got{}
	for _, f := range files {
		model := strings.TrimSuffix(filepath.Base(f), ".csv")
		strict, loose := map[key]map[string]bool{}, map[key]map[string]bool{}
		for _, r := range fixture.ReadCSV(t, f) {
			k := key{model, r["item"]}
			g := seen[k]
			if r["point"] == "correctness" {
				g.correct = r["pass"] == "true"
				seen[k] = g
				continue
			}
			seen[k] = g
			c := r["constraint"]
			if strict[k] == nil {
				strict[k], loose[k] = map[string]bool{}, map[string]bool{}
			}
			if _, ok := strict[k][c]; !ok {
				strict[k][c], loose[k][c] = true, true
			}
			pass := r["pass"] == "true"
			strict[k][c] = strict[k][c] && pass
			if r["main"] == "true" {
				loose[k][c] = loose[k][c] && pass
			}
		}
		for k := range strict {
			g := seen[k]
			for c, ok := range strict[k] {
				if !ok {
					g.failStrict = append(g.failStrict, c)
				}
				if !loose[k][c] {
					g.failLoose = append(g.failLoose, c)
				}
			}
			slices.Sort(g.failStrict)
			slices.Sort(g.failLoose)
			seen[k] = g
		}
	}
	if len(seen) != len(answered) {
		t.Errorf("points files cover %d answers, verdicts.csv has %d", len(seen), len(answered))
	}
	for k, w := range want {
		slices.Sort(w.failStrict)
		slices.Sort(w.failLoose)
		g, ok := seen[k]
		if !ok {
			t.Errorf("%s %s: answered but not in points/%s.csv", k.model, k.item, k.model)
			continue
		}
		if g.correct != w.correct || !slices.Equal(g.failStrict, w.failStrict) || !slices.Equal(g.failLoose, w.failLoose) {
			t.Errorf("%s %s: from points %+v, verdicts.csv %+v", k.model, k.item, g, w)
		}
	}
}
