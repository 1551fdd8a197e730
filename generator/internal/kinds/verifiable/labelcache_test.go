package verifiable

import (
	"errors"
	"fmt"
	"testing"
	"unsafe"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// TestLabelCacheDecodesOnceAndStaysBounded checks that a label seen again
// is not decoded again, with the same result; that a failure is never
// kept; that labels too long to keep are decoded every time; and that the
// cache never holds more than its bound.
func TestLabelCacheDecodesOnceAndStaysBounded(t *testing.T) {
	var c labelCache
	calls := 0
	decode := func(label string) func() (instr.Prompt, bool, error) {
		return func() (instr.Prompt, bool, error) {
			calls++
			if label == "bad" {
				return instr.Prompt{}, false, errors.New("bad label")
			}
			return instr.Prompt{Prompt: "p", InstructionIDs: []string{label}}, true, nil
		}
	}
	for range 3 {
		p, keyed, err := c.prompt("a", decode("a"))
		if err != nil || !keyed || p.InstructionIDs[0] != "a" {
			t.Fatalf("got %v %v %v", p, keyed, err)
		}
	}
	if calls != 1 {
		t.Errorf("a label sent 3 times decoded %d times, want 1", calls)
	}
	calls = 0
	for range 2 {
		if _, _, err := c.prompt("bad", decode("bad")); err == nil {
			t.Fatal("a failed decoding came back without its error")
		}
	}
	if calls != 2 {
		t.Errorf("a failing label decoded %d times in 2 requests, want 2 (failures are not kept)", calls)
	}
	calls = 0
	long := string(make([]byte, maxCachedLabel+1))
	c.prompt(long, decode("a"))
	c.prompt(long, decode("a"))
	if calls != 2 {
		t.Errorf("a label over the size bound decoded %d times in 2 requests, want 2", calls)
	}
	for i := range 3 * maxCachedLabels {
		c.prompt(fmt.Sprint(i), decode(fmt.Sprint(i)))
		if len(c.m) > maxCachedLabels {
			t.Fatalf("%d labels kept, over the bound %d", len(c.m), maxCachedLabels)
		}
	}
}

// TestLabelCacheKeepsNoCallersBytes checks that what the cache keeps
// shares no memory with the strings it was given: the reward server hands
// it strings that are bytes of a request body, which the cache must not
// keep alive. The caller's bytes are written over after the call, and
// what comes back must not change.
func TestLabelCacheKeepsNoCallersBytes(t *testing.T) {
	var c labelCache
	prompt, label := []byte("the prompt"), []byte(`{"instruction_id_list":["a"]}`)
	alias := func(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
	decode := func() (instr.Prompt, bool, error) {
		return instr.Prompt{Prompt: alias(prompt), InstructionIDs: []string{"a"}}, true, nil
	}
	c.prompt(alias(label), decode)
	copy(prompt, "XXXXXXXXXX")
	copy(label, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXX")
	for k, e := range c.m {
		if k != `{"instruction_id_list":["a"]}` || e.p.Prompt != "the prompt" {
			t.Errorf("the cache kept the caller's bytes: key %q; prompt %q", k, e.p.Prompt)
		}
	}
}
