package rubric_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
	"github.com/sciif/leaderboard/generator/internal/runner"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
)

// recount is a second, simple implementation of the point-weighted score,
// sharing no code with the kind: sum the points of the criteria met, divide
// by the sum of the positive points, clip to [0, 1].
func recount(points []int, met []bool) float64 {
	sum, pos := 0, 0
	for i, p := range points {
		if p > 0 {
			pos += p
		}
		if met[i] {
			sum += p
		}
	}
	s := float64(sum) / float64(pos)
	if s < 0 {
		return 0
	}
	if s > 1 {
		return 1
	}
	return s
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPointsScoreRecounted builds random point-weighted tasks (negative
// points, sums that clip at 0 and at 1) answered by random judges, scores
// them through the kind (benchmark folder, submission file, judge outputs)
// and recounts every task score and the mean independently.
func TestPointsScoreRecounted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	dir := t.TempDir()
	const nTasks, judges = 40, 2
	var items, subm strings.Builder
	points := make([][]int, nTasks)
	met := make([][]bool, nTasks)
	answered := make([]bool, nTasks)
	disagree := 0
	for ti := range nTasks {
		n := 2 + rng.IntN(8)
		crit := make([]map[string]any, n)
		points[ti] = make([]int, n)
		met[ti] = make([]bool, n)
		pos := false
		for c := range n {
			p := rng.IntN(21) - 10
			if p == 0 || (c == 0 && p < 0) {
				p = 1 + rng.IntN(10) // every task has a positive criterion
			}
			pos = pos || p > 0
			points[ti][c] = p
			crit[c] = map[string]any{"id": fmt.Sprintf("c%d", c+1), "text": "criterion", "points": p, "tags": []string{"axis:" + []string{"accuracy", "completeness"}[c%2]}}
		}
		if !pos {
			t.Fatal("test bug: a task without positive points")
		}
		// Task 0 meets only its negative criteria (clips at 0), task 1
		// every positive one and no negative (exactly 1).
		msgs := []map[string]string{{"role": "user", "content": fmt.Sprintf("question %d", ti)}}
		if ti%3 == 0 {
			msgs = append(msgs, map[string]string{"role": "assistant", "content": "an answer"}, map[string]string{"role": "user", "content": "and then?"})
		}
		line, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("t%02d", ti), "messages": msgs, "criteria": crit})
		items.Write(append(line, '\n'))
		if ti%7 == 5 {
			continue // unanswered: scores 0
		}
		answered[ti] = true
		outs := make([]strings.Builder, judges)
		for c := range n {
			var yes [judges]bool
			switch {
			case ti == 0:
				yes[0], yes[1] = points[ti][c] < 0, points[ti][c] < 0
			case ti == 1:
				yes[0], yes[1] = points[ti][c] > 0, points[ti][c] > 0
			default:
				yes[0], yes[1] = rng.IntN(2) == 0, rng.IntN(2) == 0
			}
			met[ti][c] = yes[0] && yes[1]
			if yes[0] != yes[1] {
				disagree++
			}
			for j := range judges {
				v := "NO"
				if yes[j] {
					v = "YES"
				}
				fmt.Fprintf(&outs[j], "c%d: %s reason\n", c+1, v)
			}
		}
		rec, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("t%02d", ti), "response": "a response", "judges": map[string]string{"judge-a": outs[0].String(), "judge-b": outs[1].String()}})
		subm.Write(append(rec, '\n'))
	}
	writeFile(t, filepath.Join(dir, "benchmarks", "pw", "benchmark.yaml"), "kind: rubric\nscoring: points\ntitle: PW\n")
	writeFile(t, filepath.Join(dir, "benchmarks", "pw", "items.jsonl"), items.String())
	writeFile(t, filepath.Join(dir, "results", "m", "metadata.yaml"), "name: M\norganization: Acme\ndate: 2026-11-02\nopen_weights: false\njudges: [judge-a, judge-b]\n")
	writeFile(t, filepath.Join(dir, "results", "m", "pw.jsonl"), subm.String())

	benches, err := kind.Open([]*kind.Kind{rubric.Kind}, filepath.Join(dir, "benchmarks"), nil)
	if err != nil {
		t.Fatal(err)
	}
	subs, err := ingest.Submissions(filepath.Join(dir, "results"), []string{"pw.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	opt := kind.Options{Policies: board.Policies}
	run, probs := benches[0].Check(context.Background(), &subs[0], opt)
	for _, p := range probs {
		if p.Fatal {
			t.Fatal(p)
		}
	}
	bd, err := benches[0].Rank([]kind.Run{run}, opt)
	if err != nil {
		t.Fatal(err)
	}
	var got rubric.PointBoardScores
	var buf strings.Builder
	if err := bd.Write(&buf, "json", opt); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
		t.Fatal(err)
	}
	m := got.Models[0]
	sum := 0.0
	for ti := range nTasks {
		want := 0.0
		if answered[ti] {
			want = recount(points[ti], met[ti])
		}
		if math.Abs(m.TaskScores[ti]-want) > 1e-12 {
			t.Errorf("task t%02d: score %v, recount %v (points %v, met %v)", ti, m.TaskScores[ti], want, points[ti], met[ti])
		}
		sum += want
	}
	if m.TaskScores[0] != 0 || m.TaskScores[1] != 1 {
		t.Errorf("clipping: task 0 (only negative criteria met) %v, want 0; task 1 (every positive one) %v, want 1", m.TaskScores[0], m.TaskScores[1])
	}
	if math.Abs(m.MeanScore-sum/nTasks) > 1e-12 {
		t.Errorf("mean score %v, recount %v", m.MeanScore, sum/nTasks)
	}
	if m.Disagreements != disagree {
		t.Errorf("disagreements %d, recount %d", m.Disagreements, disagree)
	}
	if m.MeanScoreCI95[0] > m.MeanScore || m.MeanScoreCI95[1] < m.MeanScore || m.MeanScoreCI95[0] < 0 || m.MeanScoreCI95[1] > 1 {
		t.Errorf("interval %v around %v", m.MeanScoreCI95, m.MeanScore)
	}
}

