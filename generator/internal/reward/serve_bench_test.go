package reward_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/reward"
	"github.com/sciif/leaderboard/generator/internal/sharedtest"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	ifevalcheck "github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// benchRecords are IFEval prompts with a response each, and what the
// checkers make of them under Strict: the reward every server must give.
type benchRecords struct {
	prompts   []instr.Prompt
	responses []string
	want      []float64
}

const ifevalInput = "../../../benchmarks/ifeval/input_data.jsonl"

// gpt4Records are GPT-4's official responses to IFEval's 541 prompts.
func gpt4Records(b *testing.B) benchRecords {
	path := sharedtest.Conformance(b, "ifeval/input_response_data_gpt4_20231107_145030.pr2963.jsonl")
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	resps, err := instr.ReadResponses(f, path)
	if err != nil {
		b.Fatal(err)
	}
	prompts := readIFEvalPrompts(b)
	matched, missing := instr.MatchResponses(prompts, resps, ifevalInput, path)
	if len(missing) > 0 {
		b.Fatal(missing)
	}
	return withVerdicts(b, prompts, matched)
}

// syntheticRecords answer each of IFEval's prompts with about 1.5 KB of
// text (the size of GPT-4's answers), for a checkout without the shared
// conformance data.
func syntheticRecords(b *testing.B) benchRecords {
	prompts := readIFEvalPrompts(b)
	resps := make([]string, len(prompts))
	para := "The results, taken together, SUGGEST a clear pattern. First, the method works on small inputs; second, it scales.\n\n"
	for i, p := range prompts {
		resps[i] = fmt.Sprintf("Answer %d to %.40q.\n\n%s", p.Key, p.Prompt, strings.Repeat(para, 4+i%20))
	}
	return withVerdicts(b, prompts, resps)
}

func readIFEvalPrompts(b *testing.B) []instr.Prompt {
	f, err := os.Open(ifevalInput)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	prompts, err := instr.ReadPrompts(f, ifevalInput, benchRegistry(b))
	if err != nil {
		b.Fatal(err)
	}
	return prompts
}

func benchRegistry(b *testing.B) *instr.Registry {
	reg, err := instr.NewRegistry(ifevalcheck.Checkers)
	if err != nil {
		b.Fatal(err)
	}
	return reg
}

func withVerdicts(b *testing.B, prompts []instr.Prompt, resps []string) benchRecords {
	reg := benchRegistry(b)
	recs := benchRecords{prompts: prompts, responses: resps, want: make([]float64, len(prompts))}
	for i, p := range prompts {
		followed := 0
		for _, ir := range reg.Evaluate(instr.Strict, p, resps[i]).Instructions {
			if ir.Followed {
				followed++
			}
		}
		recs.want[i] = float64(followed) / float64(len(p.InstructionIDs))
	}
	return recs
}

// chatPrompt wraps a prompt as a Qwen-style chat template does, the way
// OpenRLHF's --apply_chat_template sends it.
func chatPrompt(prompt string) string {
	return "<|im_start|>user\n" + prompt + "<|im_end|>\n<|im_start|>assistant\n"
}

// getRewardBodies are OpenRLHF /get_reward bodies of n queries each, the
// records taken in turn: query = chat-templated prompt + response + end
// of turn, label = the JSON text of the prompt's input record. want[j]
// lists the rewards body j must get. With distinct set, the records are
// taken 8 times over, each label with a key of its own, so that no label
// text comes back before 4,000 others (more than the server keeps).
func getRewardBodies(b *testing.B, recs benchRecords, n int, distinct bool) (bodies [][]byte, want [][]float64) {
	total := len(recs.prompts)
	if distinct {
		total *= 8
	}
	for j := range (total + n - 1) / n {
		var q, p, l []string
		var w []float64
		for k := range n {
			at := (j*n + k) % total
			i := at % len(recs.prompts)
			pr := recs.prompts[i]
			rec := map[string]any{"instruction_id_list": pr.InstructionIDs, "kwargs": pr.Kwargs}
			if distinct {
				rec["key"] = at
			}
			label, err := json.Marshal(rec)
			if err != nil {
				b.Fatal(err)
			}
			q = append(q, chatPrompt(pr.Prompt)+recs.responses[i]+"<|im_end|>")
			p = append(p, chatPrompt(pr.Prompt))
			l = append(l, string(label))
			w = append(w, recs.want[i])
		}
		body, err := json.Marshal(map[string]any{"query": q, "prompts": p, "labels": l})
		if err != nil {
			b.Fatal(err)
		}
		bodies, want = append(bodies, body), append(want, w)
	}
	return bodies, want
}

