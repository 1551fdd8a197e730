package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func plainTasks(endpoint string, n int) []Task {
	tasks := make([]Task, n)
	for i := range tasks {
		tasks[i] = Task{Key: fmt.Sprintf("t/%s/%02d", endpoint, i), Endpoint: endpoint, Prompt: fmt.Sprintf("prompt %s %02d", endpoint, i)}
	}
	return tasks
}

func TestRPMLimit(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	ep := srv.endpoint("m", "model-m")
	ep.RPM, ep.Concurrency = 6, 4
	start := clock.Now()
	r := Runner{Options: Options{Clock: clock}}
	_, totals, err := r.Run(context.Background(), plainTasks("m", 20), []Endpoint{ep}, filepath.Join(t.TempDir(), "j.jsonl"), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every request waits for its start time on the clock, so the targets
	// are the starts: no 6 of them fit in less than a minute.
	starts := slices.Clone(clock.Targets())
	if len(starts) != 20 || srv.Total() != 20 || totals.Endpoints[0].Requests != 20 {
		t.Fatalf("%d start times, %d requests served, %d counted; want 20", len(starts), srv.Total(), totals.Endpoints[0].Requests)
	}
	slices.SortFunc(starts, func(a, b time.Time) int { return a.Compare(b) })
	for i := 0; i+ep.RPM < len(starts); i++ {
		if d := starts[i+ep.RPM].Sub(starts[i]); d < time.Minute {
			t.Errorf("requests %d to %d start within %v: more than %d a minute", i, i+ep.RPM, d, ep.RPM)
		}
	}
	if got := clock.Now().Sub(start); got < 19*10*time.Second {
		t.Errorf("20 requests at 6 a minute took %v of virtual time, want at least 3m10s", got)
	}
}

func TestConcurrencyBound(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	a, b := srv.endpoint("a", "model-a"), srv.endpoint("b", "model-b")
	a.Concurrency, b.Concurrency = 2, 5
	// The first requests of each model wait until the bound is reached, so
	// the test sees the bound itself; a runner below it hangs here.
	srv.Barrier = map[string]int{"model-a": 2, "model-b": 5}
	tasks := append(plainTasks("a", 15), plainTasks("b", 15)...)
	r := Runner{Options: Options{Clock: clock}}
	if _, _, err := r.Run(context.Background(), tasks, []Endpoint{a, b}, filepath.Join(t.TempDir(), "j.jsonl"), nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int{"model-a": 2, "model-b": 5}, srv.MaxInflight()); diff != "" {
		t.Errorf("most requests in flight at once (-want +got):\n%s", diff)
	}
}

func TestFormatCheckAsksOnceMore(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	srv.Fault = func(p string, n int) fault {
		if p == "hopeless" || (p == "fixed" && n == 1) {
			return badFormat
		}
		return answer
	}
	valid := func(s string) bool { return strings.Contains(s, " answers ") }
	tasks := []Task{
		{Key: "good", Endpoint: "j", Prompt: "good", Valid: valid},
		{Key: "fixed", Endpoint: "j", Prompt: "fixed", Valid: valid},
		{Key: "hopeless", Endpoint: "j", Prompt: "hopeless", Valid: valid},
		{Key: "unchecked", Endpoint: "j", Prompt: "unchecked"},
	}
	journal := filepath.Join(t.TempDir(), "j.jsonl")
	r := Runner{Options: Options{Clock: clock}}
	res, totals, err := r.Run(context.Background(), tasks, []Endpoint{srv.endpoint("j", "judge")}, journal, nil)
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		Content          string
		Invalid          bool
		Requests, Served int
	}
	want := map[string]got{
		"good":      {fakeAnswer("judge", "good"), false, 1, 1},
		"fixed":     {fakeAnswer("judge", "fixed"), false, 2, 2},
		"hopeless":  {"I think it is fine.", true, 2, 2},
		"unchecked": {fakeAnswer("judge", "unchecked"), false, 1, 1},
	}
	gotm := map[string]got{}
	for k, v := range res {
		gotm[k] = got{v.Content, v.Invalid, v.Requests, srv.Requests("judge", k)}
	}
	if diff := cmp.Diff(want, gotm); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if u := totals.Endpoints[0]; u.Reasked != 2 || u.Invalid != 1 {
		t.Errorf("usage: %s", totals)
	}
	// The kept answers are done: a rerun asks nothing.
	srv.Reset()
	res, _, err = r.Run(context.Background(), tasks, []Endpoint{srv.endpoint("j", "judge")}, journal, nil)
	if err != nil || srv.Total() != 0 || !res["hopeless"].Resumed || !res["hopeless"].Invalid {
		t.Errorf("rerun: %d requests, err %v, hopeless %+v", srv.Total(), err, res["hopeless"])
	}
}

