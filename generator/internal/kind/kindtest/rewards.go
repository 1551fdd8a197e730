package kindtest

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// rewards checks a kind.Rewarder: every valid record is rewarded with
// finite values, the same way twice, and broken records are
// *kind.RecordErrors.
func (h *harness) rewards(t *testing.T) {
	rw, ok := h.bench.(kind.Rewarder)
	if !ok {
		t.Skipf("%s benchmarks are no kind.Rewarder", h.k.Name)
	}
	rs, err := rw.Rewards(nil, kind.Options{})
	if err != nil {
		t.Fatalf("Rewards(nil): %v", err)
	}
	parts := rs.Parts()
	if len(parts) == 0 {
		t.Errorf("Parts() is empty")
	}
	order := map[string]int{}
	for i, p := range parts {
		if _, dup := order[p]; dup || p == "" {
			t.Errorf("Parts() = %q: names must be unique and not empty", parts)
		}
		order[p] = i
	}
	ctx := context.Background()
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, rec := range h.base {
		r, err := rs.Record(ctx, rec)
		if err != nil {
			t.Errorf("Record(line %d of %s's file): %v", i+1, h.subs[0].ID, err)
			continue
		}
		if again, err := rs.Record(ctx, rec); err != nil || !reflect.DeepEqual(r, again) {
			t.Errorf("Record(line %d) is not deterministic: %+v, then %+v (%v)", i+1, r, again, err)
		}
		if r.ID == "" {
			t.Errorf("Record(line %d): the reward names no item, though the record answers one", i+1)
		}
		if math.IsNaN(r.Reward) || math.IsInf(r.Reward, 0) {
			t.Errorf("Record(line %d): reward %v, want a finite number", i+1, r.Reward)
		}
		lo, hi = min(lo, r.Reward), max(hi, r.Reward)
		last := -1
		for _, p := range r.Parts {
			at, known := order[p.Name]
			switch {
			case !known:
				t.Errorf("Record(line %d): part %q is not among Parts() %q", i+1, p.Name, parts)
			case at <= last:
				t.Errorf("Record(line %d): part %q is out of the order of Parts() %q", i+1, p.Name, parts)
			case math.IsNaN(p.Value) || math.IsInf(p.Value, 0):
				t.Errorf("Record(line %d): part %q is %v, want a finite number", i+1, p.Name, p.Value)
			}
			last = max(last, at)
		}
	}
	t.Logf("rewards of %d valid records lie in [%v, %v]", len(h.base), lo, hi)
	for _, rec := range []string{"this is not JSON", `[1, 2, 3]`, `{"kindtest_unknown_field": 1}`, ``, `{"response": "a"} trailing`} {
		_, err := rs.Record(ctx, []byte(rec))
		var re *kind.RecordError
		if !errors.As(err, &re) {
			t.Errorf("Record(%q) = %v, want a *kind.RecordError", rec, err)
		}
	}
	_, err = rs.Label(ctx, "a prompt", "a response", "kindtest: \x01 no such label")
	var re *kind.RecordError
	if !errors.As(err, &re) || re.Field != "label" && !strings.HasPrefix(re.Field, "label.") {
		t.Errorf("Label with a label the benchmark cannot know = %v, want a *kind.RecordError with Field \"label\"", err)
	}
	if _, err := rw.Rewards(kind.RewardConfig{"kindtest_no_such_setting": 1}, kind.Options{}); err == nil {
		t.Errorf("Rewards with an unknown setting is no error: a misspelt setting would be ignored")
	}
}