// cpuTime is the CPU time, user and system, of process pid (0: this
// process) so far.
func cpuTime(b *testing.B, pid int) time.Duration {
	if pid == 0 {
		return benchcpu.Used()
	}
	if d, ok := benchcpu.Of(pid); ok {
		return d
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	// Fields 14 and 15 (utime, stime) in clock ticks, after the command
	// name in parentheses; the kernel's USER_HZ is 100 on Linux.
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// startServer serves the official IFEval benchmark in this process on a
// loopback port, with opt.
func startServer(b *testing.B, opt reward.Options) string {
	set := benchSet(b, ifeval.Kind, "ifeval", "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- reward.NewServer(set, opt).Serve(ctx, ln) }()
	b.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
	})
	return "http://" + ln.Addr().String()
}

// batchCounts are what postBatches saw: answers with every reward,
// refusals as busy (503 with Retry-After), and rewards that differ from
// the checkers' verdicts.
type batchCounts struct{ ok, busy, differ atomic.Int64 }

// How postBatches takes what it is answered: a difference from the
// checkers is an error unless tolerate (another implementation's server)
// is set, when it is only counted; a 503 with Retry-After is counted, and
// with retry the client waits as told and sends the body again.
const (
	tolerate = 1 << iota
	retry
)

// postBatches sends the bodies in turn, from body from on, from clients
// concurrent clients until count requests have been answered with
// rewards (or refused as busy, without retry), and compares every reward
// with want.
func postBatches(b *testing.B, client *http.Client, url string, clients, from, count int, bodies [][]byte, want [][]float64, mode int) *batchCounts {
	var c batchCounts
	var next atomic.Int64
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				j := int(next.Add(1) - 1)
				if j >= count {
					return
				}
				k := (from + j) % len(bodies)
				for {
					done, wait := postBatch(b, client, url, bodies[k], want[k], mode, &c)
					if done {
						break
					}
					time.Sleep(wait)
				}
				if b.Failed() {
					return
				}
			}
		})
	}
	wg.Wait()
	return &c
}

// newClient is an HTTP client that keeps a connection per client.
func newClient(b *testing.B, clients int) *http.Client {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, DisableCompression: true}
	b.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// postBatch sends body once and reports whether it is done with:
// answered, refused without retry, or failed; if not, it is to be sent
// again after wait (Retry-After).
func postBatch(b *testing.B, client *http.Client, url string, body []byte, want []float64, mode int, c *batchCounts) (done bool, wait time.Duration) {
	resp, err := client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		b.Error(err)
		return true, 0
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	switch {
	case err != nil:
		b.Error(err)
		return true, 0
	case resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "":
		c.busy.Add(1)
		if mode&retry == 0 {
			return true, 0
		}
		secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		if err != nil {
			b.Errorf("Retry-After %q", resp.Header.Get("Retry-After"))
			return true, 0
		}
		return false, time.Duration(secs) * time.Second
	case resp.StatusCode != http.StatusOK:
		b.Errorf("%d: %.200s", resp.StatusCode, data)
		return true, 0
	}
	var got struct{ Rewards []float64 }
	if err := json.Unmarshal(data, &got); err != nil || len(got.Rewards) != len(want) {
		b.Errorf("%v: %.200s", err, data)
		return true, 0
	}
	for i := range got.Rewards {
		if got.Rewards[i] != want[i] {
			c.differ.Add(1)
			if mode&tolerate == 0 {
				b.Errorf("query %d: reward %v, the checkers say %v", i, got.Rewards[i], want[i])
				return true, 0
			}
		}
	}
	c.ok.Add(1)
	return true, 0
}

