package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/runner"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
)

// Tests of sciif run (issue 16) against runnertest's OpenAI-compatible
// server on 127.0.0.1, which answers deterministically.

// runKeyEnv names the environment variable that holds the test key.
const runKeyEnv = "SCIIF_RUN_TEST_KEY"

// Items and prompts of the small repository: 4 SciIF items and 5 IFEval
// prompts, so 9 answers, then per judge 4 correctness and K audits.
const runTestItems, runTestPrompts = 4, 5

// runSrc is the repository's benchmarks folder, found before any test
// enters its own repository.
var (
	runSrc     string
	runSrcOnce sync.Once
)

// runRepo makes a repository of the first items of the demo SciIF and
// IFEval benchmarks, with an empty results folder, and enters it.
func runRepo(t *testing.T) string {
	t.Helper()
	runSrcOnce.Do(func() { runSrc, _ = filepath.Abs(filepath.Join("..", "..", "..", "benchmarks")) })
	src := runSrc
	head := func(path string, n int) string {
		data, err := os.ReadFile(filepath.Join(src, path))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		return strings.Join(lines[:n], "")
	}
	file := func(path string) string {
		data, err := os.ReadFile(filepath.Join(src, path))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"benchmarks/sciif/benchmark.yaml":         file("sciif/benchmark.yaml"),
		"benchmarks/sciif/items.jsonl":            head("sciif/items.jsonl", runTestItems),
		"benchmarks/ifeval-demo/benchmark.yaml":   file("ifeval-demo/benchmark.yaml"),
		"benchmarks/ifeval-demo/input_data.jsonl": head("ifeval-demo/input_data.jsonl", runTestPrompts),
		"results/.keep":                           "",
	})
	os.Remove(filepath.Join(root, "results", ".keep"))
	t.Chdir(root)
	t.Setenv(runKeyEnv, runnertest.Key)
	return root
}

// runArgs is a sciif run of the model acme/chat-7b, judged by two judges,
// all on srv.
func runArgs(srv *runnertest.Server) []string {
	url := srv.URL + "/v1"
	return []string{"run", "--model", "acme/chat-7b", "--base-url", url, "--api-key-env", runKeyEnv,
		"--judge", "gpt-5.1=" + url, "--judge", "gemini-3-flash=" + url,
		"--out", "results/acme-chat-7b", "--date", "2026-11-02", "--concurrency", "3"}
}

// runCtx runs sciif in-process with ctx.
func runCtx(ctx context.Context, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// submission reads results/acme-chat-7b.
func submission(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	for name, data := range readTree(t, filepath.Join("results", "acme-chat-7b")) {
		files[name] = string(data)
	}
	return files
}

// journalLines reads the whole lines of the run's journal.
func journalLines(t *testing.T) []runner.Result {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(".sciif-run", "acme-chat-7b.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []runner.Result
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r runner.Result
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			out = append(out, r)
		}
	}
	return out
}

