package reward

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"path"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// Options bound what the server accepts and how long it waits.
type Options struct {
	// MaxBody bounds a request's body, in bytes (413 beyond).
	MaxBody int64
	// MaxRecords bounds the records (or queries) of one request (413
	// beyond).
	MaxRecords int
	// MaxInFlight bounds the reward requests answered at once; others wait
	// for a slot up to QueueWait, then get 503 with Retry-After.
	MaxInFlight int
	QueueWait   time.Duration
	// MaxConns bounds the connections held open at once (0: no bound);
	// a client beyond it waits in the listen queue until one closes.
	MaxConns int
	// RequestTimeout bounds the work of one request: a request not done in
	// time gets 503 and no rewards.
	RequestTimeout time.Duration
	// ReadHeaderTimeout, ReadTimeout, WriteTimeout and IdleTimeout are the
	// http.Server's.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// DrainDelay is how long the server keeps answering, with /healthz
	// saying 503, after it is told to stop and before it stops accepting
	// connections: time for a load balancer to take it out of rotation.
	DrainDelay time.Duration
	// ShutdownTimeout bounds the wait for in-flight requests at shutdown.
	ShutdownTimeout time.Duration
	// StripSuffixes are end-of-sequence tokens removed from the end of a
	// /get_reward query (OpenRLHF decodes it with special tokens).
	StripSuffixes []string
	// Log receives the server's few log lines (start, stop, errors of the
	// HTTP layer); nil discards them.
	Log io.Writer
}

// DefaultStripSuffixes are the end-of-sequence tokens of common chat
// templates: the markers every preset removes (preprocess.Markers).
var DefaultStripSuffixes = preprocess.MarkerTexts()

// DefaultOptions are the limits `sciif serve` starts with.
func DefaultOptions() Options {
	return Options{
		MaxBody:           16 << 20,
		MaxRecords:        4096,
		MaxInFlight:       4 * runtime.GOMAXPROCS(0),
		MaxConns:          1024,
		QueueWait:         10 * time.Second,
		RequestTimeout:    60 * time.Second,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		ShutdownTimeout:   60 * time.Second,
		StripSuffixes:     DefaultStripSuffixes,
	}
}

// Server answers reward requests for a Set. It keeps no state but its
// metrics: any number of replicas can stand behind a load balancer.
type Server struct {
	set      *Set
	opt      Options
	m        *metrics
	slots    chan struct{}
	procs    procPool
	draining atomic.Bool
	log      *log.Logger
}

// NewServer returns a server of set's functions.
func NewServer(set *Set, opt Options) *Server {
	var names []string
	for _, f := range set.Funcs() {
		names = append(names, f.Name)
	}
	w := opt.Log
	if w == nil {
		w = io.Discard
	}
	return &Server{set: set, opt: opt, m: newMetrics(names), slots: make(chan struct{}, max(1, opt.MaxInFlight)), log: log.New(w, "sciif serve: ", 0)}
}

