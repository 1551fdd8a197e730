package reward

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestServeDrainAnswersEveryRequestRead writes requests back to back on raw
// loopback connections (HTTP/1.1 pipelining) and on keep-alive connections
// that already answered one request, then tells the server to stop. On
// every connection the answers must be a prefix of the requests, each
// complete, and when some requests go unanswered the last answer must say
// Connection: close and the connection must then end cleanly (a FIN, not
// a reset): the requests after it were not read, and the client knows to
// send them elsewhere. Before, Shutdown closed idle connections holding a
// request just written and stopped pipelined connections after any answer,
// without Connection: close (910 of 2000 pipelined requests unanswered).
func TestServeDrainAnswersEveryRequestRead(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 0.5}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	counted := &acceptCounter{Listener: ln, accepted: make(chan struct{}, 64)}
	go func() { served <- NewServer(set, DefaultOptions()).Serve(ctx, counted) }()

	body := `{"benchmark":"complex-if","records":[{"pi":[true,false]}]}`
	req := fmt.Sprintf("POST /v1/rewards HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body)
	const pipelined, perConn, keepAlive = 8, 200, 8
	type client struct {
		c       net.Conn
		br      *bufio.Reader
		written int
	}
	var clients []*client
	dial := func() *client {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(60 * time.Second))
		return &client{c: c, br: bufio.NewReader(c)}
	}
	// Keep-alive connections: one request answered, so that each is idle
	// in the server when the next is written.
	for range keepAlive {
		cl := dial()
		if _, err := io.WriteString(cl.c, req); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(cl.br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		clients = append(clients, cl)
	}
	for range pipelined {
		clients = append(clients, dial())
	}
	// A connection still in the listener's backlog when it closes is
	// reset by the kernel with nothing read, which is not what is tested
	// here: wait until the server has taken every connection.
	for range len(clients) {
		select {
		case <-counted.accepted:
		case <-time.After(60 * time.Second):
			t.Fatal("the server did not accept every connection")
		}
	}
	for i, cl := range clients {
		n := 1
		if i >= keepAlive {
			n = perConn
		}
		if _, err := io.WriteString(cl.c, strings.Repeat(req, n)); err != nil {
			t.Fatal(err)
		}
		cl.written = n
	}
	cancel() // every request above was written before the drain began

	answered, unanswered := 0, 0
	for i, cl := range clients {
		got, lastClose := 0, false
		var end error
		for {
			// http.ReadResponse reports a connection closed before an
			// answer as io.ErrUnexpectedEOF: look first.
			if _, err := cl.br.Peek(1); err != nil {
				end = err
				break
			}
			resp, err := http.ReadResponse(cl.br, nil)
			if err != nil {
				t.Fatalf("connection %d: answer %d cut: %v", i, got+1, err)
			}
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(string(data), `"reward":0.5`) {
				t.Fatalf("connection %d, answer %d: %d %q %v", i, got+1, resp.StatusCode, data, err)
			}
			got++
			lastClose = resp.Close
		}
		cl.c.Close() // the server lingers until the client closes
		answered += got
		unanswered += cl.written - got
		if !errors.Is(end, io.EOF) {
			t.Errorf("connection %d: ended with %v after %d of %d answers, want a clean EOF", i, end, got, cl.written)
		}
		if got < cl.written && !lastClose {
			t.Errorf("connection %d: %d of %d requests answered, and the last answer did not say Connection: close", i, got, cl.written)
		}
	}
	t.Logf("%d answered, %d left unread after Connection: close", answered, unanswered)
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Serve did not return")
	}
	if c, err := net.Dial("tcp", addr); err == nil {
		c.Close()
		t.Errorf("a connection after the drain was accepted")
	}
}

// acceptCounter is a listener that says on accepted each connection it
// hands out.
type acceptCounter struct {
	net.Listener
	accepted chan struct{}
}

func (l *acceptCounter) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted <- struct{}{}
	}
	return c, err
}
