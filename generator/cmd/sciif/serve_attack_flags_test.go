package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestServeRefusesUnboundedTimeouts checks that `sciif serve` refuses, with
// exit 2 and the flag named, a time limit that would not limit: net/http
// reads a read, write or idle timeout of 0 or less as none, so that
// --read-timeout 0 let a client trickle its body into a slot forever, and
// a negative --queue-wait or --drain-delay meant nothing documented.
func TestServeRefusesUnboundedTimeouts(t *testing.T) {
	for _, args := range [][]string{
		{"--read-timeout", "0"},
		{"--read-timeout", "-1s"},
		{"--write-timeout", "0"},
		{"--idle-timeout", "-5s"},
		{"--shutdown-timeout", "0"},
		{"--queue-wait", "-1s"},
		{"--drain-delay", "-1s"},
		{"--max-conns", "0"},
	} {
		var stdout, stderr bytes.Buffer
		// A server that starts (the flag accepted) stops when ctx ends.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		code := run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0", "--benchmark", "../../../benchmarks/ifeval-demo"}, args...), &stdout, &stderr)
		cancel()
		if code != 2 || !strings.Contains(stderr.String(), args[0]) {
			t.Errorf("serve %s: exit %d, stderr %q; want 2 naming %s", strings.Join(args, " "), code, stderr.String(), args[0])
		}
	}
}
