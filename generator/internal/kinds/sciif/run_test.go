package sciif

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/prompt"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/runner"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// runDemo is the repository's demo SciIF benchmark, opened through the
// kind, cut to its first n items (all if n is 0).
func runDemo(t *testing.T, n int) *benchmark {
	t.Helper()
	spec, _, ok, err := kind.ReadSpec([]*kind.Kind{Kind}, filepath.Join("..", "..", "..", "..", "benchmarks", "sciif"))
	if err != nil || !ok {
		t.Fatalf("demo benchmark: %v", err)
	}
	kb, err := Kind.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	b := kb.(*benchmark)
	if n > 0 && n < len(b.bench.Items) {
		b.bench.Items = b.bench.Items[:n]
		b.index = b.bench.Index()
	}
	return b
}

const runModelID = "acme-chat-7b"

var runJudges = []string{"gpt-5.1", "openai/gemini-3-flash"}

// runPlan runs b against srv into dir: the model acme/chat-7b and two
// judges, one of whose names has a slash.
func runPlan(ctx context.Context, srv *runnertest.Server, b *benchmark, dir string, opt runner.Options, timeout time.Duration, progress *bytes.Buffer) (runner.Totals, error) {
	ep := func(name, model string) runner.Endpoint {
		return runner.Endpoint{Name: name, BaseURL: srv.URL + "/v1", Model: model, APIKey: runnertest.Key, Concurrency: 3, Timeout: timeout}
	}
	r := runner.Runner{Options: opt}
	p := runner.Plan{Benchmarks: []kind.Runnable{b}, Model: ep("acme-chat", "acme/chat-7b"),
		Judges:  []runner.Endpoint{ep("gpt-5.1", "gpt-5.1"), ep("openai/gemini-3-flash", "gemini-3-flash")},
		Journal: filepath.Join(dir, "journal", "run.jsonl"), Out: filepath.Join(dir, "results", runModelID), Date: "2026-11-02"}
	var out runner.Outcome
	var err error
	if progress != nil {
		out, err = r.Execute(ctx, p, progress)
	} else {
		out, err = r.Execute(ctx, p, nil)
	}
	return out.Totals, err
}

// runFiles reads the submission folder; it must hold nothing but the
// files of a submission.
func runFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := filepath.Join(dir, "results", runModelID)
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(data)
	}
	if len(files) != 3 || files["responses.jsonl"] == "" || files["metadata.yaml"] == "" || files["run.json"] == "" {
		var names []string
		for k := range files {
			names = append(names, k)
		}
		slices.Sort(names)
		t.Fatalf("submission folder holds %v, want metadata.yaml, responses.jsonl and run.json", names)
	}
	return files
}

// noKey fails if any file under dir, or any of texts, holds the API key.
func noKey(t *testing.T, dir string, texts ...string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, _ := os.ReadFile(path); bytes.Contains(data, []byte(runnertest.Key)) {
				t.Errorf("%s holds the API key", path)
			}
		}
		return nil
	})
	for _, s := range texts {
		if strings.Contains(s, runnertest.Key) {
			t.Errorf("output holds the API key: %.200s", s)
		}
	}
}

// journaled reads the whole lines of a journal.
func journaled(t *testing.T, path string) []runner.Result {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []runner.Result
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r runner.Result
		if err := json.Unmarshal(sc.Bytes(), &r); err == nil {
			out = append(out, r)
		}
	}
	return out
}

// runBaseline is the submission of an uninterrupted run on a clean server.
func runBaseline(t *testing.T, b *benchmark) map[string]string {
	t.Helper()
	clock := runnertest.NewClock()
	dir := t.TempDir()
	if _, err := runPlan(context.Background(), runnertest.NewServer(t, clock), b, dir, runner.Options{Clock: clock}, 0, nil); err != nil {
		t.Fatal(err)
	}
	return runFiles(t, dir)
}

