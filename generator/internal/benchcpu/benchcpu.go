// Package benchcpu reports the CPU time of a benchmark's loop beside its
// wall time. CPU time (user and system, every thread of the process) is
// what the speed goals of docs/performance.md compare, and a busy machine disturbs it
// far less than wall time.
package benchcpu

import (
	"testing"
)

// Start starts counting; the function it returns reports the CPU seconds
// per iteration since then as the metric "cpu-s/op". Call it right after
// the benchmark's loop.
func Start() func(b *testing.B) {
	t0 := Used()
	return func(b *testing.B) {
		if b.N > 0 {
			b.ReportMetric((Used()-t0).Seconds()/float64(b.N), "cpu-s/op")
		}
	}
}
