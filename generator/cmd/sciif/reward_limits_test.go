package main

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// instrLabel is an input record with n instructions of the same id.
func instrLabel(n int) string {
	ids := make([]string, n)
	kw := make([]string, n)
	for i := range n {
		ids[i], kw[i] = `"punctuation:no_comma"`, `{}`
	}
	return `{"instruction_id_list":[` + strings.Join(ids, ",") + `],"kwargs":[` + strings.Join(kw, ",") + `]}`
}

func ifevalDemo(t testing.TB) (*reward.Set, kind.Rewards) {
	t.Helper()
	set := rewardSet(t, filepath.Join(moduleRoot(t), "benchmarks", "ifeval-demo"))
	f, _ := set.Lookup("ifeval-demo")
	return set, f.Rewards
}

// rewardSet is the reward set of the benchmarks in dirs, without a
// config.
func rewardSet(t testing.TB, dirs ...string) *reward.Set {
	t.Helper()
	benches, err := kind.Open(registry, "", dirs)
	if err != nil {
		t.Fatal(err)
	}
	set, err := reward.NewSet(benches, nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// rewardServer serves the rewards of the benchmarks in dirs, with default
// options, until the test ends.
func rewardServer(t testing.TB, dirs ...string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(reward.NewServer(rewardSet(t, dirs...), reward.DefaultOptions()).Handler())
	t.Cleanup(srv.Close)
	return srv
}

// TestRewardInstructionCap checks that a prompt may carry at most
// MaxInstructions instructions, through a label, a record and the server,
// and that the refusal names the field. (A label of 2000 instructions kept
// the server busy for 81.7 s with a 5 s --request-timeout.)
func TestRewardInstructionCap(t *testing.T) {
	_, fn := ifevalDemo(t)
	ctx := context.Background()
	const limit = 64
	tests := []struct {
		name, reason string
		n            int
		field        string // "" when the reward is given
	}{
		{"at-limit", "64 instructions are rewarded", limit, ""},
		{"over-limit", "65 instructions are refused before any is checked", limit + 1, "instruction_id_list"},
		{"attack", "the 2000 instructions of the attack corpus", 2000, "instruction_id_list"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fn.Label(ctx, "", "no commas here", instrLabel(tc.n))
			if diff := cmp.Diff(strings.TrimSuffix("label."+tc.field, "label."), fieldOf(err)); diff != "" {
				t.Errorf("label: field (-want +got):\n%s\nerr %v (%s)", diff, err, tc.reason)
			}
			rec := `{"response":"no commas here",` + strings.TrimPrefix(instrLabel(tc.n), "{")
			_, err = fn.Record(ctx, []byte(rec))
			if diff := cmp.Diff(tc.field, fieldOf(err)); diff != "" {
				t.Errorf("record: field (-want +got):\n%s\nerr %v (%s)", diff, err, tc.reason)
			}
			if tc.field != "" && err != nil && !strings.Contains(err.Error(), fmt.Sprint(limit)) {
				t.Errorf("record: %v does not name the limit %d", err, limit)
			}
		})
	}
	set, _ := ifevalDemo(t)
	srv := httptest.NewServer(reward.NewServer(set, reward.DefaultOptions()).Handler())
	defer srv.Close()
	var got map[string]any
	postJSON(t, srv.URL+"/get_reward?benchmark=ifeval-demo", `{"query":["no commas"],"labels":[`+quote(instrLabel(2000))+`]}`, 422, &got)
	if got["field"] != "label.instruction_id_list" || !strings.Contains(fmt.Sprint(got["error"]), "64") {
		t.Errorf("/get_reward with 2000 instructions: %v, want 422 naming label.instruction_id_list and 64", got)
	}
}

func quote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

func fieldOf(err error) string {
	var re *kind.RecordError
	if errors.As(err, &re) {
		return re.Field
	}
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return ""
}

// TestRewardStopsWhenContextDone checks that an instruction reward looks
// at its context between instructions: once the request's time is up it
// returns the context's error instead of checking the rest, so
// --request-timeout bounds the work.
func TestRewardStopsWhenContextDone(t *testing.T) {
	_, fn := ifevalDemo(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := fn.Label(ctx, "", "no commas here", instrLabel(64)); !errors.Is(err, context.Canceled) {
		t.Errorf("Label with a done context: %v, want context.Canceled", err)
	}
	rec := `{"response":"no commas here",` + strings.TrimPrefix(instrLabel(64), "{")
	if _, err := fn.Record(ctx, []byte(rec)); !errors.Is(err, context.Canceled) {
		t.Errorf("Record with a done context: %v, want context.Canceled", err)
	}
}
