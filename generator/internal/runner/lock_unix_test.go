//go:build unix

package runner

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestJournalInUse(t *testing.T) {
	srv := newFakeServer(t, newFakeClock())
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j, _, err := openJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Run(context.Background(), plainTasks("m", 1), []Endpoint{srv.endpoint("m", "x")}, path, nil)
	if err == nil || !strings.Contains(err.Error(), "in use by another run") {
		t.Errorf("second run on a journal in use: error %v", err)
	}
	j.close()
	if _, _, err := Run(context.Background(), plainTasks("m", 1), []Endpoint{srv.endpoint("m", "x")}, path, nil); err != nil {
		t.Errorf("after the first run closed the journal: %v", err)
	}
	if srv.Total() != 1 {
		t.Errorf("%d requests, want 1", srv.Total())
	}
}
