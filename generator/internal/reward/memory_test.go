package reward

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// memoryFactor is K of the memory bound in docs/rewards.md: a request in
// a slot allocates at most K × --max-body while its body is decoded and
// its records rewarded.
const memoryFactor = 10

// TestServeMemoryBound sends --max-in-flight worst-case bodies at once,
// plus connections that only open and send part of a header, and checks
// that the bytes the process allocated meanwhile (runtime.MemStats
// TotalAlloc, an upper bound of the heap's growth that does not depend on
// when the collector runs) stay under the documented bound:
//
//	max-in-flight × K × max-body + connections × 256 KiB
//
// with K = memoryFactor. 16 MiB of [1,1,…] used to cost ~0.5 GB.
func TestServeMemoryBound(t *testing.T) {
	const maxBody, inFlight, extra = 4 << 20, 2, 8
	big := strings.Repeat("a", maxBody-200)
	bodies := []struct{ name, path, body string }{
		{"one-long-query", "/get_reward?benchmark=complex-if", `{"query":["` + big + `"],"labels":["x"]}x`},
		{"attack-numbers", "/get_reward?benchmark=complex-if", `{"query":[` + strings.Repeat("1,", maxBody/2-20) + `1]}`},
		{"long-label", "/get_reward?benchmark=complex-if", `{"query":["q"],"labels":[{"x":"` + big + `"}]}`},
		{"many-records", "/v1/rewards", `{"benchmark":"complex-if","records":[` + strings.Repeat(`{"pi":[true,false,true],"ec":[true],"db":[false,true]},`, 4095) + `{}]}`},
		{"long-record", "/v1/rewards", `{"benchmark":"complex-if","records":[{"pi":[true],"x":"` + big + `"}]}`},
	}
	for _, b := range bodies {
		for _, chunked := range []bool{false, true} {
			name := b.name
			if chunked {
				name += "/chunked"
			}
			t.Run(name, func(t *testing.T) { checkMemoryBound(t, maxBody, inFlight, extra, b.path, b.body, chunked) })
		}
	}
}

// checkMemoryBound sends inFlight copies of body to path at once, with a
// Content-Length or, if chunked, in chunks of 64 KiB without one (the
// server then does not know the body's size before the end), beside
// extra connections that send half a header, and checks the bound.
func checkMemoryBound(t *testing.T, maxBody, inFlight, extra int, path, body string, chunked bool) {
	if len(body) > maxBody {
		t.Fatalf("body of %d bytes, over %d", len(body), maxBody)
	}
	opt := DefaultOptions()
	opt.MaxBody, opt.MaxInFlight = int64(maxBody), inFlight
	srv := formulaServer(t, opt)
	addr := strings.TrimPrefix(srv.URL, "http://")
	req := []byte(fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", path, len(body), body))
	if chunked {
		var w strings.Builder
		fmt.Fprintf(&w, "POST %s HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n", path)
		for rest := body; rest != ""; {
			n := min(len(rest), 64<<10)
			fmt.Fprintf(&w, "%x\r\n%s\r\n", n, rest[:n])
			rest = rest[n:]
		}
		w.WriteString("0\r\n\r\n")
		req = []byte(w.String())
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var conns []net.Conn
	for range extra {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		io.WriteString(c, "POST /v1/rewards HTTP/1.1\r\nHost: x\r\n")
	}
	var wg sync.WaitGroup
	codes := make([]int, inFlight)
	for i := range inFlight {
		wg.Go(func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			go c.Write(req)
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			codes[i] = resp.StatusCode
		})
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	for _, c := range conns {
		c.Close()
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	bound := uint64(inFlight*memoryFactor*maxBody + (inFlight+extra)*256<<10)
	t.Logf("%v: allocated %.1f MiB = %.2f × max-body per request (bound %.1f MiB)", codes, float64(alloc)/(1<<20), float64(alloc)/float64(inFlight*maxBody), float64(bound)/(1<<20))
	if alloc > bound {
		t.Errorf("allocated %d bytes, over the bound %d", alloc, bound)
	}
}
