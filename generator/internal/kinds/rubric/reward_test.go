package rubric

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestRewardsServeEquationOne rewards records of the demo benchmark and
// checks them against Reward on the same verdicts, by hand: the reward the
// board averages is the reward a training run gets.
func TestRewardsServeEquationOne(t *testing.T) {
	b := demoBenchmark(t)
	var rw kind.Rewarder = b
	r, err := rw.Rewards(nil, kind.Options{})
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

// TestRewardAgreesWithBoard scores every demo submission to the demo
// benchmark on the board and rewards each of its records: with the judges
// metadata.yaml lists, every criterion gets the same verdict. The demo
// outputs hold both judges' styles and the faults (a criterion left out, a
// contradictory pair, an unreadable verdict).
func TestRewardAgreesWithBoard(t *testing.T) {
	b := demoBenchmark(t)
	rw, err := b.Rewards(nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := rw.(*rubricRewards)
	files := demotest.Files(t, "../../../..", b.spec.File, demotest.Rescored...)
	if len(files) == 0 {
		t.Fatalf("no demo submission has %s", b.spec.File)
	}
	for _, file := range files {
		dir := filepath.Dir(file)
		meta, probs := ingest.Metadata(filepath.Join(dir, "metadata.yaml"))
		if fatal(probs) {
			t.Fatalf("%s: %v", dir, probs)
		}
		sub := &board.Submission{ID: filepath.Base(dir), Dir: dir, Meta: meta}
		checked, probs := b.Check(context.Background(), sub, kind.Options{})
		if fatal(probs) {
			t.Fatalf("%s: %v", file, probs)
		}
		results := checked.(*run).results
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		records := 0
		for line := 1; sc.Scan(); line++ {
			var rec record
			if err := kind.DecodeRecord(sc.Bytes(), &rec); err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			i, res, err := r.verdicts(&rec)
			if err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			records++
			if diff := cmp.Diff(results[i].sat, res.sat); diff != "" {
				t.Errorf("%s:%d: s_c of the board and the reward differ (-board +reward):\n%s", file, line, diff)
			}
			got, _ := r.Record(context.Background(), sc.Bytes())
			if want := Reward(&b.tasks[i], results[i].sat, b.alpha, b.beta); math.Abs(got.Reward-want) > 1e-12 {
				t.Errorf("%s:%d: reward %v, board's %v", file, line, got.Reward, want)
			}
			// The same judges in a /get_reward label, the response in
			// the query, give the same reward and parts.
			label, _ := json.Marshal(map[string]any{"id": rec.ID, "judges": rec.Judges})
			byLabel, err := r.Label(context.Background(), "", *rec.Response, string(label))
			if err != nil || !cmp.Equal(byLabel, got) {
				t.Errorf("%s:%d: by label %+v, %v; by record %+v", file, line, byLabel, err, got)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil || records == 0 {
			t.Fatalf("%s: %d records read, error %v", file, records, err)
		}
	}
}

func fatal(probs board.Problems) bool {
	for _, p := range probs {
		if p.Fatal {
			return true
		}
	}
	return false
}

// TestRewardNeedsTheProtocolsJudges: a record carrying more or fewer
// judge outputs than the benchmark's judges: N is refused, since the
// reward cannot tell which of them a board would list.
func TestRewardNeedsTheProtocolsJudges(t *testing.T) {
	b := demoBenchmark(t)
	rw, err := b.Rewards(nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	task := &b.tasks[0]
	var all []string
	for _, cr := range task.Criteria {
		all = append(all, cr.ID+": YES")
	}
	out := quote(strings.Join(all, "\n"))
	for _, tt := range []struct {
		name, judges string
		ok           bool
	}{
		{"the protocol's two", `{"j1": ` + out + `, "j2": ` + out + `}`, true},
		{"one too few", `{"j1": ` + out + `}`, false},
		{"one too many", `{"j1": ` + out + `, "j2": ` + out + `, "j3": ` + out + `}`, false},
	} {
		rec := `{"id": "` + task.ID + `", "response": "r", "judges": ` + tt.judges + `}`
		got, err := rw.Record(context.Background(), []byte(rec))
		if tt.ok {
			if err != nil || got.Reward != Reward(task, sats(strings.Repeat("1", len(task.Criteria))), b.alpha, b.beta) {
				t.Errorf("%s: reward %v, error %v; want every criterion satisfied", tt.name, got.Reward, err)
			}
			continue
		}
		re, ok := err.(*kind.RecordError)
		if !ok || re.Field != "judges" || !strings.Contains(re.Msg, "protocol uses 2") {
			t.Errorf("%s: error %v, want one on judges naming the protocol's 2", tt.name, err)
		}
	}
}

// TestRewardLabelCarriesTheJudges: a /get_reward label is the record
// without its response; a bare task id, a response inside the label and
// the record's own faults are refused under label's fields.
func TestRewardLabelCarriesTheJudges(t *testing.T) {
	b := demoBenchmark(t)
	rw, err := b.Rewards(nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	task := &b.tasks[0]
	var all []string
	for _, cr := range task.Criteria {
		all = append(all, cr.ID+": YES")
	}
	out := quote(strings.Join(all, "\n"))
	two := `{"j1": ` + out + `, "j2": ` + out + `}`
	for _, tt := range []struct {
		name, label, field string
	}{
		{"the record without its response", `{"id": "` + task.ID + `", "judges": ` + two + `}`, ""},
		{"a bare task id", task.ID, "label"},
		{"the response belongs to the query", `{"id": "` + task.ID + `", "response": "r", "judges": ` + two + `}`, "label.response"},
		{"one judge too few", `{"id": "` + task.ID + `", "judges": {"j1": ` + out + `}}`, "label.judges"},
		{"no judges", `{"id": "` + task.ID + `"}`, "label.judges"},
		{"an unknown task", `{"id": "nope", "judges": ` + two + `}`, "label.id"},
		{"an unknown field", `{"id": "` + task.ID + `", "judge": ` + two + `}`, "label.judge"},
	} {
		got, err := rw.Label(context.Background(), "p", "r", tt.label)
		if tt.field == "" {
			if err != nil || got.Reward != Reward(task, sats(strings.Repeat("1", len(task.Criteria))), b.alpha, b.beta) || got.ID != task.ID {
				t.Errorf("%s: reward %v (%s), error %v; want every criterion satisfied", tt.name, got.Reward, got.ID, err)
			}
			continue
		}
		re, ok := err.(*kind.RecordError)
		if !ok || re.Field != tt.field {
			t.Errorf("%s: error %v, want one on %s", tt.name, err, tt.field)
		}
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
