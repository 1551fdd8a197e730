package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/prompt"
)

// testKey is the API key of the fake server; no output may contain it.
const testKey = "sk-test-9f8e7d6c5b4a39281706"

// fakeClock is a virtual clock: sleeping moves it forward at once. It
// records every SleepUntil target and how far it was from the time then.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	targets []time.Time
	sleeps  []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) SleepUntil(ctx context.Context, t time.Time) error {
	c.mu.Lock()
	c.targets = append(c.targets, t)
	c.sleeps = append(c.sleeps, t.Sub(c.now))
	if t.After(c.now) {
		c.now = t
	}
	c.mu.Unlock()
	return ctx.Err()
}

func (c *fakeClock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

func hashOf(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// fault is what the fake server does instead of answering.
type fault int

const (
	answer fault = iota
	tooMany
	tooManyRetryAfter
	tooManyDate
	internalError
	badGateway
	slow    // no answer until the client gives up
	drop    // close the connection without an answer
	garbage // 200 with a body that is not JSON
	badFormat
	echoKey // 500 whose body quotes the Authorization header
	unauthorized
	badRequest
	faultKinds
)

var pointFormat = regexp.MustCompile(`(?m)^POINT_(\d+): YES or NO`)

// fakeAnswer is the deterministic answer of model to prompt: answers
// depend on the prompt, judges answer in the protocol's format (NO if the
// placeholder was not replaced), anything else is echoed.
func fakeAnswer(model, p string) string {
	h := hashOf(p)[:12]
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

// fakeServer speaks the chat-completions API on 127.0.0.1.
type fakeServer struct {
	t     *testing.T
	srv   *httptest.Server
	clock *fakeClock
	// fault decides what request n (from 1) of a prompt to a model gets;
	// nil: answer.
	fault func(p string, n int) fault
	// onRequest is called with the number of requests so far.
	onRequest func(total int)
	// anyDecoding accepts any temperature and max tokens; otherwise the
	// server refuses all but the protocol's 0 and 4096.
	anyDecoding bool
	// barrier, if set for a model, holds that many first requests of the
	// model until they are all in flight together.
	barrier map[string]int

	mu          sync.Mutex
	count       map[string]int // requests by countKey
	served      map[fault]int
	total       int
	inflight    map[string]int
	maxInflight map[string]int
	arrived     map[string]int
	release     map[string]chan struct{}
	prompts     []string
}

func newFakeServer(t *testing.T, clock *fakeClock) *fakeServer {
	s := &fakeServer{t: t, clock: clock, barrier: map[string]int{}}
	s.reset()
	s.srv = httptest.NewServer(s)
	t.Cleanup(s.srv.Close)
	return s
}

// reset forgets what was asked.
func (s *fakeServer) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count, s.served, s.total, s.prompts = map[string]int{}, map[fault]int{}, 0, nil
	s.inflight, s.maxInflight, s.arrived, s.release = map[string]int{}, map[string]int{}, map[string]int{}, map[string]chan struct{}{}
}

func (s *fakeServer) endpoint(name, model string) Endpoint {
	return Endpoint{Name: name, BaseURL: s.srv.URL + "/v1", Model: model, APIKey: testKey, Concurrency: 3}
}

// requestsServed is the number of requests so far.
func (s *fakeServer) requestsServed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// countKey names what the server counts requests of: a prompt to a model.
func countKey(model, promptHash string) string { return model + " " + promptHash }

// requests is the number of requests of prompt p to model.
func (s *fakeServer) requests(model, p string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count[countKey(model, hashOf(p))]
}

func (s *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "no such route", http.StatusNotFound)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		Temperature *float64 `json:"temperature"`
		MaxTokens   int      `json:"max_tokens"`
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields() // no tools, nothing else
	if err := dec.Decode(&req); err != nil || len(req.Messages) != 1 || req.Messages[0].Role != "user" ||
		req.Temperature == nil || req.MaxTokens <= 0 || (!s.anyDecoding && (*req.Temperature != 0 || req.MaxTokens != DefaultMaxTokens)) {
		s.t.Errorf("bad request (err %v): %+v", err, req)
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	p := req.Messages[0].Content
	s.mu.Lock()
	s.count[countKey(req.Model, hashOf(p))]++
	n := s.count[countKey(req.Model, hashOf(p))]
	s.total++
	total := s.total
	s.prompts = append(s.prompts, p)
	s.inflight[req.Model]++
	s.maxInflight[req.Model] = max(s.maxInflight[req.Model], s.inflight[req.Model])
	s.arrived[req.Model]++
	var wait chan struct{}
	if k := s.barrier[req.Model]; k > 0 && s.arrived[req.Model] <= k {
		if s.release[req.Model] == nil {
			s.release[req.Model] = make(chan struct{})
		}
		wait = s.release[req.Model]
		if s.arrived[req.Model] == k {
			close(wait)
		}
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inflight[req.Model]--
		s.mu.Unlock()
	}()
	if wait != nil {
		<-wait // a hang here means fewer concurrent requests than the bound
	}
	if s.onRequest != nil {
		s.onRequest(total)
	}
	f := answer
	if r.Header.Get("Authorization") != "Bearer "+testKey {
		f = unauthorized
	} else if s.fault != nil {
		f = s.fault(p, n)
	}
	s.mu.Lock()
	s.served[f]++
	s.mu.Unlock()
	content := fakeAnswer(req.Model, p)
	switch f {
	case tooMany:
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
		return
	case tooManyRetryAfter:
		w.Header().Set("Retry-After", "7")
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
		return
	case tooManyDate:
		w.Header().Set("Retry-After", s.clock.Now().Add(30*time.Second).Format(http.TimeFormat))
		http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
		return
	case internalError:
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	case badGateway:
		http.Error(w, "<html>bad gateway</html>", http.StatusBadGateway)
		return
	case slow:
		<-r.Context().Done()
		return
	case drop:
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			s.t.Errorf("hijack: %v", err)
			return
		}
		conn.Close()
		return
	case garbage:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"choices": [{"message": {"content": "trunc`)
		return
	case badFormat:
		content = "I think it is fine."
	case echoKey:
		http.Error(w, "upstream refused credentials "+r.Header.Get("Authorization"), http.StatusServiceUnavailable)
		return
	case unauthorized:
		http.Error(w, `{"error":{"message":"Incorrect API key provided: `+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")+`"}}`, http.StatusUnauthorized)
		return
	case badRequest:
		http.Error(w, `{"error":{"message":"context length exceeded"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": len(p) / 4, "completion_tokens": len(content) / 4},
	})
}