// A task whose positive points sum to 0 (only negative criteria, or none
// positive) is refused when the benchmark is opened, with a message naming
// the task; so are a criterion without points and a category on a
// point-weighted benchmark.
func TestPointsRefusedAtLoad(t *testing.T) {
	tests := []struct {
		name, reason, items, want string
	}{
		{"no positive points", "the score would divide by zero",
			`{"id": "a", "prompt": "q", "criteria": [{"id": "c1", "text": "bad", "points": -5}, {"id": "c2", "text": "worse", "points": -3}]}`,
			"positive points of the task's criteria sum to 0"},
		{"no points", "points are required", `{"id": "a", "prompt": "q", "criteria": [{"id": "c1", "text": "x"}]}`, "missing points"},
		{"zero points", "a criterion worth nothing", `{"id": "a", "prompt": "q", "criteria": [{"id": "c1", "text": "x", "points": 0}, {"id": "c2", "text": "y", "points": 3}]}`, "0 points"},
		{"category", "categories are the other scoring", `{"id": "a", "prompt": "q", "criteria": [{"id": "c1", "text": "x", "points": 3, "category": "primary"}]}`, "not a category"},
		{"fractional points", "points are whole", `{"id": "a", "prompt": "q", "criteria": [{"id": "c1", "text": "x", "points": 2.5}]}`, "points"},
		{"conversation ending with the assistant", "the model answers a user turn", `{"id": "a", "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}], "criteria": [{"id": "c1", "text": "x", "points": 3}]}`, "last message"},
		{"prompt and messages", "one or the other", `{"id": "a", "prompt": "q", "messages": [{"role": "user", "content": "q"}], "criteria": [{"id": "c1", "text": "x", "points": 3}]}`, "both prompt and messages"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "benchmarks", "pw", "benchmark.yaml"), "kind: rubric\nscoring: points\ntitle: PW\n")
		writeFile(t, filepath.Join(dir, "benchmarks", "pw", "items.jsonl"), tt.items+"\n")
		_, err := kind.Open([]*kind.Kind{rubric.Kind}, filepath.Join(dir, "benchmarks"), nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s (%s): error %v, want one saying %q", tt.name, tt.reason, err, tt.want)
		}
	}
	// alpha and beta belong to Complex-IF's reward.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "benchmarks", "pw", "benchmark.yaml"), "kind: rubric\nscoring: points\ntitle: PW\nalpha: 1\n")
	writeFile(t, filepath.Join(dir, "benchmarks", "pw", "items.jsonl"), `{"id": "a", "prompt": "q", "criteria": [{"id": "c1", "text": "x", "points": 3}]}`+"\n")
	if _, err := kind.Open([]*kind.Kind{rubric.Kind}, filepath.Join(dir, "benchmarks"), nil); err == nil || !strings.Contains(err.Error(), "has no alpha") {
		t.Errorf("alpha on a point-weighted benchmark: %v", err)
	}
}

