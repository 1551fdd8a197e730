package runner

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// sizedServer answers every chat completion with an answer of size(model,
// prompt) bytes of "a"; a negative size is a flood: a 200 whose body never
// ends (it stops after 8 MiB, so the test ends even if the client reads
// it all).
type sizedServer struct {
	*httptest.Server
	size func(model, prompt string) int
	mu   sync.Mutex
	reqs map[string]int // by prompt
}

func newSizedServer(t *testing.T, size func(model, prompt string) int) *sizedServer {
	s := &sizedServer{size: size, reqs: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req chatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) != 1 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		p := req.Messages[0].Content
		s.mu.Lock()
		s.reqs[p]++
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		n := s.size(req.Model, p)
		if n < 0 {
			w.Write([]byte(`{"choices":[{"message":{"content":"`))
			chunk := []byte(strings.Repeat("a", 32<<10))
			for range (8 << 20) / len(chunk) {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": strings.Repeat("a", n)}}}})
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *sizedServer) requests() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reqs
}

// An answer longer than a submission may hold, or a body too large to
// carry one, is an error for its task: not retried, not journaled, not
// truncated, and the other tasks go on.
func TestAnswerOverTheSubmissionLimitFailsItsTask(t *testing.T) {
	sizes := map[string]int{"fits": ingest.MaxResponse, "over": ingest.MaxResponse + 1, "flood": -1}
	srv := newSizedServer(t, func(_, p string) int { return sizes[p] })
	ep := Endpoint{Name: "m", BaseURL: srv.URL + "/v1", Model: "x"}
	var tasks []Task
	for _, p := range []string{"fits", "over", "flood"} {
		tasks = append(tasks, Task{Key: p, Endpoint: "m", Prompt: p})
	}
	journal := filepath.Join(t.TempDir(), "j.jsonl")
	r := Runner{Options: Options{Clock: newFakeClock()}}
	res, totals, err := r.Run(context.Background(), tasks, []Endpoint{ep}, journal, nil)
	var failed *FailedError
	if !errors.As(err, &failed) {
		t.Fatalf("error %v: want a *FailedError", err)
	}
	want := map[string]string{
		"flood": "answer body is larger than",
		"over":  "answer of 262145 bytes is longer than the 256 KiB limit of a submission",
	}
	got := map[string]string{}
	for _, f := range failed.Failures {
		got[f.Key] = f.Err.Error()
	}
	for k, w := range want {
		if !strings.Contains(got[k], w) {
			t.Errorf("%s: error %q, want %q", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("failures %v, want only %v", got, want)
	}
	if n := len(res["fits"].Content); n != ingest.MaxResponse || len(res) != 1 || totals.Endpoints[0].Failed != 2 {
		t.Errorf("results %d (fits: %d bytes), %d failed; want only fits, whole", len(res), n, totals.Endpoints[0].Failed)
	}
	if diff := cmp.Diff(map[string]int{"fits": 1, "over": 1, "flood": 1}, srv.requests()); diff != "" {
		t.Errorf("requests by prompt (-want +got); an oversize answer is not asked again:\n%s", diff)
	}
	f, err := os.Open(journal)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	done, _, err := readJournal(f, journal)
	if err != nil || len(done) != 1 {
		t.Errorf("journal holds %d results (%v), want fits alone", len(done), err)
	}
}

// Execute bounds judge outputs by the submission's judge-output limit,
// which is smaller than an answer's.
func TestExecuteBoundsJudgeOutputs(t *testing.T) {
	srv := newSizedServer(t, func(model, _ string) int {
		if model == "judge-1" {
			return ingest.MaxJudgeOutput + 1
		}
		if model == "judge-2" {
			return ingest.MaxJudgeOutput
		}
		return 10
	})
	dir := t.TempDir()
	alpha := &fakeBench{name: "alpha", n: 2, judged: true}
	p := Plan{Benchmarks: []kind.Runnable{alpha}, Model: Endpoint{Name: "model", BaseURL: srv.URL + "/v1", Model: "m"},
		Judges:  []Endpoint{{Name: "j1", BaseURL: srv.URL + "/v1", Model: "judge-1"}, {Name: "j2", BaseURL: srv.URL + "/v1", Model: "judge-2"}},
		Journal: filepath.Join(dir, "j.jsonl"), Out: filepath.Join(dir, "results", "m"), Date: "2026-11-02"}
	r := Runner{Options: Options{Clock: newFakeClock()}}
	_, err := r.Execute(context.Background(), p, nil)
	var failed *FailedError
	if !errors.As(err, &failed) || len(failed.Failures) != 2 {
		t.Fatalf("error %v: want j1's two outputs refused", err)
	}
	for _, f := range failed.Failures {
		if !strings.HasPrefix(f.Key, "alpha/judge/j1/") || !strings.Contains(f.Err.Error(), "longer than the 64 KiB limit") {
			t.Errorf("failure %s: %v", f.Key, f.Err)
		}
	}
}
