package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// Plan is one `sciif run`: a model and its judges on some benchmarks, into
// one submission folder.
type Plan struct {
	// Benchmarks are the benchmarks to answer, in the order their files
	// are written.
	Benchmarks []kind.Runnable
	// Model is the model under test.
	Model Endpoint
	// Judges are asked the judge tasks of the Judged benchmarks, each
	// under its endpoint Name, which is also its name in the submission
	// files and metadata.yaml. A Judged benchmark needs at least one.
	Judges []Endpoint
	// Journal is the journal file; keep it outside Out, which may hold
	// only the submission's files.
	Journal string
	// Out is the submission folder, results/<model-id>; it is created if
	// need be.
	Out string
	// Date is what metadata.yaml says of when the answers were made,
	// YYYY-MM-DD.
	Date string
	// Partial writes the files even when some tasks failed after their
	// retries: the items without an answer are left out, a missing
	// verdict left empty, and validate reports them.
	Partial bool
}

// Outcome is what Execute did.
type Outcome struct {
	Totals Totals
	// Wrote lists the files written; Kept the metadata.yaml left as it was
	// (the submitter may have edited it).
	Wrote, Kept []string
}

// The phases of a run, as the journal keys and the progress line name
// them.
const (
	answerPhase = "answer"
	judgePhase  = "judge"
)

// Execute runs p: every benchmark's answer tasks on the model, then every
// Judged benchmark's judge tasks on every judge (about the answers there
// are, even when some failed, so that the next run has less to do); then,
// if every task is done (or p.Partial), it writes each benchmark's file
// into p.Out (replacing it) and metadata.yaml (only if there is none, so
// the submitter's edits stay).
//
// A task's journal key is the benchmark's name, the phase, the judge's
// name for judge tasks, and the kind's key, so that one journal serves
// every benchmark and judge of a model. On an error nothing is written
// (unless p.Partial and the error is a *FailedError) and running again
// resumes; the Outcome's Totals are valid in every case.
func (r *Runner) Execute(ctx context.Context, p Plan, progress io.Writer) (Outcome, error) {
	var out Outcome
	if err := p.check(); err != nil {
		return out, fmt.Errorf("runner: %w", err)
	}
	// Answers and judge outputs are bounded at the source by what a
	// submission may hold.
	p.Model.MaxAnswer = ingest.MaxResponse
	p.Judges = slices.Clone(p.Judges)
	for i := range p.Judges {
		p.Judges[i].MaxAnswer = ingest.MaxJudgeOutput
	}
	judged := false
	var tasks []Task
	for _, b := range p.Benchmarks {
		judged = judged || b.Judged()
		for _, t := range b.AnswerTasks() {
			tasks = append(tasks, Task{Key: taskKey(b, answerPhase, "", t.Key), Endpoint: p.Model.Name, Prompt: t.Prompt, Valid: t.Valid})
		}
	}
	phase := *r
	phase.Label = "answers"
	results, totals, answerErr := phase.Run(ctx, tasks, []Endpoint{p.Model}, p.Journal, progress)
	out.Totals = totals
	var failed *FailedError
	if answerErr != nil && !errors.As(answerErr, &failed) {
		return out, answerErr
	}

	a := make([]kind.Answers, len(p.Benchmarks))
	tasks = nil
	for i, b := range p.Benchmarks {
		a[i] = kind.Answers{Model: phaseResults(results, b, answerPhase, ""), Verdicts: map[string]map[string]string{}}
		if !b.Judged() {
			continue
		}
		jt := b.JudgeTasks(a[i].Model)
		for _, j := range p.Judges {
			a[i].Judges = append(a[i].Judges, j.Name)
			for _, t := range jt {
				tasks = append(tasks, Task{Key: taskKey(b, judgePhase, j.Name, t.Key), Endpoint: j.Name, Prompt: t.Prompt, Valid: t.Valid})
			}
		}
	}
	var judgeErr error
	if len(tasks) > 0 {
		phase.Label = "judges"
		var jt Totals
		results, jt, judgeErr = phase.Run(ctx, tasks, p.Judges, p.Journal, progress)
		out.Totals = out.Totals.Add(jt)
		for i, b := range p.Benchmarks {
			for _, j := range a[i].Judges {
				a[i].Verdicts[j] = phaseResults(results, b, judgePhase, j)
			}
		}
	}
	err := errors.Join(answerErr, judgeErr)
	if err != nil && (!p.Partial || !onlyFailures(answerErr, judgeErr)) {
		return out, err
	}
	// With p.Partial the files are written, and the run still reports
	// what failed.
	if werr := write(p, a, judged, &out); werr != nil {
		return out, errors.Join(err, werr)
	}
	return out, err
}

