package benchcpu

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// TestOfCountsThisProcess checks that Of, read for this process, grows
// with work done and stays within a tick of Used, which reads the same
// clock through getrusage.
func TestOfCountsThisProcess(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Of reads a Linux clock")
	}
	before, ok := Of(os.Getpid())
	if !ok {
		t.Fatal("Of: the process's CPU clock is not read")
	}
	for start := Used(); Used()-start < 30*time.Millisecond; {
	}
	after, _ := Of(os.Getpid())
	used := Used()
	if after-before < 30*time.Millisecond {
		t.Errorf("Of grew by %v over 30 ms of work", after-before)
	}
	if d := used - after; d < -10*time.Millisecond || d > 10*time.Millisecond {
		t.Errorf("Of %v, Used %v: more than a tick apart", after, used)
	}
}
