package sciif

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// BenchmarkSite renders whole sites built in memory: the paper's size
// (16 models × 334 items) and a crowded board of 100 models. Peak memory:
//
//	/usr/bin/time -v go test -run='^$' -bench=Site -benchmem ./generator/internal/render/
func BenchmarkSite(b *testing.B) {
	for _, size := range []struct {
		name          string
		models, items int
	}{
		{"paper_16x334", 16, 334},
		{"crowded_100x334", 100, 334},
	} {
		b.Run(size.name, func(b *testing.B) {
			in := fixture.SynthInput(size.models, size.items, 11)
			b.ReportAllocs()
			b.ResetTimer()
			var bytes int
			for b.Loop() {
				files, err := Site(in)
				if err != nil {
					b.Fatal(err)
				}
				bytes = 0
				for _, f := range files {
					bytes += len(f.Data)
				}
			}
			b.ReportMetric(float64(bytes)/1e6, "MB/site")
		})
	}
}
