package reward

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// serveFormulas runs Serve with opt on a loopback port until the test
// ends, and returns its address.
func serveFormulas(t *testing.T, opt Options) string {
	t.Helper()
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 0.5}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- NewServer(set, opt).Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-served })
	return ln.Addr().String()
}

// roundTrip writes req on a new connection, calls then (if not nil), and
// reads the answer.
func roundTrip(t *testing.T, addr, req string, then func(net.Conn)) (*http.Response, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	if then != nil {
		then(c)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(data)
}

// TestSlowOrGoneClientsFreeTheirSlot holds the one slot with a body that
// trickles, or with a client that goes away half-way through its body,
// and checks that the slot comes free (the next request is answered) and
// that the slow client gets 408 with a message of ours: it got 400 with
// net/http's "read tcp 127.0.0.1:…->127.0.0.1:…: i/o timeout", the
// server's and the client's addresses included.
func TestSlowOrGoneClientsFreeTheirSlot(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxInFlight, opt.QueueWait, opt.ReadTimeout = 1, 5*time.Second, 400*time.Millisecond
	addr := serveFormulas(t, opt)
	body := `{"benchmark":"complex-if","records":[{"pi":[true,false]}]}`
	head := "POST /v1/rewards HTTP/1.1\r\nHost: x\r\nContent-Length: 58\r\n\r\n"
	if len(body) != 58 {
		t.Fatalf("body of %d bytes", len(body))
	}
	next := func() {
		resp, data := roundTrip(t, addr, head+body, nil)
		if resp.StatusCode != 200 || !strings.Contains(data, `"reward":0.5`) {
			t.Errorf("the next request: %d %s, want 200 with its reward", resp.StatusCode, data)
		}
	}

	t.Run("trickle", func(t *testing.T) {
		resp, data := roundTrip(t, addr, head, func(c net.Conn) {
			for i := range 10 {
				if _, err := io.WriteString(c, body[i:i+1]); err != nil {
					return
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(data, `"error":"body: `) ||
			strings.Contains(data, "127.0.0.1") || strings.Contains(data, "i/o timeout") {
			t.Errorf("a body a byte every 100 ms: %d %s, want 408 with a message of ours", resp.StatusCode, data)
		}
		next()
	})

	t.Run("gone", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(c, head+body[:20])
		time.Sleep(50 * time.Millisecond)
		c.Close()
		start := time.Now()
		next()
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("the next request waited %v for the slot of a client gone", d)
		}
	})
}

// TestCompressedBodiesRefused checks that a body under a Content-Encoding
// the server does not decode is refused with 415 naming the header, and
// without reading it: a gzip body was read as JSON text and refused as
// "invalid UTF-8 at byte 1", and a body declared br but sent plain was
// rewarded.
func TestCompressedBodiesRefused(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	body := `{"benchmark":"complex-if","records":[{"pi":[true]}]}`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(body))
	zw.Close()
	tests := []struct {
		name, reason, encoding, body string
		code                         int
		want                         string
	}{
		{"gzip", "a compressed body", "gzip", gz.String(), 415, `"field":"Content-Encoding"`},
		{"br-declared", "a body said to be compressed is not read as plain", "br", body, 415, `Content-Encoding br`},
		{"identity", "identity is no encoding", "identity", body, 200, `"reward":1`},
	}
	for _, tc := range tests {
		for _, path := range []string{"/v1/rewards", "/get_reward?benchmark=complex-if"} {
			req, _ := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(tc.body))
			req.Header.Set("Content-Encoding", tc.encoding)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if path != "/v1/rewards" && tc.code == 200 {
				continue // the body is /v1/rewards'
			}
			if resp.StatusCode != tc.code || !strings.Contains(string(data), tc.want) {
				t.Errorf("%s %s: %d %s, want %d with %s (%s)", tc.name, path, resp.StatusCode, data, tc.code, tc.want, tc.reason)
			}
			if tc.code == 415 && resp.Header.Get("Accept-Encoding") != "identity" {
				t.Errorf("%s %s: Accept-Encoding %q, want identity (RFC 7694)", tc.name, path, resp.Header.Get("Accept-Encoding"))
			}
		}
	}
}

// TestConnectionsBounded checks that the server holds at most MaxConns
// connections, so that memory is bounded by the flags however many
// clients connect: with both connections taken by clients that send part
// of a header, a third client's request waits, and is answered once one
// of them goes away. Every connection used to be accepted (each may hold
// up to 256 KiB of header), so memory grew with the clients.
func TestConnectionsBounded(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxConns = 2
	addr := serveFormulas(t, opt)
	var held []net.Conn
	for range opt.MaxConns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "POST /v1/rewards HTTP/1.1\r\nHost: x\r\nX-Slow: ")
		held = append(held, c)
	}
	time.Sleep(100 * time.Millisecond) // both accepted
	body := `{"benchmark":"complex-if","records":[{"pi":[true,false]}]}`
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /v1/rewards HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	br := bufio.NewReader(c)
	_ = c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, err := br.Peek(1); err == nil {
		t.Fatalf("a third connection was answered while %d were held", opt.MaxConns)
	}
	held[0].Close()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("the third connection, once one went away: %v", err)
	}
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(data), `"reward":0.5`) {
		t.Errorf("the third connection: %d %s, want its reward", resp.StatusCode, data)
	}
}

