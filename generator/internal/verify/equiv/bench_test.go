package equiv

import (
	"context"
	"sort"
	"testing"
	"time"
)

// benchPairs runs pair(0..n-1) b.N times, then times each pair on its own
// (the best of three runs, to hide scheduler noise) and reports pairs/s,
// the 99th percentile and the worst single-pair time in nanoseconds.
func benchPairs(b *testing.B, n int, pair func(i int)) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < n; k++ {
			pair(k)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "pairs/s")
	durs := make([]time.Duration, n)
	for k := range durs {
		best := time.Duration(1 << 62)
		for r := 0; r < 3; r++ {
			start := time.Now()
			pair(k)
			best = min(best, time.Since(start))
		}
		durs[k] = best
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[n*99/100].Nanoseconds()), "p99-ns")
	b.ReportMetric(float64(durs[n-1].Nanoseconds()), "max-ns")
}

func BenchmarkCompareScience(b *testing.B) {
	rows := readScience(b)
	ctx := context.Background()
	benchPairs(b, len(rows), func(i int) {
		r := rows[i]
		Compare(ctx, r.Gold, r.Pred, Options{Tolerance: r.Tolerance, Type: r.Type})
	})
}

// BenchmarkCompareMathVerify includes final-answer extraction, as the
// scoring engine calls Extract then Compare.
func BenchmarkCompareMathVerify(b *testing.B) {
	rows := readMathVerify(b)
	ctx := context.Background()
	benchPairs(b, len(rows), func(i int) {
		r := rows[i]
		Compare(ctx, goldSpan(r.Gold), answerSpan(r.Pred), mathVerifyOptions(r))
	})
}