// Handler is the server's routes: POST /get_reward, POST /v1/rewards, GET
// /healthz and GET /metrics.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/get_reward", s.timed(hGetReward, http.MethodPost, s.getReward))
	mux.HandleFunc("/v1/rewards", s.timed(hRewards, http.MethodPost, s.rewards))
	mux.HandleFunc("/healthz", s.timed(hHealthz, http.MethodGet, s.healthz))
	mux.HandleFunc("/metrics", s.timed(hMetrics, http.MethodGet, s.metrics))
	notFound := s.timed(hOther, "", func(w http.ResponseWriter, r *http.Request) int {
		return jsonError(w, http.StatusNotFound, "no such endpoint %s; see POST /get_reward, POST /v1/rewards, GET /healthz, GET /metrics", r.URL.Path)
	})
	mux.HandleFunc("/", notFound)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The mux would answer a path it cleans (//x, /./x) with a
		// redirect, not JSON; such a path names no endpoint.
		if p := r.URL.Path; strings.HasPrefix(p, "/") && path.Clean(p) != p {
			notFound(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// Serve answers on ln until ctx is done, then drains: /healthz turns 503
// and every answer carries Connection: close; after DrainDelay the
// listener closes (new connections are refused), a connection closes once
// it has answered or has been idle, with nothing received, for a second,
// and Serve returns when all are closed (or after ShutdownTimeout, closing
// the rest). A request that was read is always answered: a connection
// closes only between requests, and a pipelined request behind an answer
// with Connection: close is left unread, as HTTP/1.1 has it.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	d := newDrainer()
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.opt.ReadHeaderTimeout,
		ReadTimeout:       s.opt.ReadTimeout,
		WriteTimeout:      s.opt.WriteTimeout,
		IdleTimeout:       s.opt.IdleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          s.log,
		ConnState:         d.connState,
	}
	// Accept waits while MaxConns connections are open; closing ln
	// (below) ends that wait too.
	ln = newDrainListener(ln, d, s.opt.MaxConns)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.draining.Store(true)
	d.draining.Store(true)
	s.log.Printf("draining: %d request(s) in flight", s.m.inFlight.Load())
	if s.opt.DrainDelay > 0 {
		time.Sleep(s.opt.DrainDelay)
	}
	start := time.Now()
	cerr := ln.Close()
	var err error
	if e := <-errc; !errors.Is(e, net.ErrClosed) {
		err = e
	} else if cerr != nil && !errors.Is(cerr, net.ErrClosed) {
		err = cerr
	}
	d.closeIdle(start.Add(drainIdleGrace))
	if !d.wait(s.opt.ShutdownTimeout) {
		d.mu.Lock()
		n := len(d.conns)
		d.mu.Unlock()
		s.log.Printf("%d connection(s) still open after %v; closing them", n, s.opt.ShutdownTimeout)
		if err == nil {
			err = fmt.Errorf("shutdown: %d connection(s) still open after %v", n, s.opt.ShutdownTimeout)
		}
	}
	_ = srv.Close()
	s.log.Printf("stopped")
	return err
}

// maxHeaderBytes bounds a request's header (net/http allows 4 KiB more).
const maxHeaderBytes = 64 << 10

// timed checks the method, counts the request and times it.
func (s *Server) timed(h int, method string, fn func(http.ResponseWriter, *http.Request) int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		if s.draining.Load() {
			// Tell the client to open a new connection (to another
			// replica) for its next request; Serve closes this one once
			// the answer is written.
			w.Header().Set("Connection", "close")
		}
		var code int
		// HEAD is GET without the body, which net/http leaves out.
		if method != "" && r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
			if method == http.MethodGet {
				w.Header().Set("Allow", "GET, HEAD")
			} else {
				w.Header().Set("Allow", method)
			}
			code = jsonError(w, http.StatusMethodNotAllowed, "%s %s: use %s", r.Method, r.URL.Path, method)
		} else {
			code = fn(w, r)
		}
		s.m.request(h, code, time.Since(start))
	}
}

func jsonError(w http.ResponseWriter, code int, format string, args ...any) int {
	return jsonErrorAt(w, code, -1, "", fmt.Sprintf(format, args...))
}

// jsonErrorAt writes {"error", "index", "field"}; index < 0 is left out.
func jsonErrorAt(w http.ResponseWriter, code, index int, field, msg string) int {
	b := append([]byte(nil), `{"error":`...)
	b = appendString(b, clip(msg, maxErrorText))
	if index >= 0 {
		b = append(b, `,"index":`...)
		b = strconv.AppendInt(b, int64(index), 10)
	}
	if field != "" {
		b = append(b, `,"field":`...)
		b = appendString(b, clip(field, maxFieldText))
	}
	b = append(b, "}\n"...)
	return writeJSON(w, code, b)
}

