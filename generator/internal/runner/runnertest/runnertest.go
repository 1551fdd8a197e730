// Package runnertest is a fake OpenAI-compatible chat-completions server on
// the loopback interface and a virtual clock, for the tests of package
// runner, of the kinds' run support and of `sciif run`. The server answers
// deterministically, counts the requests of every prompt to every model,
// and injects the faults a long paid run meets (429s with and without
// Retry-After, 5xx, slow answers, dropped connections, garbage, answers in
// the wrong format, refused keys).
//
// It imports nothing of package runner, so that runner's own tests can use
// it.
package runnertest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/prompt"
)

// FillOrganization does what sciif run asks of the submitter when it
// ends: it replaces the organization placeholder in the metadata.yaml the
// run wrote into dir, which validate refuses as written.
func FillOrganization(t testing.TB, dir string) {
	t.Helper()
	path := filepath.Join(dir, "metadata.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	filled := strings.Replace(string(data), `organization: "<who trained the model>"`, "organization: Acme", 1)
	if filled == string(data) {
		t.Fatalf("%s has no organization placeholder:\n%s", path, data)
	}
	if err := os.WriteFile(path, []byte(filled), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Key is the API key the server accepts; no output may contain it.
const Key = "sk-test-9f8e7d6c5b4a39281706"

// MaxTokens is the only answer budget the server accepts unless
// AnyDecoding is set: the protocol's.
const MaxTokens = 4096

// Clock is a virtual clock: sleeping moves it forward at once. It records
// every SleepUntil target and how far it was from the time then. It
// satisfies runner.Clock.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	targets []time.Time
	sleeps  []time.Duration
}

// NewClock returns a clock set to a fixed time.
func NewClock() *Clock {
	return &Clock{now: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)}
}

// Now is the virtual time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// SleepUntil moves the clock to t, if t is later, and returns ctx's error.
func (c *Clock) SleepUntil(ctx context.Context, t time.Time) error {
	c.mu.Lock()
	c.targets = append(c.targets, t)
	c.sleeps = append(c.sleeps, t.Sub(c.now))
	if t.After(c.now) {
		c.now = t
	}
	c.mu.Unlock()
	return ctx.Err()
}

// Sleeps lists how long each SleepUntil asked to wait.
func (c *Clock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.sleeps)
}

// Targets lists the times SleepUntil was asked to wait until.
func (c *Clock) Targets() []time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.targets)
}

