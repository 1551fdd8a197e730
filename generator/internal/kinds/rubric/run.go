package rubric

// The prompts of a rubric benchmark (sciif prompts) and what `sciif run`
// asks of it (kind.Runnable): the task's prompt as written, then one judge
// prompt per task and judge listing every criterion and the exact output
// format, and the submission file built from their answers.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

var _ kind.Runnable = (*benchmark)(nil)

// AnswerPlaceholder stands for the model's response in a judge prompt of
// `sciif prompts`.
const AnswerPlaceholder = "{{MODEL_ANSWER}}"

// JudgePrompt is the judge prompt of task t about response.
func JudgePrompt(t *Task, response string) string {
	if len(t.Criteria) > 0 && t.Criteria[0].Points != nil {
		return pointsJudgePrompt(t, response)
	}
	var b strings.Builder
	b.WriteString("You are grading a response against a rubric written by an expert. Judge each criterion on its own, strictly, from the response alone.\n\n")
	b.WriteString("Criteria come in three categories:\n")
	b.WriteString("- primary: a requirement the user expects to be met. YES when the response meets it.\n")
	b.WriteString("- extra: a bonus the user did not ask for. YES when the response includes it.\n")
	b.WriteString("- dodged: a likely misconception the response must avoid. YES when the response AVOIDS it (does not make the mistake); NO when it makes it.\n\n")
	fmt.Fprintf(&b, "Task given to the model:\n<<<\n%s\n>>>\n\n", strings.TrimSpace(t.Prompt))
	fmt.Fprintf(&b, "Response to grade:\n<<<\n%s\n>>>\n\n", response)
	b.WriteString("Criteria:\n")
	for _, c := range t.Criteria {
		fmt.Fprintf(&b, "%s [%s]: %s\n", c.ID, c.Category, strings.TrimSpace(c.Text))
	}
	b.WriteString("\nOutput format: exactly one line per criterion, in the order above, and nothing else:\n")
	b.WriteString("<criterion id>: YES|NO <brief reason>\n")
	fmt.Fprintf(&b, "for example\n%s: YES the response does what the criterion asks\n", t.Criteria[0].ID)
	b.WriteString("Write YES or NO in capitals right after the colon. A criterion you do not answer, answer twice differently, or answer with anything but YES or NO counts as NO.\n")
	return b.String()
}

// pointsJudgePrompt is the judge prompt of a point-weighted task: the
// whole conversation, the response to its last turn, and every criterion
// with its points.
func pointsJudgePrompt(t *Task, response string) string {
	var b strings.Builder
	b.WriteString("You are grading the final response to a conversation against a rubric written by an expert. Judge each criterion on its own, strictly, from the conversation and the response alone.\n\n")
	b.WriteString("Each criterion describes something a response may do, with its points: positive for what a good response does, negative for a fault. Answer YES when the response does what the criterion describes, NO when it does not. For a criterion with negative points too, YES means the response HAS the fault.\n\n")
	fmt.Fprintf(&b, "Conversation given to the model (it answers the last user turn):\n<<<\n%s\n>>>\n\n", chat.Transcript(t.Conversation()))
	fmt.Fprintf(&b, "Response to grade:\n<<<\n%s\n>>>\n\n", response)
	b.WriteString("Criteria:\n")
	for _, c := range t.Criteria {
		fmt.Fprintf(&b, "%s [%+d points]: %s\n", c.ID, *c.Points, strings.TrimSpace(c.Text))
	}
	b.WriteString("\nOutput format: exactly one line per criterion, in the order above, and nothing else:\n")
	b.WriteString("<criterion id>: YES|NO <brief reason>\n")
	fmt.Fprintf(&b, "for example\n%s: YES the response does what the criterion describes\n", t.Criteria[0].ID)
	b.WriteString("Write YES or NO in capitals right after the colon. A criterion you do not answer, answer twice differently, or answer with anything but YES or NO counts as NO.\n")
	return b.String()
}

// promptLine is one line of `sciif prompts` for a rubric benchmark: a
// task's answer prompt (its Prompt, or its conversation as Messages) or
// its judge prompt.
type promptLine struct {
	ID       string         `json:"id"`
	Kind     string         `json:"kind"` // "answer" or "judge"
	Prompt   string         `json:"prompt,omitempty"`
	Messages []chat.Message `json:"messages,omitempty"`
	Criteria []Criterion    `json:"criteria,omitempty"`
}

// Prompts writes, per task, its answer prompt (the task's prompt as
// written) and its judge prompt, the response left as AnswerPlaceholder.
func (b *benchmark) Prompts(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range b.tasks {
		t := &b.tasks[i]
		if err := enc.Encode(promptLine{ID: t.ID, Kind: "answer", Prompt: t.Prompt, Messages: t.Messages}); err != nil {
			return err
		}
		if err := enc.Encode(promptLine{ID: t.ID, Kind: "judge", Prompt: JudgePrompt(t, AnswerPlaceholder), Criteria: t.Criteria}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func (b *benchmark) Scaffold() string {
	return fmt.Sprintf(`one line per task of %[1]s (%[2]d tasks; `+"`sciif prompts --benchmark %[3]s`"+` lists them and their judge prompts), %[4]d judges:
     {"id": "<task id>", "response": "<the model's answer>",
      "judges": {"<judge>": "<raw output: one line '<criterion id>: YES|NO reason' per criterion>"}}`,
		b.spec.Title, len(b.tasks), b.spec.Dir, b.judges)
}

// AnswerKey is the key of task id's answer task.
func AnswerKey(id string) string { return kind.Key(id) }

// JudgeKey is the key of the judge task on task id.
func JudgeKey(id string) string { return kind.Key(id, "rubric") }

// Judged is true: the submission file carries the judges' raw outputs.
func (b *benchmark) Judged() bool { return true }

// AnswerTasks is one task per benchmark task: its prompt or its whole
// conversation, as written.
func (b *benchmark) AnswerTasks() []kind.Task {
	out := make([]kind.Task, len(b.tasks))
	for i := range b.tasks {
		out[i] = kind.Task{Key: AnswerKey(b.tasks[i].ID), Prompt: b.tasks[i].Prompt, Messages: b.tasks[i].Messages}
	}
	return out
}

// JudgeTasks is one judge prompt per answered task; an output that names
// none of the task's criteria with a verdict is asked for once more.
func (b *benchmark) JudgeTasks(answers map[string]string) []kind.Task {
	var out []kind.Task
	for i := range b.tasks {
		t := &b.tasks[i]
		ans, ok := answers[AnswerKey(t.ID)]
		if !ok {
			continue
		}
		ids := b.ids[i]
		out = append(out, kind.Task{Key: JudgeKey(t.ID), Prompt: JudgePrompt(t, ans), Valid: func(s string) bool {
			for _, a := range Parse(s, ids) {
				if a.Verdict == Yes || a.Verdict == No {
					return true
				}
			}
			return false
		}})
	}
	return out
}

// Submission is one record per answered task, in benchmark order, each
// with every judge's output ("" when a judge gave none).
func (b *benchmark) Submission(a kind.Answers) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for i := range b.tasks {
		t := &b.tasks[i]
		ans, ok := a.Model[AnswerKey(t.ID)]
		if !ok {
			continue
		}
		rec := struct {
			ID       string            `json:"id"`
			Response string            `json:"response"`
			Judges   map[string]string `json:"judges"`
		}{ID: t.ID, Response: ans, Judges: map[string]string{}}
		for _, j := range a.Judges {
			rec.Judges[j] = a.Verdicts[j][JudgeKey(t.ID)]
		}
		if err := enc.Encode(rec); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}
