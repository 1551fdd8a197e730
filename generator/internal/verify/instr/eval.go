package instr

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// Prompt is one record of an IFEval-format input file.
type Prompt struct {
	Key            int64
	Prompt         string
	InstructionIDs []string
	// Kwargs holds one argument map per instruction, in the same order.
	Kwargs []Args
	// Line is where the record is in its input file (0 when not read from
	// one).
	Line int
}

// Mode is how a response is read: Strict as it is, Loose also with its
// first and/or last line and/or its asterisks removed.
type Mode string

// The two official modes.
const (
	Strict Mode = "strict"
	Loose  Mode = "loose"
)

// InstructionResult is the verdict on one instruction of one prompt.
type InstructionResult struct {
	ID       string
	Args     Args
	Followed bool
	// Undecided is set when the checker could not judge (see Result).
	Undecided bool
	// Reason says what was found, from the checker.
	Reason string
	// Variant names the version of the response the verdict is about: "" for
	// the response as it is, else one of the Loose variants (see Variants).
	Variant string
}

// Outcome is the verdict as the one kind-neutral encoding (see
// Result.Outcome).
func (r InstructionResult) Outcome() outcome.Outcome { return outcomeOf(r.Followed, r.Undecided) }

// PromptResult is the verdict on one prompt's response, with a result per
// instruction in the prompt's order. It is what a case page shows.
type PromptResult struct {
	Key          int64
	Prompt       string
	Response     string
	Mode         Mode
	FollowAll    bool
	Instructions []InstructionResult
}

// Variant is one version of a response that Loose mode tries.
type Variant struct {
	// Name is "" for the response as it is, else a short description
	// ("without the first line").
	Name string
	Text string
}

// Variants returns the eight versions of response the official Loose mode
// tries, in its order: as is, without "*", without the first line, without
// the last line, without both, and each of the last three without "*".
// Lines are split on "\n"; versions with a line removed are stripped of
// surrounding whitespace, as in the official code.
func Variants(response string) []Variant {
	// Joining the lines split on "\n" again gives back a part of response,
	// so the versions are substrings of it: without the first line is what
	// follows the first "\n", without the last what precedes the last.
	var first, last, both string
	if i := strings.IndexByte(response, '\n'); i >= 0 {
		j := strings.LastIndexByte(response, '\n')
		first, last = pyStrip(response[i+1:]), pyStrip(response[:j])
		if i < j {
			both = pyStrip(response[i+1 : j])
		}
	}
	noStar := func(s string) string { return strings.ReplaceAll(s, "*", "") }
	return []Variant{
		{"", response},
		{"without *", noStar(response)},
		{"without the first line", first},
		{"without the last line", last},
		{"without the first and last lines", both},
		{"without the first line and *", noStar(first)},
		{"without the last line and *", noStar(last)},
		{"without the first and last lines and *", noStar(both)},
	}
}

func isPySpace(r rune) bool { return text.IsSpace(r) }

func pyStrip(s string) string { return strings.TrimFunc(s, isPySpace) }

// check runs one checker on one version of a response. An empty (all
// whitespace) response follows nothing, as in the official code.
func (r *Registry) check(id string, p Prompt, args Args, text string) Result {
	c, ok := r.Lookup(id)
	if !ok {
		return Result{Undecided: true, Reason: fmt.Sprintf("unknown instruction id %q", id)}
	}
	if pyStrip(text) == "" {
		return Result{Reason: "the response is empty"}
	}
	return c.Check(p.Prompt, text, args)
}

// Evaluate judges response against every instruction of p in the given
// mode. In Loose mode an instruction is followed when any variant follows
// it; the reason is then the first passing variant's, otherwise the reason
// for the response as it is.
func (r *Registry) Evaluate(mode Mode, p Prompt, response string) PromptResult {
	strict, loose := r.evaluate(p, response, mode == Loose)
	if mode == Loose {
		return loose
	}
	return strict
}

// evaluate judges response in Strict mode and, if loose is set, in Loose
// mode too. Checkers are pure, so a text is checked once per instruction:
// Strict's verdict is the one on Loose's first variant, and a variant equal
// to an earlier one (the response has no "*", or one line) is skipped, since
// the earlier one did not pass either.
func (r *Registry) evaluate(p Prompt, response string, loose bool) (PromptResult, PromptResult) {
	sr := PromptResult{Key: p.Key, Prompt: p.Prompt, Response: response, Mode: Strict, FollowAll: true,
		Instructions: make([]InstructionResult, 0, len(p.InstructionIDs))}
	var lr PromptResult
	// variants are made when an instruction first fails in Strict mode.
	var variants []Variant
	if loose {
		lr = PromptResult{Key: p.Key, Prompt: p.Prompt, Response: response, Mode: Loose, FollowAll: true,
			Instructions: make([]InstructionResult, 0, len(p.InstructionIDs))}
	}
	for i, id := range p.InstructionIDs {
		var args Args
		if i < len(p.Kwargs) {
			args = p.Kwargs[i]
		}
		got := r.check(id, p, args, response)
		ir := InstructionResult{ID: id, Args: args, Followed: got.Followed, Undecided: got.Undecided, Reason: got.Reason}
		sr.FollowAll = sr.FollowAll && ir.Followed
		sr.Instructions = append(sr.Instructions, ir)
		if !loose {
			continue
		}
		if !ir.Followed && variants == nil {
			variants = Variants(response)
		}
		for j := 1; j < len(variants) && !ir.Followed; j++ {
			v := variants[j]
			if seenBefore(variants[:j], v.Text) {
				continue
			}
			if got := r.check(id, p, args, v.Text); got.Followed {
				ir.Followed, ir.Undecided, ir.Reason, ir.Variant = true, false, got.Reason, v.Name
			}
		}
		lr.FollowAll = lr.FollowAll && ir.Followed
		lr.Instructions = append(lr.Instructions, ir)
	}
	return sr, lr
}