func TestRunWritesScorableSubmission(t *testing.T) {
	b := runDemo(t, 0)
	bench := b.bench
	clock := runnertest.NewClock()
	srv := runnertest.NewServer(t, clock)
	dir := t.TempDir()
	var progress bytes.Buffer
	totals, err := runPlan(context.Background(), srv, b, dir, runner.Options{Clock: clock}, 0, &progress)
	if err != nil {
		t.Fatal(err)
	}
	runFiles(t, dir)
	out := filepath.Join(dir, "results", runModelID)

	// Every record decodes, in benchmark order, and every judge output
	// parses with package judge into YES verdicts (the fake judges say NO
	// where the placeholder was left in the prompt).
	var recs []*sciifdata.Record
	if probs := ingest.Records(filepath.Join(out, "responses.jsonl"), func(r *sciifdata.Record) { recs = append(recs, r) }); len(probs) > 0 {
		t.Fatalf("responses.jsonl: %v", probs)
	}
	if len(recs) != len(bench.Items) {
		t.Fatalf("%d records for %d items", len(recs), len(bench.Items))
	}
	var want []string // every prompt the protocol sends, built here from package prompt
	for i, r := range recs {
		it := &bench.Items[i]
		if r.ID != it.ID {
			t.Fatalf("record %d is %s, want %s: records follow the benchmark's order", i, r.ID, it.ID)
		}
		ask := prompt.Answer(it, &bench.Catalog)
		want = append(want, ask)
		if r.Response != runnertest.Reply("acme/chat-7b", ask) {
			t.Errorf("%s: response %q is not the model's answer to the answer prompt", it.ID, r.Response)
		}
		if len(r.Judges) != len(runJudges) {
			t.Errorf("%s: judges %v", it.ID, r.Judges)
		}
		for jname, model := range map[string]string{"gpt-5.1": "gpt-5.1", "openai/gemini-3-flash": "gemini-3-flash"} {
			out := r.Judges[jname]
			want = append(want, strings.ReplaceAll(prompt.Correctness(it), prompt.AnswerPlaceholder, r.Response))
			if c := judge.Correct(out.Correctness); c.Verdict != judge.Yes || len(c.Problems) > 0 || !strings.HasSuffix(c.Reason, model) {
				t.Errorf("%s: judge %s: correctness %q parses as %+v", it.ID, jname, out.Correctness, c)
			}
			if len(out.Constraints) != len(it.Constraints) {
				t.Errorf("%s: judge %s audited %d constraints, want %d", it.ID, jname, len(out.Constraints), len(it.Constraints))
			}
			for _, cid := range it.Constraints {
				c, _ := bench.Catalog.Lookup(cid)
				want = append(want, strings.ReplaceAll(prompt.Judge(it, c, board.Strict), prompt.AnswerPlaceholder, r.Response))
				a := judge.Points(out.Constraints[cid], len(c.Points))
				if len(a.Problems) > 0 || !strings.HasSuffix(out.Constraints[cid], model) {
					t.Errorf("%s: judge %s: %s: %q: %v", it.ID, jname, cid, out.Constraints[cid], a.Problems)
				}
				for _, p := range a.Points {
					if p.Verdict != judge.Yes {
						t.Errorf("%s: judge %s: %s: %+v", it.ID, jname, cid, a.Points)
					}
				}
			}
		}
	}
	// The server got exactly the protocol's prompts, each once: answer,
	// correctness and the Strict audits (never the Loose ones).
	slices.Sort(want)
	got := srv.Prompts()
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("prompts sent (-want +got):\n%s", diff)
	}
	var requests int
	for _, u := range totals.Endpoints {
		requests += u.Requests
	}
	if requests != len(want) {
		t.Errorf("totals count %d requests, want %d:\n%s", requests, len(want), totals)
	}
	judgeTasks := fmt.Sprintf("judges: %[1]d/%[1]d done", len(want)-len(bench.Items))
	if !strings.HasSuffix(progress.String(), "\n") || !strings.Contains(progress.String(), judgeTasks) {
		t.Errorf("progress %q: want a last judges line with every task done", progress.String())
	}
	noKey(t, dir, progress.String())

	// The kind itself accepts the submission as written, once the
	// organization is filled in, and scores every item: the metadata
	// validates, the judges are named.
	runnertest.FillOrganization(t, filepath.Join(dir, "results", runModelID))
	subs, err := ingest.Submissions(filepath.Join(dir, "results"), []string{b.spec.File})
	if err != nil || len(subs) != 1 {
		t.Fatalf("submissions %v: %v", subs, err)
	}
	if !slices.Equal(subs[0].Meta.Judges, runJudges) || subs[0].Meta.Date != "2026-11-02" {
		t.Errorf("metadata %+v", subs[0].Meta)
	}
	run, probs := b.Check(context.Background(), &subs[0], kind.Options{Policies: board.Policies})
	for _, p := range probs {
		if p.Fatal {
			t.Errorf("check: %s", p)
		}
	}
	if s := run.Summary(); s != fmt.Sprintf("%[1]d/%[1]d items answered", len(bench.Items)) {
		t.Errorf("check: %s", s)
	}
}

