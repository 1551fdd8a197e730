package runner

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCompleteRetries(t *testing.T) {
	s := time.Second
	tests := []struct {
		name, reason string
		steps        []fault // what requests 1, 2, … get; then answers
		retry        RetryPolicy
		timeout      time.Duration
		wantSleeps   []time.Duration
		wantRequests int
		wantErr      string // "" for success
		wantFatal    bool
	}{
		{name: "answer at once", reason: "no fault, no wait", wantRequests: 1},
		{name: "429 without Retry-After", reason: "exponential back-off, jitter 0.5 gives ¾ of 2s, 4s, 8s",
			steps: []fault{tooMany, tooMany, tooMany}, wantSleeps: []time.Duration{1500 * time.Millisecond, 3 * s, 6 * s}, wantRequests: 4},
		{name: "Retry-After in seconds", reason: "the server's wait replaces the back-off",
			steps: []fault{tooManyRetryAfter}, wantSleeps: []time.Duration{7 * s}, wantRequests: 2},
		{name: "Retry-After as an HTTP date", reason: "read against the injected clock",
			steps: []fault{tooManyDate}, wantSleeps: []time.Duration{30 * s}, wantRequests: 2},
		{name: "Retry-After capped", reason: "MaxRetryAfter bounds a server's wait",
			steps: []fault{tooManyRetryAfter}, retry: RetryPolicy{MaxAttempts: 3, Base: s, Max: s, MaxRetryAfter: 5 * s},
			wantSleeps: []time.Duration{5 * s}, wantRequests: 2},
		{name: "5xx", reason: "500 and 502 are retried",
			steps: []fault{internalError, badGateway}, wantSleeps: []time.Duration{1500 * time.Millisecond, 3 * s}, wantRequests: 3},
		{name: "dropped connection", reason: "a connection closed without an answer is retried",
			steps: []fault{drop}, wantSleeps: []time.Duration{1500 * time.Millisecond}, wantRequests: 2},
		{name: "unreadable answer", reason: "a truncated 200 body is retried",
			steps: []fault{garbage}, wantSleeps: []time.Duration{1500 * time.Millisecond}, wantRequests: 2},
		{name: "timeout", reason: "a request with no answer within the timeout is retried",
			steps: []fault{slow}, timeout: 100 * time.Millisecond, wantSleeps: []time.Duration{1500 * time.Millisecond}, wantRequests: 2},
		{name: "back-off capped", reason: "Max bounds the exponential back-off",
			steps: []fault{internalError, internalError, internalError, internalError}, retry: RetryPolicy{MaxAttempts: 9, Base: 2 * s, Max: 5 * s, MaxRetryAfter: s},
			wantSleeps: []time.Duration{1500 * time.Millisecond, 3 * s, 3750 * time.Millisecond, 3750 * time.Millisecond}, wantRequests: 5},
		{name: "gives up", reason: "MaxAttempts counts every request",
			steps: []fault{internalError, internalError, internalError, internalError}, retry: RetryPolicy{MaxAttempts: 3, Base: 2 * s, Max: time.Minute, MaxRetryAfter: s},
			wantSleeps: []time.Duration{1500 * time.Millisecond, 3 * s}, wantRequests: 3, wantErr: "giving up after 3 attempts: endpoint m: HTTP 500"},
		{name: "400 is not retried", reason: "the same request cannot succeed later",
			steps: []fault{badRequest}, wantRequests: 1, wantErr: "HTTP 400 Bad Request: {\"error\":{\"message\":\"context length exceeded\"}}"},
		{name: "401 is fatal and redacted", reason: "a refused key stops the run; the server quotes the key",
			steps: []fault{unauthorized}, wantRequests: 1, wantErr: "Incorrect API key provided: [REDACTED]", wantFatal: true},
		{name: "5xx quoting the key", reason: "retried, and the key never reaches the error",
			steps: []fault{echoKey, echoKey}, retry: RetryPolicy{MaxAttempts: 2, Base: 2 * s, Max: time.Minute, MaxRetryAfter: s},
			wantSleeps: []time.Duration{1500 * time.Millisecond}, wantRequests: 2, wantErr: "refused credentials Bearer [REDACTED]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newFakeClock()
			srv := newFakeServer(t, clock)
			srv.Fault = func(_ string, n int) fault {
				if n <= len(tt.steps) {
					return tt.steps[n-1]
				}
				return answer
			}
			ep := srv.endpoint("m", "model-x")
			ep.Timeout = tt.timeout
			c, err := NewClient(ep, Options{Clock: clock, Jitter: func() float64 { return 0.5 }, Retry: tt.retry})
			if err != nil {
				t.Fatal(err)
			}
			comp, err := c.Complete(context.Background(), "hello")
			if got := srv.Requests("model-x", "hello"); got != tt.wantRequests {
				t.Errorf("%s: server saw %d requests, want %d", tt.reason, got, tt.wantRequests)
			}
			if diff := cmp.Diff(tt.wantSleeps, clock.Sleeps()); diff != "" {
				t.Errorf("%s: sleeps (-want +got):\n%s", tt.reason, diff)
			}
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("%s: %v", tt.reason, err)
				}
				want := Completion{Content: fakeAnswer("model-x", "hello"), FinishReason: "stop", PromptTokens: 1,
					CompletionTokens: int64(len(fakeAnswer("model-x", "hello")) / 4), Attempts: tt.wantRequests}
				if diff := cmp.Diff(want, comp); diff != "" {
					t.Errorf("%s: completion (-want +got):\n%s", tt.reason, diff)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("%s: error %v, want one containing %q", tt.reason, err, tt.wantErr)
			}
			if strings.Contains(err.Error(), testKey) || strings.Contains(fmt.Sprintf("%#v %+v", err, err), testKey) {
				t.Errorf("%s: the error holds the key: %v", tt.reason, err)
			}
			var se *StatusError
			if fatal := errors.As(err, &se) && se.Fatal(); fatal != tt.wantFatal {
				t.Errorf("%s: fatal %v, want %v", tt.reason, fatal, tt.wantFatal)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name, reason string
		header       map[string]string
		want         time.Duration
		ok           bool
	}{
		{"none", "no header, back-off applies", nil, 0, false},
		{"seconds", "delta-seconds", map[string]string{"Retry-After": "12"}, 12 * time.Second, true},
		{"fraction", "some servers send decimals", map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond, true},
		{"date", "an HTTP date is read against the clock", map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second, true},
		{"past date", "a date already past means now", map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0, true},
		{"milliseconds", "retry-after-ms wins over Retry-After", map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond, true},
		{"negative", "refused, back-off applies", map[string]string{"Retry-After": "-3"}, 0, false},
		{"NaN", "refused, back-off applies", map[string]string{"Retry-After": "NaN"}, 0, false},
		{"junk", "refused, back-off applies", map[string]string{"Retry-After": "soon"}, 0, false},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.header {
			h.Set(k, v)
		}
		got, ok := retryAfter(h, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s (%s): got %v %v, want %v %v", tt.name, tt.reason, got, ok, tt.want, tt.ok)
		}
	}
}

func TestEndpointHidesKey(t *testing.T) {
	ep := Endpoint{Name: "judge", BaseURL: "https://api.example.org/v1", Model: "gpt-5.1", APIKey: testKey}
	for _, s := range []string{fmt.Sprint(ep), fmt.Sprintf("%v %+v %#v %s", ep, ep, ep, ep), fmt.Sprint(&ep), ep.LogValue().String()} {
		if strings.Contains(s, testKey) {
			t.Errorf("printed endpoint holds the key: %s", s)
		}
	}
}

func TestConnectionErrorRedactsKey(t *testing.T) {
	// A key that ends up in the URL (some gateways take it in the path)
	// must not come back in the error of a refused connection.
	srv := newFakeServer(t, newFakeClock())
	url := srv.URL
	srv.Close()
	ep := Endpoint{Name: "m", BaseURL: url + "/" + testKey + "/v1", Model: "x", APIKey: testKey}
	c, err := NewClient(ep, Options{Clock: newFakeClock(), Retry: RetryPolicy{MaxAttempts: 2, Base: time.Second, Max: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), "hello")
	if err == nil || strings.Contains(err.Error(), testKey) || !strings.Contains(err.Error(), "[REDACTED]") {
		t.Errorf("error %v: want a connection error with the key redacted", err)
	}
}