// BenchmarkServeIFEval compares, in one run, the checkers offline and the
// reward server on the same records: IFEval's prompts with GPT-4's
// official answers (gpt4; skipped without the shared conformance data) or
// synthetic answers (synthetic). offline checks every record under Strict
// with the registry; batch=N posts OpenRLHF /get_reward batches of N
// chat-templated queries to a server in this process over loopback, from
// two clients, in turns with the same checking offline, and checks every
// reward against the offline verdicts (benchBatches). The 541 labels come
// back batch after batch, as a trainer sends a prompt's label with each
// of its samples, step after step; batch=256/distinct gives every label a
// key of its own, so that none is sent twice within 4,328 labels and the
// server decodes each. Each reports rewards per CPU-second of the whole
// process (for batch=N the client's share included, which makes the
// server's figure a floor) and, for batch=N, the ratio to the offline
// turns (×offline).
//
//	go test -p 1 -run '^$' -bench ServeIFEval -benchtime 60x ./generator/internal/reward
//
// With SCIIF_BENCH_REWARD_URL (a /get_reward URL) and SCIIF_BENCH_REWARD_PID
// (the server's process id), batch=N posts to that server instead and
// counts that process's CPU time, so that another server (`sciif serve`,
// or the official checkers behind a Python server) is measured by the same
// client on the same batches.
func BenchmarkServeIFEval(b *testing.B) {
	for _, data := range []struct {
		name string
		load func(*testing.B) benchRecords
	}{{"gpt4", gpt4Records}, {"synthetic", syntheticRecords}} {
		b.Run(data.name, func(b *testing.B) {
			recs := data.load(b)
			b.Run("offline", func(b *testing.B) { benchOffline(b, recs) })
			for _, n := range []int{64, 256} {
				b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) { benchBatches(b, recs, n, false) })
			}
			b.Run("batch=256/distinct", func(b *testing.B) { benchBatches(b, recs, 256, true) })
		})
	}
}

// rewardServer is the server SCIIF_BENCH_REWARD_URL and
// SCIIF_BENCH_REWARD_PID name ("" and 0 if none).
func rewardServer(b *testing.B) (url string, pid int) {
	url = os.Getenv("SCIIF_BENCH_REWARD_URL")
	if url == "" {
		return "", 0
	}
	pid, err := strconv.Atoi(os.Getenv("SCIIF_BENCH_REWARD_PID"))
	if err != nil {
		b.Fatalf("SCIIF_BENCH_REWARD_PID: %v", err)
	}
	return url, pid
}

func benchOffline(b *testing.B, recs benchRecords) {
	reg := benchRegistry(b)
	b.ReportAllocs()
	cpu0 := cpuTime(b, 0)
	n := 0
	for b.Loop() {
		n += checkOffline(reg, recs)
	}
	b.ReportMetric(float64(n)/(cpuTime(b, 0)-cpu0).Seconds(), "rewards/cpu-s")
}

// checkOffline checks every record under Strict, as the server's reward
// does, and returns how many.
func checkOffline(reg *instr.Registry, recs benchRecords) int {
	for i, p := range recs.prompts {
		reg.Evaluate(instr.Strict, p, recs.responses[i])
	}
	return len(recs.prompts)
}