// faultOf picks a fault for the first request of a prompt from its hash;
// a 500 is followed by a 502. Format faults go to judges only: an answer
// has no format check, so a bad answer would be a different answer.
func faultOf(p string, n int) runnertest.Fault {
	f := runnertest.Fault(runnertest.HashOf(p)[0] % 10)
	switch {
	case n == 2 && f == runnertest.InternalError:
		return runnertest.BadGateway
	case n > 1:
		return runnertest.OK
	case f == runnertest.BadGateway, f == runnertest.Unauthorized, f == runnertest.BadRequest:
		return runnertest.EchoKey
	case f == runnertest.BadFormat && !strings.HasPrefix(p, "You are an expert"):
		return runnertest.OK
	}
	return f
}

// withoutUsage is files with run.json's requests and tokens left out.
func withoutUsage(t *testing.T, files map[string]string) map[string]string {
	t.Helper()
	rec, probs := runrecord.Decode("run.json", []byte(files["run.json"]))
	if len(probs) > 0 {
		t.Fatalf("run.json: %v", probs)
	}
	for i := range rec.Benchmarks {
		rec.Benchmarks[i].Answers, rec.Benchmarks[i].Judging = board.Usage{}, nil
	}
	data, err := runrecord.Encode(rec)
	if err != nil {
		t.Fatal(err)
	}
	out := maps.Clone(files)
	out["run.json"] = string(data)
	return out
}

func TestRunFaultsChangeNothingWritten(t *testing.T) {
	b := runDemo(t, 12)
	want := runBaseline(t, b)

	clock := runnertest.NewClock()
	srv := runnertest.NewServer(t, clock)
	srv.Fault = faultOf
	dir := t.TempDir()
	// Random jitter (the default) and a short timeout: "slow" answers
	// never come, so a broken timeout hangs the test.
	var progress bytes.Buffer
	totals, err := runPlan(context.Background(), srv, b, dir, runner.Options{Clock: clock}, 500*time.Millisecond, &progress)
	if err != nil {
		t.Fatal(err)
	}
	// run.json counts what the run spent, retries and second asks
	// included; the rest of it, like every other file, is the same.
	if diff := cmp.Diff(withoutUsage(t, want), withoutUsage(t, runFiles(t, dir))); diff != "" {
		t.Errorf("files differ from an uninterrupted run on a clean server (-want +got):\n%s", diff)
	}
	for f := runnertest.TooMany; f < runnertest.NumFaults; f++ {
		if f != runnertest.Unauthorized && f != runnertest.BadRequest && srv.Served(f) == 0 {
			t.Errorf("fault %d never served: the test no longer covers it", f)
		}
	}
	var retries, reasked, invalid int
	for _, u := range totals.Endpoints {
		retries, reasked, invalid = retries+u.Retries, reasked+u.Reasked, invalid+u.Invalid
	}
	if retries == 0 || reasked == 0 || invalid != 0 {
		t.Errorf("totals: want retries and format re-asks, none kept invalid:\n%s", totals)
	}
	noKey(t, dir, progress.String())
}

