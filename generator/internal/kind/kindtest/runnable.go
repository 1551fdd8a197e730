package kindtest

import (
	"bytes"
	"fmt"
	"regexp"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// runnable checks a kind.Runnable: its answer tasks, and that the
// submission it writes from answers to all of them is accepted.
func (h *harness) runnable(t *testing.T) {
	rb, ok := h.bench.(kind.Runnable)
	if !ok {
		t.Skipf("%s benchmarks are no kind.Runnable", h.k.Name)
	}
	tasks := rb.AnswerTasks()
	if len(tasks) != h.bench.Size() {
		t.Errorf("AnswerTasks lists %d tasks, Size() is %d", len(tasks), h.bench.Size())
	}
	a := kind.Answers{Model: map[string]string{}}
	for i, tk := range tasks {
		switch {
		case tk.Key == "":
			t.Errorf("answer task %d has no key", i+1)
		default:
			if err := chat.Check(tk.Conversation()); err != nil {
				t.Errorf("answer task %q: %v", tk.Key, err)
			}
		}
		if _, dup := a.Model[tk.Key]; dup {
			t.Errorf("answer task key %q twice", tk.Key)
		}
		a.Model[tk.Key] = fmt.Sprintf("Kindtest answer %d.", i+1)
	}
	meta := h.meta
	if rb.Judged() {
		a.Judges = []string{"kindtest-judge-a", "kindtest-judge-b"}
		a.Verdicts = map[string]map[string]string{}
		jt := rb.JudgeTasks(a.Model)
		if len(jt) == 0 {
			t.Errorf("Judged, but JudgeTasks of answers to every task is empty")
		}
		keys := map[string]bool{}
		for _, j := range jt {
			if j.Key == "" || keys[j.Key] || chat.Check(j.Conversation()) != nil {
				t.Errorf("judge task %q: want a unique non-empty key and a conversation ending in a user turn", j.Key)
			}
			keys[j.Key] = true
		}
		for _, judge := range a.Judges {
			a.Verdicts[judge] = map[string]string{}
			for _, j := range jt {
				a.Verdicts[judge][j.Key] = "I cannot tell."
			}
		}
		meta = regexp.MustCompile(`(?m)^judges:.*\n`).ReplaceAll(meta, nil)
		meta = append(bytes.TrimRight(meta, "\n"), []byte("\njudges: [kindtest-judge-a, kindtest-judge-b]\n")...)
	} else if jt := rb.JudgeTasks(a.Model); len(jt) != 0 {
		t.Errorf("not Judged, but JudgeTasks lists %d tasks", len(jt))
	}
	data, err := rb.Submission(a)
	if err != nil {
		t.Fatalf("Submission of answers to every task: %v", err)
	}
	if again, err := rb.Submission(a); err != nil || !bytes.Equal(data, again) {
		t.Errorf("Submission is not deterministic: two calls differ (%v)", err)
	}
	meta = regexp.MustCompile(`(?m)^name:.*$`).ReplaceAll(meta, []byte("name: Kindtest run"))
	sub := h.writeSub(t, t.TempDir(), "kindtest-run", "", data, meta)
	_, probs := h.check(t, "the submission of a run", &sub)
	for _, p := range probs {
		if p.Fatal {
			t.Errorf("the submission written from answers to every task is refused: %s", p)
		}
	}
}
