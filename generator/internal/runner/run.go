// Package runner is the engine of `sciif run`: it sends a benchmark's
// prompts to OpenAI-compatible chat-completions endpoints (the model under
// test, then its judges) and keeps every answer in an append-only journal,
// so that a long paid run survives crashes, rate limits and Ctrl-C.
//
// It is not a pipeline stage and names no benchmark kind. Execute runs a
// Plan: it asks each benchmark, through the kind.Runnable seam, for its
// answer tasks, runs them on the model, asks the judged benchmarks for
// their judge tasks on those answers, runs them on every judge, and has
// each benchmark turn the answers into its submission file. Run, below it,
// answers any list of Tasks (a stable key, an endpoint name, a prompt and
// an optional format check). What is written depends only on the answers,
// never on timing, retries or the order in which answers arrived, so an
// interrupted and resumed run writes the same bytes as an uninterrupted one
// when the server answers deterministically.
//
// The API key of an endpoint goes into the Authorization header and nowhere
// else: not into the journal, the progress line or any error; redirects are
// not followed, so the header goes only to the endpoint's URL. Answers are
// bounded by the submission limits of package ingest when they arrive, and
// Execute keeps them in the journal rather than in memory.
package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/chat"
)

// Task is one conversation for one endpoint.
type Task struct {
	// Key names the task, stably across runs and uniquely within one
	// journal ("sciif/answer/physics-0042"); resuming matches on it.
	Key string
	// Endpoint is the Name of the endpoint to ask.
	Endpoint string
	// Messages is the conversation sent, whole and in order; Prompt is the
	// shorthand of one user message, used when Messages is empty.
	Messages []chat.Message
	Prompt   string
	// Valid, if set, checks the answer's format. An answer it refuses is
	// asked for once more with the same conversation; the second answer is
	// kept whatever it is.
	Valid func(answer string) bool
}

// conversation is what t sends.
func (t Task) conversation() []chat.Message {
	if len(t.Messages) > 0 {
		return t.Messages
	}
	return chat.Prompt(t.Prompt)
}