// TestPointsDemoFigures checks the point-weighted demo's board against the
// figures its author computed by hand (the mean over all 20 tasks, an
// unanswered task scoring 0).
func TestPointsDemoFigures(t *testing.T) {
	benches, err := kind.Open([]*kind.Kind{rubric.Kind}, "../../../../benchmarks", []string{"../../../../benchmarks/healthbench-demo"})
	if err != nil {
		t.Fatal(err)
	}
	res := demotest.Results(t, "../../../..", demotest.Rescored...)
	files, _ := filepath.Glob(filepath.Join(res, "*", "*.jsonl"))
	var known []string
	seen := map[string]bool{}
	for _, f := range files {
		if b := filepath.Base(f); !seen[b] {
			seen[b] = true
			known = append(known, b)
		}
	}
	subs, err := ingest.Submissions(res, known)
	if err != nil {
		t.Fatal(err)
	}
	opt := kind.Options{Policies: board.Policies}
	var runs []kind.Run
	for i := range subs {
		if _, err := os.Stat(filepath.Join(subs[i].Dir, "healthbench-demo.jsonl")); err != nil {
			continue
		}
		r, _ := benches[0].Check(context.Background(), &subs[i], opt)
		runs = append(runs, r)
	}
	bd, err := benches[0].Rank(runs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := bd.Write(&buf, "json", opt); err != nil {
		t.Fatal(err)
	}
	var got rubric.PointBoardScores
	if err := json.Unmarshal([]byte(buf.String()), &got); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id        string
		mean      float64
		pointsMet int
	}{{"demo-cirrus-pro", 0.9639, 580}, {"demo-atlas-70b", 0.7355, 445}, {"demo-ember-13b", 0.3675, 210}, {"demo-dune-mini", 0.2428, 102}, {"demo-borealis-8b", 0.1884, 32}}
	if len(got.Models) != len(want) {
		t.Fatalf("%d models, want %d", len(got.Models), len(want))
	}
	for i, w := range want {
		m := got.Models[i]
		if m.ID != w.id || math.Abs(m.MeanScore-w.mean) > 5e-5 || m.PointsMet != w.pointsMet || m.Disagreements != 2 {
			t.Errorf("board row %d: %s mean %.4f points %d disagreements %d; want %s %.4f %d 2", i+1, m.ID, m.MeanScore, m.PointsMet, m.Disagreements, w.id, w.mean, w.pointsMet)
		}
	}
}

