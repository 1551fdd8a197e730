package verifiable_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifbench"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/runner"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// mtInput is a multi-turn input file: a system turn, a request, an
// assistant answer, the constraint turn. Both records share their first
// user turn, so only the whole conversation tells them apart.
const mtInput = `{"key": 1, "messages": [{"role": "system", "content": "Be helpful."}, {"role": "user", "content": "Describe Lisbon."}, {"role": "assistant", "content": "A hilly city by the Tagus."}, {"role": "user", "content": "Again, with exactly 2 numbers."}], "instruction_id_list": ["count:numbers"], "kwargs": [{"N": 2}]}
{"key": 2, "messages": [{"role": "user", "content": "Describe Lisbon."}, {"role": "assistant", "content": "A hilly city by the Tagus."}, {"role": "user", "content": "Again, in 5 to 60 words."}], "instruction_id_list": ["count:word_count_range"], "kwargs": [{"min_words": 5, "max_words": 60}], "prompt": "Describe Lisbon in 5 to 60 words.", "dataset": "ifbench"}
`

func openMT(t *testing.T, dir, input string) kind.Runnable {
	t.Helper()
	write(t, filepath.Join(dir, "benchmarks", "mt", "benchmark.yaml"), "kind: ifbench\ntitle: MT\nturns: multi\n")
	write(t, filepath.Join(dir, "benchmarks", "mt", "input_data.jsonl"), input)
	benches, err := kind.Open([]*kind.Kind{ifbench.Kind}, filepath.Join(dir, "benchmarks"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return benches[0].(kind.Runnable)
}

// A multi-turn run sends each conversation whole and in order, resumes
// without asking a finished conversation again, and writes a submission
// that validates and scores.
func TestMultiTurnRunSendsConversations(t *testing.T) {
	dir := t.TempDir()
	b := openMT(t, dir, mtInput)
	tasks := b.AnswerTasks()
	if len(tasks) != 2 || len(tasks[0].Messages) != 4 || len(tasks[1].Messages) != 3 {
		t.Fatalf("answer tasks %+v: want the two conversations", tasks)
	}
	clock := runnertest.NewClock()
	srv := runnertest.NewServer(t, clock)
	// The first run gets no answer to conversation 2 (a refused request).
	srv.Fault = func(p string, n int) runnertest.Fault {
		if strings.Contains(p, "5 to 60 words") {
			return runnertest.BadRequest
		}
		return runnertest.OK
	}
	out := filepath.Join(dir, "results", "acme-chat-7b")
	p := runner.Plan{Benchmarks: []kind.Runnable{b},
		Model:   runner.Endpoint{Name: "model", BaseURL: srv.URL + "/v1", Model: "acme/chat-7b", APIKey: runnertest.Key},
		Journal: filepath.Join(dir, ".sciif-run", "acme-chat-7b.jsonl"), Out: out, Date: "2026-11-02"}
	r := runner.Runner{Options: runner.Options{Clock: clock}}
	if _, err := r.Execute(context.Background(), p, nil); err == nil {
		t.Fatal("a run with a refused conversation reports no error")
	}
	first := srv.Conversations()
	if len(first) != 2 {
		t.Fatalf("first run sent %d requests, want one per conversation", len(first))
	}
	for _, got := range first {
		if !chat.Equal(got, tasks[0].Messages) && !chat.Equal(got, tasks[1].Messages) {
			t.Errorf("sent %v: not a conversation whole and in order", got)
		}
	}

	srv.Reset()
	srv.Fault = nil
	if _, err := r.Execute(context.Background(), p, nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]chat.Message{tasks[1].Messages}, srv.Conversations()); diff != "" {
		t.Errorf("resumed run asked (-want +got):\n%s", diff)
	}
	data, err := os.ReadFile(filepath.Join(out, "mt.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("{\"key\":1,\"response\":%q}\n{\"key\":2,\"response\":%q}\n",
		runnertest.Reply("acme/chat-7b", chat.Key(tasks[0].Messages)), runnertest.Reply("acme/chat-7b", chat.Key(tasks[1].Messages)))
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("mt.jsonl (-want +got):\n%s", diff)
	}

	runnertest.FillOrganization(t, out)
	subs, err := ingest.Submissions(filepath.Join(dir, "results"), []string{"mt.jsonl"})
	if err != nil || len(subs) != 1 {
		t.Fatalf("submissions %+v: %v", subs, err)
	}
	run, probs := b.Check(context.Background(), &subs[0], kind.Options{Policies: board.Policies})
	if len(probs) > 0 || run.Summary() != "2/2 prompts answered" {
		t.Fatalf("check: %s; %v", run.Summary(), probs)
	}
	bd, err := b.Rank([]kind.Run{run}, kind.Options{Policies: board.Policies})
	if err != nil {
		t.Fatal(err)
	}
	sc := bd.(*verifiable.Board).Scores()
	// The echo has no number and 6 words: count:numbers fails, the range passes.
	if got := sc.Models[0].Strict.Instruction; got.Pass != 1 || got.Total != 2 {
		t.Errorf("instruction-level Strict %d/%d, want 1/2", got.Pass, got.Total)
	}
}

// Submission records match a conversation by key or by the whole
// conversation, never by a turn of it.
func TestMultiTurnRecordsMatchKeyOrWholeConversation(t *testing.T) {
	dir := t.TempDir()
	b := openMT(t, dir, mtInput)
	conv2 := `[{"role": "user", "content": "Describe Lisbon."}, {"role": "assistant", "content": "A hilly city by the Tagus."}, {"role": "user", "content": "Again, in 5 to 60 words."}]`
	tests := []struct {
		name, reason, file string
		fatal              bool
	}{
		{"by key", "the key names the conversation", `{"key": 1, "response": "one 2 3"}` + "\n" + `{"key": 2, "response": "a b c d e f"}`, false},
		{"by conversation", "the whole conversation names it", `{"key": 1, "response": "x"}` + "\n" + `{"messages": ` + conv2 + `, "response": "a b c d e f"}`, false},
		{"key and conversation", "both, agreeing", `{"key": 2, "messages": ` + conv2 + `, "response": "a b c d e f"}`, false},
		{"first turn alone", "a first turn is shared by both conversations and names neither", `{"messages": [{"role": "user", "content": "Describe Lisbon."}], "response": "x"}`, true},
		{"last turn alone", "the prompt's text is no key of a conversation", `{"prompt": "Again, in 5 to 60 words.", "response": "x"}`, true},
		{"key and other conversation", "the key and the conversation disagree", `{"key": 1, "messages": ` + conv2 + `, "response": "x"}`, true},
		{"twice", "a second record of one conversation, by key then by messages", `{"key": 2, "response": "x"}` + "\n" + `{"messages": ` + conv2 + `, "response": "y"}`, true},
	}
	for i, tt := range tests {
		id := fmt.Sprintf("m%d", i)
		root := filepath.Join(dir, "results-"+id)
		write(t, filepath.Join(root, id, "metadata.yaml"), "name: M\norganization: Acme\ndate: 2026-11-02\nopen_weights: false\n")
		write(t, filepath.Join(root, id, "mt.jsonl"), tt.file+"\n")
		subs, err := ingest.Submissions(root, []string{"mt.jsonl"})
		if err != nil {
			t.Fatal(err)
		}
		k := slices.IndexFunc(subs, func(s board.Submission) bool { return s.ID == id })
		_, probs := b.Check(context.Background(), &subs[k], kind.Options{Policies: board.Policies})
		fatal := slices.ContainsFunc(probs, func(p board.Diagnostic) bool { return p.Fatal })
		if fatal != tt.fatal {
			t.Errorf("%s (%s): fatal %v, want %v: %v", tt.name, tt.reason, fatal, tt.fatal, probs)
		}
	}
}

// The single- vs multi-turn gap table is recomputed here from the two
// boards' per-instruction verdicts (their verdicts/<model>.csv downloads),
// independently of the kind's code.
func TestGapRecountedFromVerdicts(t *testing.T) {
	benches, err := kind.Open([]*kind.Kind{ifbench.Kind}, "../../../../benchmarks", []string{"../../../../benchmarks/ifbench-demo", "../../../../benchmarks/ifbench-mt-demo"})
	if err != nil {
		t.Fatal(err)
	}
	var st, mt kind.Benchmark
	for _, b := range benches {
		switch b.Spec().Name {
		case "ifbench-demo":
			st = b
		case "ifbench-mt-demo":
			mt = b
		}
	}
	// Every file of the demo submissions is known: the other benchmarks'
	// files are read past.
	res := demotest.Results(t, "../../../..", demotest.Rescored...)
	files, _ := filepath.Glob(filepath.Join(res, "*", "*.jsonl"))
	var known []string
	for _, f := range files {
		if !slices.Contains(known, filepath.Base(f)) {
			known = append(known, filepath.Base(f))
		}
	}
	subs, err := ingest.Submissions(res, known)
	if err != nil {
		t.Fatal(err)
	}
	opt := kind.Options{Policies: board.Policies}
	rank := func(b kind.Benchmark) *verifiable.Board {
		var runs []kind.Run
		for i := range subs {
			r, probs := b.Check(context.Background(), &subs[i], opt)
			if !slices.ContainsFunc(probs, func(p board.Diagnostic) bool { return p.Fatal }) {
				runs = append(runs, r)
			}
		}
		bd, err := b.Rank(runs, opt)
		if err != nil {
			t.Fatal(err)
		}
		return bd.(*verifiable.Board)
	}
	sb, mb := rank(st), rank(mt)
	gap := mb.Scores().Gap
	if gap == nil || gap.Single != "ifbench-demo" || len(gap.Models) != 5 {
		t.Fatalf("gap %+v: want the five demo models against ifbench-demo", gap)
	}
	for _, g := range gap.Models {
		single, multi := tally(t, sb, g.ID), tally(t, mb, g.ID)
		var want []instrdata.GapRow
		worse, better := 0, 0
		var w, bt []bool
		sum := 0.0
		for _, id := range sortedKeys(multi) {
			s, ok := single[id]
			if !ok {
				continue
			}
			m := multi[id]
			d := float64(m[0])/float64(m[1]) - float64(s[0])/float64(s[1])
			want = append(want, instrdata.GapRow{ID: id, SingleFollowed: s[0], SingleTotal: s[1], MultiFollowed: m[0], MultiTotal: m[1], Gap: d})
			sum += d
			w, bt = append(w, d < 0), append(bt, d > 0)
			if d < 0 {
				worse++
			} else if d > 0 {
				better++
			}
		}
		if diff := cmp.Diff(want, g.Instructions); diff != "" {
			t.Errorf("%s: per-instruction gap (-recount +board):\n%s", g.ID, diff)
		}
		if g.Worse != worse || g.Better != better || !near(g.MeanGap, sum/float64(len(want))) || !near(g.P, score.McNemar(w, bt)) {
			t.Errorf("%s: worse %d better %d mean %v p %v; recount %d %d %v %v", g.ID, g.Worse, g.Better, g.MeanGap, g.P, worse, better, sum/float64(len(want)), score.McNemar(w, bt))
		}
	}
	// The demo's known figure: Cirrus Pro follows count:numbers 2/2
	// multi-turn and 0/1 single-turn.
	for _, g := range gap.Models {
		if g.ID != "demo-cirrus-pro" {
			continue
		}
		i := slices.IndexFunc(g.Instructions, func(r instrdata.GapRow) bool { return r.ID == "count:numbers" })
		if i < 0 || g.Instructions[i].MultiFollowed != 2 || g.Instructions[i].SingleTotal != 1 || g.Instructions[i].SingleFollowed != 0 {
			t.Errorf("cirrus count:numbers: %+v", g.Instructions)
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

// tally reads a board's verdicts CSV of model id (what the site offers
// for download) into followed and total per instruction id, over the
// answered prompts, under Strict.
func tally(t *testing.T, bd *verifiable.Board, id string) map[string][2]int {
	t.Helper()
	var buf bytes.Buffer
	if err := bd.WriteVerdicts(&buf, id); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	out := map[string][2]int{}
	for _, r := range rows[1:] {
		if r[col["answered"]] != "true" {
			continue
		}
		c := out[r[col["instruction"]]]
		c[1]++
		if r[col["strict"]] == "true" {
			c[0]++
		}
		out[r[col["instruction"]]] = c
	}
	return out
}

func sortedKeys(m map[string][2]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// sciif prompts writes each conversation whole, as messages.
func TestMultiTurnPromptsWriteMessages(t *testing.T) {
	b := openMT(t, t.TempDir(), mtInput)
	var buf bytes.Buffer
	if err := b.Prompts(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2", len(lines))
	}
	var got struct {
		Key      int64          `json:"key"`
		Prompt   *string        `json:"prompt"`
		Messages []chat.Message `json:"messages"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatal(err)
	}
	if got.Prompt != nil || len(got.Messages) != 4 || got.Messages[0].Role != chat.System || got.Messages[3].Content != "Again, with exactly 2 numbers." {
		t.Errorf("prompts line %s: want the whole conversation as messages and no prompt", lines[0])
	}
}