// Result is a finished task, as one line of the journal.
type Result struct {
	Key      string `json:"key"`
	Endpoint string `json:"endpoint"`
	// Model, Temperature, MaxTokens and PromptSHA256 say what was asked: a
	// journal line is reused only for a task that asks the same.
	// PromptSHA256 is chat.Hash of the whole conversation (of a single
	// prompt, the hash of its text, as before conversations).
	Model        string  `json:"model"`
	Temperature  float64 `json:"temperature"`
	MaxTokens    int     `json:"max_tokens"`
	PromptSHA256 string  `json:"prompt_sha256"`
	// Content is the answer, verbatim.
	Content      string `json:"content"`
	FinishReason string `json:"finish_reason,omitempty"`
	// Invalid reports that the answer failed the task's Valid check twice
	// and was kept as is.
	Invalid          bool  `json:"invalid,omitempty"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	// Requests is the number of HTTP requests the answer took.
	Requests int `json:"requests"`
	// Resumed reports that the result was read from the journal, not asked
	// for in this run.
	Resumed bool `json:"-"`
}

// matches reports whether r answers t on ep.
func (r Result) matches(t Task, ep Endpoint) bool {
	return r.Key == t.Key && r.Model == ep.Model && r.Temperature == ep.Temperature &&
		r.MaxTokens == ep.MaxTokens && r.PromptSHA256 == chat.Hash(t.conversation())
}

// Usage counts one endpoint's work in one Run.
type Usage struct {
	Endpoint string
	// Tasks were given; Resumed of them were found in the journal; Done
	// were answered in this run; Failed were not.
	Tasks, Resumed, Done, Failed int
	// Requests counts HTTP requests; Retries the waits after a failed one;
	// Reasked the answers asked for again because they failed the format
	// check; Invalid those kept although the second answer failed it too.
	Requests, Retries, Reasked, Invalid int
	// Tokens used in this run, as the server reported them.
	PromptTokens, CompletionTokens int64
}

// Totals is the usage of every endpoint of a Run, in the order given.
type Totals struct {
	Endpoints []Usage
}

// Add returns t with u's counts added, endpoint by endpoint (by name);
// endpoints only in u are appended.
func (t Totals) Add(u Totals) Totals {
	out := Totals{Endpoints: append([]Usage(nil), t.Endpoints...)}
	for _, b := range u.Endpoints {
		i := 0
		for i < len(out.Endpoints) && out.Endpoints[i].Endpoint != b.Endpoint {
			i++
		}
		if i == len(out.Endpoints) {
			out.Endpoints = append(out.Endpoints, Usage{Endpoint: b.Endpoint})
		}
		a := &out.Endpoints[i]
		a.Tasks += b.Tasks
		a.Resumed += b.Resumed
		a.Done += b.Done
		a.Failed += b.Failed
		a.Requests += b.Requests
		a.Retries += b.Retries
		a.Reasked += b.Reasked
		a.Invalid += b.Invalid
		a.PromptTokens += b.PromptTokens
		a.CompletionTokens += b.CompletionTokens
	}
	return out
}

// String is one line per endpoint, for the end of a run.
func (t Totals) String() string {
	var b strings.Builder
	for _, u := range t.Endpoints {
		fmt.Fprintf(&b, "%s: %d tasks, %d done, %d from the journal, %d failed; %d requests, %d retries, %d asked again for format (%d kept invalid); tokens %d prompt + %d completion\n",
			u.Endpoint, u.Tasks, u.Done, u.Resumed, u.Failed, u.Requests, u.Retries, u.Reasked, u.Invalid, u.PromptTokens, u.CompletionTokens)
	}
	return b.String()
}

// Failure is a task that failed, with why.
type Failure struct {
	Key string
	Err error
}

// FailedError lists the tasks of a Run that failed after their retries or
// with an error no retry can mend (HTTP 400, say). Every other task is done
// and in the journal; running again retries only the failed ones.
type FailedError struct {
	Failures []Failure // by key
	Tasks    int
}

func (e *FailedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d tasks failed (run again to retry them)", len(e.Failures), e.Tasks)
	for i, f := range e.Failures {
		if i == 5 {
			fmt.Fprintf(&b, "; and %d more", len(e.Failures)-i)
			break
		}
		fmt.Fprintf(&b, "; %s: %v", f.Key, f.Err)
	}
	return b.String()
}

// Runner runs tasks; its zero value is ready to use.
type Runner struct {
	// Options are passed to every endpoint's Client.
	Options
	// Label begins the progress line ("answers", "judges").
	Label string
	// partSize is how many items Execute hands a benchmark at once; zero
	// is defaultPartSize. Tests make it small.
	partSize int
}

// Run runs tasks with the package's default Runner; see Runner.Run.
func Run(ctx context.Context, tasks []Task, endpoints []Endpoint, journal string, progress io.Writer) (map[string]Result, Totals, error) {
	var r Runner
	return r.Run(ctx, tasks, endpoints, journal, progress)
}

// Run answers every task on its endpoint and returns the results by key,
// with the usage of each endpoint.
//
// A task whose key the journal already holds, asked with the same model,
// decoding settings and prompt, is not asked again: its journal result is
// returned with Resumed set. Every other answer is appended to the journal
// as it arrives. Each endpoint gets at most Concurrency requests at once
// and at most RPM request starts a minute, retries included.
//
// If progress is not nil a progress line is redrawn on it (pass it only
// when it is a terminal). Errors: a bad task or endpoint list or an
// unreadable journal stops Run before any request; when ctx ends, Run
// returns what is done with an error that wraps ctx's; an endpoint that
// refuses the key, does not know the model or redirects (HTTP 401, 403,
// 404, 3xx) or a journal that cannot be written stops the whole run; tasks
// that fail otherwise (an answer larger than its endpoint's MaxAnswer, say)
// are listed in a *FailedError after the others are done. The results are
// valid in every case.
//
// The results hold every answer in memory; Execute, which may run
// benchmarks of any size, keeps them in the journal instead.
func (r *Runner) Run(ctx context.Context, tasks []Task, endpoints []Endpoint, journalPath string, progress io.Writer) (map[string]Result, Totals, error) {
	b, err := r.prepare(sliceSource(tasks), endpoints)
	if err != nil {
		return nil, b.totals, fmt.Errorf("runner: %w", err)
	}
	j, _, err := openJournal(journalPath)
	if err != nil {
		return nil, b.totals, fmt.Errorf("runner: %w", err)
	}
	defer j.close()
	entries, totals, err := b.run(ctx, j, progress)
	results := make(map[string]Result, len(entries))
	for k, e := range entries {
		res, rerr := j.read(e)
		if rerr != nil {
			return results, totals, errors.Join(err, fmt.Errorf("runner: %w", rerr))
		}
		results[k] = res
	}
	return results, totals, err
}

// source lists tasks: the same ones in the same order each time it is
// called, until yield returns false. Run's tasks are a slice; Execute makes
// its judge tasks from the journal a part at a time, so that no list of
// them (each judge prompt holds an answer) is ever whole in memory.
type source func(yield func(Task) bool) error

func sliceSource(tasks []Task) source {
	return func(yield func(Task) bool) error {
		for _, t := range tasks {
			if !yield(t) {
				break
			}
		}
		return nil
	}
}

// batch is a checked source of tasks and the clients that answer them.
type batch struct {
	label   string
	opt     Options
	src     source
	clients []*Client
	index   map[string]int // by endpoint name
	totals  Totals         // each endpoint's Tasks counted
	n       int            // tasks
}

// prepare checks the endpoints and the tasks of src, before any request
// and before the journal is opened. The batch's totals are valid even with
// an error.
func (r *Runner) prepare(src source, endpoints []Endpoint) (*batch, error) {
	b := &batch{label: r.Label, opt: r.Options.withDefaults(), src: src, index: map[string]int{},
		clients: make([]*Client, len(endpoints)), totals: Totals{Endpoints: make([]Usage, len(endpoints))}}
	for i, ep := range endpoints {
		if _, dup := b.index[ep.Name]; dup {
			return b, fmt.Errorf("endpoint %s given twice", ep.Name)
		}
		c, err := NewClient(ep, b.opt)
		if err != nil {
			return b, err
		}
		b.index[ep.Name], b.clients[i] = i, c
		b.totals.Endpoints[i].Endpoint = ep.Name
	}
	seen := map[string]bool{}
	var bad error
	err := src(func(t Task) bool {
		i, known := b.index[t.Endpoint]
		switch {
		case t.Key == "":
			bad = errors.New("task without a key")
		case seen[t.Key]:
			bad = fmt.Errorf("task %s given twice", t.Key)
		case !known:
			bad = fmt.Errorf("task %s: no endpoint %q", t.Key, t.Endpoint)
		default:
			seen[t.Key] = true
			b.totals.Endpoints[i].Tasks++
			b.n++
		}
		return bad == nil
	})
	return b, errors.Join(err, bad)
}

// run answers the batch's tasks and returns the journal entries of those
// done (resumed or answered now) by key; see Runner.Run.
func (b *batch) run(ctx context.Context, j *journal, progress io.Writer) (map[string]entry, Totals, error) {
	s := &batchRun{b: b, j: j, results: map[string]entry{}, totals: Totals{Endpoints: slices.Clone(b.totals.Endpoints)}}
	err := b.src(func(t Task) bool {
		if e, ok := s.resumed(t); ok {
			s.results[t.Key] = e
			s.totals.Endpoints[b.index[t.Endpoint]].Resumed++
		}
		return true
	})
	if err != nil {
		return s.results, s.totals, fmt.Errorf("runner: %w", err)
	}

	s.prog = newProgress(progress, b.opt.Clock, b.label, b.n, len(s.results))
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	s.cancel = cancel
	var wg sync.WaitGroup
	for i, c := range b.clients {
		u := &s.totals.Endpoints[i]
		c.onRequest = func() { s.mu.Lock(); u.Requests++; s.mu.Unlock() }
		c.onRetry = func() { s.mu.Lock(); u.Retries++; s.mu.Unlock(); s.prog.retry() }
		queued := u.Tasks - u.Resumed
		if queued == 0 {
			continue
		}
		ch := make(chan Task)
		wg.Go(func() { s.feed(rctx, c, ch) })
		for range min(c.ep.Concurrency, queued) {
			wg.Go(func() {
				for t := range ch {
					s.answer(rctx, c, u, t)
				}
			})
		}
	}
	wg.Wait()
	s.prog.end()

	switch {
	case ctx.Err() != nil:
		return s.results, s.totals, fmt.Errorf("runner: interrupted with %d of %d tasks done; run again to resume: %w", len(s.results), b.n, ctx.Err())
	case context.Cause(rctx) != nil:
		return s.results, s.totals, fmt.Errorf("runner: stopped: %w", context.Cause(rctx))
	case len(s.failures) > 0:
		sort.Slice(s.failures, func(a, b int) bool { return s.failures[a].Key < s.failures[b].Key })
		return s.results, s.totals, &FailedError{Failures: s.failures, Tasks: b.n}
	}
	return s.results, s.totals, nil
}

// batchRun is one run of a batch: what its producers and workers share.
type batchRun struct {
	b      *batch
	j      *journal
	prog   *progress
	cancel context.CancelCauseFunc // stops the run with its cause

	mu       sync.Mutex // guards results, totals and failures
	results  map[string]entry
	totals   Totals
	failures []Failure
}

// resumed is t's journal entry if the journal answers t as asked.
// j.done does not change during the run, so the producers may call it
// while the workers append.
func (s *batchRun) resumed(t Task) (entry, bool) {
	e, ok := s.j.done[t.Key]
	if !ok || !e.res.matches(t, s.b.clients[s.b.index[t.Endpoint]].ep) {
		return entry{}, false
	}
	e.res.Resumed = true
	return e, true
}

// feed sends to ch, then closes it, the tasks for c's endpoint that the
// journal does not answer, until ctx ends. An error of the source stops
// the run.
func (s *batchRun) feed(ctx context.Context, c *Client, ch chan<- Task) {
	defer close(ch)
	err := s.b.src(func(t Task) bool {
		if t.Endpoint != c.ep.Name {
			return true
		}
		if _, ok := s.resumed(t); ok {
			return true
		}
		select {
		case ch <- t:
			return true
		case <-ctx.Done():
			return false
		}
	})
	if err != nil {
		s.cancel(err)
	}
}

// answer asks c for t and journals the answer, counting in u, c's usage.
// A task that fails is listed in the failures; a refusal no retry can
// mend (a fatal status) or a journal that cannot be written stops the
// run.
func (s *batchRun) answer(ctx context.Context, c *Client, u *Usage, t Task) {
	res, err := ask(ctx, c, t, func(reasked, invalid bool, comp Completion) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if reasked {
			u.Reasked++
		}
		if invalid {
			u.Invalid++
		}
		u.PromptTokens += comp.PromptTokens
		u.CompletionTokens += comp.CompletionTokens
		s.prog.tokens(comp.PromptTokens, comp.CompletionTokens)
	})
	if err != nil {
		if ctx.Err() != nil {
			return // in flight when the run stopped: asked again next time
		}
		var se *StatusError
		if errors.As(err, &se) && se.Fatal() {
			s.cancel(err)
			return
		}
		s.mu.Lock()
		s.failures = append(s.failures, Failure{t.Key, err})
		u.Failed++
		s.mu.Unlock()
		s.prog.finish(false)
		return
	}
	// Journaled even if the run is stopping: it is paid for.
	e, err := s.j.append(res)
	if err != nil {
		s.cancel(err)
		return
	}
	s.mu.Lock()
	s.results[t.Key] = e
	u.Done++
	s.mu.Unlock()
	s.prog.finish(true)
}

// ask answers t, asking once more if the answer fails t.Valid. note is
// called with each completion's usage.
func ask(ctx context.Context, c *Client, t Task, note func(reasked, invalid bool, comp Completion)) (Result, error) {
	msgs := t.conversation()
	comp, err := c.Converse(ctx, msgs)
	if err != nil {
		return Result{}, err
	}
	res := Result{
		Key: t.Key, Endpoint: c.ep.Name, Model: c.ep.Model, Temperature: c.ep.Temperature,
		MaxTokens: c.ep.MaxTokens, PromptSHA256: chat.Hash(msgs),
		Content: comp.Content, FinishReason: comp.FinishReason,
		PromptTokens: comp.PromptTokens, CompletionTokens: comp.CompletionTokens, Requests: comp.Attempts,
	}
	if t.Valid == nil || t.Valid(comp.Content) {
		note(false, false, comp)
		return res, nil
	}
	note(false, false, comp)
	again, err := c.Converse(ctx, msgs)
	switch {
	case ctx.Err() != nil:
		// Not journaled: a resumed run asks again, as this one would have.
		return Result{}, ctx.Err()
	case err != nil:
		// The first answer stands, as the format check allows.
		res.Invalid = true
		note(true, true, Completion{})
		return res, nil
	}
	res.Content, res.FinishReason = again.Content, again.FinishReason
	res.Invalid = !t.Valid(again.Content)
	res.PromptTokens += again.PromptTokens
	res.CompletionTokens += again.CompletionTokens
	res.Requests += again.Attempts
	note(true, res.Invalid, again)
	return res, nil
}