// benchBatches measures the server against the checkers offline, in
// turns (inTurns), in batches of n from two clients.
func benchBatches(b *testing.B, recs benchRecords, n int, distinct bool) {
	bodies, want := getRewardBodies(b, recs, n, distinct)
	url, pid := rewardServer(b)
	if url == "" {
		url = startServer(b, reward.DefaultOptions()) + "/get_reward?benchmark=ifeval"
	}
	mode := 0
	if pid != 0 {
		mode = tolerate
	}
	client := newClient(b, 2)
	warm := postBatches(b, client, url, 2, 0, len(bodies), bodies, want, mode) // and check every answer
	b.ReportAllocs()
	inTurns(b, recs, n, pid, func(from, count int) int {
		c := postBatches(b, client, url, 2, from, count, bodies, want, mode)
		if c.busy.Load() > 0 {
			b.Fatalf("%d of %d requests refused as busy", c.busy.Load(), count)
		}
		return int(c.ok.Load()) * n
	})
	if pid != 0 {
		// Rewards of the first pass over every body that differ from ours.
		b.ReportMetric(float64(warm.differ.Load()), "differ")
	}
}

// inTurns measures a server (process pid, 0 for this one) and the
// checkers offline in turns: each of b.N rounds checks every record
// offline in this process, four times, then has serve send about as many
// records in batches of n, count batches from body from on, and return
// the rewards answered; so that a machine whose speed drifts (a shared
// host's does, by 10% and more within a minute) weighs on both alike,
// and what one side leaves in the caches weighs little. It reports the
// server's rewards per CPU-second, the checkers', and their ratio
// (×offline).
func inTurns(b *testing.B, recs benchRecords, n, pid int, serve func(from, count int) int) {
	reg := benchRegistry(b)
	const passes = 4
	perRound := max(1, (passes*len(recs.prompts)+n/2)/n)
	var offCPU, srvCPU time.Duration
	var offN, srvN, from int
	for b.Loop() {
		t := cpuTime(b, 0)
		for range passes {
			offN += checkOffline(reg, recs)
		}
		offCPU += cpuTime(b, 0) - t
		t = cpuTime(b, pid)
		srvN += serve(from, perRound)
		srvCPU += cpuTime(b, pid) - t
		from += perRound
	}
	off, srv := float64(offN)/offCPU.Seconds(), float64(srvN)/srvCPU.Seconds()
	b.ReportMetric(srv, "rewards/cpu-s")
	b.ReportMetric(off, "offline-rewards/cpu-s")
	b.ReportMetric(srv/off, "×offline")
}

