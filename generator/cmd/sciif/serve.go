package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os/signal"
	"strings"
	"syscall"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// runServe is `sciif serve`: a stateless reward server for RL trainers.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("serve", "[--addr HOST:PORT] [--benchmarks DIR | --benchmark DIR...] [--config FILE] [--syllable-dictionary FILE] [limits]", stderr)
	bf := addBenchFlags(fs)
	syl := addSyllableFlag(fs)
	def := reward.DefaultOptions()
	opt := def
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (0.0.0.0:8080 in a container)")
	config := fs.String("config", "", "reward config file (YAML or JSON): one section per benchmark, kind or formula")
	fs.Int64Var(&opt.MaxBody, "max-body", def.MaxBody, "largest request body, in bytes (413 beyond)")
	fs.IntVar(&opt.MaxRecords, "max-records", def.MaxRecords, "most records or queries per request (413 beyond)")
	fs.IntVar(&opt.MaxInFlight, "max-in-flight", def.MaxInFlight, "reward requests answered at once; others wait up to --queue-wait, then get 503")
	fs.IntVar(&opt.MaxConns, "max-conns", def.MaxConns, "most connections open at once (each up to 256 KiB); others wait to be accepted")
	fs.DurationVar(&opt.QueueWait, "queue-wait", def.QueueWait, "how long a request waits for a slot")
	fs.DurationVar(&opt.RequestTimeout, "request-timeout", def.RequestTimeout, "most work one request may take (503 beyond)")
	fs.DurationVar(&opt.ReadTimeout, "read-timeout", def.ReadTimeout, "time to read a whole request")
	fs.DurationVar(&opt.WriteTimeout, "write-timeout", def.WriteTimeout, "time to answer a request, from the end of its headers")
	fs.DurationVar(&opt.IdleTimeout, "idle-timeout", def.IdleTimeout, "how long an idle keep-alive connection stays open")
	fs.DurationVar(&opt.DrainDelay, "drain-delay", def.DrainDelay, "on SIGTERM, keep answering this long (with /healthz 503) before closing the listener")
	fs.DurationVar(&opt.ShutdownTimeout, "shutdown-timeout", def.ShutdownTimeout, "on SIGTERM, the longest wait for requests in flight")
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	if msg := unboundedLimits(opt); msg != "" {
		fmt.Fprintln(stderr, "sciif serve:", msg)
		return 2
	}
	cfg, err := reward.LoadConfig(*config)
	if err != nil {
		fmt.Fprintln(stderr, "sciif serve:", err)
		return 1
	}
	dict, err := syl.load()
	if err != nil {
		fmt.Fprintln(stderr, "sciif serve:", err)
		return 1
	}
	benches, err := bf.open()
	if err != nil {
		printProblems(stderr, "serve", err)
		return 1
	}
	set, err := reward.NewSet(benches, cfg, kind.Options{Syllables: dict})
	if err != nil {
		fmt.Fprintln(stderr, "sciif serve:", err)
		return 1
	}
	if len(set.Funcs()) == 0 {
		fmt.Fprintln(stderr, "sciif serve: no benchmark gives rewards")
		return 1
	}
	// SIGTERM (Kubernetes, systemd) and SIGINT drain the server; the
	// handler is installed before the port opens, so a signal never
	// finds the default action.
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	go func() {
		// Once the drain has begun, a second signal has its default
		// action: the operator who sends it wants the server gone now.
		<-ctx.Done()
		stop()
	}()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "sciif serve:", err)
		return 1
	}
	opt.Log = stderr
	fmt.Fprintf(stderr, "sciif serve: listening on http://%s (rewards: %s)\n", ln.Addr(), set.Names())
	if err := reward.NewServer(set, opt).Serve(ctx, ln); err != nil {
		fmt.Fprintln(stderr, "sciif serve:", err)
		return 1
	}
	return 0
}

// unboundedLimits says which limits of opt would not limit, "" if none:
// every bound must be positive (net/http reads a read, write or idle
// timeout of 0 or less as none), and the waits before a refusal and
// before the listener closes must not be negative.
func unboundedLimits(opt reward.Options) string {
	var bad []string
	for _, l := range []struct {
		flag string
		ok   bool
	}{
		{"--max-body", opt.MaxBody > 0},
		{"--max-records", opt.MaxRecords > 0},
		{"--max-in-flight", opt.MaxInFlight > 0},
		{"--max-conns", opt.MaxConns > 0},
		{"--request-timeout", opt.RequestTimeout > 0},
		{"--read-timeout", opt.ReadTimeout > 0},
		{"--write-timeout", opt.WriteTimeout > 0},
		{"--idle-timeout", opt.IdleTimeout > 0},
		{"--shutdown-timeout", opt.ShutdownTimeout > 0},
	} {
		if !l.ok {
			bad = append(bad, l.flag)
		}
	}
	var msgs []string
	if len(bad) > 0 {
		msgs = append(msgs, strings.Join(bad, ", ")+" must be positive")
	}
	if opt.QueueWait < 0 || opt.DrainDelay < 0 {
		msgs = append(msgs, "--queue-wait and --drain-delay must not be negative")
	}
	return strings.Join(msgs, "; ")
}
