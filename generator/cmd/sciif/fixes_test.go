package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
	"github.com/sciif/leaderboard/generator/internal/validate"
)

// unfixed runs sciif validate --format json with args and returns every
// finding without a fix, as "file:line: code: message".
func unfixed(t *testing.T, args ...string) []string {
	t.Helper()
	_, out, errs := runIn(t, append([]string{"validate", "--format", "json"}, args...)...)
	var rep validate.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("validate %v: %v\n%s%s", args, err, out, errs)
	}
	var bad []string
	for _, s := range rep.Submissions {
		for _, f := range s.Findings {
			if f.Fix == "" {
				bad = append(bad, f.String()+" [code "+f.Code+"]")
			}
		}
	}
	return bad
}

// TestEveryFindingHasAFix runs the problems the project's broken corpora
// produce (the broken-input table, the workflow corpus, the demo
// submissions) through sciif validate: every finding has a fix, chosen by
// its code. A new diagnostic without a code, or a code without a fix in
// its kind's Fixes (or validate's shared table), fails here.
func TestEveryFindingHasAFix(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: validates every broken input")
	}
	for _, tc := range brokenCases() {
		t.Run("broken/"+tc.name, func(t *testing.T) {
			root := brokenRoot(t)
			t.Chdir(root)
			dir := filepath.Join("results", cmpOr(tc.dir, "m"))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for name, data := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tc.setup != nil {
				tc.setup(t, dir)
			}
			if bad := unfixed(t, "--results", "results", cmpOr(tc.validate, dir)); len(bad) > 0 {
				t.Errorf("findings without a fix:\n%s", strings.Join(bad, "\n"))
			}
		})
	}
	repo, err := filepath.Abs(repoDir)
	if err != nil {
		t.Fatal(err)
	}
	demo := filepath.Join(repo, "results", "demo-atlas-70b")
	for _, tc := range workflowCases() {
		t.Run("workflow/"+tc.name, func(t *testing.T) {
			m := filepath.Join(t.TempDir(), "m")
			if err := os.CopyFS(m, os.DirFS(demo)); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(m, tc.file)
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if err := os.WriteFile(p, []byte(strings.Join(tc.edit(lines), "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if bad := unfixed(t, "--benchmarks", filepath.Join(repo, "benchmarks"), "--results", "", m); len(bad) > 0 {
				t.Errorf("findings without a fix:\n%s", strings.Join(bad, "\n"))
			}
		})
	}
	t.Run("demo", func(t *testing.T) {
		if bad := unfixed(t, "--benchmarks", filepath.Join(repo, "benchmarks"), "--results", "", filepath.Join(repo, "results")); len(bad) > 0 {
			t.Errorf("findings without a fix:\n%s", strings.Join(bad, "\n"))
		}
	})
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// kindWords are words that belong to one kind's scoring: no other kind's
// fix may say them.
var kindWords = map[string][]string{
	"sciif":   {"non-compliant", "compliance", "evidence point", "constraint"},
	"ifeval":  {"instruction"},
	"ifbench": {"instruction"},
	"ifevalg": {"instruction"},
	"rubric":  {"criterion", "criteria"},
}

// TestKindFixesSpeakOfTheirOwnKind checks that no kind's fix text speaks
// of another kind's scoring (a rubric's fixes never say "non-compliant",
// SciIF's never "instructions"), that the kinds agree on the codes they
// share, and that every kind of the registry has fixes.
func TestKindFixesSpeakOfTheirOwnKind(t *testing.T) {
	if _, err := validate.Fixes(registry); err != nil {
		t.Fatal(err)
	}
	for _, k := range registry {
		if len(k.Fixes) == 0 {
			t.Errorf("kind %s has no Fixes", k.Name)
		}
		for code, fix := range k.Fixes {
			if strings.TrimSpace(fix) == "" {
				t.Errorf("kind %s: code %q has an empty fix", k.Name, code)
			}
			for other, words := range kindWords {
				if other == k.Name || (kindWords[k.Name] != nil && cmp.Equal(kindWords[k.Name], words)) {
					continue
				}
				for _, w := range words {
					if strings.Contains(strings.ToLower(fix), w) {
						t.Errorf("kind %s: the fix of %q speaks of %s's %q: %s", k.Name, code, other, w, fix)
					}
				}
			}
		}
	}
}

// TestRubricEmptyResponseFix: sciif validate told a rubric submission
// with an empty response that it "is scored as incorrect and
// non-compliant", SciIF's meaning, because the fix was chosen by the words
// "empty response". A rubric's empty response is judged as written.
func TestRubricEmptyResponseFix(t *testing.T) {
	repo, err := filepath.Abs(repoDir)
	if err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(t.TempDir(), "m")
	if err := os.CopyFS(m, os.DirFS(filepath.Join(repo, "results", "demo-atlas-70b"))); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(m, "complex-if-demo.jsonl")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	rec["response"] = ""
	first, _ := json.Marshal(rec)
	lines[0] = string(first)
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, errs := runIn(t, "validate", "--format", "json", "--benchmarks", filepath.Join(repo, "benchmarks"), "--results", "", m)
	var rep validate.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s%s", err, out, errs)
	}
	var found bool
	for _, f := range rep.Submissions[0].Findings {
		if f.Code != rubric.CodeEmpty {
			continue
		}
		found = true
		if strings.Contains(f.Fix, "non-compliant") || strings.Contains(f.Fix, "incorrect") || !strings.Contains(f.Fix, "judged as written") || !strings.Contains(f.Fix, "judges grade") {
			t.Errorf("a rubric's empty response: fix %q; want what it means for a rubric (judged as written, the judges grade it)", f.Fix)
		}
	}
	if !found {
		t.Fatalf("no %s finding for an empty rubric response:\n%s", rubric.CodeEmpty, out)
	}
}
