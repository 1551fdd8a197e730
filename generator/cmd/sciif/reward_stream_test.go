package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRewardReportsTooLongLineAndGoesOn checks that `sciif reward` names a
// line over 4 MiB as file:line on stderr, writes an error record for it,
// rewards the lines after it and exits 1 (some lines had no reward). It
// used to stop at that line and reward nothing after it.
func TestRewardReportsTooLongLineAndGoesOn(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "reward.yaml")
	in := filepath.Join(dir, "in.jsonl")
	good := `{"pi":[true]}` + "\n"
	long := `{"pi":[true],"x":"` + strings.Repeat("a", 4<<20) + `"}` + "\n"
	if err := os.WriteFile(cfg, []byte("complex-if: {alpha: 1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, []byte(good+long+good), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"reward", "--formula", "complex-if", "--config", cfg, in}, &stdout, &stderr)
	want := []string{
		`{"line":1,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
		`{"line":2,"error":"line longer than 4 MiB; not rewarded"}`,
		`{"line":3,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
	}
	if diff := cmp.Diff(want, strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
	if code != 1 || !strings.Contains(stderr.String(), in+":2: line longer than 4 MiB; not rewarded") {
		t.Errorf("exit %d, stderr %q; want 1 and %s:2 named", code, stderr.String(), in)
	}
}