func TestRunRefusesBadInput(t *testing.T) {
	srv := newFakeServer(t, newFakeClock())
	ep := srv.endpoint("m", "model")
	tests := []struct {
		name      string
		tasks     []Task
		endpoints []Endpoint
		want      string
	}{
		{"duplicate key", []Task{{Key: "k", Endpoint: "m"}, {Key: "k", Endpoint: "m"}}, []Endpoint{ep}, "task k given twice"},
		{"empty key", []Task{{Endpoint: "m"}}, []Endpoint{ep}, "task without a key"},
		{"unknown endpoint", []Task{{Key: "k", Endpoint: "judge"}}, []Endpoint{ep}, `task k: no endpoint "judge"`},
		{"duplicate endpoint", nil, []Endpoint{ep, ep}, "endpoint m given twice"},
		{"no model", nil, []Endpoint{{Name: "x", BaseURL: "http://127.0.0.1:1"}}, "endpoint x: no model"},
		{"bad URL", nil, []Endpoint{{Name: "x", Model: "y", BaseURL: "ftp://host/" + testKey, APIKey: testKey}}, `base URL "ftp://host/[REDACTED]"`},
	}
	for _, tt := range tests {
		journal := filepath.Join(t.TempDir(), "j.jsonl")
		_, _, err := Run(context.Background(), tt.tasks, tt.endpoints, journal, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), testKey) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
		if _, err := os.Stat(journal); err == nil {
			t.Errorf("%s: journal created before the input was checked", tt.name)
		}
	}
	if srv.Total() != 0 {
		t.Errorf("%d requests sent for refused input", srv.Total())
	}
}

func TestRefusedKeyStopsTheRun(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	ep := srv.endpoint("m", "model")
	ep.APIKey = "sk-wrong-0123456789abcdef"
	var progress bytes.Buffer
	dir := t.TempDir()
	r := Runner{Options: Options{Clock: clock}}
	_, _, err := r.Run(context.Background(), plainTasks("m", 50), []Endpoint{ep}, filepath.Join(dir, "j.jsonl"), &progress)
	var se *StatusError
	if !errors.As(err, &se) || se.Status != 401 {
		t.Fatalf("error %v, want the 401", err)
	}
	if strings.Contains(err.Error(), ep.APIKey) || strings.Contains(progress.String(), ep.APIKey) || strings.Contains(se.Body, ep.APIKey) {
		t.Errorf("the refused key was printed: %v", err)
	}
	if n := srv.Total(); n >= 50 {
		t.Errorf("%d requests after a 401: the run must stop", n)
	}
}

func TestJournalResumesOnlyTheSameQuestion(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	srv.AnyDecoding = true
	ep := srv.endpoint("m", "model")
	r := Runner{Options: Options{Clock: clock}}
	tests := []struct {
		name, reason string
		edit         func(*Endpoint)
		prompt       string
		asked        bool
	}{
		{"same", "same model, settings and prompt: resumed", nil, "x", false},
		{"prompt changed", "the benchmark or the answer changed", nil, "x2", true},
		{"model changed", "another model's answer is not this one's", func(e *Endpoint) { e.Model = "model-2" }, "x", true},
		{"temperature changed", "decoding settings are part of the question", func(e *Endpoint) { e.Temperature = 0.7 }, "x", true},
		{"max tokens changed", "decoding settings are part of the question", func(e *Endpoint) { e.MaxTokens = 100 }, "x", true},
		{"endpoint renamed", "the name does not change the answer", func(e *Endpoint) { e.Name = "renamed" }, "x", false},
	}
	for _, tt := range tests {
		journal := filepath.Join(t.TempDir(), "deep", "j.jsonl")
		if _, _, err := r.Run(context.Background(), []Task{{Key: "a", Endpoint: "m", Prompt: "x"}}, []Endpoint{ep}, journal, nil); err != nil {
			t.Fatal(err)
		}
		e := ep
		if tt.edit != nil {
			tt.edit(&e)
		}
		before := srv.Total()
		res, _, err := r.Run(context.Background(), []Task{{Key: "a", Endpoint: e.Name, Prompt: tt.prompt}}, []Endpoint{e}, journal, nil)
		if err != nil {
			t.Fatal(err)
		}
		if asked := srv.Total() > before; asked != tt.asked {
			t.Errorf("%s (%s): asked %v, want %v", tt.name, tt.reason, asked, tt.asked)
		}
		if res["a"].Resumed == tt.asked {
			t.Errorf("%s: Resumed is %v", tt.name, res["a"].Resumed)
		}
	}
}

