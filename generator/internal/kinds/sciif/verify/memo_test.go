package verify

import (
	"strings"
	"testing"
)

func TestSharedMemo(t *testing.T) {
	s := &sharedMemo{m: map[string]any{}}
	a, b := &Answer{shared: s}, &Answer{shared: s}
	calls := 0
	f := func() any { calls++; return calls }
	if a.Shared("k", f) != 1 || b.Shared("k", f) != 1 || calls != 1 {
		t.Fatalf("two answers of one verifier computed the same key %d times", calls)
	}
	// Past the byte budget values are computed every time, not kept.
	big := strings.Repeat("x", sharedBytes)
	a.Shared(big, f)
	b.Shared(big, f)
	if calls != 3 || s.bytes != 1 {
		t.Fatalf("a key over the budget: %d calls, %d bytes kept; want 3 calls, 1 byte", calls, s.bytes)
	}
	// An answer made outside a Verifier memoizes alone.
	c, d := &Answer{}, &Answer{}
	c.Shared("k", f)
	c.Shared("k", f)
	d.Shared("k", f)
	if calls != 5 {
		t.Fatalf("answers without a verifier: %d calls, want 5", calls)
	}
}
