// Package sharedtest finds the data that tests read from the shared folder
// beside the repository (../shared: the IFEval, IFBench and Math-Verify
// conformance sets, the paper's text), which is third-party and never
// copied in. It is for tests only and never writes.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Require is the environment variable that turns a skip for absent shared
// data into a failure, as CI sets it.
const Require = "SCIIF_REQUIRE_SHARED"

// Path returns ../shared/<rel> seen from the module root (the folder of
// go.mod above the test's package), rel written with slashes, e.g.
// "conformance/ifeval/input_data.jsonl". When it is absent the test is
// skipped, or fails when SCIIF_REQUIRE_SHARED=1.
func Path(t testing.TB, rel string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			t.Fatalf("no go.mod above %s", wd)
		}
		root = parent
	}
	p := filepath.Join(root, "..", "shared", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if os.Getenv(Require) == "1" {
			t.Fatalf("../shared/%s is required (%s=1): %v", rel, Require, err)
		}
		t.Skipf("../shared/%s is absent; set %s=1 to fail instead", rel, Require)
	}
	return p
}

// Conformance returns ../shared/conformance/<name> as Path does.
func Conformance(t testing.TB, name string) string {
	t.Helper()
	return Path(t, "conformance/"+name)
}
