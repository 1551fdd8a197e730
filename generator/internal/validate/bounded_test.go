package validate

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
)

func TestJunkSubmissionListsTheFirstProblemsAndCountsTheRest(t *testing.T) {
	// 3,000,000 junk lines cost validate 1.7 GB and 25 s, one finding
	// kept and printed per line; 30,000,000 ran out of memory.
	root := t.TempDir()
	const n = 50000
	folder(t, filepath.Join(root, "results", "junk"), map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": strings.Repeat("x\n", n)})
	rep, got := findings(t, root, "junk")
	s := rep.Submissions[0]
	if s.Valid || rep.Valid {
		t.Fatal("a junk file was accepted")
	}
	if len(got) > board.MaxPerFile+5 {
		t.Fatalf("%d findings listed, want about %d", len(got), board.MaxPerFile)
	}
	want := "results/junk/responses.jsonl: … and 49,900 more problems in this file — fix the problems listed (they are the first of their file or submission) and validate again to see the rest"
	if got[len(got)-1] != want {
		t.Errorf("last finding %q, want %q", got[len(got)-1], want)
	}
	if s.Errors != n || rep.Errors != n {
		t.Errorf("errors %d (report %d), want %d: the count includes the problems not listed", s.Errors, rep.Errors, n)
	}
	var text strings.Builder
	if err := WriteText(&text, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "; 50000 error(s)") || strings.Count(text.String(), "\n") > board.MaxPerFile+10 {
		t.Errorf("text output:\n%s", text.String())
	}
	// The build decides on the same problems: it refuses the submission.
	benches := testBenchmarks(t, root)
	c := pipeline.Check(context.Background(), benches, []board.Submission{{ID: "junk", Dir: filepath.Join(root, "results", "junk"), Meta: board.Metadata{Name: "Model A", Judges: []string{"j1", "j2"}}}}, kind.Options{NoRules: true})
	if !c[0].Fatal() || c[0].Problems.Count() < n || len(c[0].Problems) > board.MaxPerFile+5 {
		t.Errorf("build: fatal %v, %d problems standing for %d", c[0].Fatal(), len(c[0].Problems), c[0].Problems.Count())
	}
}

func TestSubmissionFindingsAreCapped(t *testing.T) {
	// Past the submission's cap, findings are counted: errors stay exact.
	s := Submission{Dir: "results/m"}
	for i := range board.MaxPerSubmission + 250 {
		s.Findings = append(s.Findings, Finding{Severity: Error, File: "results/m/a.jsonl", Line: i + 1, Message: "x"})
	}
	s.Findings = append(s.Findings, Finding{Severity: Error, File: "results/m/a.jsonl", Message: "… and 7 more problems in this file", Omitted: 7})
	capFindings(&s)
	count(&s)
	if len(s.Findings) != board.MaxPerSubmission+1 {
		t.Fatalf("%d findings, want %d and a summary", len(s.Findings), board.MaxPerSubmission)
	}
	if s.Errors != board.MaxPerSubmission+257 {
		t.Errorf("errors %d, want %d", s.Errors, board.MaxPerSubmission+257)
	}
	if last := s.Findings[len(s.Findings)-1]; !strings.HasPrefix(last.String(), "results/m: … and 257 more problems in this submission") {
		t.Errorf("summary %q", last.String())
	}
}
