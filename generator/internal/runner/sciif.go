package runner

// SciIF glue, until the SciIF benchmark kind owns it: the tasks of the
// protocol's two phases and the submission files built from their results.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/judge"
	"github.com/sciif/leaderboard/generator/internal/prompt"
)

// key joins the parts of a task key with "/", each part path-escaped so
// that a judge named "openai/gpt-5.1" cannot collide with another key.
func key(parts ...string) string {
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// SciIFAnswerKey is the task key of item id's answer.
func SciIFAnswerKey(id string) string { return key("sciif", "answer", id) }

// SciIFCorrectnessKey is the task key of a judge's correctness verdict on
// item id.
func SciIFCorrectnessKey(judgeName, id string) string {
	return key("sciif", "judge", judgeName, id, "correctness")
}

// SciIFConstraintKey is the task key of a judge's audit of constraint cid
// on item id.
func SciIFConstraintKey(judgeName, id, cid string) string {
	return key("sciif", "judge", judgeName, id, "constraint", cid)
}

// SciIFAnswerTasks returns the answer task of every item, in benchmark
// order, for the endpoint named model: prompt.Answer, unchanged.
func SciIFAnswerTasks(b *board.Benchmark, model string) []Task {
	tasks := make([]Task, len(b.Items))
	for i := range b.Items {
		it := &b.Items[i]
		tasks[i] = Task{Key: SciIFAnswerKey(it.ID), Endpoint: model, Prompt: prompt.Answer(it, &b.Catalog)}
	}
	return tasks
}

// SciIFJudgeTasks returns, for every item with an answer in answers and
// every judge (an endpoint name, which is also the judge's name in
// responses.jsonl), the correctness task and one audit task per enabled
// constraint. The audit uses the Strict prompt: SUBMITTING.md has judges
// answer only the Strict audits, and the Loose verdict is computed from
// their MAIN points, so responses.jsonl holds one audit per constraint.
// The answer replaces the prompt's AnswerPlaceholder verbatim. An output
// that the judge package cannot read completely is asked for once more.
func SciIFJudgeTasks(b *board.Benchmark, answers map[string]Result, judges []string) []Task {
	var tasks []Task
	for i := range b.Items {
		it := &b.Items[i]
		ans, ok := answers[SciIFAnswerKey(it.ID)]
		if !ok {
			continue
		}
		for _, j := range judges {
			tasks = append(tasks, Task{
				Key: SciIFCorrectnessKey(j, it.ID), Endpoint: j,
				Prompt: withAnswer(prompt.Correctness(it), ans.Content),
				Valid:  validCorrectness,
			})
			for _, cid := range it.Constraints {
				c, ok := b.Catalog.Lookup(cid)
				if !ok {
					continue // ingest.Benchmark refuses such items
				}
				n := len(c.Points)
				tasks = append(tasks, Task{
					Key: SciIFConstraintKey(j, it.ID, cid), Endpoint: j,
					Prompt: withAnswer(prompt.Judge(it, c, board.Strict), ans.Content),
					Valid:  func(out string) bool { return len(judge.Points(out, n).Problems) == 0 },
				})
			}
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

// SciIFRecords returns the responses.jsonl records of the items answered in
// answers, in benchmark order, with the judge outputs found in verdicts
// under each judge's name. A missing judge output is left empty (it counts
// as NO when scored); callers that want a complete submission write
// nothing unless both phases finished without error.
func SciIFRecords(b *board.Benchmark, answers, verdicts map[string]Result, judges []string) []board.Record {
	var recs []board.Record
	for i := range b.Items {
		it := &b.Items[i]
		ans, ok := answers[SciIFAnswerKey(it.ID)]
		if !ok {
			continue
		}
		rec := board.Record{ID: it.ID, Response: ans.Content, Judges: map[string]board.JudgeOutput{}}
		for _, j := range judges {
			out := board.JudgeOutput{Constraints: map[string]string{}}
			out.Correctness = verdicts[SciIFCorrectnessKey(j, it.ID)].Content
			for _, cid := range it.Constraints {
				if v, ok := verdicts[SciIFConstraintKey(j, it.ID, cid)]; ok {
					out.Constraints[cid] = v.Content
				}
			}
			rec.Judges[j] = out
		}
		recs = append(recs, rec)
	}
	return recs
}

// Decoding describes ep's decoding settings for metadata.yaml.
func Decoding(ep Endpoint) string {
	ep = ep.withDefaults()
	return fmt.Sprintf("temperature %s, max tokens %d, no tools", strconv.FormatFloat(ep.Temperature, 'g', -1, 64), ep.MaxTokens)
}

// yamlString quotes s for YAML: a JSON string is a valid YAML
// double-quoted scalar.
func yamlString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// SciIFMetadata returns the metadata.yaml skeleton of a run: the template
// of `sciif new` with the name (the model asked), the judges and the
// decoding settings filled in, and the organization and date left as
// placeholders for the submitter, which `sciif validate` refuses until they
// are replaced. id is the submission's folder name.
func SciIFMetadata(id string, model Endpoint, judges []Endpoint) []byte {
	if !ingest.SafeSlug(id) {
		id = "<model-id>"
	}
	names := make([]string, len(judges))
	var notes []string
	for i, j := range judges {
		names[i] = yamlString(j.Name)
		notes = append(notes, fmt.Sprintf("%s (model %s, %s)", j.Name, j.Model, Decoding(j)))
	}
	note := "Responses and judge outputs generated with sciif run. Judges: " + strings.Join(notes, "; ") + "."
	return fmt.Appendf(nil, `# Submission metadata for the SciIF leaderboard, written by sciif run.
# Replace every <…>; remove the optional fields you do not use. Check with:
#   sciif validate results/%[1]s

# Required.
name: %[2]s
organization: "<who trained the model>"
open_weights: false          # true if the weights are downloadable
date: YYYY-MM-DD             # when the responses were generated
judges: [%[3]s]   # the judge models, as named in responses.jsonl

# Optional.
# link: https://example.org/model-card   # http or https only
# params: 7B
decoding: %[4]s
notes: %[5]s

# Optional: the rates you measured yourself, as fractions in [0, 1]
# (0.296 for 29.6 %%). They are never shown; validate compares them with
# the rescored rates and fails if one differs by more than 0.0005.
# claimed:
#   strict: {correct: 0.0, compliant: 0.0, multi: 0.0, single: 0.0}
#   loose:  {correct: 0.0, compliant: 0.0}
`, id, yamlString(model.Model), strings.Join(names, ", "), yamlString(Decoding(model)), yamlString(note))
}

// SciIFRun is one run of the SciIF protocol.
type SciIFRun struct {
	Bench  *board.Benchmark
	Model  Endpoint
	Judges []Endpoint
	// Journal is the journal file; keep it outside Out, which may hold
	// only the submission's files.
	Journal string
	// Out is the submission folder, results/<model-id>; it is created if
	// need be.
	Out string
}

// SciIF runs the protocol: the answers, then every judge on them; then, if
// every task is done, it writes Out/responses.jsonl (replacing it) and
// Out/metadata.yaml (only if there is none, so the submitter's edits stay).
// On an error nothing is written and running again resumes. Judges run on
// the answers there are even when some answers failed, so that the next
// run has less to do.
func (r *Runner) SciIF(ctx context.Context, s SciIFRun, progress io.Writer) (Totals, error) {
	judgeNames := make([]string, len(s.Judges))
	for i, j := range s.Judges {
		judgeNames[i] = j.Name
	}
	if len(s.Judges) == 0 {
		return Totals{}, errors.New("runner: sciif: no judges")
	}
	phase := *r
	phase.Label = "answers"
	answers, totals, err := phase.Run(ctx, SciIFAnswerTasks(s.Bench, s.Model.Name), []Endpoint{s.Model}, s.Journal, progress)
	var failed *FailedError
	if err != nil && !errors.As(err, &failed) {
		return totals, err
	}
	answerErr := err
	phase.Label = "judges"
	verdicts, jt, err := phase.Run(ctx, SciIFJudgeTasks(s.Bench, answers, judgeNames), s.Judges, s.Journal, progress)
	totals = totals.Add(jt)
	if err != nil || answerErr != nil {
		return totals, errors.Join(answerErr, err)
	}
	data, err := JSONL(records(SciIFRecords(s.Bench, answers, verdicts, judgeNames)))
	if err != nil {
		return totals, err
	}
	if err := os.MkdirAll(s.Out, 0o755); err != nil {
		return totals, err
	}
	if err := WriteFile(filepath.Join(s.Out, "responses.jsonl"), data); err != nil {
		return totals, err
	}
	if _, err := WriteNew(filepath.Join(s.Out, "metadata.yaml"), SciIFMetadata(filepath.Base(filepath.Clean(s.Out)), s.Model, s.Judges)); err != nil {
		return totals, err
	}
	return totals, nil
}

func records(rs []board.Record) []any {
	out := make([]any, len(rs))
	for i := range rs {
		out[i] = &rs[i]
	}
	return out
}
