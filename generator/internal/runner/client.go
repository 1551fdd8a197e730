package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// Clock tells the time and waits. Rate limits, back-off and the progress
// line use it, so tests can run them in virtual time; the per-request
// timeout uses the real clock (it guards against hangs).
type Clock interface {
	Now() time.Time
	// SleepUntil returns at t, or earlier with ctx's error if ctx ends.
	SleepUntil(ctx context.Context, t time.Time) error
}

// SystemClock is the real clock.
var SystemClock Clock = systemClock{}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) SleepUntil(ctx context.Context, t time.Time) error {
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// RetryPolicy says how often and how long a Client waits on failures it
// can retry: HTTP 408, 409, 425, 429 and 5xx, timeouts, broken
// connections and unreadable answers.
type RetryPolicy struct {
	// MaxAttempts counts HTTP requests per completion, the first included.
	MaxAttempts int
	// Base and Max bound the back-off: the n-th retry waits Base·2^(n-1),
	// at most Max, scaled by a random factor in [½, 1).
	Base, Max time.Duration
	// MaxRetryAfter caps a server's Retry-After, which replaces the
	// back-off when present.
	MaxRetryAfter time.Duration
}

// DefaultRetry is the policy for long paid runs: about 17 minutes of
// patience per request before it counts as failed.
var DefaultRetry = RetryPolicy{MaxAttempts: 10, Base: 2 * time.Second, Max: 2 * time.Minute, MaxRetryAfter: 10 * time.Minute}

// Options are a client's collaborators; zero fields take the defaults.
type Options struct {
	// HTTP sends the requests; by default a client with its own transport
	// and no overall timeout (each request has the endpoint's Timeout).
	// Its CheckRedirect is replaced: a Client never follows a redirect.
	HTTP *http.Client
	// Clock defaults to SystemClock.
	Clock Clock
	// Jitter returns numbers in [0, 1) that spread back-off waits; it
	// defaults to math/rand/v2. It changes when requests are sent, never
	// what is written.
	Jitter func() float64
	// Retry defaults to DefaultRetry.
	Retry RetryPolicy
}

func (o Options) withDefaults() Options {
	if o.Clock == nil {
		o.Clock = SystemClock
	}
	if o.Jitter == nil {
		o.Jitter = rand.Float64
	}
	if o.Retry.MaxAttempts <= 0 {
		o.Retry = DefaultRetry
	}
	return o
}

// Completion is one answer of a chat-completions endpoint.
type Completion struct {
	Content string
	// FinishReason is the server's ("stop", "length", …).
	FinishReason     string
	PromptTokens     int64
	CompletionTokens int64
	// Attempts is the number of HTTP requests it took.
	Attempts int
}

// maxBody bounds the body of an answer of at most maxAnswer bytes: JSON
// writes a byte as at most 6 ("\u001f"), and the envelope around the
// answer (id, usage, finish reason) is small. A larger body cannot hold an
// answer a submission accepts, so it is refused unread.
func maxBody(maxAnswer int) int64 { return 6*int64(maxAnswer) + 64<<10 }

// tooLargeError is an answer larger than a submission may hold. Asking
// again would only pay for the same loop.
type tooLargeError struct{ msg string }

func (e *tooLargeError) Error() string { return e.msg }

// Client does chat completions on one endpoint with the retry policy and
// the endpoint's requests-per-minute limit. It is safe for concurrent use;
// the bound on concurrent requests is the caller's (Run keeps it).
type Client struct {
	ep   Endpoint
	url  string
	opt  Options
	http *http.Client
	lim  *limiter
	// onRequest and onRetry, if set, are called before each HTTP request
	// and before each wait for a retry.
	onRequest, onRetry func()
}

// NewClient returns a client of ep.
func NewClient(ep Endpoint, opt Options) (*Client, error) {
	ep = ep.withDefaults()
	if err := ep.check(); err != nil {
		return nil, err
	}
	opt = opt.withDefaults()
	hc := opt.HTTP
	if hc == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = ep.Concurrency
		hc = &http.Client{Transport: tr}
	}
	// Never follow a redirect, as the OpenAI SDKs do not: net/http would
	// resend the Authorization header to the same host on another scheme
	// or port (https to http, the key in clear), and a chat-completions
	// endpoint has no reason to redirect. once reports the 3xx instead.
	hc = &http.Client{Transport: hc.Transport, Jar: hc.Jar, Timeout: hc.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	c := &Client{ep: ep, url: strings.TrimSuffix(ep.BaseURL, "/") + "/chat/completions", opt: opt, http: hc}
	if ep.RPM > 0 {
		// Rounded up, so that RPM intervals never fit in less than a minute.
		c.lim = &limiter{interval: (time.Minute + time.Duration(ep.RPM) - 1) / time.Duration(ep.RPM)}
	}
	return c, nil
}

type chatRequest struct {
	Model       string         `json:"model"`
	Messages    []chat.Message `json:"messages"`
	Temperature float64        `json:"temperature"`
	MaxTokens   int            `json:"max_tokens"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
	} `json:"usage"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// StatusError is an HTTP answer other than 2xx. Its Body is the start of
// the server's answer with the API key redacted.
type StatusError struct {
	Endpoint string
	Status   int
	Body     string
	// Location is a redirect's target (3xx), redacted; the redirect was
	// not followed.
	Location string
	// RetryAfter is the server's Retry-After (or retry-after-ms), if HasRetryAfter.
	RetryAfter    time.Duration
	HasRetryAfter bool
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("endpoint %s: HTTP %d %s", e.Endpoint, e.Status, http.StatusText(e.Status))
	if e.Status >= 300 && e.Status <= 399 {
		loc := e.Location
		if loc == "" {
			loc = "no Location"
		}
		return msg + " to " + loc + ": redirects are not followed, as they could carry the API key elsewhere; give the endpoint's final URL"
	}
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

// Retryable reports whether the same request may succeed later.
func (e *StatusError) Retryable() bool {
	switch e.Status {
	case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooEarly, http.StatusTooManyRequests:
		return true
	}
	return e.Status >= 500
}

// Fatal reports whether no request to the endpoint can succeed: a refused
// key (401, 403), a wrong URL or model name (404) or a redirect (3xx,
// which is never followed).
func (e *StatusError) Fatal() bool {
	if e.Status >= 300 && e.Status <= 399 {
		return true
	}
	switch e.Status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound:
		return true
	}
	return false
}

// transientError is a failure worth retrying that carries no status.
type transientError struct{ msg string }

func (e *transientError) Error() string { return e.msg }

func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Retryable()
	}
	var te *transientError
	return errors.As(err, &te)
}