func writeJSON(w http.ResponseWriter, code int, b []byte) int {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(b)
	return code
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) int {
	if s.draining.Load() {
		return writeJSON(w, http.StatusServiceUnavailable, []byte(`{"status":"draining"}`+"\n"))
	}
	b := append([]byte(nil), `{"status":"ok","rewards":[`...)
	for i, f := range s.set.Funcs() {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, f.Name)
	}
	return writeJSON(w, http.StatusOK, append(b, "]}\n"...))
}

func (s *Server) metrics(w http.ResponseWriter, _ *http.Request) int {
	var b bytes.Buffer
	s.m.write(&b)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b.Bytes())
	return http.StatusOK
}

// acquire takes a slot for a reward request, waiting up to QueueWait; it
// returns a nil release (and has answered 503 with Retry-After) when none
// came free. It is called before the body is read, so MaxInFlight bounds
// the bodies held in memory.
func (s *Server) acquire(w http.ResponseWriter, r *http.Request) (release func(), code int) {
	s.m.inFlight.Add(1)
	release = func() { <-s.slots; s.m.inFlight.Add(-1) }
	// A free slot is taken before any wait: with a QueueWait of 0 the
	// expired timer would otherwise be as likely to be chosen.
	select {
	case s.slots <- struct{}{}:
		return release, 0
	default:
	}
	t := time.NewTimer(s.opt.QueueWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return release, 0
	case <-t.C:
		s.m.inFlight.Add(-1)
		w.Header().Set("Retry-After", "1")
		return nil, jsonError(w, http.StatusServiceUnavailable, "busy: %d requests in flight; retry", cap(s.slots))
	case <-r.Context().Done():
		s.m.inFlight.Add(-1)
		w.Header().Set("Retry-After", "1")
		return nil, jsonError(w, http.StatusServiceUnavailable, "the client went away while waiting")
	}
}

// badBodyHeader answers a request whose headers refuse its body, without
// reading it or waiting for a slot: 413 for a Content-Length over
// MaxBody, 415 for a charset other than UTF-8 or a Content-Encoding
// (bodies are read as they are sent, JSON text in UTF-8).
func (s *Server) badBodyHeader(w http.ResponseWriter, r *http.Request) (int, bool) {
	if r.ContentLength > s.opt.MaxBody {
		return jsonError(w, http.StatusRequestEntityTooLarge, "body larger than %d bytes; send fewer records per request", s.opt.MaxBody), true
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		// Any media type is read as JSON; a charset, if named, must be
		// UTF-8 or its ASCII subset (a malformed header says nothing).
		if _, params, err := mime.ParseMediaType(ct); err == nil {
			if cs := strings.ToLower(params["charset"]); cs != "" && !slices.Contains([]string{"utf-8", "utf8", "us-ascii", "ascii"}, cs) {
				return jsonErrorAt(w, http.StatusUnsupportedMediaType, -1, "Content-Type",
					fmt.Sprintf("charset %s: send the body as UTF-8 JSON", clip(cs, maxNameText))), true
			}
		}
	}
	for _, v := range r.Header.Values("Content-Encoding") {
		for e := range strings.SplitSeq(v, ",") {
			if e = strings.TrimSpace(e); e != "" && !strings.EqualFold(e, "identity") {
				w.Header().Set("Accept-Encoding", "identity")
				return jsonErrorAt(w, http.StatusUnsupportedMediaType, -1, "Content-Encoding",
					fmt.Sprintf("Content-Encoding %s: send the body uncompressed", clip(e, maxNameText))), true
			}
		}
	}
	return 0, false
}

// refuse answers a refused body.
func refuse(w http.ResponseWriter, e *bodyError) int {
	return jsonErrorAt(w, e.code, e.index, e.field, e.msg)
}

