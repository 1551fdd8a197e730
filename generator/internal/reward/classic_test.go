package reward_test

import (
	"context"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifbench"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// The ifbench benchmark takes labels naming IFEval's classic ids, as the
// official IFBench registry does, mixed with its own, and rewards a
// classic instruction as the ifeval benchmark does.
func TestIFBenchAcceptsClassicIDs(t *testing.T) {
	benches, err := kind.Open([]*kind.Kind{ifeval.Kind, ifbench.Kind}, "../../../benchmarks", []string{"../../../benchmarks/ifeval-demo", "../../../benchmarks/ifbench-demo"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := reward.NewSet(benches, nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := set.Lookup("ifeval-demo")
	ib, _ := set.Lookup("ifbench-demo")
	ctx := context.Background()
	classic := `{"instruction_id_list": ["punctuation:no_comma", "startend:end_checker", "length_constraints:number_words"], "kwargs": [{}, {"end_phrase": "bye."}, {"num_words": 3, "relation": "less than"}]}`
	mixed := `{"instruction_id_list": ["punctuation:no_comma", "format:no_whitespace"], "kwargs": [{}, {}]}`
	for _, tc := range []struct {
		name, reason, response string
		classic, mixed         float64
	}{
		{"long", "four words are not fewer than three; spaces break no_whitespace", "all done so bye.", 2.0 / 3, 0.5},
		{"comma", "a comma breaks no_comma", "yes, bye.", 2.0 / 3, 0},
		{"upper", "the end phrase is compared in lower case", "YES BYE.", 1, 0.5},
		{"one word", "no end phrase; no whitespace", "fine", 2.0 / 3, 1},
	} {
		want, err := ev.Rewards.Label(ctx, "", tc.response, classic)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ib.Rewards.Label(ctx, "", tc.response, classic)
		if err != nil {
			t.Fatalf("%s: ifbench refuses a label of classic ids: %v", tc.name, err)
		}
		if got.Reward != want.Reward || got.Reward != tc.classic {
			t.Errorf("%s (%s): ifbench %v, ifeval %v, want %v", tc.name, tc.reason, got.Reward, want.Reward, tc.classic)
		}
		m, err := ib.Rewards.Label(ctx, "", tc.response, mixed)
		if err != nil || m.Reward != tc.mixed {
			t.Errorf("%s (%s): mixed label %v %v, want %v", tc.name, tc.reason, m.Reward, err, tc.mixed)
		}
	}
	// ifeval does not take IFBench's own ids.
	if _, err := ev.Rewards.Label(ctx, "", "x", mixed); err == nil {
		t.Error("ifeval accepts format:no_whitespace")
	}
}