func TestReadJournal(t *testing.T) {
	line := func(key, content string) string {
		return fmt.Sprintf(`{"key":%q,"endpoint":"m","model":"x","temperature":0,"max_tokens":4096,"prompt_sha256":"h","content":%q,"prompt_tokens":1,"completion_tokens":1,"requests":1}`+"\n", key, content)
	}
	a, b, a2 := line("a", "A"), line("b", "B"), line("a", "A2")
	tests := []struct {
		name, reason, data string
		want               map[string]string // key → content
		good               int
		err                string
	}{
		{"empty", "a new journal", "", map[string]string{}, 0, ""},
		{"clean", "every line kept", a + b, map[string]string{"a": "A", "b": "B"}, len(a + b), ""},
		{"torn last line", "a crash mid-write leaves a line without its end", a + b[:20], map[string]string{"a": "A"}, len(a), ""},
		{"torn line of zeros", "a crash can leave unwritten blocks", a + "\x00\x00\x00", map[string]string{"a": "A"}, len(a), ""},
		{"bad last line", "cut off too, newline or not", a + "{\"key\n", map[string]string{"a": "A"}, len(a), ""},
		{"last one wins", "a task asked again appends its new answer", a + b + a2, map[string]string{"a": "A2", "b": "B"}, len(a + b + a2), ""},
		{"blank line", "kept, harmless", a + "\n" + b, map[string]string{"a": "A", "b": "B"}, len(a + "\n" + b), ""},
		{"bad middle line", "not ours: refused rather than guessed at", a + "junk\n" + b, nil, 0, "j.jsonl:2: not a result line"},
		{"bad line then torn", "not ours either", a + "junk\n" + b[:10], nil, 0, "j.jsonl:2: not a result line"},
	}
	for _, tt := range tests {
		done, good, err := readJournal(strings.NewReader(tt.data), "j.jsonl")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s (%s): error %v, want %q", tt.name, tt.reason, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s (%s): %v", tt.name, tt.reason, err)
			continue
		}
		got := map[string]string{}
		for k, r := range done {
			got[k] = r.Content
		}
		if diff := cmp.Diff(tt.want, got); diff != "" || good != int64(tt.good) {
			t.Errorf("%s (%s): good part %d, want %d; results (-want +got):\n%s", tt.name, tt.reason, good, tt.good, diff)
		}
	}
}

func TestTornJournalIsCutBeforeAppending(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	journal := filepath.Join(t.TempDir(), "j.jsonl")
	ep := srv.endpoint("m", "model")
	r := Runner{Options: Options{Clock: clock}}
	tasks := plainTasks("m", 3)
	if _, _, err := r.Run(context.Background(), tasks[:1], []Endpoint{ep}, journal, nil); err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(journal, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"key":"t/m/01","content":"tor`)
	f.Close()
	if _, _, err := r.Run(context.Background(), tasks, []Endpoint{ep}, journal, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(journal)
	done, good, err := readJournal(bytes.NewReader(data), journal)
	if err != nil || len(done) != 3 || good != int64(len(data)) {
		t.Errorf("journal after resuming a torn one: %d results, %d of %d bytes good, err %v:\n%s", len(done), good, len(data), err, data)
	}
}

func TestProgressLine(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	ep := srv.endpoint("m", "model")
	ep.RPM = 60 // one a second of virtual time, so the rate and ETA are known
	ep.Concurrency = 1
	journal := filepath.Join(t.TempDir(), "j.jsonl")
	var buf bytes.Buffer
	r := Runner{Options: Options{Clock: clock}, Label: "answers"}
	if _, _, err := r.Run(context.Background(), plainTasks("m", 4), []Endpoint{ep}, journal, &buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\r")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "answers: 4/4 done · ") || !strings.HasSuffix(last, "\x1b[K\n") || !strings.Contains(last, "tokens 8 in, 24 out") {
		t.Errorf("last progress line %q", last)
	}
	if !strings.Contains(buf.String(), "ETA ") {
		t.Errorf("no ETA in %q", buf.String())
	}
	buf.Reset()
	if _, _, err := r.Run(context.Background(), plainTasks("m", 4), []Endpoint{ep}, journal, &buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "answers: 4/4 done (4 from journal)") {
		t.Errorf("resumed progress %q", buf.String())
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if Terminal(f) || Terminal(&buf) {
		t.Errorf("a file or a buffer is not a terminal")
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "responses.jsonl")
	if err := WriteFile(path, []byte("first\n")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("second\n")); err != nil {
		t.Fatal(err)
	}
	wrote, err := WriteNew(path, []byte("third\n"))
	data, _ := os.ReadFile(path)
	entries, _ := os.ReadDir(dir)
	if err != nil || wrote || string(data) != "second\n" || len(entries) != 1 {
		t.Errorf("WriteNew wrote %v (err %v); file %q; %d entries (no temporary files may stay)", wrote, err, data, len(entries))
	}
	if wrote, err := WriteNew(filepath.Join(dir, "metadata.yaml"), []byte("new\n")); !wrote || err != nil {
		t.Errorf("WriteNew of a new file: wrote %v, err %v", wrote, err)
	}
}
