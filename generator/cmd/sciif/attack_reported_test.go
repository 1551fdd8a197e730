package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkipInvalidLeavesOutBadReportedFigures: a folder of published
// figures whose reported.yaml is refused is a submission validate refuses
// like any other, so --skip-invalid leaves it out, names it and builds
// the rest, the sound figures included (it used to fail the whole build).
func TestSkipInvalidLeavesOutBadReportedFigures(t *testing.T) {
	root := brokenRoot(t)
	const figures = "model: {name: %s, organization: Y}\ncitation: {title: T, authors: A}\npolicy: strict\ncompliance: %s\n"
	writeTree(t, root, map[string]string{
		"results/paper-a/reported.yaml": strings.Replace(strings.Replace(figures, "%s", "Paper A", 1), "%s", "2.1", 1),
		"results/paper-b/reported.yaml": strings.Replace(strings.Replace(figures, "%s", "Paper B", 1), "%s", "100.1", 1),
	})
	t.Chdir(root)
	want := "results/paper-b/reported.yaml:4: compliance: want a percentage between 0 and 100"
	vcode, vout, verr := runIn(t, "validate", "--results", "results", "results")
	if vcode != 1 || !strings.Contains(vout, want) || strings.Contains(vout, "results/paper-a/") {
		t.Fatalf("validate exited %d, want 1 naming paper-b's figures alone:\n%s%s", vcode, vout, verr)
	}
	if code, _, errs := runIn(t, "build", "--out", "site", "--results", "results"); code != 1 || !strings.Contains(errs, want) {
		t.Fatalf("build exited %d, want 1 naming paper-b's figures:\n%s", code, errs)
	}
	code, _, errs := runIn(t, "build", "--out", "site", "--results", "results", "--skip-invalid")
	if code != 0 {
		t.Fatalf("--skip-invalid exited %d, want 0:\n%s", code, errs)
	}
	if !strings.Contains(errs, want) || !strings.Contains(errs, "left out the submissions") {
		t.Errorf("--skip-invalid does not name what it left out:\n%s", errs)
	}
	index, err := os.ReadFile(filepath.Join("site", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "Paper A") || strings.Contains(string(index), "Paper B") {
		t.Errorf("the site must show Paper A's figures and not Paper B's")
	}
}
