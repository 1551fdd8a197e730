package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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

// TestServeSecondSignalStopsAtOnce checks that a second SIGTERM (or
// Ctrl-C) during the drain ends `sciif serve` at once, by the signal, as
// an operator who sends it means: the second was swallowed, and the
// server drained on for --drain-delay and --shutdown-timeout (here 30 s)
// whatever it was sent.
func TestServeSecondSignalStopsAtOnce(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	s := startChildServe(t, nil, []string{"serve", "--addr", "127.0.0.1:0", "--drain-delay", "30s",
		"--benchmark", filepath.Join(root, "benchmarks", "ifeval-demo")})
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if code, _ := get(t, s.base+"/healthz"); code == 503 {
			break // draining
		}
		if time.Now().After(deadline) {
			t.Fatal("/healthz did not turn 503 after SIGTERM")
		}
		time.Sleep(20 * time.Millisecond)
	}
	start := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.waited:
		s.exited = true
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM {
			t.Errorf("after a second SIGTERM: %v, want the end by SIGTERM", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("the second SIGTERM took %v to end the server", d)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("sciif serve still draining 10 s after a second SIGTERM: %s", s.out.String())
	}
}
