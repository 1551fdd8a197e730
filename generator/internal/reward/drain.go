package reward

import (
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// drainIdleGrace is how long, after the listener closes, a connection
// with nothing received may stay open: a request its client wrote before
// the drain began has been read by then. lingerTimeout bounds the wait
// for the client's end of a connection closed during the drain.
const (
	drainIdleGrace = time.Second
	lingerTimeout  = 2 * time.Second
)

// drainer tracks the server's connections so that the drain closes only
// connections with no request in them. net/http's Shutdown closes idle
// connections at once and stops after the current answer, dropping a
// request a keep-alive client had just written and every pipelined one;
// the drainer instead lets each connection go on until it is idle with
// nothing received for drainIdleGrace, or has answered with Connection:
// close.
type drainer struct {
	mu    sync.Mutex
	conns map[*trackedConn]struct{}
	open  sync.WaitGroup // connections not yet closed (lingering included)
	// closeAt is when idle connections close (unix nanoseconds), 0 before
	// the listener closes.
	closeAt  atomic.Int64
	draining atomic.Bool
}

func newDrainer() *drainer { return &drainer{conns: map[*trackedConn]struct{}{}} }

// drainListener hands out tracked connections, at most cap(slots) open at
// once when slots is not nil: Accept waits for one to close. (Not
// x/net/netutil.LimitListener, whose connections hide the TCP
// connection's CloseWrite, with which the drain half-closes.)
type drainListener struct {
	net.Listener
	d      *drainer
	slots  chan struct{}
	closed chan struct{}
	once   sync.Once
}

func newDrainListener(ln net.Listener, d *drainer, maxConns int) *drainListener {
	l := &drainListener{Listener: ln, d: d, closed: make(chan struct{})}
	if maxConns > 0 {
		l.slots = make(chan struct{}, maxConns)
	}
	return l
}

func (l *drainListener) Accept() (net.Conn, error) {
	release := func() {}
	if l.slots != nil {
		select {
		case l.slots <- struct{}{}:
			release = func() { <-l.slots }
		case <-l.closed:
			return nil, net.ErrClosed
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		release()
		return nil, err
	}
	tc := &trackedConn{Conn: c, d: l.d, release: release}
	l.d.mu.Lock()
	l.d.conns[tc] = struct{}{}
	l.d.open.Add(1)
	l.d.mu.Unlock()
	return tc, nil
}

// Close closes the listener, ending an Accept that waits for a slot.
func (l *drainListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// connState is the http.Server's ConnState hook.
func (d *drainer) connState(c net.Conn, st http.ConnState) {
	tc, ok := c.(*trackedConn)
	if !ok {
		return
	}
	tc.mu.Lock()
	tc.state = st
	if st == http.StateIdle {
		tc.receiving = false
	}
	tc.apply()
	tc.mu.Unlock()
	if st == http.StateClosed || st == http.StateHijacked {
		d.mu.Lock()
		delete(d.conns, tc)
		d.mu.Unlock()
	}
}

// closeIdle makes every connection with nothing received close at at.
func (d *drainer) closeIdle(at time.Time) {
	d.closeAt.Store(at.UnixNano())
	d.mu.Lock()
	defer d.mu.Unlock()
	for tc := range d.conns {
		tc.mu.Lock()
		tc.apply()
		tc.mu.Unlock()
	}
}

// wait waits for every connection to close, up to timeout; it reports
// whether they all did.
func (d *drainer) wait(timeout time.Duration) bool {
	done := make(chan struct{})
	go func() { d.open.Wait(); close(done) }()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}

// trackedConn is a connection the drainer knows the state of.
type trackedConn struct {
	net.Conn
	d *drainer

	mu        sync.Mutex
	state     http.ConnState
	receiving bool      // bytes came since the connection went idle
	deadline  time.Time // the read deadline net/http asked for
	closed    sync.Once
	release   func() // gives back the listener's slot once closed
}

// apply sets the read deadline: net/http's, or closeAt if sooner while
// the connection is new or idle and nothing has come. c.mu is held.
func (c *trackedConn) apply() {
	t := c.deadline
	if at := c.d.closeAt.Load(); at != 0 && !c.receiving && (c.state == http.StateNew || c.state == http.StateIdle) {
		if ca := time.Unix(0, at); t.IsZero() || t.After(ca) {
			t = ca
		}
	}
	_ = c.Conn.SetReadDeadline(t)
}

func (c *trackedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.mu.Lock()
		if !c.receiving {
			// A request is arriving: it gets net/http's deadlines.
			c.receiving = true
			c.apply()
		}
		c.mu.Unlock()
	}
	return n, err
}

func (c *trackedConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deadline = t
	c.apply()
	return nil
}

func (c *trackedConn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.Conn.SetWriteDeadline(t)
}

// CloseWrite lets net/http half-close the connection.
func (c *trackedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// Close closes the connection. During the drain it lingers: it sends FIN
// and reads what the client still sends until the client closes (or
// lingerTimeout), so that closing with unread pipelined requests does not
// reset the connection and destroy the answers already sent.
func (c *trackedConn) Close() error {
	var err error
	c.closed.Do(func() {
		if !c.d.draining.Load() {
			err = c.Conn.Close()
			c.release()
			c.d.open.Done()
			return
		}
		_ = c.CloseWrite()
		go func() {
			defer c.d.open.Done()
			_ = c.Conn.SetReadDeadline(time.Now().Add(lingerTimeout))
			_, _ = io.Copy(io.Discard, c.Conn)
			_ = c.Conn.Close()
			c.release()
		}()
	})
	return err
}
