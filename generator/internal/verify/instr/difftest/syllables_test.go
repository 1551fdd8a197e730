package difftest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
)

// TestSyllableRuleAgreesWithOfficialCode requires our words:odd_even_syllables
// verdicts, without a syllable dictionary, to be the official code's on
// every case of testdata/syllables (Strict and Loose): responses whose
// every word syllapy counts with its rule (none is in its dictionary),
// written in the Unicode forms gen_syllables.py lists. The dictionary's
// words are held to syllapy by TestSyllapyParity (package ifbench), which
// needs syllapy's data.
func TestSyllableRuleAgreesWithOfficialCode(t *testing.T) {
	cases := readGz[testCase](t, "testdata/syllables/cases.jsonl.gz")
	want := readGz[verdict](t, "testdata/syllables/verdicts.jsonl.gz")
	if len(cases) != len(want) || len(cases) < 800 {
		t.Fatalf("%d cases and %d verdicts, want the same number, at least 800", len(cases), len(want))
	}
	reg, err := instr.NewRegistry(ifbench.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	byWay := map[string][2]int{}
	var diffs []string
	followed := 0
	for i, c := range cases {
		w := want[i]
		if w.Key != c.Key || w.Mutation != c.Mutation || w.Strict == nil || w.Loose == nil {
			t.Fatalf("case %d (%s %s): verdict %s %s, or the official code raised", i+1, c.Key, c.Mutation, w.Key, w.Mutation)
		}
		for _, m := range w.modes() {
			got := reg.Evaluate(m.mode, c.instrPrompt(), c.Response).Instructions[0]
			s := byWay[c.Mutation]
			s[0]++
			if got.Followed == m.want[0] {
				s[1]++
			} else {
				diffs = append(diffs, fmt.Sprintf("%s %s %s %q: official %v, ours %v (%s)", c.Key, c.Mutation, m.mode, c.Response, m.want[0], got.Followed, got.Reason))
			}
			byWay[c.Mutation] = s
			if m.mode == instr.Strict && m.want[0] {
				followed++
			}
		}
	}
	if followed < len(cases)/4 || followed > 3*len(cases)/4 {
		t.Errorf("%d of %d cases followed under Strict: the cases should hold both verdicts", followed, len(cases))
	}
	for way, s := range byWay {
		if s[0] < 40 {
			t.Errorf("%s: %d verdicts, want at least 40", way, s[0])
		}
	}
	t.Logf("%d cases in %d forms: %d verdicts differ (%d followed under Strict)", len(cases), len(byWay), len(diffs), followed)
	if len(diffs) > 0 {
		t.Errorf("%d verdicts differ from the official code, e.g.\n  %s", len(diffs), strings.Join(diffs[:min(len(diffs), 10)], "\n  "))
	}
}
