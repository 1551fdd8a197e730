package sharedtest

import (
	"testing"
)

// recorder stands in for a test and keeps the first thing Path asked of
// it: "skip" or "fail" (a real test stops there).
type recorder struct {
	testing.TB
	first string
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(string, ...any) { r.stop("skip") }

func (r *recorder) Fatalf(string, ...any) { r.stop("fail") }

func (r *recorder) stop(how string) {
	if r.first == "" {
		r.first = how
	}
}

func TestAbsentDataSkipsOrFails(t *testing.T) {
	tests := []struct {
		name, reason, require, want string
	}{
		{"skip", "a contributor without ../shared still runs every other test", "", "skip"},
		{"fail", "CI sets SCIIF_REQUIRE_SHARED=1 so that the conformance tests cannot pass by skipping", "1", "fail"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(Require, tt.require)
			r := &recorder{TB: t}
			Conformance(r, "no-such-set/for-sharedtest")
			if r.first != tt.want {
				t.Errorf("absent data with %s=%q: %q, want %q (%s)", Require, tt.require, r.first, tt.want, tt.reason)
			}
		})
	}
}
