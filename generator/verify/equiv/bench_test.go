package equiv

import (
	"context"
	"sort"
	"testing"
	"time"
)

type benchPair struct {
	gold, pred string
	opt        Options
}

// benchCompare runs Compare over pairs b.N times, then times each pair
// once more on its own and reports pairs/s, the 99th percentile and the
// worst single-pair time (ns) as benchmark metrics.
func benchCompare(b *testing.B, pairs []benchPair) {
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range pairs {
			Compare(ctx, p.gold, p.pred, p.opt)
		}
	}
	b.StopTimer()
	elapsed := b.Elapsed()
	b.ReportMetric(float64(b.N*len(pairs))/elapsed.Seconds(), "pairs/s")
	durs := make([]time.Duration, len(pairs))
	for i, p := range pairs {
		best := time.Duration(1 << 62)
		for r := 0; r < 3; r++ { // the best of three runs hides scheduler noise
			start := time.Now()
			Compare(ctx, p.gold, p.pred, p.opt)
			if d := time.Since(start); d < best {
				best = d
			}
		}
		durs[i] = best
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds()), "p99-ns")
	b.ReportMetric(float64(durs[len(durs)-1].Nanoseconds()), "max-ns")
}

func BenchmarkCompareScience(b *testing.B) {
	var pairs []benchPair
	for _, r := range readScience(b) {
		pairs = append(pairs, benchPair{r.Gold, r.Pred, Options{Tolerance: r.Tolerance, Type: r.Type}})
	}
	benchCompare(b, pairs)
}

// BenchmarkCompareMathVerify includes final-answer extraction, as the
// scoring engine calls Extract then Compare.
func BenchmarkCompareMathVerify(b *testing.B) {
	rows := readMathVerify(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range rows {
			Compare(ctx, goldSpan(r.Gold), answerSpan(r.Pred), mathVerifyOptions(r))
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N*len(rows))/b.Elapsed().Seconds(), "pairs/s")
	durs := make([]time.Duration, len(rows))
	for i, r := range rows {
		best := time.Duration(1 << 62)
		for k := 0; k < 3; k++ {
			start := time.Now()
			Compare(ctx, goldSpan(r.Gold), answerSpan(r.Pred), mathVerifyOptions(r))
			if d := time.Since(start); d < best {
				best = d
			}
		}
		durs[i] = best
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds()), "p99-ns")
	b.ReportMetric(float64(durs[len(durs)-1].Nanoseconds()), "max-ns")
}
