package verify_test

import (
	"bytes"
	goparser "go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoClockInVerdicts checks that no verifier (the verify stage and its
// rules, and the shared answer equivalence, verify/equiv) imports "time" or
// sets a deadline: a verdict depends on its inputs only, never on how busy
// the machine is.
func TestNoClockInVerdicts(t *testing.T) {
	equiv := filepath.Join("..", "..", "..", "verify", "equiv")
	for _, dir := range []string{".", equiv, "rules"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no Go files in %s", dir)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := goparser.ParseFile(gotoken.NewFileSet(), name, src, goparser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if imp.Path.Value == `"time"` {
					t.Errorf("%s imports time: verdicts must not depend on a clock", name)
				}
			}
			for _, call := range []string{"WithTimeout(", "WithDeadline("} {
				if bytes.Contains(src, []byte(call)) {
					t.Errorf("%s calls %s: verdicts must not depend on a deadline", name, call)
				}
			}
		}
	}
}