// HashOf is the hex SHA-256 of s, as the journal records prompts.
func HashOf(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// Fault is what the server does instead of answering.
type Fault int

// The faults.
const (
	OK Fault = iota // answer
	TooMany
	TooManyRetryAfter // 429 with Retry-After: 7
	TooManyDate       // 429 with Retry-After 30 s later as an HTTP date
	InternalError
	BadGateway
	Slow      // no answer until the client gives up
	Drop      // close the connection without an answer
	Garbage   // 200 with a body that is not JSON
	BadFormat // an answer in no judge's format
	EchoKey   // 503 whose body quotes the Authorization header
	Unauthorized
	BadRequest
	NumFaults
)

var pointFormat = regexp.MustCompile(`(?m)^POINT_(\d+): YES or NO`)

// Reply is the deterministic answer of model to p (a prompt's text, or a
// conversation's chat.Key): SciIF answers depend on the prompt, SciIF
// judges answer in the protocol's format (NO if the placeholder was not
// replaced), anything else is echoed.
func Reply(model, p string) string {
	h := HashOf(p)[:12]
	switch {
	case strings.HasPrefix(p, "You are solving"):
		return fmt.Sprintf("Plan: solve it.\nDerivation by %s <&> %s.\nFinal Answer: 42 J", model, h)
	case strings.HasPrefix(p, "You are an expert grader"):
		if strings.Contains(p, prompt.AnswerPlaceholder) {
			return "CORRECT: NO\nREASON: no answer given"
		}
		return "CORRECT: YES\nREASON: agrees, says " + model
	case strings.HasPrefix(p, "You are an expert validator"):
		verdict := "YES"
		if strings.Contains(p, prompt.AnswerPlaceholder) {
			verdict = "NO no answer"
		}
		var b strings.Builder
		for _, m := range pointFormat.FindAllStringSubmatch(p, -1) {
			fmt.Fprintf(&b, "POINT_%s: %s\n", m[1], verdict)
		}
		b.WriteString("OVERALL: YES\nOVERALL_REASON: " + model)
		return b.String()
	}
	return fmt.Sprintf("%s answers %s", model, h)
}

// CountKey names what the server counts requests of: a prompt (by its
// HashOf) to a model.
func CountKey(model, promptHash string) string { return model + " " + promptHash }

// Server speaks the chat-completions API at URL + "/v1" on 127.0.0.1.
// Set its fields before the requests start.
type Server struct {
	// URL is the server's root, http://127.0.0.1:port.
	URL string
	// Fault decides what request n (from 1) of a prompt to a model gets;
	// nil: an answer.
	Fault func(p string, n int) Fault
	// OnRequest is called with the number of requests so far, before the
	// answer. Set it before the server is used, or with SetOnRequest while
	// requests may be in flight.
	OnRequest func(total int)
	// AnyDecoding accepts any temperature and max tokens; otherwise the
	// server refuses all but the protocol's 0 and MaxTokens.
	AnyDecoding bool
	// Barrier, if set for a model, holds that many first requests of the
	// model until they are all in flight together.
	Barrier map[string]int

	t     testing.TB
	srv   *httptest.Server
	clock interface{ Now() time.Time }

	mu          sync.Mutex
	count       map[string]int // requests by CountKey
	served      map[Fault]int
	total       int
	inflight    map[string]int
	maxInflight map[string]int
	arrived     map[string]int
	release     map[string]chan struct{}
	prompts     []string
	// conversations are the messages of every request, in arrival order.
	conversations [][]chat.Message
}

// NewServer starts a server, closed when the test ends. clock dates the
// Retry-After of TooManyDate; nil is the real clock.
func NewServer(t testing.TB, clock interface{ Now() time.Time }) *Server {
	if clock == nil {
		clock = realClock{}
	}
	s := &Server{t: t, clock: clock, Barrier: map[string]int{}}
	s.Reset()
	s.srv = httptest.NewServer(s)
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// Close stops the server: later requests find no one listening.
func (s *Server) Close() { s.srv.Close() }

// Reset forgets what was asked.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count, s.served, s.total, s.prompts, s.conversations = map[string]int{}, map[Fault]int{}, 0, nil, nil
	s.inflight, s.maxInflight, s.arrived, s.release = map[string]int{}, map[string]int{}, map[string]int{}, map[string]chan struct{}{}
}

// Total is the number of requests since the last Reset.
func (s *Server) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// Requests is the number of requests of prompt p to model.
func (s *Server) Requests(model, p string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count[CountKey(model, HashOf(p))]
}

// Counts is the number of requests by CountKey.
func (s *Server) Counts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.count)
}

// Prompts lists the prompts received, in arrival order.
func (s *Server) Prompts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.prompts)
}

// Conversations lists the messages of every request received, in arrival
// order: a single prompt is one user message.
func (s *Server) Conversations() [][]chat.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.conversations)
}

// RequestsOf is the number of requests of the conversation msgs to model.
func (s *Server) RequestsOf(model string, msgs []chat.Message) int {
	return s.Requests(model, chat.Key(msgs))
}

// Served is the number of requests that got fault f.
func (s *Server) Served(f Fault) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served[f]
}

// MaxInflight is, by model, the most requests in flight at once.
func (s *Server) MaxInflight() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.maxInflight)
}

