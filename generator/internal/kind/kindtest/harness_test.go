package kindtest_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kind/kindtest"
	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
)

// lineless is the rubric kind with a bug: its problems name no line.
var lineless = &kind.Kind{
	Name: rubric.Kind.Name,
	Open: func(spec kind.Spec) (kind.Benchmark, error) {
		b, err := rubric.Kind.Open(spec)
		return noLines{b}, err
	},
}

type noLines struct{ kind.Benchmark }

func (b noLines) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	r, probs := b.Benchmark.Check(ctx, sub, opt)
	for i := range probs {
		probs[i].Line = 0
	}
	return r, probs
}

// TestRunReportsABrokenKind runs the harness on a kind whose problems name
// no line, in a child process (a failing Run fails its test), and checks
// that it fails saying which input and which line.
func TestRunReportsABrokenKind(t *testing.T) {
	if os.Getenv("KINDTEST_CHILD") == "1" {
		kindtest.Run(t, lineless, kindtest.Repo(t, lineless, "../../../..", "complex-if-demo", "demo-atlas-70b", "demo-borealis-8b"))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunReportsABrokenKind$", "-test.v")
	cmd.Env = append(os.Environ(), "KINDTEST_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the harness passes a kind whose problems name no line:\n%s", out)
	}
	for _, want := range []string{"--- FAIL: TestRunReportsABrokenKind/BrokenInputs", "not JSON (line 2 is not JSON): no fatal problem names line 2 of", "--- PASS: TestRunReportsABrokenKind/EmptyBoard"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the harness's output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "empty file (the file is empty): no fatal problem") {
		t.Errorf("an empty file needs no line, yet the harness asks for one:\n%s", out)
	}
}