// tooSlow answers a request whose work ctx cut short: the client went
// away, or the work took longer than RequestTimeout.
func (s *Server) tooSlow(w http.ResponseWriter, r *http.Request) int {
	if r.Context().Err() != nil {
		return jsonError(w, http.StatusServiceUnavailable, "the client went away")
	}
	return jsonError(w, http.StatusServiceUnavailable, "the request's work took longer than %v; send fewer records per request", s.opt.RequestTimeout)
}

// rewardsRequest is a batch of records of any benchmark or formula:
// {"benchmark": default, "preprocess": default, "records": [record or
// {"benchmark", "preprocess", "record"}]}.
type rewardsRequest struct {
	Benchmark  string            `json:"benchmark"`
	Preprocess string            `json:"preprocess"`
	Records    []json.RawMessage `json:"records"`
}

type wrapped struct {
	Benchmark  string          `json:"benchmark"`
	Preprocess string          `json:"preprocess"`
	Record     json.RawMessage `json:"record"`
}

// rewards answers POST /v1/rewards: {"results": [...]}, one per record in
// order, each the reward with its parts or the error of that record alone.
func (s *Server) rewards(w http.ResponseWriter, r *http.Request) int {
	if _, code, ok := params(w, r); !ok {
		return code
	}
	if code, ok := s.badBodyHeader(w, r); ok {
		return code
	}
	// The slot comes first: a request waiting for one holds no body.
	release, code := s.acquire(w, r)
	if release == nil {
		return code
	}
	defer release()
	req, berr := decodeRewards(http.MaxBytesReader(w, r.Body, s.opt.MaxBody), r.ContentLength, s.opt.MaxBody, s.opt.MaxRecords)
	if berr != nil {
		return refuse(w, berr)
	}
	n := len(req.Records)
	if n == 0 {
		return jsonErrorAt(w, http.StatusBadRequest, -1, "records", "missing or empty")
	}
	if n > s.opt.MaxRecords {
		return jsonErrorAt(w, http.StatusRequestEntityTooLarge, -1, "records", fmt.Sprintf("%d records, more than the %d a request may hold", n, s.opt.MaxRecords))
	}
	if req.Benchmark != "" {
		if _, ok := s.set.Lookup(req.Benchmark); !ok {
			return jsonErrorAt(w, http.StatusNotFound, -1, "benchmark", fmt.Sprintf("unknown benchmark %q (one of %s)", clip(req.Benchmark, maxNameText), s.set.Names()))
		}
	}
	pctx, err := WithPreset(r.Context(), req.Preprocess)
	if err != nil {
		return jsonErrorAt(w, http.StatusBadRequest, -1, "preprocess", err.Error())
	}
	ctx, cancel := context.WithTimeout(pctx, s.opt.RequestTimeout)
	defer cancel()
	res := make([]Result, n)
	names := make([]string, n)
	s.each(ctx, n, func(i int) {
		rec, name, rctx := []byte(req.Records[i]), req.Benchmark, ctx
		if hasKey(rec, "record") {
			var wr wrapped
			if err := kind.DecodeRecord(rec, &wr); err != nil {
				res[i].Err = err
				return
			}
			rec = wr.Record
			if wr.Benchmark != "" {
				name = wr.Benchmark
			}
			var err error
			if rctx, err = WithPreset(ctx, wr.Preprocess); err != nil {
				res[i].Err = kind.Errorf("preprocess", "%v", err)
				return
			}
		}
		names[i] = name
		if name == "" {
			res[i].Err = kind.Errorf("benchmark", "missing: name the benchmark or formula (one of %s)", s.set.Names())
			return
		}
		f, ok := s.set.Lookup(name)
		if !ok {
			res[i].Err = kind.Errorf("benchmark", "unknown benchmark %q (one of %s)", clip(name, maxNameText), s.set.Names())
			return
		}
		res[i].Reward, res[i].Err = f.Rewards.Record(rctx, rec)
	}, func(i int, p any) {
		res[i] = Result{Err: errInternal}
		s.logPanic(names[i], i, p)
	})
	if ctx.Err() != nil {
		return s.tooSlow(w, r)
	}
	return writeJSON(w, http.StatusOK, s.appendRewards(make([]byte, 0, 64+n*128), names, res))
}

