package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/atomicfile"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
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
	// Version names the program in run.json ("sciif v1.2.0").
	Version string
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

// defaultPartSize is how many items Execute hands a benchmark at once:
// enough to keep every judge busy, few enough that their answers, judge
// prompts and file lines take little memory whatever the benchmark's size.
const defaultPartSize = 64

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
//
// Answers are bounded as a submission bounds them (ingest.MaxResponse for
// the model, ingest.MaxJudgeOutput for judges) and kept in the journal,
// not in memory: Execute hands a benchmark its answers a part of
// consecutive items at a time, for JudgeTasks and for Submission, and
// writes the file as the concatenation of the parts' Submissions. That is
// the file of the whole because each item's judge tasks and file lines
// depend on that item alone, as kind.Runnable's contract (items without an
// answer are left out) and the kinds' JSONL files have them.
func (r *Runner) Execute(ctx context.Context, p Plan, progress io.Writer) (Outcome, error) {
	var out Outcome
	if err := p.check(); err != nil {
		return out, fmt.Errorf("runner: %w", err)
	}
	p.Model.MaxAnswer = ingest.MaxResponse
	p.Judges = slices.Clone(p.Judges)
	for i := range p.Judges {
		p.Judges[i].MaxAnswer = ingest.MaxJudgeOutput
	}
	judged := false
	keys := make([][]string, len(p.Benchmarks)) // each benchmark's answer task keys, in order
	var tasks []Task
	for i, b := range p.Benchmarks {
		judged = judged || b.Judged()
		for _, t := range b.AnswerTasks() {
			keys[i] = append(keys[i], t.Key)
			tasks = append(tasks, Task{Key: taskKey(b, answerPhase, "", t.Key), Endpoint: p.Model.Name, Messages: t.Messages, Prompt: t.Prompt, Valid: t.Valid})
		}
	}
	phase := *r
	phase.Label = "answers"
	ab, err := phase.prepare(sliceSource(tasks), []Endpoint{p.Model})
	out.Totals = ab.totals
	if err != nil {
		return out, fmt.Errorf("runner: %w", err)
	}
	j, _, err := openJournal(p.Journal)
	if err != nil {
		return out, fmt.Errorf("runner: %w", err)
	}
	defer j.close()
	answered, totals, answerErr := ab.run(ctx, j, progress)
	out.Totals = totals
	tasks = nil // the prompts are the benchmarks' to keep
	var failed *FailedError
	if answerErr != nil && !errors.As(answerErr, &failed) {
		return out, answerErr
	}

	s := &store{j: j, size: r.partSize, answered: answered, keys: keys, judges: p.Judges}
	if s.size <= 0 {
		s.size = defaultPartSize
	}
	var judgeErr error
	if judged {
		phase.Label = "judges"
		jb, err := phase.prepare(s.judgeTasks(p.Benchmarks), p.Judges)
		if err != nil {
			return out, fmt.Errorf("runner: %w", err)
		}
		if jb.n > 0 {
			var jt Totals
			s.verdicts, jt, judgeErr = jb.run(ctx, j, progress)
			out.Totals = out.Totals.Add(jt)
		}
	}
	err = errors.Join(answerErr, judgeErr)
	if err != nil && (!p.Partial || !onlyFailures(answerErr, judgeErr)) {
		return out, err
	}
	// With p.Partial the files are written, and the run still reports
	// what failed.
	if werr := write(p, s, judged, &out); werr != nil {
		return out, errors.Join(err, werr)
	}
	return out, err
}

// store hands out a run's answers from the journal, a part of a
// benchmark's items at a time.
type store struct {
	j        *journal
	size     int
	answered map[string]entry // answer tasks done, by journal key
	verdicts map[string]entry // judge tasks done, by journal key
	keys     [][]string       // answer task keys, by benchmark
	judges   []Endpoint
}

// parts calls yield with the answers of benchmark i's items, size items
// at a time, in benchmark order, by the kind's keys; a part without
// answers is skipped.
func (s *store) parts(i int, b kind.Runnable, yield func(model map[string]string) (bool, error)) error {
	keys := s.keys[i]
	for start := 0; start < len(keys); start += s.size {
		model := map[string]string{}
		for _, k := range keys[start:min(start+s.size, len(keys))] {
			e, ok := s.answered[taskKey(b, answerPhase, "", k)]
			if !ok {
				continue
			}
			res, err := s.j.read(e)
			if err != nil {
				return err
			}
			model[k] = res.Content
		}
		if len(model) == 0 {
			continue
		}
		if more, err := yield(model); err != nil || !more {
			return err
		}
	}
	return nil
}

