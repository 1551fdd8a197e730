package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// heapPeak samples the live heap (after a collection) and keeps the most.
type heapPeak struct {
	mu   sync.Mutex
	n    int
	peak uint64
}

func (h *heapPeak) sample() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.n++
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	h.peak = max(h.peak, ms.HeapAlloc)
}

// sampledBench is a fakeBench that samples the heap each time it writes
// part of its submission file.
type sampledBench struct {
	fakeBench
	heap *heapPeak
}

func (b *sampledBench) Submission(a kind.Answers) ([]byte, error) {
	data, err := b.fakeBench.Submission(a)
	b.fakeBench.got = nil // the test's record, not the runner's memory
	b.heap.sample()
	return data, err
}

// samples is how many times peakHeap samples the heap while requests are
// answered.
const samples = 30

// peakHeap executes a judged benchmark of n prompts whose answers are
// answerSize bytes, two judges, and returns the peak live heap seen while
// requests were answered and while the submission was written.
func peakHeap(t *testing.T, n, answerSize int) uint64 {
	heap := &heapPeak{}
	var served sync.Mutex
	count := 0
	// The same number of samples whatever n (the requests are 3n), so that
	// the larger run does not see a higher peak by looking more often.
	every := max(3*n/samples, 1)
	srv := newSizedServer(t, func(model, _ string) int {
		served.Lock()
		count++
		sample := count%every == 0
		served.Unlock()
		if sample {
			heap.sample()
		}
		if model == "m" {
			return answerSize
		}
		return 20
	})
	dir := t.TempDir()
	b := &sampledBench{fakeBench{name: "alpha", n: n, judged: true}, heap}
	url := srv.URL + "/v1"
	p := Plan{Benchmarks: []kind.Runnable{b}, Model: Endpoint{Name: "model", BaseURL: url, Model: "m", Concurrency: 4},
		Judges:  []Endpoint{{Name: "j1", BaseURL: url, Model: "judge-1", Concurrency: 4}, {Name: "j2", BaseURL: url, Model: "judge-2", Concurrency: 4}},
		Journal: filepath.Join(dir, "j.jsonl"), Out: filepath.Join(dir, "results", "m"), Date: "2026-11-02"}
	runtime.GC()
	// Parts of 16 items: both runs hand the benchmark many parts, so they
	// compare the steady state, not a first part against the rest.
	r := Runner{Options: Options{Clock: newFakeClock()}, partSize: 16}
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	if heap.n < samples {
		t.Fatalf("%d heap samples for %d prompts, want at least %d", heap.n, n, samples)
	}
	return heap.peak
}

// The answers go to the journal as they arrive and from it into the
// submission file, a part at a time: the peak live heap of a run of 1,000
// prompts is about that of 100, not ten times the answers.
func TestExecuteMemoryDoesNotGrowWithPrompts(t *testing.T) {
	if testing.Short() {
		t.Skip("asks 3,300 questions")
	}
	const size = 16 << 10
	small := peakHeap(t, 100, size)
	large := peakHeap(t, 1000, size)
	added := uint64(900 * size) // the answers the larger run has more
	growth := int64(large) - int64(small)
	t.Logf("peak live heap: 100 prompts %.1f MiB, 1000 prompts %.1f MiB (%d answers of %d KiB: %.1f MiB more)",
		float64(small)/(1<<20), float64(large)/(1<<20), 900, size>>10, float64(added)/(1<<20))
	// Holding the answers would add them all (and their judge prompts);
	// what may grow is the journal's index, some hundred bytes a task.
	if growth > int64(added/2) {
		t.Errorf("peak live heap grows by %s from 100 to 1000 prompts, more than half the %s of answers added: answers are held in memory",
			mib(growth), mib(int64(added)))
	}
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