// ServeHTTP answers POST /v1/chat/completions.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "no such route", http.StatusNotFound)
		return
	}
	req, msgs, err := decodeRequest(r)
	if err != nil || req.Temperature == nil || req.MaxTokens <= 0 || (!s.AnyDecoding && (*req.Temperature != 0 || req.MaxTokens != MaxTokens)) {
		s.t.Errorf("bad request (err %v): %+v", err, req)
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	// A single prompt is counted and answered by its text, a conversation
	// by its chat.Key, so that HashOf(p) is the journal's hash of either.
	p := chat.Key(msgs)
	n, total, wait := s.arrive(req.Model, p, msgs)
	defer func() {
		s.mu.Lock()
		s.inflight[req.Model]--
		s.mu.Unlock()
	}()
	if wait != nil {
		<-wait // a hang here means fewer concurrent requests than the bound
	}
	s.mu.Lock()
	on := s.OnRequest
	s.mu.Unlock()
	if on != nil {
		on(total)
	}
	f := OK
	if r.Header.Get("Authorization") != "Bearer "+Key {
		f = Unauthorized
	} else if s.Fault != nil {
		f = s.Fault(p, n)
	}
	s.mu.Lock()
	s.served[f]++
	s.mu.Unlock()
	if s.fail(w, r, f) {
		return
	}
	content := Reply(req.Model, p)
	if f == BadFormat {
		content = "I think it is fine."
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": len(p) / 4, "completion_tokens": len(content) / 4},
	})
}

// chatRequest is the body of a chat-completions request, the fields the
// server accepts.
type chatRequest struct {
	Model       string          `json:"model"`
	Messages    json.RawMessage `json:"messages"`
	Temperature *float64        `json:"temperature"`
	MaxTokens   int             `json:"max_tokens"`
}

// decodeRequest decodes the body of r, refusing any other field (no
// tools, nothing else), and checks its conversation.
func decodeRequest(r *http.Request) (chatRequest, []chat.Message, error) {
	var req chatRequest
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields() // no tools, nothing else
	err := dec.Decode(&req)
	var msgs []chat.Message
	if err == nil {
		if msgs, err = chat.Decode(req.Messages); err == nil {
			err = chat.Check(msgs)
		}
	}
	return req, msgs, err
}

// arrive counts a request of p (the conversation msgs) to model and
// returns its number among the requests of p to model, the number of
// requests so far, and, while the model's Barrier holds it, the channel
// closed when all its held requests are in flight. The request is in
// flight until the caller takes it off s.inflight.
func (s *Server) arrive(model, p string, msgs []chat.Message) (n, total int, wait chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conversations = append(s.conversations, msgs)
	s.count[CountKey(model, HashOf(p))]++
	n = s.count[CountKey(model, HashOf(p))]
	s.total++
	total = s.total
	s.prompts = append(s.prompts, p)
	s.inflight[model]++
	s.maxInflight[model] = max(s.maxInflight[model], s.inflight[model])
	s.arrived[model]++
	if k := s.Barrier[model]; k > 0 && s.arrived[model] <= k {
		if s.release[model] == nil {
			s.release[model] = make(chan struct{})
		}
		wait = s.release[model]
		if s.arrived[model] == k {
			close(wait)
		}
	}
	return n, total, wait
}

// fail answers r with the fault f instead of a completion and reports
// whether it did: OK and BadFormat are answered with a completion.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, f Fault) bool {
	switch f {
	case TooMany:
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
	case TooManyRetryAfter:
		w.Header().Set("Retry-After", "7")
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
	case TooManyDate:
		w.Header().Set("Retry-After", s.clock.Now().Add(30*time.Second).Format(http.TimeFormat))
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
	case InternalError:
		http.Error(w, "internal error", http.StatusInternalServerError)
	case BadGateway:
		http.Error(w, "<html>bad gateway</html>", http.StatusBadGateway)
	case Slow:
		<-r.Context().Done()
	case Drop:
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			s.t.Errorf("hijack: %v", err)
			return true
		}
		conn.Close()
	case Garbage:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"choices": [{"message": {"content": "trunc`)
	case EchoKey:
		http.Error(w, "upstream refused credentials "+r.Header.Get("Authorization"), http.StatusServiceUnavailable)
	case Unauthorized:
		http.Error(w, `{"error":{"message":"Incorrect API key provided: `+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")+`"}}`, http.StatusUnauthorized)
	case BadRequest:
		http.Error(w, `{"error":{"message":"context length exceeded"}}`, http.StatusBadRequest)
	default:
		return false
	}
	return true
}

// SetOnRequest replaces OnRequest, safely while requests are in flight.
func (s *Server) SetOnRequest(f func(total int)) {
	s.mu.Lock()
	s.OnRequest = f
	s.mu.Unlock()
}
