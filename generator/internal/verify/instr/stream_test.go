package instr_test

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// echoRegistry has one checker, which follows when the response is the
// prompt's key written out.
func echoRegistry(t *testing.T) *instr.Registry {
	t.Helper()
	reg, err := instr.NewRegistry([]instr.Checker{{ID: "test:echo", Doc: "Echo the key.",
		Check: func(prompt, response string, _ instr.Args) instr.Result {
			return instr.Result{Followed: response == prompt}
		}}})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// feedN feeds n prompts whose texts are their indices; every third
// response is wrong. It stops early when yield says so, and returns err.
func feedN(n int, err error, fedCount *int) func(yield func(instr.Prompt, string) bool) error {
	return func(yield func(instr.Prompt, string) bool) error {
		for i := range n {
			p := instr.Prompt{Key: int64(i), Prompt: strconv.Itoa(i), InstructionIDs: []string{"test:echo"}}
			resp := p.Prompt
			if i%3 == 0 {
				resp = "wrong"
			}
			*fedCount = i + 1
			if !yield(p, resp) {
				return nil
			}
		}
		return err
	}
}

// TestEvaluateStreamInOrder checks that every prompt fed comes back once,
// in order, with its own verdict, for counts that fill the batches
// exactly and that leave one part full.
func TestEvaluateStreamInOrder(t *testing.T) {
	reg := echoRegistry(t)
	for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 33, 1001} {
		var fed int
		next := 0
		err := reg.EvaluateStream(feedN(n, nil, &fed), func(i int, strict, loose instr.PromptResult) error {
			if i != next || strict.Key != int64(i) || loose.Key != int64(i) {
				return fmt.Errorf("result %d (keys %d, %d), want %d", i, strict.Key, loose.Key, next)
			}
			if want := i%3 != 0; strict.FollowAll != want || loose.FollowAll != want {
				return fmt.Errorf("prompt %d: followed %v, %v; want %v", i, strict.FollowAll, loose.FollowAll, want)
			}
			next++
			return nil
		})
		if err != nil || next != n {
			t.Errorf("n=%d: %d results, error %v", n, next, err)
		}
	}
}

// TestEvaluateStreamStops checks that an error from fn stops the stream,
// feed included, and is returned, and that feed's own error is returned
// after every prompt it fed has been handed to fn.
func TestEvaluateStreamStops(t *testing.T) {
	reg := echoRegistry(t)
	stop := errors.New("stop")
	var fed, calls int
	err := reg.EvaluateStream(feedN(100000, nil, &fed), func(i int, _, _ instr.PromptResult) error {
		calls++
		if i == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || calls != 11 {
		t.Errorf("error %v after %d calls; want stop after 11", err, calls)
	}
	if fed > 200 {
		t.Errorf("feed went on to prompt %d after fn stopped at 10", fed)
	}
	bad := errors.New("bad file")
	calls = 0
	err = reg.EvaluateStream(feedN(10, bad, &fed), func(int, instr.PromptResult, instr.PromptResult) error {
		calls++
		return nil
	})
	if !errors.Is(err, bad) || calls != 10 {
		t.Errorf("error %v after %d calls; want the feed's error after 10", err, calls)
	}
}
