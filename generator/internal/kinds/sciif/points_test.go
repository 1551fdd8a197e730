package sciif

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPointsAgreeWithVerdicts recomputes each model's verdicts from its
// points/<model>.csv (correctness from its row; a constraint passes Strict
// when all its points pass, Loose when its main points do) and compares
// them with verdicts.csv, which the board's cells produce. The files are
// the golden site's, which TestGolden keeps equal to what is rendered.
func TestPointsAgreeWithVerdicts(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	verdicts := readCSV(t, filepath.Join(dir, "verdicts.csv"))
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
		for _, r := range readCSV(t, f) {
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

func readCSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("%s: %d records, %v", path, len(recs), err)
	}
	var rows []map[string]string
	for _, rec := range recs[1:] {
		r := map[string]string{}
		for i, h := range recs[0] {
			r[h] = rec[i]
		}
		rows = append(rows, r)
	}
	return rows
}

// TestInstrVerdictsAgreeWithScores recounts each model's prompt- and
// instruction-level accuracies, Strict and Loose, from the instruction
// board's verdicts/<model>.csv and compares them with its scores.json.
func TestInstrVerdictsAgreeWithScores(t *testing.T) {
	dir := filepath.Join("testdata", "golden", "ifeval")
	data, err := os.ReadFile(filepath.Join(dir, "scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	type rate struct{ Pass, Total int }
	type mode struct {
		Prompt      rate `json:"prompt_level"`
		Instruction rate `json:"instruction_level"`
	}
	var scores struct {
		Models []struct {
			ID            string
			Strict, Loose mode
		}
	}
	if err := json.Unmarshal(data, &scores); err != nil || len(scores.Models) == 0 {
		t.Fatalf("scores.json: %d models, %v", len(scores.Models), err)
	}
	for _, m := range scores.Models {
		rows := readCSV(t, filepath.Join(dir, "verdicts", m.ID+".csv"))
		var got [2]mode
		var keys []string
		followed := map[string][2]bool{}
		for _, r := range rows {
			k := r["key"]
			f, ok := followed[k]
			if !ok {
				keys = append(keys, k)
				f = [2]bool{true, true}
			}
			for i, col := range []string{"strict", "loose"} {
				pass := r[col] == "true"
				got[i].Instruction.Total++
				if pass {
					got[i].Instruction.Pass++
				}
				f[i] = f[i] && pass
			}
			followed[k] = f
		}
		for _, k := range keys {
			for i := range got {
				got[i].Prompt.Total++
				if followed[k][i] {
					got[i].Prompt.Pass++
				}
			}
		}
		if want := [2]mode{m.Strict, m.Loose}; got != want {
			t.Errorf("%s: recounted from verdicts %+v, scores.json %+v", m.ID, got, want)
		}
	}
}
