package lockfile

import (
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestLockExcludesOtherHolders has goroutines do a read-modify-write of a
// shared counter under the lock, each on its own open file description as
// separate processes would; with the lock none of the increments is lost.
func TestLockExcludesOtherHolders(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock")
	}
	path := filepath.Join(t.TempDir(), "x.lock")
	const n, rounds = 8, 50
	// Atomic loads and stores keep the race detector, which cannot see
	// flock, quiet; the load and store are separate, so only the lock
	// keeps an increment from being lost.
	var counter atomic.Int64
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for range rounds {
				l, err := Lock(path)
				if err != nil {
					t.Error(err)
					return
				}
				c := counter.Load()
				runtime.Gosched()
				counter.Store(c + 1)
				l.Close()
			}
		})
	}
	wg.Wait()
	if got := counter.Load(); got != n*rounds {
		t.Errorf("counter = %d, want %d: increments were lost, so two holders held the lock at once", got, n*rounds)
	}
}
