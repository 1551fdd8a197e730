package kind

import (
	"net/url"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/chat"
)

// A Task is one conversation that `sciif run` sends: to the model under
// test, or to every judge.
type Task struct {
	// Key names the task within its benchmark and phase, stably across
	// runs: a rerun skips the tasks whose key (and conversation) its
	// journal holds. Build it with Key.
	Key string
	// Messages is the conversation sent, in order, as written; its last
	// message is the user turn the answer is to (chat.Check).
	Messages []chat.Message
	// Prompt is the shorthand of a conversation of one user message, sent
	// as written when Messages is empty.
	Prompt string
	// Valid, if set, checks an answer's format. An answer it refuses is
	// asked for once more with the same prompt; the second answer is kept
	// whatever it is, for validate to report.
	Valid func(answer string) bool
}

// Conversation is what t sends: its Messages, or its Prompt as the one
// user message.
func (t Task) Conversation() []chat.Message {
	if len(t.Messages) > 0 {
		return t.Messages
	}
	return chat.Prompt(t.Prompt)
}

// Answers are what a run got back, by task key. A task that got no answer
// (it failed, or the run was stopped) is absent.
type Answers struct {
	// Model holds the answers of the model under test.
	Model map[string]string
	// Judges names the judges, in the order the run was given them, as the
	// submission file names them.
	Judges []string
	// Verdicts holds each judge's answers to the judge tasks, by judge
	// name, then task key.
	Verdicts map[string]map[string]string
}

// A Runnable is a Benchmark that `sciif run` can answer: the model answers
// its answer tasks, then every judge answers its judge tasks about those
// answers, then the benchmark turns both into its submission file.
// `sciif run` finds it by a type assertion on the opened Benchmark and never
// names a kind; a kind without it is skipped.
//
// Keys need be unique only within a benchmark and phase: the driver adds
// the benchmark's name, the phase and, for judge tasks, the judge's name.
// What the methods return must depend only on the benchmark and the
// answers given, never on time or map order, so that a resumed run writes
// the same bytes as an uninterrupted one.
type Runnable interface {
	Benchmark
	// Judged reports whether the benchmark's submission file carries judge
	// outputs: a run of it then needs at least one judge.
	Judged() bool
	// AnswerTasks lists what the model under test is asked, with the
	// benchmark's exact answer-generation prompts, in benchmark order.
	AnswerTasks() []Task
	// JudgeTasks lists what every judge is asked about the model's answers
	// (by answer task key; the items without an answer are left out), with
	// the benchmark's exact judge prompts. Nil when not Judged.
	JudgeTasks(answers map[string]string) []Task
	// Submission is the content of the benchmark's submission file,
	// Spec().File, in benchmark order. The driver calls it once every task
	// is answered (or, if the user asks for a partial submission, with what
	// there is: the items without an answer are left out, a missing
	// verdict is left empty).
	Submission(a Answers) ([]byte, error)
}

// Key joins the parts of a task key with "/", each part path-escaped, so
// that an item id or a judge name holding "/" cannot make two keys equal.
func Key(parts ...string) string {
	esc := make([]string, len(parts))
	for i, p := range parts {
		esc[i] = url.PathEscape(p)
	}
	return strings.Join(esc, "/")
}
