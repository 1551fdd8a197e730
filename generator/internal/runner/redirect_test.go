package runner

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRedirectIsRefusedWithoutResendingTheKey: an endpoint that redirects
// (to the same host on another port here, as an https → http downgrade
// would) gets one request, and the key never reaches the redirect's target.
func TestRedirectIsRefusedWithoutResendingTheKey(t *testing.T) {
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			var mu sync.Mutex
			var targetHits int
			var targetAuth []string
			target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				targetHits++
				if a := r.Header.Get("Authorization"); a != "" {
					targetAuth = append(targetAuth, a)
				}
				mu.Unlock()
				w.Header().Set("Content-Type", "application/json")
				w.Write([]byte(`{"choices":[{"message":{"content":"stolen"},"finish_reason":"stop"}]}`))
			}))
			defer target.Close()
			location := target.URL + "/v1/chat/completions"
			var redirects int
			origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				redirects++
				mu.Unlock()
				http.Redirect(w, r, location, status)
			}))
			defer origin.Close()

			ep := Endpoint{Name: "m", BaseURL: origin.URL + "/v1", Model: "x", APIKey: testKey}
			c, err := NewClient(ep, Options{Clock: newFakeClock(), Jitter: func() float64 { return 0.5 },
				Retry: RetryPolicy{MaxAttempts: 3, Base: time.Second, Max: time.Second}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), "hello")
			mu.Lock()
			defer mu.Unlock()
			if len(targetAuth) > 0 || targetHits > 0 {
				t.Errorf("the redirect was followed: %d requests reached %s, %d with an Authorization header", targetHits, location, len(targetAuth))
			}
			if redirects != 1 {
				t.Errorf("%d requests to the redirecting endpoint, want 1 (a redirect is not retried)", redirects)
			}
			var se *StatusError
			if err == nil || !errors.As(err, &se) || se.Status != status || !se.Fatal() {
				t.Fatalf("error %v: want a fatal *StatusError of HTTP %d", err, status)
			}
			if msg := err.Error(); !strings.Contains(msg, location) || !strings.Contains(msg, "redirect") {
				t.Errorf("error %q: want it to name the redirect and its Location %s", msg, location)
			}
		})
	}
}
