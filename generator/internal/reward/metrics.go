package reward

import (
	"bytes"
	"math"
	"strconv"
	"sync/atomic"
	"time"
)

// The metrics are written in the Prometheus text exposition format by
// hand: a handful of counters and one histogram over fixed label sets do
// not justify a dependency (client_golang and its transitive modules) in a
// module every engineer of the project builds. Label values come only from
// fixed lists (handlers, status codes) and the benchmark names opened at
// start, never from a request, so the series cannot multiply.

// handlers are the label values of the handler label.
var handlers = []string{"get_reward", "rewards", "healthz", "metrics", "other"}

const (
	hGetReward = iota
	hRewards
	hHealthz
	hMetrics
	hOther
)

// codes are the status codes counted apart; any other counts as "other".
var codes = []int{200, 400, 404, 405, 408, 413, 415, 422, 500, 503}

// buckets are the latency histogram's upper bounds, in seconds.
var buckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

type metrics struct {
	requests [nHandlers][11]atomic.Uint64 // by handler, by code index (last: other)
	errors   [nHandlers]atomic.Uint64
	latency  [nHandlers]histogram
	inFlight atomic.Int64
	names    []string
	rewards  []atomic.Uint64 // by function, in names order
	bad      []atomic.Uint64
	index    map[string]int
}

// nHandlers is len(handlers).
const nHandlers = 5

type histogram struct {
	counts [16]atomic.Uint64 // one per bucket, then +Inf
	sum    atomic.Uint64     // float64 bits
}

func (h *histogram) observe(s float64) {
	i := 0
	for i < len(buckets) && s > buckets[i] {
		i++
	}
	h.counts[i].Add(1)
	for {
		old := h.sum.Load()
		if h.sum.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+s)) {
			return
		}
	}
}

func newMetrics(names []string) *metrics {
	m := &metrics{names: names, rewards: make([]atomic.Uint64, len(names)), bad: make([]atomic.Uint64, len(names)), index: map[string]int{}}
	for i, n := range names {
		m.index[n] = i
	}
	return m
}

func (m *metrics) request(h, code int, d time.Duration) {
	ci := len(codes)
	for i, c := range codes {
		if c == code {
			ci = i
		}
	}
	m.requests[h][ci].Add(1)
	if code >= 400 {
		m.errors[h].Add(1)
	}
	m.latency[h].observe(d.Seconds())
}

func (m *metrics) rewarded(name string, ok, bad int) {
	if i, found := m.index[name]; found {
		m.rewards[i].Add(uint64(ok))
		m.bad[i].Add(uint64(bad))
	}
}

// write writes the exposition.
func (m *metrics) write(b *bytes.Buffer) {
	head := func(name, typ, help string) {
		b.WriteString("# HELP " + name + " " + help + "\n# TYPE " + name + " " + typ + "\n")
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	head("sciif_http_requests_total", "counter", "HTTP requests answered, by handler and status code.")
	for h, hn := range handlers {
		for ci := range len(codes) + 1 {
			v := m.requests[h][ci].Load()
			if v == 0 {
				continue
			}
			code := "other"
			if ci < len(codes) {
				code = strconv.Itoa(codes[ci])
			}
			b.WriteString(`sciif_http_requests_total{handler="` + hn + `",code="` + code + `"} ` + u(v) + "\n")
		}
	}
	head("sciif_http_request_errors_total", "counter", "HTTP requests answered with a 4xx or 5xx status, by handler.")
	for h, hn := range handlers {
		b.WriteString(`sciif_http_request_errors_total{handler="` + hn + `"} ` + u(m.errors[h].Load()) + "\n")
	}
	head("sciif_http_request_duration_seconds", "histogram", "Time from reading a request to writing its response, by handler.")
	for h, hn := range handlers {
		hist := &m.latency[h]
		var cum uint64
		for i, le := range buckets {
			cum += hist.counts[i].Load()
			b.WriteString(`sciif_http_request_duration_seconds_bucket{handler="` + hn + `",le="` + strconv.FormatFloat(le, 'g', -1, 64) + `"} ` + u(cum) + "\n")
		}
		cum += hist.counts[len(buckets)].Load()
		b.WriteString(`sciif_http_request_duration_seconds_bucket{handler="` + hn + `",le="+Inf"} ` + u(cum) + "\n")
		b.WriteString(`sciif_http_request_duration_seconds_sum{handler="` + hn + `"} ` + strconv.FormatFloat(math.Float64frombits(hist.sum.Load()), 'g', -1, 64) + "\n")
		b.WriteString(`sciif_http_request_duration_seconds_count{handler="` + hn + `"} ` + u(cum) + "\n")
	}
	head("sciif_http_requests_in_flight", "gauge", "Reward requests being answered or waiting for a slot.")
	b.WriteString("sciif_http_requests_in_flight " + strconv.FormatInt(m.inFlight.Load(), 10) + "\n")
	head("sciif_rewards_total", "counter", "Rewards computed, by benchmark or formula.")
	for i, n := range m.names {
		b.WriteString(`sciif_rewards_total{benchmark="` + n + `"} ` + u(m.rewards[i].Load()) + "\n")
	}
	head("sciif_reward_record_errors_total", "counter", "Records refused (bad field, unknown item), by benchmark or formula.")
	for i, n := range m.names {
		b.WriteString(`sciif_reward_record_errors_total{benchmark="` + n + `"} ` + u(m.bad[i].Load()) + "\n")
	}
}
