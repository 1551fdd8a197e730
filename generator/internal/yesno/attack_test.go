package yesno

import (
	"strings"
	"testing"
	"time"
)

// Marked reads a line in time linear in its length: for every "[[" or
// "\boxed{" it looked for the closing "]]" or "}" from there to the end
// of the line, so a line of 1 MiB of "[" took seconds (a verifier output
// is read line by line, and may be 256 KiB of one line). The budget is
// hundreds of times what the linear reading takes, and far below what
// the quadratic one did.
func TestMarkedIsLinear(t *testing.T) {
	w := Words{Yes: []string{"yes", "true"}, No: []string{"no", "false"}}
	for _, line := range []string{
		strings.Repeat("[", 1<<20),
		strings.Repeat(`\boxed{`, (1<<20)/7),
		strings.Repeat(`\boxed{\text{`, (1<<20)/13) + "}}",
		strings.Repeat("[[", 1<<19) + strings.Repeat(" ", 1<<19) + "]]",
	} {
		start := time.Now()
		Marked(line+" [[True]]", w)
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Marked on %d bytes of %.13q took %v", len(line), line, d)
		}
	}
	for _, tc := range []struct {
		line string
		v    Verdict
		ok   bool
	}{
		{"so [[ yes ]] then", Yes, true},
		{`\boxed{\text{ False }} and \boxed{True}`, Yes, true},
		{`\boxed{\text{False}}`, No, true},
		{`[[no]] \boxed{`, No, true},
		{`\boxed{\text{True}`, Unanswered, false},
		{"[[" + strings.Repeat(" ", 40) + "yes]]", Yes, true},
		{"[[" + strings.Repeat(" ", MaxMarked) + "yes]]", Unanswered, false}, // not a token: a paragraph
	} {
		if v, ok := Marked(tc.line, w); v != tc.v || ok != tc.ok {
			t.Errorf("Marked(%.40q) = %v, %v; want %v, %v", tc.line, v, ok, tc.v, tc.ok)
		}
	}
}