func TestRunWritesSubmissionThatValidatesAndScores(t *testing.T) {
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	code, out, errs := runCtx(context.Background(), runArgs(srv)...)
	if code != 0 {
		t.Fatalf("sciif run: exit %d\n%s%s", code, out, errs)
	}
	files := submission(t)
	var names []string
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	// Nothing but the submission's files and the run's record: the
	// journal lives beside results/, and the progress line only on a
	// terminal.
	if diff := cmp.Diff([]string{"ifeval-demo.jsonl", "metadata.yaml", "responses.jsonl", "run.json"}, names); diff != "" {
		t.Errorf("submission folder (-want +got):\n%s", diff)
	}
	if n := len(journalLines(t)); n != srv.Total() {
		t.Errorf("journal holds %d results for %d requests", n, srv.Total())
	}
	if strings.Contains(errs, "\r") {
		t.Errorf("progress drawn on a standard error that is no terminal: %q", errs)
	}
	if !strings.Contains(out, "model: 9 tasks, 9 done") || !strings.Contains(out, "gpt-5.1: ") || !strings.Contains(out, "tokens ") {
		t.Errorf("no token totals at the end:\n%s", out)
	}
	for _, s := range []string{out, errs, files["metadata.yaml"]} {
		if strings.Contains(s, runnertest.Key) {
			t.Errorf("the API key was printed: %s", s)
		}
	}

	// validate refuses the folder until the organization placeholder is
	// replaced, as the run said; then it accepts it, and score ranks it on
	// both boards.
	code, out, errs = runIn(t, "validate", "results/acme-chat-7b")
	if code != 1 || !strings.Contains(out+errs, `metadata.yaml:7: organization: "<who trained the model>" is the template's placeholder`) {
		t.Errorf("sciif validate with the placeholder left: exit %d\n%s%s", code, out, errs)
	}
	runnertest.FillOrganization(t, filepath.Join("results", "acme-chat-7b"))
	files = submission(t)
	if code, out, errs := runIn(t, "validate", "results/acme-chat-7b"); code != 0 {
		t.Fatalf("sciif validate: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runIn(t, "score", "--format", "json")
	if code != 0 {
		t.Fatalf("sciif score: exit %d\n%s", code, errs)
	}
	var boards struct {
		Benchmarks []struct {
			Name  string          `json:"name"`
			Board json.RawMessage `json:"board"`
		} `json:"benchmarks"`
	}
	if err := json.Unmarshal([]byte(out), &boards); err != nil || len(boards.Benchmarks) != 2 {
		t.Fatalf("sciif score --format json: %v\n%s", err, out)
	}
	for _, b := range boards.Benchmarks {
		if !bytes.Contains(b.Board, []byte(`"acme-chat-7b"`)) {
			t.Errorf("board %s does not rank acme-chat-7b", b.Name)
		}
	}

	// A rerun asks nothing, writes the same bytes and keeps the
	// submitter's edit of metadata.yaml.
	srv.Reset()
	if code, out, errs := runCtx(context.Background(), runArgs(srv)...); code != 0 || srv.Total() != 0 {
		t.Fatalf("rerun: exit %d, %d requests\n%s%s", code, srv.Total(), out, errs)
	}
	if diff := cmp.Diff(files, submission(t)); diff != "" {
		t.Errorf("rerun changed the files (-first +rerun):\n%s", diff)
	}
}

func TestRunResumesAfterCancelWithoutAskingAgain(t *testing.T) {
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	if code, out, errs := runCtx(context.Background(), runArgs(srv)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d\n%s%s", code, out, errs)
	}
	want := submission(t)
	answers := runTestItems + runTestPrompts
	tests := []struct {
		name     string
		cancelAt int // the request at which Ctrl-C comes
	}{
		{"cancelled while answering", 4},
		{"cancelled while judging", answers + 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runRepo(t)
			srv := runnertest.NewServer(t, nil)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			srv.OnRequest = func(total int) {
				if total == tt.cancelAt {
					cancel()
				}
			}
			code, _, errs := runCtx(ctx, runArgs(srv)...)
			if code != 1 || !strings.Contains(errs, "context canceled") || !strings.Contains(errs, "resumes") {
				t.Fatalf("cancelled run: exit %d, stderr %q", code, errs)
			}
			if _, err := os.Stat(filepath.Join("results", "acme-chat-7b")); err == nil {
				t.Errorf("an interrupted run wrote the submission folder")
			}
			done := journalLines(t)
			if len(done) == 0 || len(done) >= srv.Total()+1 {
				t.Fatalf("%d results journaled for %d requests", len(done), srv.Total())
			}

			srv.Reset()
			srv.SetOnRequest(nil)
			if code, out, errs := runCtx(context.Background(), runArgs(srv)...); code != 0 {
				t.Fatalf("rerun: exit %d\n%s%s", code, out, errs)
			}
			counts := srv.Counts()
			for _, res := range done {
				if n := counts[runnertest.CountKey(res.Model, res.PromptSHA256)]; n > 0 {
					t.Errorf("%s: finished before Ctrl-C, asked again %d times", res.Key, n)
				}
			}
			if diff := cmp.Diff(want, submission(t)); diff != "" {
				t.Errorf("files differ from an uninterrupted run (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRunRefusesBadFlagsBeforeAnyRequest(t *testing.T) {
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	url := srv.URL + "/v1"
	base := []string{"run", "--model", "m", "--base-url", url, "--api-key-env", runKeyEnv, "--out", "results/m"}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no judges", base, 2, "sciif run: sciif need(s) judges: give each with --judge NAME=URL"},
		{"key instead of a variable", []string{"run", "--model", "m", "--base-url", url, "--api-key-env", runnertest.Key, "--out", "results/m"}, 2,
			"sciif run: --api-key-env takes the name of an environment variable"},
		{"unset variable", append(slices.Clone(base[:5]), "--api-key-env", "SCIIF_RUN_TEST_UNSET", "--out", "results/m"), 2,
			"environment variable SCIIF_RUN_TEST_UNSET is unset or empty"},
		{"bad judge", append(slices.Clone(base), "--judge", "gpt-5.1"), 2, `--judge "gpt-5.1": want NAME=VALUE`},
		{"judge model of no judge", append(slices.Clone(base), "--judge", "a="+url, "--judge-model", "b=x"), 2, "--judge-model b: no --judge b=URL"},
		{"unsafe id", []string{"run", "--model", "m", "--base-url", url, "--out", "results/Acme Chat"}, 2, "is not a safe model id"},
		{"journal in the submission", append(slices.Clone(base), "--journal", "results/m/j.jsonl"), 2, "inside --out"},
		{"out in a benchmark", []string{"run", "--model", "m", "--base-url", url, "--out", "benchmarks/sciif/m", "--benchmark", "benchmarks/ifeval-demo", "--benchmark", "benchmarks/sciif", "--judge", "j=" + url}, 2, "is inside the benchmark folder"},
		{"bad date", append(slices.Clone(base), "--date", "2 Nov 2026"), 2, `--date "2 Nov 2026"`},
		{"unknown flag", append(slices.Clone(base), "--judges", "x"), 2, "sciif run: unknown flag: --judges"},
		{"no url", []string{"run", "--model", "m", "--out", "results/m"}, 2, "--base-url"},
	}
	for _, tt := range tests {
		code, out, errs := runIn(t, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tt.name, code, errs, tt.code, tt.want)
		}
		if strings.Contains(out+errs, runnertest.Key) {
			t.Errorf("%s: the key was printed", tt.name)
		}
	}
	if srv.Total() != 0 {
		t.Errorf("%d requests sent for refused flags", srv.Total())
	}
	if _, err := os.Stat(".sciif-run"); err == nil {
		t.Errorf("a journal was made for refused flags")
	}
}

func TestRunIFEvalAloneNeedsNoJudge(t *testing.T) {
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	code, out, errs := runIn(t, "run", "--benchmark", "benchmarks/ifeval-demo", "--model", "acme/chat-7b", "--base-url", srv.URL+"/v1",
		"--api-key-env", runKeyEnv, "--out", "results/acme-chat-7b", "--date", "2026-11-02")
	if code != 0 || srv.Total() != runTestPrompts {
		t.Fatalf("exit %d after %d requests\n%s%s", code, srv.Total(), out, errs)
	}
	runnertest.FillOrganization(t, filepath.Join("results", "acme-chat-7b"))
	if code, out, errs := runIn(t, "validate", "--benchmark", "benchmarks/ifeval-demo", "results/acme-chat-7b"); code != 0 {
		t.Fatalf("sciif validate: exit %d\n%s%s", code, out, errs)
	}
}

// A judge on another origin than the model's (scheme, host and port) gets
// the model's key only if told to: without --judge-key-env the run is
// refused before any request; with it, each endpoint gets its own key.
func TestRunJudgeOnAnotherOriginNeedsItsOwnKeyEnv(t *testing.T) {
	runRepo(t)
	srv := runnertest.NewServer(t, nil)
	other := runnertest.NewServer(t, nil) // 127.0.0.1, another port
	url, otherURL := srv.URL+"/v1", other.URL+"/v1"
	base := []string{"run", "--model", "acme/chat-7b", "--base-url", url, "--api-key-env", runKeyEnv,
		"--out", "results/acme-chat-7b", "--date", "2026-11-02", "--judge", "gpt-5.1=" + url}

	code, out, errs := runIn(t, append(slices.Clone(base), "--judge", "gemini-3-flash="+otherURL)...)
	if code != 2 || !strings.Contains(errs, "--judge gemini-3-flash") || !strings.Contains(errs, "--judge-key-env gemini-3-flash=VAR") {
		t.Errorf("judge on another port without --judge-key-env: exit %d, stderr %q; want 2 and a message asking for --judge-key-env gemini-3-flash=VAR", code, errs)
	}
	if strings.Contains(out+errs, runnertest.Key) {
		t.Errorf("the key was printed: %s%s", out, errs)
	}
	if srv.Total() != 0 || other.Total() != 0 {
		t.Errorf("%d and %d requests sent by a refused run", srv.Total(), other.Total())
	}

	// The same origin reuses the model's key (gpt-5.1 above); another
	// origin with its own variable runs.
	t.Setenv("SCIIF_RUN_TEST_JUDGE_KEY", runnertest.Key)
	code, out, errs = runIn(t, append(slices.Clone(base), "--judge", "gemini-3-flash="+otherURL, "--judge-key-env", "gemini-3-flash=SCIIF_RUN_TEST_JUDGE_KEY")...)
	if code != 0 || other.Total() == 0 {
		t.Fatalf("judge on another port with its own key: exit %d, %d requests to it\n%s%s", code, other.Total(), out, errs)
	}
}

func TestSameOrigin(t *testing.T) {
	tests := []struct {
		name, reason string
		a, b         string
		want         bool
	}{
		{"same", "identical base URLs", "https://api.example.org/v1", "https://api.example.org/v1", true},
		{"other path", "the path is not part of the origin", "https://api.example.org/v1", "https://api.example.org/openai/v1", true},
		{"default port", "https's port 443 spelled out", "https://api.example.org/v1", "https://API.example.org:443/v1", true},
		{"other scheme", "https and http are two origins: the key would go in clear", "https://api.example.org/v1", "http://api.example.org/v1", false},
		{"other port", "another port is another server", "http://127.0.0.1:8000/v1", "http://127.0.0.1:8001/v1", false},
		{"other host", "another host", "https://api.example.org/v1", "https://judge.example.org/v1", false},
		{"subdomain", "a subdomain is another host", "https://example.org/v1", "https://api.example.org/v1", false},
	}
	for _, tt := range tests {
		if got := sameOrigin(tt.a, tt.b); got != tt.want {
			t.Errorf("%s (%s): sameOrigin(%q, %q) = %v, want %v", tt.name, tt.reason, tt.a, tt.b, got, tt.want)
		}
	}
}
