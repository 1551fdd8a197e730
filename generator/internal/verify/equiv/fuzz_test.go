package equiv

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzCompare checks that no input makes Compare panic internally, hang,
// or answer differently on a second call. Seeds are in testdata/fuzz.
func FuzzCompare(f *testing.F) {
	f.Fuzz(func(t *testing.T, gold, pred string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		start := time.Now()
		// A hang kills the worker, so that the fuzzer records the input.
		watchdog := time.AfterFunc(4*time.Second, func() { panic(fmt.Sprintf("Compare(%q, %q) hangs", gold, pred)) })
		r := Compare(ctx, gold, pred, Options{})
		watchdog.Stop()
		if d := time.Since(start); d > 3*time.Second {
			t.Fatalf("Compare(%q, %q) took %v", gold, pred, d)
		}
		if r.Rule == "internal" {
			t.Fatalf("Compare(%q, %q) recovered from a panic: %s", gold, pred, r.Reason)
		}
		if r.Reason == "" {
			t.Fatalf("Compare(%q, %q) gave no reason", gold, pred)
		}
		if again := Compare(ctx, gold, pred, Options{}); again != r {
			t.Fatalf("Compare(%q, %q) is not deterministic: %+v then %+v", gold, pred, r, again)
		}
	})
}

// FuzzExtract checks that Extract never panics or hangs and returns a span
// of the response (boxes joined by ", " excepted).
func FuzzExtract(f *testing.F) {
	f.Fuzz(func(t *testing.T, response string) {
		// A hang kills the worker, so that the fuzzer records the input.
		watchdog := time.AfterFunc(2*time.Second, func() { panic(fmt.Sprintf("Extract(%q) hangs", response)) })
		span, ok := Extract(response)
		watchdog.Stop()
		if !ok && span != "" {
			t.Fatalf("Extract(%q) = %q with ok false", response, span)
		}
		if ok && utf8.ValidString(response) && !strings.Contains(response, span) && !strings.Contains(span, ", ") {
			t.Fatalf("Extract(%q) = %q, not a span of the response", response, span)
		}
	})
}