// onlyFailures reports whether every non-nil error is a *FailedError: tasks
// failed, but the run was neither stopped nor interrupted.
func onlyFailures(errs ...error) bool {
	for _, err := range errs {
		var failed *FailedError
		if err != nil && !errors.As(err, &failed) {
			return false
		}
	}
	return true
}

// write writes the benchmarks' files and metadata.yaml into p.Out.
func write(p Plan, a []kind.Answers, judged bool, out *Outcome) error {
	if err := os.MkdirAll(p.Out, 0o755); err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	for i, b := range p.Benchmarks {
		data, err := b.Submission(a[i])
		if err != nil {
			return fmt.Errorf("runner: %s: %w", b.Spec().Name, err)
		}
		path := filepath.Join(p.Out, b.Spec().File)
		if err := WriteFile(path, data); err != nil {
			return fmt.Errorf("runner: %w", err)
		}
		out.Wrote = append(out.Wrote, path)
	}
	var judges []Endpoint
	if judged {
		judges = p.Judges
	}
	path := filepath.Join(p.Out, "metadata.yaml")
	wrote, err := WriteNew(path, Metadata(filepath.Base(filepath.Clean(p.Out)), p.Model, judges, p.Date))
	if err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	if wrote {
		out.Wrote = append(out.Wrote, path)
	} else {
		out.Kept = append(out.Kept, path)
	}
	return nil
}

// check reports what makes p unusable, before any request.
func (p Plan) check() error {
	if len(p.Benchmarks) == 0 {
		return errors.New("no benchmark to run")
	}
	names := map[string]bool{p.Model.Name: true}
	for _, j := range p.Judges {
		if names[j.Name] {
			return fmt.Errorf("endpoint name %q given twice (the model's or another judge's)", j.Name)
		}
		names[j.Name] = true
	}
	files := map[string]bool{"metadata.yaml": true}
	for _, b := range p.Benchmarks {
		s := b.Spec()
		if b.Judged() && len(p.Judges) == 0 {
			return fmt.Errorf("%s needs judges, and none were given", s.Name)
		}
		if files[s.File] {
			return fmt.Errorf("%s: submission file %s written twice", s.Name, s.File)
		}
		files[s.File] = true
	}
	if p.Out == "" {
		return errors.New("no submission folder")
	}
	if inside(p.Journal, p.Out) {
		return fmt.Errorf("journal %s is inside the submission folder %s, which may hold only the submission's files", p.Journal, p.Out)
	}
	return nil
}

// inside reports whether path is in dir (or is dir).
func inside(path, dir string) bool {
	a, err1 := filepath.Abs(path)
	d, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, a)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// taskPrefix is what a benchmark's task keys of a phase (and judge) start
// with in the journal.
func taskPrefix(b kind.Runnable, phase, judgeName string) string {
	if judgeName == "" {
		return kind.Key(b.Spec().Name, phase) + "/"
	}
	return kind.Key(b.Spec().Name, phase, judgeName) + "/"
}

func taskKey(b kind.Runnable, phase, judgeName, key string) string {
	return taskPrefix(b, phase, judgeName) + key
}

// phaseResults are the contents of results under b's keys of a phase (and
// judge), by the kind's keys.
func phaseResults(results map[string]Result, b kind.Runnable, phase, judgeName string) map[string]string {
	prefix := taskPrefix(b, phase, judgeName)
	out := map[string]string{}
	for k, res := range results {
		if rest, ok := strings.CutPrefix(k, prefix); ok {
			out[rest] = res.Content
		}
	}
	return out
}