func TestRunResumeAsksNothingTwice(t *testing.T) {
	b := runDemo(t, 12)
	want := runBaseline(t, b)
	tests := []struct {
		name, reason string
		cancelAt     int    // the request at which the run is cancelled
		torn         string // appended to the journal after the cancel, as a crash mid-write would
	}{
		{name: "cancelled while answering", reason: "answers done are kept", cancelAt: 5},
		{name: "cancelled while judging", reason: "answers and verdicts done are kept", cancelAt: 12 + 20},
		{name: "crash with a torn last line", reason: "the torn line is cut off, the rest kept", cancelAt: 12 + 7,
			torn: `{"key":"sciif/judge/gpt-5.1/physics-0001/correctness","endpoint":"gpt-5.1","model":"gpt-5.1","content":"CORR`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := runnertest.NewClock()
			srv := runnertest.NewServer(t, clock)
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			srv.OnRequest = func(total int) {
				if total == tt.cancelAt {
					cancel()
				}
			}
			_, err := runPlan(ctx, srv, b, dir, runner.Options{Clock: clock}, 0, nil)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled run: error %v, want one wrapping context.Canceled", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "results", runModelID, "responses.jsonl")); err == nil {
				t.Errorf("an interrupted run wrote responses.jsonl")
			}
			journal := filepath.Join(dir, "journal", "run.jsonl")
			done := journaled(t, journal)
			// With at most 6 requests in flight (3 per judge), at least
			// cancelAt-6 were finished and journaled before the cancel.
			if len(done) < tt.cancelAt-6 || len(done) >= 12+2*(12+30) {
				t.Fatalf("%d results journaled before a cancel at request %d", len(done), tt.cancelAt)
			}
			if tt.torn != "" {
				f, err := os.OpenFile(journal, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString(tt.torn)
				f.Close()
			}

			before := srv.Counts()
			srv.Reset()
			srv.SetOnRequest(nil)
			if _, err := runPlan(context.Background(), srv, b, dir, runner.Options{Clock: clock}, 0, nil); err != nil {
				t.Fatal(err)
			}
			after := srv.Counts()
			for _, res := range done {
				k := runnertest.CountKey(res.Model, res.PromptSHA256)
				if after[k] > 0 {
					t.Errorf("%s: finished before the cancel (asked %d times then), asked again %d times", res.Key, before[k], after[k])
				}
			}
			if diff := cmp.Diff(want, runFiles(t, dir)); diff != "" {
				t.Errorf("%s: files differ from an uninterrupted run (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestRunFailedTaskWritesNothingUntilRerun(t *testing.T) {
	b := runDemo(t, 4)
	want := runBaseline(t, b)
	clock := runnertest.NewClock()
	srv := runnertest.NewServer(t, clock)
	refused := prompt.Answer(&b.bench.Items[2], &b.bench.Catalog)
	srv.Fault = func(p string, _ int) runnertest.Fault {
		if p == refused {
			return runnertest.BadRequest
		}
		return runnertest.OK
	}
	dir := t.TempDir()
	totals, err := runPlan(context.Background(), srv, b, dir, runner.Options{Clock: clock}, 0, nil)
	var failed *runner.FailedError
	if !errors.As(err, &failed) || len(failed.Failures) != 1 || failed.Failures[0].Key != "sciif/answer/"+AnswerKey(b.bench.Items[2].ID) {
		t.Fatalf("error %v: want the one refused answer listed", err)
	}
	if totals.Endpoints[0].Failed != 1 || srv.Requests("acme/chat-7b", refused) != 1 {
		t.Errorf("a 400 is not retried: %d requests;\n%s", srv.Requests("acme/chat-7b", refused), totals)
	}
	if _, err := os.Stat(filepath.Join(dir, "results", runModelID)); err == nil {
		t.Errorf("a run with a failed task wrote the submission folder")
	}
	// The other items were judged all the same: the rerun asks only for the
	// missing answer and its verdicts.
	srv.Reset()
	srv.Fault = nil
	if _, err := runPlan(context.Background(), srv, b, dir, runner.Options{Clock: clock}, 0, nil); err != nil {
		t.Fatal(err)
	}
	if want := 1 + 2*(1+b.bench.Items[2].K()); srv.Total() != want {
		t.Errorf("rerun sent %d requests, want %d", srv.Total(), want)
	}
	if diff := cmp.Diff(want, runFiles(t, dir)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestJudgeTasksAskOnlyStrictAuditsOfAnsweredItems(t *testing.T) {
	b := runDemo(t, 3)
	it := &b.bench.Items[1]
	tasks := b.JudgeTasks(map[string]string{AnswerKey(it.ID): "my answer"})
	var keys []string
	for _, task := range tasks {
		keys = append(keys, task.Key)
		if !strings.Contains(task.Prompt, "my answer") || strings.Contains(task.Prompt, prompt.AnswerPlaceholder) || task.Valid == nil {
			t.Errorf("%s: the answer must replace the placeholder, and the format be checked", task.Key)
		}
	}
	want := []string{CorrectnessKey(it.ID)}
	for _, cid := range it.Constraints {
		want = append(want, ConstraintKey(it.ID, cid))
	}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("judge tasks of one answered item (-want +got):\n%s", diff)
	}
	if tasks[0].Valid("I think it is fine.") || !tasks[0].Valid("CORRECT: YES\nREASON: fine") {
		t.Errorf("correctness format check")
	}
}

func TestWithAnswer(t *testing.T) {
	ph := prompt.AnswerPlaceholder
	tests := []struct{ name, template, answer, want string }{
		{"plain", "Q\nModel answer:\n" + ph + "\nEnd", "A", "Q\nModel answer:\nA\nEnd"},
		{"question quotes the placeholder", "Q " + ph + "\nModel answer:\n" + ph + "\n", "A", "Q " + ph + "\nModel answer:\nA\n"},
		{"answer holds the placeholder", "Model answer:\n" + ph + "\n", "x " + ph + " $1", "Model answer:\nx " + ph + " $1\n"},
	}
	for _, tt := range tests {
		if got := withAnswer(tt.template, tt.answer); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
