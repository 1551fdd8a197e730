package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// fakeBench is a kind.Runnable of n items whose judge tasks ask about
// each answer; its submission file lists what it was given, in item order.
type fakeBench struct {
	name   string
	n      int
	judged bool
	// got is the Answers Submission was given.
	got *kind.Answers
}

func (b *fakeBench) Spec() *kind.Spec {
	return &kind.Spec{Kind: "fake", Name: b.name, Title: b.name, File: b.name + ".jsonl"}
}
func (b *fakeBench) Size() int { return b.n }
func (b *fakeBench) Check(context.Context, *board.Submission, kind.Options) (kind.Run, board.Problems) {
	return nil, nil
}
func (b *fakeBench) Rank([]kind.Run, kind.Options) (kind.Board, error) { return nil, nil }
func (b *fakeBench) Prompts(io.Writer) error                           { return nil }
func (b *fakeBench) Scaffold() string                                  { return "" }
func (b *fakeBench) Judged() bool                                      { return b.judged }

func (b *fakeBench) item(i int) string { return fmt.Sprintf("item/%d", i) } // a "/" the keys must escape

func (b *fakeBench) AnswerTasks() []kind.Task {
	var tasks []kind.Task
	for i := range b.n {
		tasks = append(tasks, kind.Task{Key: kind.Key(b.item(i)), Prompt: fmt.Sprintf("%s: answer %d", b.name, i)})
	}
	return tasks
}

func (b *fakeBench) JudgeTasks(answers map[string]string) []kind.Task {
	if !b.judged {
		return nil
	}
	var tasks []kind.Task
	for i := range b.n {
		if a, ok := answers[kind.Key(b.item(i))]; ok {
			tasks = append(tasks, kind.Task{Key: kind.Key(b.item(i), "verdict"), Prompt: "judge this: " + a})
		}
	}
	return tasks
}

func (b *fakeBench) Submission(a kind.Answers) ([]byte, error) {
	b.got = &a
	var s strings.Builder
	for i := range b.n {
		ans, ok := a.Model[kind.Key(b.item(i))]
		if !ok {
			continue
		}
		fmt.Fprintf(&s, "%s\t%s", b.item(i), ans)
		for _, j := range a.Judges {
			fmt.Fprintf(&s, "\t%s=%s", j, a.Verdicts[j][kind.Key(b.item(i), "verdict")])
		}
		s.WriteString("\n")
	}
	return []byte(s.String()), nil
}

// plan is a run of benches on srv into dir, with two judges, one named
// with a slash.
func plan(srv *fakeServer, dir string, benches ...kind.Runnable) Plan {
	return Plan{Benchmarks: benches, Model: srv.endpoint("model", "acme/chat-7b"),
		Judges:  []Endpoint{srv.endpoint("j1", "judge-1"), srv.endpoint("org/j2", "judge-2")},
		Journal: filepath.Join(dir, ".sciif-run", "acme-chat-7b.jsonl"), Out: filepath.Join(dir, "results", "acme-chat-7b"), Date: "2026-11-02"}
}

