package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// TestExecuteWritesRunRecord: run.json names the program, the model and
// the judges, digests each benchmark's prompts and the file written, and
// sums the usage the server reported for the answers and the judge
// outputs in that file; a rerun that asks nothing writes the same bytes,
// its counts taken from the journal.
func TestExecuteWritesRunRecord(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	dir := t.TempDir()
	alpha, beta := &fakeBench{name: "alpha", n: 3, judged: true}, &fakeBench{name: "beta", n: 2}
	p := plan(srv, dir, alpha, beta)
	p.Version = "sciif v9.9.9"
	r := Runner{Options: Options{Clock: clock}}
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(p.Out, "run.json")
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, probs := runrecord.Decode(path, first)
	if len(probs) > 0 {
		t.Fatalf("run.json as written has problems: %v", probs)
	}

	// The fake server reports len(prompt)/4 prompt tokens and
	// len(answer)/4 completion tokens for each request.
	usage := func(model string, prompts ...string) board.Usage {
		var u board.Usage
		for _, q := range prompts {
			u.Requests++
			u.PromptTokens += int64(len(q) / 4)
			u.CompletionTokens += int64(len(fakeAnswer(model, q)) / 4)
		}
		return u
	}
	fileDigest := func(name string) string {
		data, err := os.ReadFile(filepath.Join(p.Out, name))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(data)
		return hex.EncodeToString(h[:])
	}
	var alphaQ, judgeQ []string
	for i := range 3 {
		q := fmt.Sprintf("alpha: answer %d", i)
		alphaQ = append(alphaQ, q)
		judgeQ = append(judgeQ, "judge this: "+fakeAnswer("acme/chat-7b", q))
	}
	judging := usage("judge-1", judgeQ...)
	j2 := usage("judge-2", judgeQ...)
	judging.Requests += j2.Requests
	judging.PromptTokens += j2.PromptTokens
	judging.CompletionTokens += j2.CompletionTokens
	want := board.RunRecord{
		Generator: "sciif run", Version: "sciif v9.9.9", Model: "acme/chat-7b",
		Judges: []board.RunJudge{{Name: "j1", Model: "judge-1"}, {Name: "org/j2", Model: "judge-2"}},
		Benchmarks: []board.RunBenchmark{
			{Name: "alpha", File: "alpha.jsonl", Prompts: 3, PromptsSHA256: runrecord.PromptsDigest(alpha.AnswerTasks()),
				FileSHA256: fileDigest("alpha.jsonl"), Answers: usage("acme/chat-7b", alphaQ...), Judging: &judging},
			{Name: "beta", File: "beta.jsonl", Prompts: 2, PromptsSHA256: runrecord.PromptsDigest(beta.AnswerTasks()),
				FileSHA256: fileDigest("beta.jsonl"), Answers: usage("acme/chat-7b", "beta: answer 0", "beta: answer 1")},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("run.json (-want +got):\n%s", diff)
	}
	if want.Benchmarks[0].Answers.PromptTokens == 0 || judging.CompletionTokens == 0 {
		t.Fatal("the fake server reported no tokens: the test proves nothing")
	}

	srv.Reset()
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(path)
	if srv.Total() != 0 || string(again) != string(first) {
		t.Errorf("a rerun asked %d requests and wrote run.json\n%s\nafter\n%s", srv.Total(), again, first)
	}
}
