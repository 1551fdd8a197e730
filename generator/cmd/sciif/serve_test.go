//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var listening = regexp.MustCompile(`listening on http://(\S+)`)

// startServe runs `sciif serve` in this process on a loopback port and
// returns its base URL and a channel with its exit code.
func startServe(t testing.TB, args ...string) (string, <-chan int, *lockedBuffer) {
	t.Helper()
	stderr := &lockedBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), io.Discard, stderr)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			return "http://" + m[1], done, stderr
		}
		select {
		case code := <-done:
			t.Fatalf("sciif serve exited %d: %s", code, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("sciif serve did not start: %s", stderr.String())
	return "", nil, nil
}

// loadResult counts what a load test saw.
type loadResult struct {
	ok, failed, refused, lost int64
	latencies                 []time.Duration
	elapsed                   time.Duration
}

// loadTarget is one request a load test sends: its path, its body and
// whether an answer of 200 is the right one.
type loadTarget struct {
	path string
	body []byte
	ok   func([]byte) bool
}

// loadTargets sends count requests from clients concurrent clients to
// base, request i to targets[i % len(targets)], and calls onHalf
// half-way. A request is ok (200 and the answer the target wants), failed
// (any other answer), refused (the connection could not be opened: the
// server had stopped accepting, nothing was sent) or lost (sent, and no
// answer came).
func loadTargets(base string, targets []loadTarget, clients, count int, onHalf func()) loadResult {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	var res loadResult
	var next atomic.Int64
	var mu sync.Mutex
	var half sync.Once
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				i := next.Add(1)
				if i > int64(count) {
					return
				}
				if i == int64(count/2) && onHalf != nil {
					half.Do(onHalf)
				}
				tg := &targets[int(i)%len(targets)]
				req, _ := http.NewRequest(http.MethodPost, base+tg.path, bytes.NewReader(tg.body))
				req.Header.Set("Content-Type", "application/json")
				// Rewards are pure: the request may be replayed on a
				// connection the server closed before reading it.
				req.Header.Set("Idempotency-Key", fmt.Sprint(i))
				t0 := time.Now()
				resp, err := client.Do(req)
				d := time.Since(t0)
				mu.Lock()
				switch {
				case err != nil && isDialError(err):
					res.refused++
				case err != nil:
					res.lost++
				default:
					data, rerr := io.ReadAll(resp.Body)
					resp.Body.Close()
					if rerr != nil {
						res.lost++
					} else if resp.StatusCode != http.StatusOK || !tg.ok(data) {
						res.failed++
					} else {
						res.ok++
						res.latencies = append(res.latencies, d)
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(q*float64(len(s)-1))]
}

// TestServeSIGTERMLosesNothing loads the server with 32 concurrent
// clients and sends the process SIGTERM half-way: every request the
// server accepted is answered, the server exits 0, and afterwards new
// connections are refused. Counts only; latencies are logged.
func TestServeSIGTERMLosesNothing(t *testing.T) {
	root := moduleRoot(t)
	base, done, stderr := startServe(t, "--benchmark", filepath.Join(root, "benchmarks", "ifeval-demo"))
	sigtermUnderLoad(t, base, done, stderr, []loadTarget{ifevalLoadTarget})
}

// ifevalLoadTarget is the request load sends: one IFEval query of the
// demo benchmark, followed by both its instructions.
var ifevalLoadTarget = loadTarget{"/get_reward?benchmark=ifeval-demo",
	[]byte(`{"query":["pwrite in lower case only please without any commas at all and keep it simple for the reader"],"prompts":["p"],` +
		`"labels":["{\"instruction_id_list\":[\"change_case:english_lowercase\",\"punctuation:no_comma\"],\"kwargs\":[{},{}]}"]}`),
	func(data []byte) bool { return bytes.HasPrefix(data, []byte(`{"rewards":[1]`)) }}

// sigtermUnderLoad sends 4,000 requests from 32 concurrent clients to the
// targets in turn, and the process SIGTERM half-way: every request the
// server accepted must get the right answer (no failed or lost request),
// every request must be accounted for, at least the first half answered,
// and the server must drain and exit 0.
func sigtermUnderLoad(t *testing.T, base string, done <-chan int, stderr *lockedBuffer, targets []loadTarget) {
	t.Helper()
	const clients, count = 32, 4000
	res := loadTargets(base, targets, clients, count, func() {
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
			t.Error(err)
		}
	})
	var code int
	select {
	case code = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("sciif serve did not stop after SIGTERM")
	}
	t.Logf("%d ok, %d refused after shutdown, in %v; p50 %v, p99 %v", res.ok, res.refused, res.elapsed, quantile(res.latencies, 0.5), quantile(res.latencies, 0.99))
	if code != 0 {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	if res.lost != 0 || res.failed != 0 {
		t.Errorf("%d lost, %d failed requests (of %d)", res.lost, res.failed, count)
	}
	if res.ok+res.refused+res.failed+res.lost != count {
		t.Errorf("%d accounted for, want %d", res.ok+res.refused+res.failed+res.lost, count)
	}
	if res.ok < count/2-clients {
		t.Errorf("only %d requests answered before the signal", res.ok)
	}
	if !strings.Contains(stderr.String(), "stopped") {
		t.Errorf("no drain in the log: %s", stderr.String())
	}
}

// BenchmarkServeLoad is the bounded loopback load test: b.N requests
// from 32 concurrent clients to `sciif serve` on 127.0.0.1, reporting
// throughput and p50/p99 latency; it fails on any error or lost request.
//
//	go test ./generator/cmd/sciif -run '^$' -bench ServeLoad -benchtime 20000x
func BenchmarkServeLoad(b *testing.B) {
	root := moduleRoot(b)
	base, done, _ := startServe(b, "--benchmark", filepath.Join(root, "benchmarks", "ifeval-demo"))
	benchLoad(b, base, done, []loadTarget{ifevalLoadTarget})
}

// benchLoad sends b.N requests from 32 concurrent clients to the targets
// in turn, reports throughput and p50/p99 latency, fails on any error,
// refused or lost request or wrong answer, and stops the server.
func benchLoad(b *testing.B, base string, done <-chan int, targets []loadTarget) {
	b.Helper()
	b.ResetTimer()
	res := loadTargets(base, targets, 32, b.N, nil)
	b.StopTimer()
	if res.lost != 0 || res.failed != 0 || res.refused != 0 || res.ok != int64(b.N) {
		b.Fatalf("%d ok, %d failed, %d refused, %d lost of %d", res.ok, res.failed, res.refused, res.lost, b.N)
	}
	b.ReportMetric(float64(res.ok)/res.elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(quantile(res.latencies, 0.5).Microseconds()), "p50-µs")
	b.ReportMetric(float64(quantile(res.latencies, 0.99).Microseconds()), "p99-µs")
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		b.Fatal(err)
	}
	<-done
}