// judgeTasks is the source of every judge's tasks on the judged
// benchmarks, made a part at a time from the answers in the journal.
func (s *store) judgeTasks(benches []kind.Runnable) source {
	return func(yield func(Task) bool) error {
		for i, b := range benches {
			if !b.Judged() {
				continue
			}
			err := s.parts(i, b, func(model map[string]string) (bool, error) {
				jt := b.JudgeTasks(model)
				for _, jd := range s.judges {
					for _, t := range jt {
						if !yield(Task{Key: taskKey(b, judgePhase, jd.Name, t.Key), Endpoint: jd.Name, Messages: t.Messages, Prompt: t.Prompt, Valid: t.Valid}) {
							return false, nil
						}
					}
				}
				return true, nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	}
}

// submission writes benchmark i's file to w, a part at a time.
func (s *store) submission(w io.Writer, i int, b kind.Runnable) error {
	answers := func(model map[string]string) (kind.Answers, error) {
		a := kind.Answers{Model: model, Verdicts: map[string]map[string]string{}}
		if !b.Judged() {
			return a, nil
		}
		jt := b.JudgeTasks(model)
		for _, jd := range s.judges {
			a.Judges = append(a.Judges, jd.Name)
			v := map[string]string{}
			for _, t := range jt {
				if e, ok := s.verdicts[taskKey(b, judgePhase, jd.Name, t.Key)]; ok {
					res, err := s.j.read(e)
					if err != nil {
						return a, err
					}
					v[t.Key] = res.Content
				}
			}
			a.Verdicts[jd.Name] = v
		}
		return a, nil
	}
	put := func(model map[string]string) error {
		a, err := answers(model)
		if err != nil {
			return err
		}
		data, err := b.Submission(a)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}
	wrote := false
	err := s.parts(i, b, func(model map[string]string) (bool, error) {
		wrote = true
		return true, put(model)
	})
	if err != nil || wrote {
		return err
	}
	// No answer at all: the file is what the benchmark makes of none.
	return put(map[string]string{})
}

// record is what run.json says of benchmark i, whose file's sha256 is
// digest: its prompts, and the requests and tokens of the answers (and
// judge outputs) in the file, summed from their journal lines, so that a
// resumed run records what an uninterrupted one would.
func (s *store) record(i int, b kind.Runnable, digest string) board.RunBenchmark {
	tasks := b.AnswerTasks()
	rb := board.RunBenchmark{Name: b.Spec().Name, File: b.Spec().File, Prompts: len(tasks),
		PromptsSHA256: runrecord.PromptsDigest(tasks), FileSHA256: digest}
	add := func(u *board.Usage, res Result) {
		u.Requests += res.Requests
		u.PromptTokens += res.PromptTokens
		u.CompletionTokens += res.CompletionTokens
	}
	for _, k := range s.keys[i] {
		if e, ok := s.answered[taskKey(b, answerPhase, "", k)]; ok {
			add(&rb.Answers, e.res)
		}
	}
	if b.Judged() {
		rb.Judging = &board.Usage{}
		prefix := kind.Key(b.Spec().Name, judgePhase) + "/"
		for k, e := range s.verdicts {
			if strings.HasPrefix(k, prefix) {
				add(rb.Judging, e.res)
			}
		}
	}
	return rb
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
func write(p Plan, s *store, judged bool, out *Outcome) error {
	if err := os.MkdirAll(p.Out, 0o755); err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	var judges []Endpoint
	if judged {
		judges = p.Judges
	}
	rec := board.RunRecord{Generator: runrecord.Generator, Version: p.Version, Model: p.Model.Model}
	for _, j := range judges {
		rec.Judges = append(rec.Judges, board.RunJudge{Name: j.Name, Model: j.Model})
	}
	for i, b := range p.Benchmarks {
		path := filepath.Join(p.Out, b.Spec().File)
		h := sha256.New()
		err := atomicfile.Write(path, func(w io.Writer) error {
			h.Reset()
			return s.submission(io.MultiWriter(w, h), i, b)
		})
		if err != nil {
			return fmt.Errorf("runner: %s: %w", b.Spec().Name, err)
		}
		out.Wrote = append(out.Wrote, path)
		rec.Benchmarks = append(rec.Benchmarks, s.record(i, b, hex.EncodeToString(h.Sum(nil))))
	}
	data, err := runrecord.Encode(rec)
	if err == nil {
		err = atomicfile.WriteFile(filepath.Join(p.Out, board.RunFile), data)
	}
	if err != nil {
		return fmt.Errorf("runner: %s: %w", board.RunFile, err)
	}
	out.Wrote = append(out.Wrote, filepath.Join(p.Out, board.RunFile))
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