// TestHeadOnGetEndpoints checks that /healthz and /metrics answer HEAD as
// GET without the body (RFC 9110 §9.3.2; a load balancer's health check
// may use it): they answered 405.
func TestHeadOnGetEndpoints(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	for _, path := range []string{"/healthz", "/metrics"} {
		resp, err := http.Head(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(data) != 0 {
			t.Errorf("HEAD %s: %d with %d bytes, want 200 without a body", path, resp.StatusCode, len(data))
		}
	}
	resp, err := http.Head(srv.URL + "/get_reward?benchmark=complex-if")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("HEAD /get_reward: %d, Allow %q; want 405, POST", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

// TestFreeSlotTakenWithoutQueueWait checks that with QueueWait 0 (refuse
// at once when every slot is taken) a request finding a slot free gets
// it: the slot and the expired wait were drawn at random, so that an idle
// server refused about half its requests with 503.
func TestFreeSlotTakenWithoutQueueWait(t *testing.T) {
	opt := DefaultOptions()
	opt.QueueWait = 0
	srv := formulaServer(t, opt)
	for i := range 100 {
		resp, err := http.Post(srv.URL+"/v1/rewards", "application/json", strings.NewReader(`{"benchmark":"complex-if","records":[{"pi":[true]}]}`))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("request %d of 100 to an idle server: %d, want 200", i+1, resp.StatusCode)
		}
	}
}

// TestTooSlowSaysSoInItsOwnWords checks that a request whose work outlasts
// RequestTimeout gets 503 naming the limit, without Go's "context
// deadline exceeded" tacked on.
func TestTooSlowSaysSoInItsOwnWords(t *testing.T) {
	opt := DefaultOptions()
	opt.RequestTimeout = time.Nanosecond
	srv := formulaServer(t, opt)
	resp, err := http.Post(srv.URL+"/v1/rewards", "application/json", strings.NewReader(`{"benchmark":"complex-if","records":[{"pi":[true]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || !strings.Contains(string(data), "took longer than 1ns") || strings.Contains(string(data), "context") {
		t.Errorf("%d %s, want 503 naming the 1ns limit in our words", resp.StatusCode, data)
	}
}

// TestDrainClosesWithFINAtOnce checks that with the connection limit on,
// a connection that answered with Connection: close during the drain is
// half-closed at once (the client reads the end right after the answer),
// as without it: the limit's wrapper hid the TCP connection's CloseWrite,
// so that the client waited out the 2 s linger before it saw the end.
func TestDrainClosesWithFINAtOnce(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 0.5}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions()
	opt.MaxConns, opt.DrainDelay = 4, 500*time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- NewServer(set, opt).Serve(ctx, ln) }()
	defer func() { <-served }()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(20 * time.Second))
	body := `{"benchmark":"complex-if","records":[{"pi":[true]}]}`
	req := fmt.Sprintf("POST /v1/rewards HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	br := bufio.NewReader(c)
	io.WriteString(c, req)
	if resp, err := http.ReadResponse(br, nil); err != nil {
		t.Fatal(err)
	} else {
		io.Copy(io.Discard, resp.Body)
	}
	cancel() // the drain: answers say Connection: close
	time.Sleep(100 * time.Millisecond)
	io.WriteString(c, req)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	answered := time.Now()
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("after the answer with Connection: %q: %v, want the end", resp.Header.Get("Connection"), err)
	}
	if d := time.Since(answered); d > time.Second {
		t.Errorf("the end came %v after the answer, want it at once (a FIN)", d.Round(time.Millisecond))
	}
	c.Close()
}

// TestUncleanPathsAreNotFound checks that a path net/http would clean
// (a doubled slash, a dot segment) gets the JSON 404 of any unknown path:
// the mux answered 307 with no JSON, pointing a client that follows it to
// the endpoint with the body sent again.
func TestUncleanPathsAreNotFound(t *testing.T) {
	addr := serveFormulas(t, DefaultOptions())
	body := `{"benchmark":"complex-if","records":[{"pi":[true]}]}`
	for _, path := range []string{"//v1/rewards", "/v1//rewards", "/./v1/rewards", "/x/../v1/rewards"} {
		resp, data := roundTrip(t, addr, fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", path, len(body), body), nil)
		if resp.StatusCode != 404 || !strings.Contains(data, `"error":"no such endpoint`) {
			t.Errorf("POST %s: %d %s, want 404 with a JSON error", path, resp.StatusCode, data)
		}
	}
}

// TestOtherCharsetsRefused checks that a body declared in a charset other
// than UTF-8 gets 415 naming it, unread: a UTF-16 body was read as UTF-8
// and refused as "invalid character '\x00'", as if malformed.
func TestOtherCharsetsRefused(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	body := `{"benchmark":"complex-if","records":[{"pi":[true]}]}`
	utf16le := make([]byte, 0, 2*len(body))
	for _, c := range []byte(body) {
		utf16le = append(utf16le, c, 0)
	}
	tests := []struct {
		name, contentType, body string
		code                    int
		want                    string
	}{
		{"utf-16", "application/json; charset=utf-16le", string(utf16le), 415, `charset utf-16le`},
		{"latin-1", "application/json; charset=ISO-8859-1", body, 415, `charset iso-8859-1`},
		{"utf-8", "application/json; charset=UTF-8", body, 200, `"reward":1`},
		{"ascii", "application/json; charset=us-ascii", body, 200, `"reward":1`},
		{"no-charset", "application/json", body, 200, `"reward":1`},
		{"form", "application/x-www-form-urlencoded", body, 200, `"reward":1`},
	}
	for _, tc := range tests {
		resp, err := http.Post(srv.URL+"/v1/rewards", tc.contentType, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(string(data), tc.want) {
			t.Errorf("%s: %d %s, want %d with %s", tc.name, resp.StatusCode, data, tc.code, tc.want)
		}
	}
}
