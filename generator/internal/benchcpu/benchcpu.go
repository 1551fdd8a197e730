// Package benchcpu reports the CPU time of a benchmark's loop beside its
// wall time. CPU time (user and system, every thread of the process) is
// what the speed goals of docs/performance.md compare, and a busy machine disturbs it
// far less than wall time.
package benchcpu

import (
	"syscall"
	"testing"
	"time"
)

// used is the CPU time the process has used so far.
func used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Start starts counting; the function it returns reports the CPU seconds
// per iteration since then as the metric "cpu-s/op". Call it right after
// the benchmark's loop.
func Start() func(b *testing.B) {
	t0 := used()
	return func(b *testing.B) {
		if b.N > 0 {
			b.ReportMetric((used()-t0).Seconds()/float64(b.N), "cpu-s/op")
		}
	}
}
