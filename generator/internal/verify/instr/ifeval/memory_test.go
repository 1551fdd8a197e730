package ifeval_test

import (
	"runtime"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// TestEvaluateEachHoldsNothingPerResponse streams GPT-4's 541 responses 20
// times through EvaluateEach and checks that the live heap does not grow
// between the first quarter and the end: the evaluation keeps nothing per
// response (EvaluateAll's results were 394 bytes per response, and the
// whole command held about 8 KB per response before it streamed).
func TestEvaluateEachHoldsNothingPerResponse(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluates 10,820 responses")
	}
	_, run := loadGPT4(t)
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	var prompts []instr.Prompt
	var responses []string
	for range 20 {
		prompts = append(prompts, run.prompts...)
		responses = append(responses, run.responses...)
	}
	n := len(prompts)
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var start, end uint64
	err = reg.EvaluateEach(prompts, responses, func(i int, _, _ instr.PromptResult) error {
		switch i {
		case n / 4:
			start = heap()
		case n - 1:
			end = heap()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	grown := int64(end) - int64(start)
	per := float64(grown) / float64(n-1-n/4)
	t.Logf("live heap %d bytes at response %d, %d at %d: %.1f bytes per response", start, n/4, end, n-1, per)
	if per > 16 {
		t.Errorf("the live heap grew by %d bytes over %d responses (%.1f per response), want none", grown, n-1-n/4, per)
	}
}