// Complete sends prompt as the one user message and returns the answer:
// Converse with chat.Prompt(prompt).
func (c *Client) Complete(ctx context.Context, prompt string) (Completion, error) {
	return c.Converse(ctx, chat.Prompt(prompt))
}

// Converse sends the conversation msgs, every message in order, and
// returns the answer to its last turn, retrying under the policy. The
// error, if any, never holds the API key; when ctx ends it is ctx's error.
func (c *Client) Converse(ctx context.Context, msgs []chat.Message) (Completion, error) {
	body, err := json.Marshal(chatRequest{
		Model:       c.ep.Model,
		Messages:    msgs,
		Temperature: c.ep.Temperature,
		MaxTokens:   c.ep.MaxTokens,
	})
	if err != nil {
		return Completion{}, err
	}
	for attempt := 1; ; attempt++ {
		if err := c.lim.wait(ctx, c.opt.Clock); err != nil {
			return Completion{}, err
		}
		if c.onRequest != nil && ctx.Err() == nil {
			c.onRequest()
		}
		comp, err := c.once(ctx, body)
		if err == nil {
			comp.Attempts = attempt
			return comp, nil
		}
		if ctx.Err() != nil {
			return Completion{}, ctx.Err()
		}
		if !retryable(err) {
			return Completion{}, err
		}
		if attempt >= c.opt.Retry.MaxAttempts {
			return Completion{}, fmt.Errorf("giving up after %d attempts: %w", attempt, err)
		}
		if c.onRetry != nil {
			c.onRetry()
		}
		if err := c.opt.Clock.SleepUntil(ctx, c.opt.Clock.Now().Add(c.wait(attempt, err))); err != nil {
			return Completion{}, err
		}
	}
}

