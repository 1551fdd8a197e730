package difftest

import (
	"fmt"
	"sort"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifevalg"
)

// The IFEvalG differential test: testdata/ifevalg/cases.jsonl.gz holds
// responses of our own around the thresholds of open-instruct's training
// constraints (made by ./ifevalgcases), testdata/ifevalg/verdicts.jsonl.gz
// the verdicts of open-instruct's code on them (made by run_ifevalg.py).
// See testdata/ifevalg/SOURCE.md.

type ifevalgCase struct {
	testCase
	Label string `json:"label"`
}

type ifevalgVerdict struct {
	verdict
	Score *float64 `json:"score"`
}

// ifevalgDifference is a line of testdata/ifevalg/known_differences.tsv: a
// verdict that differs from open-instruct's on purpose.
type ifevalgDifference struct{ key, mutation, what, reason string }

func readIFEvalGKnown(t *testing.T, path string) map[string]ifevalgDifference {
	t.Helper()
	out := map[string]ifevalgDifference{}
	for _, p := range readReasons(t, path, "key, mutation, what") {
		out[p[0]+"\t"+p[1]+"\t"+p[2]] = ifevalgDifference{p[0], p[1], p[2], p[3]}
	}
	return out
}

// TestIFEvalGAgreesWithOpenInstruct requires every Strict and Loose
// verdict of the IFEvalG registry, and the reward of open-instruct's
// IFEvalVerifier (the open-instruct preset, then the Strict fraction of
// instructions followed), to be open-instruct's on every case, apart from
// the differences listed with their reasons in known_differences.tsv; a
// listed difference that no longer differs fails too.
func TestIFEvalGAgreesWithOpenInstruct(t *testing.T) {
	cases := readGz[ifevalgCase](t, "testdata/ifevalg/cases.jsonl.gz")
	want := readGz[ifevalgVerdict](t, "testdata/ifevalg/verdicts.jsonl.gz")
	known := readIFEvalGKnown(t, "testdata/ifevalg/known_differences.tsv")
	if len(cases) != len(want) {
		t.Fatalf("%d cases but %d verdicts", len(cases), len(want))
	}
	reg, err := instr.NewRegistry(ifevalg.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	ids := map[string]bool{}
	total, agree := 0, 0
	var diffs []string
	differ := func(c ifevalgCase, what, msg string) {
		k := c.Key + "\t" + c.Mutation + "\t" + what
		if _, ok := known[k]; ok {
			seen[k] = true
			return
		}
		diffs = append(diffs, fmt.Sprintf("key %s, mutation %s, %s: %s", c.Key, c.Mutation, what, msg))
	}
	for i, c := range cases {
		w := want[i]
		if w.Key != c.Key || w.Mutation != c.Mutation {
			t.Fatalf("case %d is %s/%s but verdict %d is %s/%s", i+1, c.Key, c.Mutation, i+1, w.Key, w.Mutation)
		}
		if w.Strict == nil || w.Loose == nil || w.Score == nil {
			t.Fatalf("case %d (%s %s): open-instruct's code raised an error", i+1, c.Key, c.Mutation)
		}
		p := c.instrPrompt()
		for _, m := range w.modes() {
			for j, ir := range reg.Evaluate(m.mode, p, c.Response).Instructions {
				ids[ir.ID] = true
				total++
				if ir.Followed == m.want[j] {
					agree++
					continue
				}
				differ(c, string(m.mode)+" "+ir.ID, fmt.Sprintf("open-instruct %v, ours %v (%s)", m.want[j], ir.Followed, ir.Reason))
			}
		}
		total++
		if got := verifierScore(reg, p, c.Response); got == *w.Score {
			agree++
		} else {
			differ(c, "score", fmt.Sprintf("open-instruct %v, ours %v", *w.Score, got))
		}
	}
	t.Logf("%d cases, %d instruction ids, %d of %d verdicts and rewards agree", len(cases), len(ids), agree, total)
	for _, id := range ifevalg.Training {
		if !ids[id.ID] {
			t.Errorf("no case has %s", id.ID)
		}
	}
	sort.Strings(diffs)
	for _, d := range diffs {
		t.Error(d)
	}
	for k, d := range known {
		if !seen[k] {
			t.Errorf("known_differences.tsv lists %s %s %s, which no longer differs", d.key, d.mutation, d.what)
		}
	}
}

// verifierScore is IFEvalVerifier's reward computed with our checkers: the
// response prepared as the open-instruct preset prepares it (an empty
// answer scores 0), then the fraction of instructions followed, Strict.
func verifierScore(reg *instr.Registry, p instr.Prompt, response string) float64 {
	answer := preprocess.OpenInstruct.Apply(response)
	if answer == "" {
		return 0
	}
	followed := 0
	for _, ir := range reg.Evaluate(instr.Strict, p, answer).Instructions {
		if ir.Followed {
			followed++
		}
	}
	return float64(followed) / float64(len(p.InstructionIDs))
}
