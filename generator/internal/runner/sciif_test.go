package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	"github.com/sciif/leaderboard/generator/internal/judge"
	"github.com/sciif/leaderboard/generator/internal/prompt"
)

// demoBench is the repository's demo SciIF benchmark, its first n items
// (all if n is 0).
func demoBench(t *testing.T, n int) *board.Benchmark {
	t.Helper()
	b, err := ingest.Benchmark(filepath.Join("..", "..", "..", "benchmarks", "sciif"))
	if err != nil {
		t.Fatal(err)
	}
	if n > 0 && n < len(b.Items) {
		b.Items = b.Items[:n]
	}
	return b
}

const modelID = "acme-chat-7b"

// sciifRun runs the protocol against srv into dir: the model acme/chat-7b
// and two judges, one of whose names has a slash.
func sciifRun(ctx context.Context, srv *fakeServer, b *board.Benchmark, dir string, opt Options, timeout time.Duration, progress io.Writer) (Totals, error) {
	eps := []Endpoint{srv.endpoint("acme-chat", "acme/chat-7b"), srv.endpoint("gpt-5.1", "gpt-5.1"), srv.endpoint("openai/gemini-3-flash", "gemini-3-flash")}
	for i := range eps {
		eps[i].Timeout = timeout
	}
	r := Runner{Options: opt}
	return r.SciIF(ctx, SciIFRun{Bench: b, Model: eps[0], Judges: eps[1:],
		Journal: filepath.Join(dir, "journal", "run.jsonl"), Out: filepath.Join(dir, "results", modelID)}, progress)
}

var judgeNames = []string{"gpt-5.1", "openai/gemini-3-flash"}

// outFiles reads the submission folder; it must hold nothing but the files
// of a submission.
func outFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := filepath.Join(dir, "results", modelID)
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
	if len(files) != 2 || files["responses.jsonl"] == "" || files["metadata.yaml"] == "" {
		t.Fatalf("submission folder holds %v, want metadata.yaml and responses.jsonl", slices.Sorted(func(yield func(string) bool) {
			for k := range files {
				if !yield(k) {
					return
				}
			}
		}))
	}
	return files
}

// noKey fails if any file under dir, or any of texts, holds the API key.
func noKey(t *testing.T, dir string, texts ...string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, _ := os.ReadFile(path); bytes.Contains(data, []byte(testKey)) {
				t.Errorf("%s holds the API key", path)
			}
		}
		return nil
	})
	for _, s := range texts {
		if strings.Contains(s, testKey) {
			t.Errorf("output holds the API key: %.200s", s)
		}
	}
}

// baseline is the submission of an uninterrupted run on a clean server.
func baseline(t *testing.T, b *board.Benchmark) map[string]string {
	t.Helper()
	clock := newFakeClock()
	dir := t.TempDir()
	if _, err := sciifRun(context.Background(), newFakeServer(t, clock), b, dir, Options{Clock: clock}, 0, nil); err != nil {
		t.Fatal(err)
	}
	return outFiles(t, dir)
}