// wait is how long to wait before retry number n after err.
func (c *Client) wait(n int, err error) time.Duration {
	p := c.opt.Retry
	var se *StatusError
	if errors.As(err, &se) && se.HasRetryAfter {
		return min(max(se.RetryAfter, 0), p.MaxRetryAfter)
	}
	d := p.Base
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	d = min(d, p.Max)
	return d/2 + time.Duration(c.opt.Jitter()*float64(d/2))
}

// once does one HTTP request.
func (c *Client) once(ctx context.Context, body []byte) (Completion, error) {
	actx, cancel := context.WithTimeout(ctx, c.ep.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return Completion{}, redactErr(err, c.ep.APIKey)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.ep.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.ep.APIKey)
	}
	failed := func(err error) error {
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(actx.Err(), context.DeadlineExceeded):
			return &transientError{fmt.Sprintf("endpoint %s: no answer within %s", c.ep.Name, c.ep.Timeout)}
		}
		return &transientError{fmt.Sprintf("endpoint %s: %s", c.ep.Name, redact(err.Error(), c.ep.APIKey))}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Completion{}, failed(err)
	}
	defer resp.Body.Close()
	limit := maxBody(c.ep.MaxAnswer)
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return Completion{}, failed(err)
	}
	ok := resp.StatusCode >= 200 && resp.StatusCode <= 299
	if ok && int64(len(data)) > limit {
		return Completion{}, &tooLargeError{fmt.Sprintf("endpoint %s: answer body is larger than %s, which no answer within the %s limit of a submission needs; refused unread (check the generation did not loop)",
			c.ep.Name, ingest.Size(limit), ingest.Size(int64(c.ep.MaxAnswer)))}
	}
	if !ok {
		se := &StatusError{Endpoint: c.ep.Name, Status: resp.StatusCode, Body: excerpt(redact(string(data), c.ep.APIKey), 300)}
		se.RetryAfter, se.HasRetryAfter = retryAfter(resp.Header, c.opt.Clock.Now())
		if loc := resp.Header.Get("Location"); loc != "" {
			se.Location = excerpt(redact(loc, c.ep.APIKey), 300)
		}
		return Completion{}, se
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return Completion{}, &transientError{fmt.Sprintf("endpoint %s: unreadable answer (%v): %s", c.ep.Name, err, excerpt(redact(string(data), c.ep.APIKey), 100))}
	}
	if cr.Error != nil {
		return Completion{}, &transientError{fmt.Sprintf("endpoint %s: error in answer: %s", c.ep.Name, excerpt(redact(cr.Error.Message, c.ep.APIKey), 300))}
	}
	if len(cr.Choices) == 0 {
		return Completion{}, &transientError{fmt.Sprintf("endpoint %s: answer without choices", c.ep.Name)}
	}
	comp := Completion{FinishReason: cr.Choices[0].FinishReason}
	if p := cr.Choices[0].Message.Content; p != nil {
		comp.Content = *p
	}
	if len(comp.Content) > c.ep.MaxAnswer {
		return Completion{}, &tooLargeError{fmt.Sprintf("endpoint %s: answer of %d bytes is longer than the %s limit of a submission; refused (check the generation did not loop)",
			c.ep.Name, len(comp.Content), ingest.Size(int64(c.ep.MaxAnswer)))}
	}
	if cr.Usage != nil {
		comp.PromptTokens, comp.CompletionTokens = cr.Usage.PromptTokens, cr.Usage.CompletionTokens
	}
	return comp, nil
}

// retryAfter reads retry-after-ms (sent by some servers) or Retry-After, in
// seconds or as an HTTP date.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && ms <= 1e12 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if !(s >= 0 && s <= 1e9) { // also refuses NaN
			return 0, false
		}
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// excerpt is the start of s, at most n bytes, on one line.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// limiter spaces request starts evenly, one per interval, so that no minute
// holds more than the endpoint's RPM.
type limiter struct {
	interval time.Duration
	mu       sync.Mutex
	next     time.Time
}

// wait takes the next free start time and sleeps until it.
func (l *limiter) wait(ctx context.Context, clock Clock) error {
	if l == nil {
		return ctx.Err()
	}
	l.mu.Lock()
	now := clock.Now()
	slot := l.next
	if slot.Before(now) {
		slot = now
	}
	l.next = slot.Add(l.interval)
	l.mu.Unlock()
	return clock.SleepUntil(ctx, slot)
}
