package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
)

// conversationTasks are n three-turn conversations (user, assistant,
// user) that share their first turn, so that only the whole conversation
// tells them apart.
func conversationTasks(n int) []Task {
	tasks := make([]Task, n)
	for i := range tasks {
		tasks[i] = Task{Key: fmt.Sprintf("mt/%02d", i), Endpoint: "m", Messages: []chat.Message{
			{Role: chat.System, Content: "Be brief."},
			{Role: chat.User, Content: "Describe a water bottle."},
			{Role: chat.Assistant, Content: "It keeps drinks cold."},
			{Role: chat.User, Content: fmt.Sprintf("Now in at most %d words.", 10+i)},
		}}
	}
	return tasks
}

// A conversation is sent whole and in order, journaled by its whole
// conversation, and a resumed run never asks a finished one again.
func TestConversationSentWholeAndResumed(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	ep := srv.endpoint("m", "model-m")
	tasks := conversationTasks(6)
	journal := filepath.Join(t.TempDir(), "j.jsonl")
	// The first run gets answers to the first three conversations only:
	// the others are refused, as a server may refuse a request for good.
	finished := map[string]bool{}
	for _, tk := range tasks[:3] {
		finished[chat.Key(tk.Messages)] = true
	}
	srv.Fault = func(p string, n int) fault {
		if finished[p] {
			return answer
		}
		return badRequest
	}
	r := Runner{Options: Options{Clock: clock}}
	first, _, err := r.Run(context.Background(), tasks, []Endpoint{ep}, journal, nil)
	if err == nil {
		t.Fatal("the first run had three conversations refused and reports no error")
	}
	sent := srv.Conversations()
	for i, msgs := range sent {
		found := false
		for _, tk := range tasks {
			found = found || chat.Equal(tk.Messages, msgs)
		}
		if !found {
			t.Errorf("request %d sent %v, not one of the conversations whole and in order", i+1, msgs)
		}
	}
	if len(first) != 3 {
		t.Fatalf("the first run kept %d answers, want 3", len(first))
	}

	srv.Reset()
	srv.Fault = nil
	got, _, err := r.Run(context.Background(), tasks, []Endpoint{ep}, journal, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range tasks {
		res, ok := got[tk.Key]
		if !ok {
			t.Fatalf("no result for %s", tk.Key)
		}
		if want := runnertest.Reply("model-m", chat.Key(tk.Messages)); res.Content != want {
			t.Errorf("%s: answer %q, want %q", tk.Key, res.Content, want)
		}
		if res.PromptSHA256 != chat.Hash(tk.Messages) {
			t.Errorf("%s: journaled by %s, want the hash of the whole conversation", tk.Key, res.PromptSHA256)
		}
		_, before := first[tk.Key]
		if n := srv.RequestsOf("model-m", tk.Messages); before && n != 0 {
			t.Errorf("%s was finished before the resume and was asked %d more times", tk.Key, n)
		} else if !before && n != 1 {
			t.Errorf("%s was not finished and was asked %d times on resume, want 1", tk.Key, n)
		}
	}
	if diff := cmp.Diff(len(tasks)-len(first), srv.Total()); diff != "" {
		t.Errorf("requests on resume (-want +got):\n%s", diff)
	}
}

// A changed turn anywhere in the conversation (not only the last) is a new
// question: the journal's answer to the old conversation is not reused.
func TestConversationChangedTurnAskedAgain(t *testing.T) {
	clock := newFakeClock()
	srv := newFakeServer(t, clock)
	ep := srv.endpoint("m", "model-m")
	tasks := conversationTasks(2)
	journal := filepath.Join(t.TempDir(), "j.jsonl")
	r := Runner{Options: Options{Clock: clock}}
	if _, _, err := r.Run(context.Background(), tasks, []Endpoint{ep}, journal, nil); err != nil {
		t.Fatal(err)
	}
	changed := conversationTasks(2)
	changed[1].Messages[2].Content = "It keeps drinks hot."
	srv.Reset()
	if _, _, err := r.Run(context.Background(), changed, []Endpoint{ep}, journal, nil); err != nil {
		t.Fatal(err)
	}
	if srv.Total() != 1 || srv.RequestsOf("model-m", changed[1].Messages) != 1 {
		t.Errorf("after the assistant turn of one conversation changed: %d requests, want 1, of that conversation", srv.Total())
	}
}

// A single prompt is journaled by the hash of its text, as before
// conversations, so that older journals resume.
func TestPromptHashUnchanged(t *testing.T) {
	if got, want := chat.Hash(chat.Prompt("prompt m 00")), runnertest.HashOf("prompt m 00"); got != want {
		t.Errorf("hash of a single prompt %s, want %s (the text's)", got, want)
	}
}
