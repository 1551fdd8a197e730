package rubric

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestRewardsServeEquationOne rewards records of the demo benchmark and
// checks them against Reward on the same verdicts, by hand: the reward the
// board averages is the reward a training run gets.
func TestRewardsServeEquationOne(t *testing.T) {
	b := demoBenchmark(t)
	var rw kind.Rewarder = b
	r, err := rw.Rewards(nil)
	if err != nil {
		t.Fatal(err)
	}
	task := &b.tasks[0]
	var lines []string
	sat := make([]bool, len(task.Criteria))
	for c, cr := range task.Criteria {
		// Even criteria YES from both judges; odd ones NO from one.
		v := "YES"
		sat[c] = c%2 == 0
		if !sat[c] {
			v = "NO"
		}
		lines = append(lines, cr.ID+": "+v)
	}
	all := make([]string, len(task.Criteria))
	for c, cr := range task.Criteria {
		all[c] = cr.ID + ": YES"
	}
	rec := `{"id": "` + task.ID + `", "response": "r", "judges": {"j1": ` + quote(strings.Join(lines, "\n")) + `, "j2": ` + quote(strings.Join(all, "\n")) + `}}`
	got, err := r.Record(context.Background(), []byte(rec))
	if err != nil {
		t.Fatal(err)
	}
	want := Reward(task, sat, b.alpha, b.beta)
	if math.Abs(got.Reward-want) > 1e-12 || got.ID != task.ID {
		t.Errorf("reward %v (%s), want %v", got.Reward, got.ID, want)
	}
	pi, _ := got.Part("PI")
	ec, _ := got.Part("EC")
	db, _ := got.Part("DB")
	if math.Abs(pi+b.alpha*ec-b.beta*db-got.Reward) > 1e-12 {
		t.Errorf("parts %v %v %v do not add up to %v", pi, ec, db, got.Reward)
	}
	for _, bad := range []struct{ rec, field string }{
		{`{"id": "nope", "response": "r", "judges": {"j": "c1: YES"}}`, "id"},
		{`{"id": "` + task.ID + `", "response": "r"}`, "judges"},
		{`{"id": "` + task.ID + `", "judges": {"j": "x"}}`, "response"},
	} {
		_, err := r.Record(context.Background(), []byte(bad.rec))
		re, ok := err.(*kind.RecordError)
		if !ok || re.Field != bad.field {
			t.Errorf("%s: error %v, want one naming %s", bad.rec, err, bad.field)
		}
	}
	if _, err := r.Label(context.Background(), "p", "r", task.ID); err == nil {
		t.Errorf("a bare response cannot be rewarded without judges")
	}
}

func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// demoBenchmark opens the repository's demo rubric benchmark.
func demoBenchmark(t *testing.T) *benchmark {
	t.Helper()
	benches, err := kind.Open([]*kind.Kind{Kind}, "", []string{demoDir})
	if err != nil {
		t.Fatal(err)
	}
	return benches[0].(*benchmark)
}
