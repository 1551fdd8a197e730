package reward

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// panicky is a reward function with a bug: it panics on the record or
// label "boom", as a checker might on an input nobody foresaw.
type panicky struct{}

func (panicky) Parts() []string { return []string{"x"} }

func (panicky) Record(_ context.Context, rec []byte) (kind.Reward, error) {
	if bytes.Contains(rec, []byte("boom")) {
		var a []int
		_ = a[len(rec)] // index out of range
	}
	return kind.Reward{Reward: 1, Parts: []kind.Part{{Name: "x", Value: 1}}}, nil
}

func (p panicky) Label(ctx context.Context, _, _, label string) (kind.Reward, error) {
	return p.Record(ctx, []byte(label))
}

// TestPanicInARewardFunction checks that a reward function that panics on
// one record spoils only that record, in every driver: /v1/rewards answers
// the others with an internal error for it, /get_reward answers 500 naming
// the query, the stream writes an error line for it, and the server lives
// on. A panic in a batch rewarded on several goroutines ended the whole
// process, and one on the handler's goroutine closed the connection
// without an answer.
func TestPanicInARewardFunction(t *testing.T) {
	set := &Set{by: map[string]*Func{}}
	set.add(&Func{Name: "panicky", Kind: "test", Rewards: panicky{}})
	log := &syncWriter{w: &bytes.Buffer{}}
	opt := DefaultOptions()
	opt.Log = log
	srv := httptest.NewServer(NewServer(set, opt).Handler())
	defer srv.Close()

	for _, n := range []int{1, 64} { // one goroutine, then several
		recs := make([]string, n)
		for i := range recs {
			recs[i] = `"ok"`
		}
		recs[n/2] = `"boom"`
		resp, err := http.Post(srv.URL+"/v1/rewards", "application/json", strings.NewReader(`{"benchmark":"panicky","records":[`+strings.Join(recs, ",")+`]}`))
		if err != nil {
			t.Fatalf("%d records: %v", n, err)
		}
		var got struct{ Results []map[string]any }
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err := json.Unmarshal(data, &got); err != nil || resp.StatusCode != 200 || len(got.Results) != n {
			t.Fatalf("%d records: %d %s, want 200 with %d results", n, resp.StatusCode, data, n)
		}
		for i, r := range got.Results {
			e, _ := r["error"].(string)
			if (i == n/2) != strings.Contains(e, "internal error") || (i != n/2) != (r["reward"] == 1.0) {
				t.Errorf("%d records: result %d is %v", n, i, r)
			}
		}

		queries := strings.TrimSuffix(strings.Repeat(`"q",`, n), ",")
		resp, err = http.Post(srv.URL+"/get_reward?benchmark=panicky", "application/json", strings.NewReader(`{"query":[`+queries+`],"labels":[`+strings.Join(recs, ",")+`]}`))
		if err != nil {
			t.Fatalf("%d queries: %v", n, err)
		}
		data, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 500 || !strings.Contains(string(data), fmt.Sprintf(`"index":%d`, n/2)) || strings.Contains(string(data), "index out of range") {
			t.Errorf("%d queries: %d %s, want 500 naming query %d and not the panic", n, resp.StatusCode, data, n/2)
		}
	}
	if !strings.Contains(log.String(), "index out of range") {
		t.Errorf("the server's log lacks the panic: %q", log.String())
	}

	var out bytes.Buffer
	st, err := Stream(context.Background(), strings.NewReader("ok\nboom\nok\n"), &out, panicky{}, "jsonl")
	if err != nil || st.Errors != 1 || st.Rewards != 2 || !strings.Contains(out.String(), `{"line":2,"error":"internal error`) {
		t.Errorf("stream: %v, %+v, %s; want line 2 an internal error, the others rewarded", err, st, out.String())
	}
}

// syncWriter serialises writes to w.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprint(s.w)
}
