package sciif

// What `sciif run` asks of a SciIF benchmark (kind.Runnable): the
// protocol's two phases and the responses.jsonl built from their answers.

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/prompt"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

var _ kind.Runnable = (*benchmark)(nil)

// AnswerKey is the key of item id's answer task.
func AnswerKey(id string) string { return kind.Key(id) }

// CorrectnessKey is the key of the correctness task on item id.
func CorrectnessKey(id string) string { return kind.Key(id, "correctness") }

// ConstraintKey is the key of the audit of constraint cid on item id.
func ConstraintKey(id, cid string) string { return kind.Key(id, "constraint", cid) }

// Judged is true: responses.jsonl carries the judges' raw outputs.
func (b *benchmark) Judged() bool { return true }

// AnswerTasks is one task per item: prompt.Answer, unchanged.
func (b *benchmark) AnswerTasks() []kind.Task {
	bench := b.bench
	tasks := make([]kind.Task, len(bench.Items))
	for i := range bench.Items {
		it := &bench.Items[i]
		tasks[i] = kind.Task{Key: AnswerKey(it.ID), Prompt: prompt.Answer(it, &bench.Catalog)}
	}
	return tasks
}

// JudgeTasks is, for every answered item, the correctness task and one
// audit per enabled constraint. The audit uses the Strict prompt:
// SUBMITTING.md has judges answer only the Strict audits, and the Loose
// verdict is computed from their MAIN points, so responses.jsonl holds one
// audit per constraint. The answer replaces the prompt's
// AnswerPlaceholder verbatim. An output that package judge cannot read
// completely is asked for once more.
func (b *benchmark) JudgeTasks(answers map[string]string) []kind.Task {
	bench := b.bench
	var tasks []kind.Task
	for i := range bench.Items {
		it := &bench.Items[i]
		ans, ok := answers[AnswerKey(it.ID)]
		if !ok {
			continue
		}
		tasks = append(tasks, kind.Task{
			Key:    CorrectnessKey(it.ID),
			Prompt: withAnswer(prompt.Correctness(it), ans),
			Valid:  validCorrectness,
		})
		for _, cid := range it.Constraints {
			c, ok := bench.Catalog.Lookup(cid)
			if !ok {
				continue // ingest.Benchmark refuses such items
			}
			n := len(c.Points)
			tasks = append(tasks, kind.Task{
				Key:    ConstraintKey(it.ID, cid),
				Prompt: withAnswer(prompt.Judge(it, c, board.Strict), ans),
				Valid:  func(out string) bool { return len(judge.Points(out, n).Problems) == 0 },
			})
		}
	}
	return tasks
}

// withAnswer puts answer in place of the placeholder. The last occurrence
// is the prompt's own: the item's texts come before it, so a question that
// quotes the placeholder stays as written, and so does an answer that does.
func withAnswer(template, answer string) string {
	i := strings.LastIndex(template, prompt.AnswerPlaceholder)
	if i < 0 {
		return template
	}
	return template[:i] + answer + template[i+len(prompt.AnswerPlaceholder):]
}

func validCorrectness(out string) bool { return len(judge.Correct(out).Problems) == 0 }

// records are the responses.jsonl records of the answered items, in
// benchmark order, with each judge's outputs. A missing judge output is
// left empty (it counts as NO when scored).
func (b *benchmark) records(a kind.Answers) []sciifdata.Record {
	bench := b.bench
	var recs []sciifdata.Record
	for i := range bench.Items {
		it := &bench.Items[i]
		ans, ok := a.Model[AnswerKey(it.ID)]
		if !ok {
			continue
		}
		rec := sciifdata.Record{ID: it.ID, Response: ans, Judges: map[string]sciifdata.JudgeOutput{}}
		for _, j := range a.Judges {
			v := a.Verdicts[j]
			out := sciifdata.JudgeOutput{Correctness: v[CorrectnessKey(it.ID)], Constraints: map[string]string{}}
			for _, cid := range it.Constraints {
				if s, ok := v[ConstraintKey(it.ID, cid)]; ok {
					out.Constraints[cid] = s
				}
			}
			rec.Judges[j] = out
		}
		recs = append(recs, rec)
	}
	return recs
}

// Submission is responses.jsonl: one record per answered item, in
// benchmark order, with <, > and & written as themselves.
func (b *benchmark) Submission(a kind.Answers) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, r := range b.records(a) {
		if err := enc.Encode(&r); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}
