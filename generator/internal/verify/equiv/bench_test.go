package equiv

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sort"
	"strings"
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

// BenchmarkBatchExtract runs RunBatch with extraction over typical
// responses (the science corpus in response endings, about 100 to 300
// bytes each, and one 4 KB worked solution per ten pairs) and reports
// pairs/s; BenchmarkCompareScience reports the worst single pair.
func BenchmarkBatchExtract(b *testing.B) {
	rows := readScience(b)
	work := strings.Repeat("We substitute the values and simplify step by step; the units cancel as expected. ", 50)
	var in bytes.Buffer
	n := 0
	for i, r := range rows {
		resp := "Reasoning.\n\n**Final Answer**\n\n" + r.Pred
		if i%10 == 0 {
			resp = work + "\nThus the answer is $\\boxed{" + r.Pred + "}$."
		}
		line, _ := json.Marshal(map[string]any{"gold": r.Gold, "pred": resp, "tolerance": r.Tolerance, "type": r.Type})
		in.Write(line)
		in.WriteByte('\n')
		n++
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := RunBatchOptions(context.Background(), bytes.NewReader(data), io.Discard, "bench", BatchOptions{Extract: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "pairs/s")
}

// BenchmarkCompareLongUnits times 4 KB unit chains, the slowest pairs
// known, and reports the worst.
func BenchmarkCompareLongUnits(b *testing.B) {
	var pairs [][2]string
	for _, u := range []string{" m", " kg", "/s", " m^2", "·K", " mol^{-1}", "\\,\\mathrm{J}", " kJ/mol"} {
		s := "1" + strings.Repeat(u, 3990/len(u))
		pairs = append(pairs, [2]string{"1 m", s}, [2]string{s, s + "+1"})
	}
	ctx := context.Background()
	benchPairs(b, len(pairs), func(i int) { Compare(ctx, pairs[i][0], pairs[i][1], Options{}) })
}