func seenBefore(vs []Variant, text string) bool {
	for _, v := range vs {
		if v.Text == text {
			return true
		}
	}
	return false
}

// Evaluation holds the Strict and Loose results of a run, in input order.
type Evaluation struct {
	Strict []PromptResult
	Loose  []PromptResult
}

// EvaluateAll judges responses[i] against prompts[i] in both modes. Prompts
// are independent, so they are spread over the available processors; the
// result does not depend on the schedule.
func (r *Registry) EvaluateAll(prompts []Prompt, responses []string) Evaluation {
	ev := Evaluation{
		Strict: make([]PromptResult, len(prompts)),
		Loose:  make([]PromptResult, len(prompts)),
	}
	r.EvaluateEach(prompts, responses, func(i int, strict, loose PromptResult) error {
		ev.Strict[i], ev.Loose[i] = strict, loose
		return nil
	})
	return ev
}

// EvaluateEach judges responses[i] against prompts[i] in both modes, as
// EvaluateAll does, but hands each pair of results to fn, in input order,
// and keeps none (EvaluateStream).
func (r *Registry) EvaluateEach(prompts []Prompt, responses []string, fn func(i int, strict, loose PromptResult) error) error {
	return r.EvaluateStream(func(yield func(Prompt, string) bool) error {
		for i, p := range prompts {
			var resp string
			if i < len(responses) {
				resp = responses[i]
			}
			if !yield(p, resp) {
				break
			}
		}
		return nil
	}, fn)
}

// EvaluateStream judges in both modes each prompt and response that feed
// yields, and hands each pair of results to fn with its index, in the
// order fed. What it holds does not grow with the number of prompts:
// prompts are spread over the available processors, a bounded number
// ahead of fn, and feed waits in yield until one is free. feed runs in
// its own goroutine and must return once yield returns false; fn is
// called from one goroutine at a time. EvaluateStream returns when both
// are done: the first error fn returns, else feed's error.
//
// Prompts travel in batches of streamBatch, so that the goroutines hand
// work to one another once a batch rather than once a prompt (each
// handing is a switch of goroutines, and often a thread parked and woken).
func (r *Registry) EvaluateStream(feed func(yield func(Prompt, string) bool) error, fn func(i int, strict, loose PromptResult) error) error {
	workers := max(1, runtime.GOMAXPROCS(0))
	// window batches are in flight, 8 prompts per worker in all.
	window := max(2, 8*workers/streamBatch)
	// done[n%window] carries the results of batch n. The feeder takes a
	// token from free before handing out a batch and fn's loop returns it
	// after batch n is consumed, so a slot never holds two results and a
	// worker never waits to hand one over.
	done := make([]chan []resultPair, window)
	for i := range done {
		done[i] = make(chan []resultPair, 1)
	}
	free := make(chan struct{}, window)
	for range window {
		free <- struct{}{}
	}
	work := make(chan jobBatch)
	quit := make(chan struct{})
	fed := make(chan feedEnd, 1)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for b := range work {
				out := make([]resultPair, len(b.jobs))
				for k, j := range b.jobs {
					out[k].strict, out[k].loose = r.evaluate(j.p, j.response, true)
				}
				done[b.n%window] <- out
			}
		})
	}
	go feedBatches(feed, work, free, quit, fed)
	var err error
	total := -1 // the number of batches fed, once feed has returned
	i := 0      // the index of the next prompt
	stopped := false
	for b := 0; !stopped && (total < 0 || b < total); {
		var out []resultPair
		if total < 0 {
			select {
			case out = <-done[b%window]:
			case e := <-fed:
				total, err = e.n, e.err
				continue
			}
		} else {
			out = <-done[b%window]
		}
		for _, p := range out {
			if ferr := fn(i, p.strict, p.loose); ferr != nil {
				err, stopped = ferr, true
				break
			}
			i++
		}
		b++
		free <- struct{}{}
	}
	close(quit)
	if total < 0 {
		<-fed
	}
	wg.Wait()
	return err
}

// streamBatch is how many prompts EvaluateStream hands over at once.
const streamBatch = 4

// The parts of EvaluateStream's traffic: a prompt to judge, a batch of
// them, a prompt's two results, and how feeding ended.
type (
	streamJob struct {
		p        Prompt
		response string
	}
	jobBatch struct {
		n    int // the index of the batch
		jobs []streamJob
	}
	resultPair struct{ strict, loose PromptResult }
	feedEnd    struct {
		n   int // the number of batches fed
		err error
	}
)

// feedBatches is EvaluateStream's feeder: it runs feed, hands its prompts
// to work in batches of streamBatch, each once a token of free is taken
// (or stops when quit is closed), closes work and sends how it ended on
// fed.
func feedBatches(feed func(yield func(Prompt, string) bool) error, work chan<- jobBatch, free, quit <-chan struct{}, fed chan<- feedEnd) {
	n := 0
	var jobs []streamJob
	send := func() bool {
		select {
		case <-free:
		case <-quit:
			return false
		}
		work <- jobBatch{n, jobs}
		n++
		jobs = nil
		return true
	}
	err := feed(func(p Prompt, response string) bool {
		if jobs == nil {
			jobs = make([]streamJob, 0, streamBatch)
		}
		jobs = append(jobs, streamJob{p, response})
		return len(jobs) < streamBatch || send()
	})
	if len(jobs) > 0 {
		send()
	}
	close(work)
	fed <- feedEnd{n, err}
}