// TestPointsRewardIsTaskScore rewards every demo record of the
// point-weighted demo and finds the board's task score: the reward a
// training run gets is what the board averages.
func TestPointsRewardIsTaskScore(t *testing.T) {
	benches, err := kind.Open([]*kind.Kind{rubric.Kind}, "../../../../benchmarks", []string{"../../../../benchmarks/healthbench-demo"})
	if err != nil {
		t.Fatal(err)
	}
	rw, err := benches[0].(kind.Rewarder).Rewards(nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rw.Parts(), " "); got != "score points positive negative_met" {
		t.Errorf("parts %q", got)
	}
	want := map[string]float64{"hb-01": 25.0 / 30, "hb-02": 1, "hb-03": 0.5, "hb-04": 5.0 / 29}
	data, err := os.ReadFile("../../../../results/demo-atlas-70b/healthbench-demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		r, err := rw.Record(context.Background(), []byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := want[r.ID]; ok && math.Abs(r.Reward-w) > 1e-12 {
			t.Errorf("%s: reward %v, want the task score %v", r.ID, r.Reward, w)
		}
		if s, _ := r.Part("score"); s != r.Reward {
			t.Errorf("%s: score part %v, reward %v", r.ID, s, r.Reward)
		}
	}
}

// TestPointsRun runs the point-weighted demo against the loopback server:
// the model is sent each task's whole conversation, each judge a prompt
// quoting the whole conversation, the response and every criterion with
// its points, and the submission written validates.
func TestPointsRun(t *testing.T) {
	dir := t.TempDir()
	benches, err := kind.Open([]*kind.Kind{rubric.Kind}, "../../../../benchmarks", []string{"../../../../benchmarks/healthbench-demo"})
	if err != nil {
		t.Fatal(err)
	}
	b := benches[0].(kind.Runnable)
	clock := runnertest.NewClock()
	srv := runnertest.NewServer(t, clock)
	ep := func(name, model string) runner.Endpoint {
		return runner.Endpoint{Name: name, BaseURL: srv.URL + "/v1", Model: model, APIKey: runnertest.Key}
	}
	out := filepath.Join(dir, "results", "acme-chat-7b")
	p := runner.Plan{Benchmarks: []kind.Runnable{b}, Model: ep("model", "acme/chat-7b"),
		Judges:  []runner.Endpoint{ep("judge-a", "judge/a"), ep("judge-b", "judge/b")},
		Journal: filepath.Join(dir, ".sciif-run", "acme.jsonl"), Out: out, Date: "2026-11-02"}
	r := runner.Runner{Options: runner.Options{Clock: clock}}
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	tasks := b.AnswerTasks()
	multi := 0
	for _, tk := range tasks {
		if srv.RequestsOf("acme/chat-7b", tk.Conversation()) != 1 {
			t.Errorf("%s: the model was not sent the task's whole conversation once", tk.Key)
		}
		if len(tk.Messages) > 1 {
			multi++
		}
	}
	if multi == 0 {
		t.Fatal("the demo has no multi-turn task")
	}
	judged, turns := 0, 0
	for _, c := range srv.Conversations() {
		text := c[0].Content
		if !strings.HasPrefix(text, "You are grading the final response to a conversation") {
			continue
		}
		judged++
		if !strings.Contains(text, " points]: ") {
			t.Errorf("a judge prompt without the criteria's points:\n%s", text)
		}
		if strings.Contains(text, "[USER]\n") && strings.Contains(text, "[ASSISTANT]\n") {
			turns++
		}
	}
	if judged < 2*len(tasks) || turns < 2*multi {
		t.Errorf("%d judge requests (%d quoting a conversation turn by turn), want at least one per task and judge (%d; %d)", judged, turns, 2*len(tasks), 2*multi)
	}
	runnertest.FillOrganization(t, out)
	subs, err := ingest.Submissions(filepath.Join(dir, "results"), []string{"healthbench-demo.jsonl"})
	if err != nil || len(subs) != 1 {
		t.Fatalf("submissions: %v", err)
	}
	run, probs := b.Check(context.Background(), &subs[0], kind.Options{Policies: board.Policies})
	for _, pr := range probs {
		if pr.Fatal {
			t.Errorf("the run's submission is refused: %v", pr)
		}
	}
	if !strings.HasPrefix(run.Summary(), "20/20 tasks answered") {
		t.Errorf("summary %q", run.Summary())
	}
}