func TestSciIFRunWritesScorableSubmission(t *testing.T) {
	b := demoBench(t, 0)
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	var progress bytes.Buffer
	totals, err := sciifRun(context.Background(), srv, b, dir, Options{Clock: clock}, 0, &progress)
	if err != nil {
		t.Fatal(err)
	}
	outFiles(t, dir)
	out := filepath.Join(dir, "results", modelID)

	// Every record decodes as a board.Record, in benchmark order, and every
	// judge output parses with package judge into YES verdicts (the fake
	// judges say NO where the placeholder was left in the prompt).
	var recs []*board.Record
	if probs := ingest.Records(filepath.Join(out, "responses.jsonl"), func(r *board.Record) { recs = append(recs, r) }); len(probs) > 0 {
		t.Fatalf("responses.jsonl: %v", probs)
	}
	if len(recs) != len(b.Items) {
		t.Fatalf("%d records for %d items", len(recs), len(b.Items))
	}
	var want []string // every prompt the protocol sends, built here from package prompt
	for i, r := range recs {
		it := &b.Items[i]
		if r.ID != it.ID {
			t.Fatalf("record %d is %s, want %s: records follow the benchmark's order", i, r.ID, it.ID)
		}
		ask := prompt.Answer(it, &b.Catalog)
		want = append(want, ask)
		if r.Response != fakeAnswer("acme/chat-7b", ask) {
			t.Errorf("%s: response %q is not the model's answer to the answer prompt", it.ID, r.Response)
		}
		if len(r.Judges) != len(judgeNames) {
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
				c, _ := b.Catalog.Lookup(cid)
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
	got := slices.Clone(srv.prompts)
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

	data, err := os.ReadFile(filepath.Join(out, "metadata.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	meta, probs := ingest.DecodeMetadata("metadata.yaml", data)
	if len(probs) != 1 || probs[0].Field != "date" {
		t.Errorf("metadata.yaml: want only the date placeholder reported, got %v", probs)
	}
	wantMeta := board.Metadata{Name: "acme/chat-7b", Organization: "<who trained the model>", Date: "YYYY-MM-DD",
		Judges: judgeNames, Decoding: "temperature 0, max tokens 4096, no tools", NameLine: 6,
		Notes: "Responses and judge outputs generated with sciif run. Judges: gpt-5.1 (model gpt-5.1, temperature 0, max tokens 4096, no tools); " +
			"openai/gemini-3-flash (model gemini-3-flash, temperature 0, max tokens 4096, no tools)."}
	if diff := cmp.Diff(wantMeta, meta); diff != "" {
		t.Errorf("metadata (-want +got):\n%s", diff)
	}
	judgeTasks := fmt.Sprintf("judges: %[1]d/%[1]d done", len(want)-len(b.Items))
	if !strings.HasSuffix(progress.String(), "\n") || !strings.Contains(progress.String(), judgeTasks) {
		t.Errorf("progress %q: want a last judges line with every task done", progress.String())
	}
	noKey(t, dir, progress.String())
}

// faultOf picks a fault for the first request of a prompt from its hash;
// a 500 is followed by a 502. Format faults go to judges only: an answer
// has no format check, so a bad answer would be a different answer.
func faultOf(p string, n int) fault {
	f := fault(hashOf(p)[0] % 10)
	switch {
	case n == 2 && f == internalError:
		return badGateway
	case n > 1:
		return answer
	case f == badGateway, f == unauthorized, f == badRequest:
		return echoKey
	case f == badFormat && !strings.HasPrefix(p, "You are an expert"):
		return answer
	}
	return f
}

func TestFaultsChangeNothingWritten(t *testing.T) {
	b := demoBench(t, 12)
	want := baseline(t, b)

	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	srv.fault = faultOf
	dir := t.TempDir()
	// Random jitter (the default) and a short timeout: "slow" answers
	// never come, so a broken timeout hangs the test.
	var progress bytes.Buffer
	totals, err := sciifRun(context.Background(), srv, b, dir, Options{Clock: clock}, 500*time.Millisecond, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, outFiles(t, dir)); diff != "" {
		t.Errorf("files differ from an uninterrupted run on a clean server (-want +got):\n%s", diff)
	}
	for f := tooMany; f < faultKinds; f++ {
		if f != unauthorized && f != badRequest && srv.served[f] == 0 {
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

func TestResumeAsksNothingTwice(t *testing.T) {
	b := demoBench(t, 12)
	want := baseline(t, b)
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
			clock := newFakeClock()
			srv := newFakeServer(t, clock)
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			srv.onRequest = func(total int) {
				if total == tt.cancelAt {
					cancel()
				}
			}
			_, err := sciifRun(ctx, srv, b, dir, Options{Clock: clock}, 0, nil)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled run: error %v, want one wrapping context.Canceled", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "results", modelID, "responses.jsonl")); err == nil {
				t.Errorf("an interrupted run wrote responses.jsonl")
			}
			journal := filepath.Join(dir, "journal", "run.jsonl")
			data, err := os.ReadFile(journal)
			if err != nil {
				t.Fatal(err)
			}
			done, _, err := readJournal(bytes.NewReader(data), journal)
			if err != nil {
				t.Fatal(err)
			}
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

			srv.mu.Lock()
			count1 := maps.Clone(srv.count)
			srv.mu.Unlock()
			srv.reset()
			srv.onRequest = nil
			if _, err := sciifRun(context.Background(), srv, b, dir, Options{Clock: clock}, 0, nil); err != nil {
				t.Fatal(err)
			}
			for _, res := range done {
				if n := srv.count[countKey(res.Model, res.PromptSHA256)]; n > 0 {
					t.Errorf("%s: finished before the cancel (asked %d times then), asked again %d times", res.Key, count1[countKey(res.Model, res.PromptSHA256)], n)
				}
			}
			if diff := cmp.Diff(want, outFiles(t, dir)); diff != "" {
				t.Errorf("%s: files differ from an uninterrupted run (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestFailedTaskWritesNothingUntilRerun(t *testing.T) {
	b := demoBench(t, 4)
	want := baseline(t, b)
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	refused := prompt.Answer(&b.Items[2], &b.Catalog)
	srv.fault = func(p string, _ int) fault {
		if p == refused {
			return badRequest
		}
		return answer
	}
	dir := t.TempDir()
	totals, err := sciifRun(context.Background(), srv, b, dir, Options{Clock: clock}, 0, nil)
	var failed *FailedError
	if !errors.As(err, &failed) || len(failed.Failures) != 1 || failed.Failures[0].Key != SciIFAnswerKey(b.Items[2].ID) {
		t.Fatalf("error %v: want the one refused answer listed", err)
	}
	if totals.Endpoints[0].Failed != 1 || srv.requests("acme/chat-7b", refused) != 1 {
		t.Errorf("a 400 is not retried: %d requests;\n%s", srv.requests("acme/chat-7b", refused), totals)
	}
	if _, err := os.Stat(filepath.Join(dir, "results", modelID)); err == nil {
		t.Errorf("a run with a failed task wrote the submission folder")
	}
	// The other items were judged all the same: the rerun asks only for the
	// missing answer and its verdicts.
	srv.reset()
	srv.fault = nil
	if _, err := sciifRun(context.Background(), srv, b, dir, Options{Clock: clock}, 0, nil); err != nil {
		t.Fatal(err)
	}
	if want := 1 + 2*(1+b.Items[2].K()); srv.total != want {
		t.Errorf("rerun sent %d requests, want %d", srv.total, want)
	}
	if diff := cmp.Diff(want, outFiles(t, dir)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestMetadataKeepsSubmitterEdits(t *testing.T) {
	b := demoBench(t, 2)
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	meta := filepath.Join(dir, "results", modelID, "metadata.yaml")
	os.MkdirAll(filepath.Dir(meta), 0o755)
	os.WriteFile(meta, []byte("name: Acme Chat 7B\n"), 0o644)
	if _, err := sciifRun(context.Background(), srv, b, dir, Options{Clock: clock}, 0, nil); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(meta); string(data) != "name: Acme Chat 7B\n" {
		t.Errorf("metadata.yaml overwritten: %q", data)
	}
}

func TestSciIFMetadataQuotesNames(t *testing.T) {
	tests := []struct{ name, reason string }{
		{`Acme "Chat": 7B # v2`, "quotes, colon and hash"},
		{"- yes", "a leading dash and a YAML boolean"},
		{"null", "a YAML null"},
		{"ünï <&> 模型", "non-ASCII and HTML characters"},
		{"two\nlines\t\\", "control characters and a backslash"},
	}
	for _, tt := range tests {
		data := SciIFMetadata("../x", Endpoint{Model: tt.name}, []Endpoint{{Name: tt.name}, {Name: "j2"}})
		m, _ := ingest.DecodeMetadata("metadata.yaml", data)
		if m.Name != tt.name || !slices.Equal(m.Judges, []string{tt.name, "j2"}) {
			t.Errorf("%s: name %q judges %q, want %q", tt.reason, m.Name, m.Judges, tt.name)
		}
		if !bytes.Contains(data, []byte("results/<model-id>")) {
			t.Errorf("%s: an unsafe folder name reached the comment", tt.reason)
		}
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