// BenchmarkServeOverload measures goodput, the rewards answered per
// second, of one client sending batches of 64 one after another (1
// client) and of 48 clients at once (48 clients) against a server in this
// process with --max-in-flight 4 and --queue-wait 250ms: a request that
// finds no slot in time gets 503 with Retry-After, before its body is
// read, and its client waits as told before sending it again (OpenRLHF
// waits a second between tries). The two take turns, 1.5 s each, four
// times, so that a machine whose load drifts weighs on both alike; what a
// turn counts is the batches answered within it, and the requests it
// left in flight are answered before the next begins. It reports each
// side's rewards per second and per CPU-second, the 503s per second of
// the 48, and the peak of the heap's objects (live and not yet swept,
// sampled every millisecond) for the bound of docs/rewards.md. With
// SCIIF_BENCH_REWARD_URL and SCIIF_BENCH_REWARD_PID (BenchmarkServeIFEval)
// it loads that server instead (`sciif serve --max-in-flight 4
// --queue-wait 250ms`), counting its CPU time; the heap is then this
// process's. That is the figure to quote: in this process, 48 clients
// share the server's two processors and scheduler, and its goodput fell
// to 0.3-0.7 of one client's where `sciif serve` in a process of its own
// kept 0.87-1.05 in the same sitting.
//
//	go test -p 1 -run '^$' -bench ServeOverload -benchtime 1x ./generator/internal/reward
func BenchmarkServeOverload(b *testing.B) {
	recs := syntheticRecords(b)
	bodies, want := getRewardBodies(b, recs, 64, false)
	url, pid := rewardServer(b)
	if url == "" {
		opt := reward.DefaultOptions()
		opt.MaxInFlight, opt.QueueWait = 4, 250*time.Millisecond
		url = startServer(b, opt) + "/get_reward?benchmark=ifeval"
	}
	postBatches(b, newClient(b, 1), url, 1, 0, len(bodies), bodies, want, 0) // warm up
	pools := []*clientPool{{clients: 1}, {clients: 48}}
	var turn atomic.Int32 // the pool that may send; -1: none
	turn.Store(-1)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for pi, p := range pools {
		tr := &http.Transport{MaxIdleConnsPerHost: p.clients, DisableCompression: true}
		defer tr.CloseIdleConnections()
		client := &http.Client{Transport: tr}
		for i := range p.clients {
			wg.Go(func() {
				for k := i; ; {
					select {
					case <-stop:
						return
					default:
					}
					if int(turn.Load()) != pi {
						time.Sleep(time.Millisecond)
						continue
					}
					p.inFlight.Add(1)
					done, wait := postBatch(b, client, url, bodies[k%len(bodies)], want[k%len(bodies)], retry, &p.counts)
					p.inFlight.Add(-1)
					if done {
						k++
					}
					time.Sleep(wait)
				}
			})
		}
	}
	var peak uint64
	// runtime/metrics, unlike ReadMemStats, does not stop the world.
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	b.ResetTimer()
	for range b.N {
		for range 4 {
			for pi, p := range pools {
				ok0, busy0, cpu0, t0 := p.counts.ok.Load(), p.counts.busy.Load(), cpuTime(b, pid), time.Now()
				turn.Store(int32(pi))
				for end := t0.Add(1500 * time.Millisecond); time.Now().Before(end); time.Sleep(time.Millisecond) {
					metrics.Read(sample)
					peak = max(peak, sample[0].Value.Uint64())
				}
				turn.Store(-1)
				p.ok += p.counts.ok.Load() - ok0
				p.busy += p.counts.busy.Load() - busy0
				p.cpu += cpuTime(b, pid) - cpu0
				p.wall += time.Since(t0)
				for p.inFlight.Load() > 0 {
					time.Sleep(time.Millisecond)
				}
			}
		}
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	for _, p := range pools {
		b.ReportMetric(float64(p.ok)*64/p.wall.Seconds(), fmt.Sprintf("rewards/s-%d", p.clients))
		b.ReportMetric(float64(p.ok)*64/p.cpu.Seconds(), fmt.Sprintf("rewards/cpu-s-%d", p.clients))
	}
	b.ReportMetric(float64(pools[1].busy)/pools[1].wall.Seconds(), "503s/s-48")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

// A clientPool is a set of clients of BenchmarkServeOverload and what its
// turns added up to.
type clientPool struct {
	clients  int
	counts   batchCounts
	inFlight atomic.Int64
	ok, busy int64
	cpu      time.Duration
	wall     time.Duration
}

// BenchmarkGetRewardHandler measures what the server's own code costs
// beside the checkers, without the network: in turns, as benchBatches
// does, it checks every record offline and has the /get_reward handler
// answer as many in batches of 64 or 256, in this process, one request
// at a time (on one processor, a request has no helpers). Its ×offline is
// the ceiling of BenchmarkServeIFEval's: what is lost beyond it is the
// HTTP exchange, the system's and the runtime's.
//
//	go test -p 1 -cpu 1 -run '^$' -bench GetRewardHandler -benchtime 60x ./generator/internal/reward
func BenchmarkGetRewardHandler(b *testing.B) {
	recs := gpt4Records(b)
	h := reward.NewServer(benchSet(b, ifeval.Kind, "ifeval", ""), reward.DefaultOptions()).Handler()
	for _, n := range []int{64, 256} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			bodies, want := getRewardBodies(b, recs, n, false)
			inTurns(b, recs, n, 0, func(from, count int) int {
				for k := from; k < from+count; k++ {
					j := k % len(bodies)
					req := httptest.NewRequest(http.MethodPost, "/get_reward?benchmark=ifeval", bytes.NewReader(bodies[j]))
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					var got struct{ Rewards []float64 }
					if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK || !slices.Equal(got.Rewards, want[j]) {
						b.Fatalf("%d: %.200s", rec.Code, rec.Body)
					}
				}
				return count * n
			})
		})
	}
}
