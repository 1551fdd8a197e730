//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// startKindsServe runs `sciif serve` with the rubric, point-weighted and
// verifier demo benchmarks and both formulas, and returns, for each
// reward of kindRewardPaths, a /get_reward and a /v1/rewards request of
// its first record (the label form and the record form), each with the
// answer the server gave it before any load; the formulas' sections come
// from kindRewardPaths.
func startKindsServe(t testing.TB) (string, <-chan int, *lockedBuffer, []loadTarget) {
	t.Helper()
	root := moduleRoot(t)
	cfg := filepath.Join(t.TempDir(), "reward.yaml")
	var sections []string
	args := []string{"--config", cfg}
	for _, p := range kindRewardPaths {
		if p.bench != "" {
			args = append(args, "--benchmark", filepath.Join(root, "benchmarks", p.bench))
		}
		if p.config != "" {
			sections = append(sections, p.config)
		}
	}
	if err := os.WriteFile(cfg, []byte(strings.Join(sections, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base, done, stderr := startServe(t, args...)
	var targets []loadTarget
	for _, p := range kindRewardPaths {
		name := p.bench + p.formula
		rec := p.records(t)[0]
		label, response := queryLabel(t, rec, p.query)
		gr, _ := json.Marshal(map[string][]string{"query": {"Q: " + response}, "prompts": {"Q: "}, "labels": {label}})
		for _, tg := range []loadTarget{
			{path: "/get_reward?benchmark=" + name, body: gr},
			{path: "/v1/rewards", body: []byte(`{"benchmark":"` + name + `","records":[` + rec + `]}`)},
		} {
			want := post(t, base+tg.path, tg.body, http.StatusOK)
			if bytes.Contains(want, []byte(`"error"`)) {
				t.Fatalf("%s: %s", tg.path, want)
			}
			tg.ok = func(got []byte) bool { return bytes.Equal(got, want) }
			targets = append(targets, tg)
		}
	}
	return base, done, stderr, targets
}

// post sends body to url and returns the answer, which must have status
// code.
func post(t testing.TB, url string, body []byte, code int) []byte {
	t.Helper()
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != code {
		t.Fatalf("POST %s: %d, %v, want %d: %s", url, resp.StatusCode, err, code, data)
	}
	return data
}

// TestServeKindsCountedLikeTheOthers: the rubric, point-weighted and
// verifier benchmarks and the formulas, by label and by record, are
// counted in /metrics as every reward is: each reward in
// sciif_rewards_total, each refused label or record in
// sciif_reward_record_errors_total, and a request over --max-records is
// a 413 before any reward.
func TestServeKindsCountedLikeTheOthers(t *testing.T) {
	base, done, stderr, targets := startKindsServe(t)
	defer func() {
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
			t.Error(err)
		}
		if code := <-done; code != 0 {
			t.Errorf("exit %d: %s", code, stderr.String())
		}
	}()
	for _, p := range kindRewardPaths {
		name := p.bench + p.formula
		// A label that is not an object is refused: 422 on label.
		bad, _ := json.Marshal(map[string][]string{"query": {"Q: x"}, "prompts": {"Q: "}, "labels": {"[1]"}})
		var e map[string]any
		if err := json.Unmarshal(post(t, base+"/get_reward?benchmark="+name, bad, http.StatusUnprocessableEntity), &e); err != nil || !strings.HasPrefix(fmt.Sprint(e["field"]), "label") {
			t.Errorf("%s: a bad label gave %v, %v; want a 422 on label", name, e, err)
		}
		// A record with an unknown field spoils only its own result.
		post(t, base+"/v1/rewards", []byte(`{"benchmark":"`+name+`","records":[{"nonsense":1}]}`), http.StatusOK)
		// One record more than --max-records (4096) is refused whole.
		over := `{"benchmark":"` + name + `","records":[` + strings.Repeat(`{},`, 4096) + `{}]}`
		post(t, base+"/v1/rewards", []byte(over), http.StatusRequestEntityTooLarge)
	}
	_, metrics := get(t, base+"/metrics")
	for _, tg := range targets {
		post(t, base+tg.path, tg.body, http.StatusOK)
	}
	_, after := get(t, base+"/metrics")
	for _, p := range kindRewardPaths {
		name := p.bench + p.formula
		// startKindsServe's two requests, then two more.
		for _, c := range []struct {
			family        string
			before, after int
		}{{"sciif_rewards_total", 2, 4}, {"sciif_reward_record_errors_total", 2, 2}} {
			line := fmt.Sprintf("%s{benchmark=%q} ", c.family, name)
			if !strings.Contains(metrics, fmt.Sprint(line, c.before, "\n")) || !strings.Contains(after, fmt.Sprint(line, c.after, "\n")) {
				t.Errorf("%s: want %s%d then %d in /metrics:\n%s", name, line, c.before, c.after, grepLines(after, name))
			}
		}
	}
}

func grepLines(text, s string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestServeKindsSIGTERMLosesNothing is TestServeSIGTERMLosesNothing over
// the rubric, point-weighted and verifier rewards and the formulas, by
// label and by record, in turn: every request the server accepted is
// answered with the very bytes it gave the same request before the load,
// and the server exits 0.
func TestServeKindsSIGTERMLosesNothing(t *testing.T) {
	base, done, stderr, targets := startKindsServe(t)
	sigtermUnderLoad(t, base, done, stderr, targets)
}

// BenchmarkServeLoadKinds is BenchmarkServeLoad over the rubric,
// point-weighted and verifier rewards and the formulas, by label and by
// record, in turn (one record per request): it fails on any error, lost
// request or answer that differs from the first.
//
//	go test ./generator/cmd/sciif -run '^$' -bench ServeLoadKinds -benchtime 20000x
func BenchmarkServeLoadKinds(b *testing.B) {
	base, done, _, targets := startKindsServe(b)
	benchLoad(b, base, done, targets)
}
