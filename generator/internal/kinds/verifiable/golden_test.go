package verifiable_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// renderSite renders in as the page tests build a site: the SciIF board,
// then the instruction boards.
func renderSite(t testing.TB, in fixture.Input) []board.File {
	t.Helper()
	files, err := fixture.Site(in, sciif.NewBoard(fixture.Spec(in), in.Bench, in.Board, in.Runs, in.JudgesOnly))
	if err != nil {
		t.Fatalf("Site: %v", err)
	}
	return files
}

// TestGolden compares the IFEval board's pages and downloads in the tiny
// board's site (ifeval.html and ifeval/; package sciif holds the rest)
// with testdata/golden.
func TestGolden(t *testing.T) {
	fixture.Golden(t, filepath.Join("testdata", "golden"), renderSite(t, fixture.TinyInput()), fixture.IFEvalFile, *update)
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
		rows := fixture.ReadCSV(t, filepath.Join(dir, "verdicts", m.ID+".csv"))
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