// appendRewards appends the /v1/rewards answer for res, the results of
// the records of benchmarks names, to b, counting each in the metrics.
func (s *Server) appendRewards(b []byte, names []string, res []Result) []byte {
	b = append(b, `{"results":[`...)
	for i := range res {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		if names[i] != "" {
			b = append(b, `"benchmark":`...)
			b = appendString(b, clip(names[i], maxNameText))
			b = append(b, ',')
		}
		if res[i].Err != nil {
			s.m.rewarded(names[i], 0, 1)
			b = append(b, `"error":`...)
			b = appendString(b, clip(res[i].Err.Error(), maxErrorText))
			if f := res[i].field(); f != "" {
				b = append(b, `,"field":`...)
				b = appendString(b, clip(f, maxFieldText))
			}
		} else {
			s.m.rewarded(names[i], 1, 0)
			if res[i].Reward.ID != "" {
				b = append(b, `"id":`...)
				b = appendString(b, res[i].Reward.ID)
				b = append(b, ',')
			}
			b = append(b, `"reward":`...)
			b = AppendFloat(b, res[i].Reward.Reward)
			b = append(b, `,"parts":`...)
			b = appendParts(b, res[i].Reward.Parts)
		}
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

// errInternal is the result of a record whose reward function panicked:
// a bug of ours, not the record's fault; the server's log has the panic.
var errInternal = errors.New("internal error: the reward function failed on this record (a bug; the server's log says where)")

// logPanic logs the panic p of the reward function of benchmark name on
// the request's record (or query) i, with where it happened.
func (s *Server) logPanic(name string, i int, p any) {
	s.log.Printf("panic rewarding %s, record %d of a request: %v\n%s", clip(name, maxNameText), i, p, debug.Stack())
}

// hasKey reports whether the JSON object rec has the top-level key.
func hasKey(rec []byte, key string) bool {
	// One pass without copies; encoding/json for what jsonobj leaves to it.
	if m, ok := jsonobj.Members(rec); ok {
		_, has := m[key]
		return has
	}
	dec := json.NewDecoder(bytes.NewReader(rec))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		if k, _ := t.(string); k == key {
			return true
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

// each calls fn(i) for i in [0, n), on the goroutine that calls it and,
// for large batches, on helpers for the processors no other request is
// using (procs), and stops handing out work when ctx is done. A panic in
// fn(i) is handed to panicked(i, value) and the others go on: a reward
// function's bug on one record must neither end the process (a panic on
// a goroutine of its own would) nor cost the batch its answer.
func (s *Server) each(ctx context.Context, n int, fn func(i int), panicked func(i int, p any)) {
	call := func(i int) {
		defer func() {
			if p := recover(); p != nil {
				panicked(i, p)
			}
		}()
		fn(i)
	}
	workers := s.procs.take((n + 15) / 16)
	defer s.procs.give(workers)
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= n || ctx.Err() != nil {
				return
			}
			call(i)
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// A procPool counts the processors that the requests being rewarded
// hold, so that a request spreads its records over those no other
// request uses. Under load every request then runs on its own goroutine
// alone: helpers that compete with another request for the same
// processors make no batch faster, and each hand-over costs a switch of
// goroutines, often a thread parked and woken.
type procPool struct{ held atomic.Int64 }

// take reserves at least one processor and at most want, as many as are
// free; give returns them.
func (p *procPool) take(want int) int {
	limit := int64(runtime.GOMAXPROCS(0))
	for {
		held := p.held.Load()
		k := max(1, min(int64(want), limit-held))
		if p.held.CompareAndSwap(held, held+k) {
			return int(k)
		}
	}
}

func (p *procPool) give(k int) { p.held.Add(-int64(k)) }
