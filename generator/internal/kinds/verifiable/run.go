package verifiable

// What `sciif run` asks of an instruction benchmark (kind.Runnable): one
// answer per prompt of the input file (the whole conversation on a
// multi-turn benchmark), no judges, and the submission file of
// {"prompt", "response"} lines ({"key", "response"} when multi-turn).

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

var _ kind.Runnable = (*benchmark)(nil)

// AnswerKey is the key of the answer task of the prompt with the given key.
func AnswerKey(promptKey int64) string { return kind.Key(strconv.FormatInt(promptKey, 10)) }

// Judged is false: programs check the instructions.
func (b *benchmark) Judged() bool { return false }

// AnswerTasks is one task per prompt, in input order; the prompt is sent as
// written.
func (b *benchmark) AnswerTasks() []kind.Task {
	tasks := make([]kind.Task, len(b.ib.Prompts))
	for i, p := range b.ib.Prompts {
		tasks[i] = kind.Task{Key: AnswerKey(p.Key), Prompt: p.Prompt}
		if b.multi() {
			tasks[i] = kind.Task{Key: AnswerKey(p.Key), Messages: b.convs[i]}
		}
	}
	return tasks
}

// JudgeTasks is nil: no judges.
func (b *benchmark) JudgeTasks(map[string]string) []kind.Task { return nil }

// Line is one line of an instruction benchmark's submission file.
type Line struct {
	Prompt   string `json:"prompt"`
	Response string `json:"response"`
}

// Submission is one line per answered prompt, in input order, with <, >
// and & written as themselves.
func (b *benchmark) Submission(a kind.Answers) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, p := range b.ib.Prompts {
		ans, ok := a.Model[AnswerKey(p.Key)]
		if !ok {
			continue
		}
		var line any = Line{Prompt: p.Prompt, Response: ans}
		if b.multi() {
			key := p.Key
			line = TurnLine{Key: &key, Response: ans}
		}
		if err := enc.Encode(line); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}
