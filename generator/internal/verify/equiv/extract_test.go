package equiv

import (
	"fmt"
	"strings"
	"testing"
)

// adversarial are responses built to make a quadratic extraction slow:
// each repeats a piece that a naive search would rescan.
var adversarial = []struct {
	name       string
	head, unit string
}{
	{"many boxes", "", `\boxed{1} then `},
	{"boxes after an fbox", `\fbox{0} `, `\boxed{12} and so on, `},
	{"many backslashes", "", `\b\f\x `},
	{"final without answer", "", "final "},
	{"answer without marker", "result ", "answer "},
	{"blank lines", "x", "\n \n"},
	{"is outside math", "", "$x$ is "},
	{"clauses inside math", "The answer is ", "$a, because b$ "},
	{"unclosed math", "", `\( $ \[ `},
	{"hope remarks", "", "I hope it is correct. "},
	{"think and tokens", "", "</think><|im_end"},
	{"sentences", "", "The value is 3. "},
}

func repeatTo(head, unit string, size int) string {
	return head + strings.Repeat(unit, (size-len(head))/len(unit)+1)
}

// TestExtractIsLinear checks, by counting steps rather than timing, that
// extraction is linear in the response: adversarial responses of 1 MiB
// cost no more steps per byte than those of 8 KiB, and stay well under the
// budget.
func TestExtractIsLinear(t *testing.T) {
	const perByte = extractStepsPerByte / 2
	for _, a := range adversarial {
		var small, large float64
		for _, size := range []int{8 << 10, 1 << 20} {
			s := repeatTo(a.head, a.unit, size)
			_, _, steps := extract(s)
			if steps > perByte*len(s)+extractBaseSteps {
				t.Errorf("%s, %d bytes: %d steps, want at most %d per byte", a.name, len(s), steps, perByte)
			}
			if size == 8<<10 {
				small = float64(steps) / float64(len(s))
			} else {
				large = float64(steps) / float64(len(s))
			}
		}
		if large > 2*small+1 {
			t.Errorf("%s: %.1f steps per byte at 1 MiB, %.1f at 8 KiB: not linear", a.name, large, small)
		}
	}
}

// BenchmarkExtract extracts from responses of growing size made of many
// boxes, and from the adversarial responses at 1 MiB.
func BenchmarkExtract(b *testing.B) {
	for _, size := range []int{10_000, 100_000, 1_000_000} {
		s := repeatTo("We work it out.\n", `so $y = \boxed{3}$ and \fbox{4}; `, size)
		b.Run(fmt.Sprintf("boxes-%dKB", size/1000), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				Extract(s)
			}
		})
	}
	for _, a := range adversarial {
		s := repeatTo(a.head, a.unit, 1_000_000)
		b.Run("adversarial-"+strings.ReplaceAll(a.name, " ", "-"), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				Extract(s)
			}
		})
	}
}

// TestClosingRemarkCut holds cutClosingRemark, which reads only the end of
// the text, to its rule: the last occurrence of the remark (any ASCII case) is cut when
// only spaces, full stops and exclamation marks follow it.
func TestClosingRemarkCut(t *testing.T) {
	rule := func(s string) string {
		if i := strings.LastIndex(strings.ToLower(s), closingRemark); i >= 0 && len(strings.ToLower(s)) == len(s) &&
			strings.Trim(s[i+len(closingRemark):], " \t\r\n.!") == "" {
			return s[:i]
		}
		return s
	}
	for _, s := range []string{
		"The answer is 3. I hope it is correct.",
		"The answer is 3. I HOPE IT IS CORRECT!! \n",
		"The answer is 3. i Hope It Is Correct",
		"0I hope it is correct0",
		"I hope it is correct. The answer is 3.",
		"I hope it is correct. I hope it is correct.",
		"hope it is correct.",
		"I hope it is correct .",
		"I hope it is correct?",
		"x I hope it is correct\t.\r\n",
		"",
	} {
		if got, want := (&extractor{budget: 1 << 20}).cutClosingRemark(s), rule(s); got != want {
			t.Errorf("cutClosingRemark(%q) = %q, want %q", s, got, want)
		}
	}
}