func TestExecuteAsksEachBenchmarkThroughTheSeam(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	alpha, beta := &fakeBench{name: "alpha", n: 3, judged: true}, &fakeBench{name: "beta", n: 2}
	p := plan(srv, dir, alpha, beta)
	r := Runner{Options: Options{Clock: clock}}
	out, err := r.Execute(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	// One journal for every benchmark and judge, keyed by benchmark,
	// phase, judge and the kind's key.
	data, _ := os.ReadFile(p.Journal)
	journal, _, err := readJournal(strings.NewReader(string(data)), p.Journal)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range journal {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{
		"alpha/answer/item%2F0", "alpha/answer/item%2F1", "alpha/answer/item%2F2",
		"alpha/judge/j1/item%2F0/verdict", "alpha/judge/j1/item%2F1/verdict", "alpha/judge/j1/item%2F2/verdict",
		"alpha/judge/org%2Fj2/item%2F0/verdict", "alpha/judge/org%2Fj2/item%2F1/verdict", "alpha/judge/org%2Fj2/item%2F2/verdict",
		"beta/answer/item%2F0", "beta/answer/item%2F1",
	}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("journal keys (-want +got):\n%s", diff)
	}
	if srv.Total() != len(want) {
		t.Errorf("%d requests for %d tasks", srv.Total(), len(want))
	}
	// Each benchmark got its own answers under its own keys; only the
	// judged one got judges.
	a0 := fakeAnswer("acme/chat-7b", "alpha: answer 0")
	wantAlpha := kind.Answers{
		Model:  map[string]string{"item%2F0": a0, "item%2F1": fakeAnswer("acme/chat-7b", "alpha: answer 1"), "item%2F2": fakeAnswer("acme/chat-7b", "alpha: answer 2")},
		Judges: []string{"j1", "org/j2"},
		Verdicts: map[string]map[string]string{
			"j1":     {},
			"org/j2": {},
		},
	}
	for _, j := range []struct{ name, model string }{{"j1", "judge-1"}, {"org/j2", "judge-2"}} {
		for i := range 3 {
			wantAlpha.Verdicts[j.name][fmt.Sprintf("item%%2F%d/verdict", i)] = fakeAnswer(j.model, "judge this: "+wantAlpha.Model[fmt.Sprintf("item%%2F%d", i)])
		}
	}
	if diff := cmp.Diff(&wantAlpha, alpha.got); diff != "" {
		t.Errorf("alpha's answers (-want +got):\n%s", diff)
	}
	wantBeta := kind.Answers{Model: map[string]string{"item%2F0": fakeAnswer("acme/chat-7b", "beta: answer 0"), "item%2F1": fakeAnswer("acme/chat-7b", "beta: answer 1")}, Verdicts: map[string]map[string]string{}}
	if diff := cmp.Diff(&wantBeta, beta.got); diff != "" {
		t.Errorf("beta's answers (-want +got):\n%s", diff)
	}
	wrote := []string{filepath.Join(p.Out, "alpha.jsonl"), filepath.Join(p.Out, "beta.jsonl"), filepath.Join(p.Out, "run.json"), filepath.Join(p.Out, "metadata.yaml")}
	if diff := cmp.Diff(wrote, out.Wrote); diff != "" {
		t.Errorf("files written (-want +got):\n%s", diff)
	}
	meta, _ := os.ReadFile(filepath.Join(p.Out, "metadata.yaml"))
	m, probs := ingest.DecodeMetadata("metadata.yaml", meta)
	if !onlyOrganizationLeft(probs) || !slices.Equal(m.Judges, []string{"j1", "org/j2"}) || m.Date != "2026-11-02" {
		t.Errorf("metadata %+v, problems %v", m, probs)
	}

	// A rerun asks nothing, keeps metadata.yaml and writes the same bytes.
	first, _ := os.ReadFile(filepath.Join(p.Out, "alpha.jsonl"))
	os.WriteFile(filepath.Join(p.Out, "metadata.yaml"), []byte("edited\n"), 0o644)
	srv.Reset()
	out, err = r.Execute(context.Background(), p, nil)
	again, _ := os.ReadFile(filepath.Join(p.Out, "alpha.jsonl"))
	if err != nil || srv.Total() != 0 || string(again) != string(first) {
		t.Errorf("rerun: err %v, %d requests, file changed %v", err, srv.Total(), string(again) != string(first))
	}
	if meta, _ := os.ReadFile(filepath.Join(p.Out, "metadata.yaml")); string(meta) != "edited\n" || len(out.Kept) != 1 {
		t.Errorf("metadata.yaml %q, kept %v: the submitter's edits must stay", meta, out.Kept)
	}
}

func TestExecuteWithoutJudgedBenchmarksAsksNoJudge(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	p := plan(srv, dir, &fakeBench{name: "beta", n: 2})
	r := Runner{Options: Options{Clock: clock}}
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	meta, _ := os.ReadFile(filepath.Join(p.Out, "metadata.yaml"))
	m, probs := ingest.DecodeMetadata("metadata.yaml", meta)
	if srv.Total() != 2 || len(m.Judges) != 0 || !onlyOrganizationLeft(probs) {
		t.Errorf("%d requests, judges %v, problems %v: want the 2 answers and no judges", srv.Total(), m.Judges, probs)
	}
}

func TestExecuteRefusesBadPlan(t *testing.T) {
	srv := newFakeServer(t, newFakeClock())
	dir := t.TempDir()
	judged := &fakeBench{name: "alpha", n: 1, judged: true}
	tests := []struct {
		name string
		edit func(*Plan)
		want string
	}{
		{"no benchmark", func(p *Plan) { p.Benchmarks = nil }, "no benchmark to run"},
		{"no judge", func(p *Plan) { p.Judges = nil }, "alpha needs judges"},
		{"judge named as the model", func(p *Plan) { p.Judges[0].Name = "model" }, `endpoint name "model" given twice`},
		{"same judge twice", func(p *Plan) { p.Judges[1].Name = "j1" }, `endpoint name "j1" given twice`},
		{"journal in the submission", func(p *Plan) { p.Journal = filepath.Join(p.Out, "j.jsonl") }, "inside the submission folder"},
		{"one file twice", func(p *Plan) { p.Benchmarks = append(p.Benchmarks, &fakeBench{name: "alpha", n: 1}) }, "alpha.jsonl written twice"},
	}
	for _, tt := range tests {
		p := plan(srv, dir, judged)
		tt.edit(&p)
		_, err := execute(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".sciif-run")); err == nil || srv.Total() != 0 {
		t.Errorf("a refused plan made a journal or sent %d requests", srv.Total())
	}
}

// execute executes p with the real clock and no progress.
func execute(p Plan) (Outcome, error) {
	var r Runner
	return r.Execute(context.Background(), p, nil)
}

func TestExecutePartial(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	srv.Fault = func(p string, _ int) fault {
		if p == "alpha: answer 1" {
			return badRequest
		}
		return answer
	}
	r := Runner{Options: Options{Clock: clock}}
	alpha := &fakeBench{name: "alpha", n: 3, judged: true}

	dir := t.TempDir()
	p := plan(srv, dir, alpha)
	_, err := r.Execute(context.Background(), p, nil)
	var failed *FailedError
	if !errors.As(err, &failed) || len(failed.Failures) != 1 || failed.Failures[0].Key != "alpha/answer/item%2F1" {
		t.Fatalf("error %v: want the refused answer listed", err)
	}
	if _, err := os.Stat(p.Out); err == nil {
		t.Errorf("a run with a failed task wrote the submission folder")
	}
	// The other items were judged all the same.
	if n := srv.Total(); n != 3+2*2 {
		t.Errorf("%d requests, want 3 answers asked and 2 judges on the 2 answers", n)
	}

	// Partial: the same failure, and the files without the item.
	p.Partial = true
	srv.Reset()
	out, err := r.Execute(context.Background(), p, nil)
	if !errors.As(err, &failed) || len(out.Wrote) != 3 {
		t.Fatalf("partial: error %v, wrote %v", err, out.Wrote)
	}
	data, _ := os.ReadFile(filepath.Join(p.Out, "alpha.jsonl"))
	if lines := strings.Count(string(data), "\n"); lines != 2 || strings.Contains(string(data), "item/1\t") || srv.Total() != 1 {
		t.Errorf("partial file after %d requests (want only the failed one asked again):\n%s", srv.Total(), data)
	}
}

// onlyOrganizationLeft reports whether the one problem of a metadata.yaml a
// run wrote is the organization placeholder the submitter must fill in.
func onlyOrganizationLeft(probs board.Problems) bool {
	return len(probs) == 1 && probs[0].Field == "organization" && strings.Contains(probs[0].Msg, "placeholder")
}
