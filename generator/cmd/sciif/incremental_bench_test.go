package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
)

// BenchmarkIncrementalBuild builds a synthetic board with the build
// cache, adds one model and builds again: it reports the CPU seconds of
// that second build ("incremental-cpu-s/op"), of a build of the same
// board without the cache ("full-cpu-s/op") and their ratio, the
// incremental-build goal of docs/performance.md. It then adds another
// model and builds with the cache again ("steady-cpu-s/op", against a
// build of that board without the cache, "steady-full-cpu-s/op"): the
// state of a board rebuilt after each addition, whose build starts from
// the site the build before replaced (the first after the fill finds no
// such spare, the fill having replaced nothing).
//
//	SCIIF_BENCH_MODELS=1000 go test -run '^$' -bench IncrementalBuild -benchtime 1x ./generator/cmd/sciif
//
// With SCIIF_BENCH_PROFILE=FILE it writes a CPU profile of the first
// round's steady build alone to FILE (-cpuprofile would hold the full
// builds too).
func BenchmarkIncrementalBuild(b *testing.B) {
	tuneGC() // as main does
	dir := synthBoard(b, benchModels(b))
	b.Chdir(dir)
	res := filepath.Join(dir, "results")
	build := func(args ...string) time.Duration {
		t0 := benchcpu.Used()
		var errb bytes.Buffer
		if code := run(context.Background(), append([]string{"build"}, args...), io.Discard, &errb); code != 0 {
			b.Fatalf("build %v exited %d: %s", args, code, errb.String())
		}
		return benchcpu.Used() - t0
	}
	// add copies the 1st model as a new one, under another name.
	add := func(id, name string) {
		added := filepath.Join(res, id)
		if err := os.CopyFS(added, os.DirFS(filepath.Join(res, "synth-model-001"))); err != nil {
			b.Fatal(err)
		}
		meta, err := os.ReadFile(filepath.Join(added, "metadata.yaml"))
		if err != nil {
			b.Fatal(err)
		}
		meta = bytes.Replace(meta, []byte("name: "), []byte("name: "+name+" "), 1)
		if err := os.WriteFile(filepath.Join(added, "metadata.yaml"), meta, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	// full builds the board without the cache into a new folder.
	full := func() time.Duration {
		clean := filepath.Join(dir, "clean")
		os.RemoveAll(clean)
		return build("--no-cache", "--out", clean)
	}
	var inc, incFull, steady, steadyFull time.Duration
	n := 0
	for b.Loop() {
		n++
		out := filepath.Join(dir, "site")
		for _, p := range []string{filepath.Join(res, "synth-model-new"), filepath.Join(res, "synth-model-new2"),
			out, defaultCache(out), filepath.Join(dir, ".site.spare")} {
			os.RemoveAll(p)
		}
		build("--out", out)
		add("synth-model-new", "Added")
		inc += build("--out", out)
		incFull += full()
		add("synth-model-new2", "Added again")
		stop := startProfile(b)
		steady += build("--out", out)
		stop()
		steadyFull += full()
	}
	b.ReportMetric(inc.Seconds()/float64(n), "incremental-cpu-s/op")
	b.ReportMetric(incFull.Seconds()/float64(n), "full-cpu-s/op")
	b.ReportMetric(100*inc.Seconds()/incFull.Seconds(), "incremental-%-of-full")
	b.ReportMetric(steady.Seconds()/float64(n), "steady-cpu-s/op")
	b.ReportMetric(steadyFull.Seconds()/float64(n), "steady-full-cpu-s/op")
	b.ReportMetric(100*steady.Seconds()/steadyFull.Seconds(), "steady-%-of-full")
}

// startProfile starts a CPU profile into $SCIIF_BENCH_PROFILE, if set and
// not yet written, and returns what stops it: the profile holds the
// first round's span between the two calls.
func startProfile(b *testing.B) (stop func()) {
	p := os.Getenv("SCIIF_BENCH_PROFILE")
	if p == "" || profiled {
		return func() {}
	}
	profiled = true
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		b.Fatal(err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// profiled says startProfile wrote its profile.
var profiled bool
