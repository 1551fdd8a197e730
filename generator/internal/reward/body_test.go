package reward

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestServerRefusesMalformedBodies checks that a body with an unknown
// field, trailing garbage, a second JSON value, a repeated field or
// invalid UTF-8 is refused with 400 and a message that says which, and
// that a wrong shape is refused at its first token.
func TestServerRefusesMalformedBodies(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	const gr, rw = "/get_reward?benchmark=complex-if", "/v1/rewards"
	good := `{"query":["q"],"labels":["{\"pi\":[true]}"]}`
	tests := []struct {
		name, reason, path, body string
		code                     int
		want                     string
	}{
		{"unknown-field", "a misspelt field is not ignored", gr, `{"query":["q"],"labels":["l"],"lables":["l"]}`, 400, `unknown field \"lables\"`},
		{"unknown-field-rewards", "the same on /v1/rewards", rw, `{"benchmark":"complex-if","records":[{"pi":[true]}],"extra":1}`, 400, `unknown field \"extra\"`},
		{"trailing-garbage", "bytes after the object", gr, good + `xyz`, 400, `trailing garbage`},
		{"trailing-garbage-rewards", "bytes after the object", rw, `{"benchmark":"complex-if","records":[{"pi":[true]}]}]`, 400, `trailing garbage`},
		{"second-object", "one object per request", gr, good + good, 400, `a second JSON value`},
		{"second-object-rewards", "one object per request", rw, `{"records":[]} {"records":[]}`, 400, `a second JSON value`},
		{"repeated-field", "a field given twice is ambiguous", gr, `{"query":["q"],"query":["r"],"labels":["l"]}`, 400, `given twice`},
		{"wrong-shape", "numbers where query strings belong", gr, `{"query":[1,1,1,1],"labels":[]}`, 400, `query[0]: want a JSON string, got number`},
		{"not-object", "the body is one object", rw, `[1,2,3]`, 400, `want a JSON object, got array`},
		{"invalid-utf8", "JSON text is UTF-8", gr, "{\"query\":[\"\xff\"],\"labels\":[\"l\"]}", 400, `invalid UTF-8 at byte 11`},
		{"whitespace-after", "white space after the object is fine", rw, `{"benchmark":"complex-if","records":[{"pi":[true]}]}` + " \n\t", 200, `"reward":1`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.code || !strings.Contains(string(data), tc.want) {
				t.Errorf("POST %s %q: %d %s, want %d with %s (%s)", tc.path, short(tc.body), resp.StatusCode, data, tc.code, tc.want, tc.reason)
			}
		})
	}
}

func short(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// countingBody counts the bytes the server reads from a body and closes
// started at the first read.
type countingBody struct {
	r       io.Reader
	n       atomic.Int64
	started chan struct{}
	once    atomic.Bool
}

func (c *countingBody) Read(p []byte) (int, error) {
	if c.once.CompareAndSwap(false, true) && c.started != nil {
		close(c.started)
	}
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func (c *countingBody) Close() error { return nil }

// TestServerTakesSlotBeforeReadingBody checks that a request waiting for a
// slot holds no body: with the one slot taken by a request whose body is
// still arriving, a second request gets 503 with Retry-After and not one
// byte of its body is read. The server used to read and decode the whole
// body first (16 MiB of [1,1,…] cost 0.5 GB), so --max-in-flight did not
// bound memory.
func TestServerTakesSlotBeforeReadingBody(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxInFlight, opt.QueueWait = 1, 20*time.Millisecond
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 0.5}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := NewServer(set, opt).Handler()
	for _, path := range []string{"/get_reward?benchmark=complex-if", "/v1/rewards"} {
		t.Run(strings.Trim(path[:11], "/_?"), func(t *testing.T) {
			pr, pw := io.Pipe()
			first := &countingBody{r: pr, started: make(chan struct{})}
			done := make(chan int)
			go func() {
				req := httptest.NewRequest(http.MethodPost, path, nil)
				req.Body, req.ContentLength = first, -1
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				done <- rec.Code
			}()
			<-first.started // the first request holds the slot from here on
			big := &countingBody{r: bytes.NewReader(append([]byte(`{"query":[`), bytes.Repeat([]byte("1,"), 1<<20)...))}
			req := httptest.NewRequest(http.MethodPost, path, nil)
			req.Body, req.ContentLength = big, -1
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || big.n.Load() != 0 {
				t.Errorf("second request: %d, Retry-After %q, %d body bytes read; want 503, Retry-After, 0 bytes read: %s",
					rec.Code, rec.Header().Get("Retry-After"), big.n.Load(), rec.Body)
			}
			pw.CloseWithError(io.ErrUnexpectedEOF)
			if code := <-done; code != http.StatusBadRequest {
				t.Errorf("first request: %d, want 400 for its cut body", code)
			}
		})
	}
}
