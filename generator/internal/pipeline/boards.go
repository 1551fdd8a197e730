package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// BoardsOptions configure the scoring of every benchmark's board.
type BoardsOptions struct {
	// Kinds is the list of benchmark kinds.
	Kinds []*kind.Kind
	// Root is the folder of benchmark folders; Benchmarks, when set, lists
	// the benchmark folders to use instead of all of Root's.
	Root       string
	Benchmarks []string
	// Results is the folder of submissions.
	Results string
	// Known lists the submission files of benchmarks not opened (see
	// kind.KnownFiles): a submission may hold them.
	Known []string
	// Options are passed to every benchmark.
	Options kind.Options
	// SkipInvalid scores the valid submissions and leaves out the invalid
	// ones (listed in Outcome.Skipped) instead of failing.
	SkipInvalid bool
	// Start, when set, begins the site the boards are for, given the
	// boards it will show (Outcome.Shown) before they are scored: the
	// runs that are render.RunPagers render their pages into it as their
	// submissions are accepted.
	Start func(boards []render.Board) (*render.Site, error)
	// Cache, when set with Start, keeps each accepted submission's runs
	// and the files of its own pages for the next build, and reuses
	// those the last build kept.
	Cache *Cache
}

// Outcome is every benchmark's board.
type Outcome struct {
	// Benchmarks are the benchmarks, in site order; Boards parallels it,
	// nil where no submission answers the benchmark (a benchmark that only
	// refused submissions answer has a board without models).
	Benchmarks []kind.Benchmark
	Boards     []kind.Board
	// Submissions are the submissions on some board, in id order.
	Submissions []board.Submission
	// Warnings are the problems the boards were scored with.
	Warnings board.Problems
	// Skipped lists the problems of submissions left out under SkipInvalid.
	Skipped board.Problems
}

// Checked is one submission checked against every benchmark it answers.
type Checked struct {
	Sub board.Submission
	// Runs holds a run per benchmark, nil where the submission has no
	// result file for it.
	Runs []kind.Run
	// Problems are all of its problems, fatal or not.
	Problems board.Problems
}

// Fatal reports whether the submission is refused.
func (c *Checked) Fatal() bool {
	for _, p := range c.Problems {
		if p.Fatal {
			return true
		}
	}
	return false
}

// Check checks subs against every benchmark whose result file they hold:
// the one check of a submission that sciif validate and sciif build share.
// Submissions are checked in batches of one per core and returned in the
// order given; memory holds one batch of verifications at a time beyond
// what the runs keep.
func Check(ctx context.Context, benches []kind.Benchmark, subs []board.Submission, opt kind.Options) []Checked {
	return check(ctx, benches, subs, holdings(benches, subs), opt, nil, nil, nil)
}

// check is Check; with a site, a submission that has no fatal problem and
// none among folder (the problems of the results folder) has its runs'
// pages rendered as soon as it is checked (render.RunPager), and any other
// submission's runs are dropped (its Runs are all nil). holds says which
// benchmarks each submission answers (holdings).
func check(ctx context.Context, benches []kind.Benchmark, subs []board.Submission, holds [][]bool, opt kind.Options, site *render.Site, folder board.Problems, cr *cacheRun) []Checked {
	out := make([]Checked, len(subs))
	workers := max(1, min(runtime.GOMAXPROCS(0), len(subs)))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				if cr != nil {
					out[i] = checkCached(ctx, cr, benches, &subs[i], holds[i], opt, site, folder)
					continue
				}
				out[i] = checkOne(ctx, benches, &subs[i], holds[i], opt)
				c := &out[i]
				switch {
				case site == nil:
				case c.Fatal() || Concerns(folder, c.Sub.Dir):
					// Refused: nothing renders or ranks its runs, which
					// may hold every verdict until their pages are made.
					clear(c.Runs)
				default:
					runPages(site, c)
				}
			}
		})
	}
	for i := range subs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// runPages renders the pages of c's runs that have pages of their own.
// A failure is the site's, not the submission's: the build fails, and
// renders nothing more once it has.
func runPages(site *render.Site, c *Checked) {
	if site.Err() != nil {
		return
	}
	for _, r := range c.Runs {
		rp, ok := r.(render.RunPager)
		if !ok {
			continue
		}
		if err := rp.RunPages(site); err != nil {
			site.Fail(fmt.Errorf("%s: %w", c.Sub.ID, err))
		}
	}
}

// holdings says, for each submission and benchmark, whether the
// submission holds a result file for it: only a non-empty regular file
// counts; anything else is the folder check's problem
// (ingest.CheckFolder), not the benchmark's. It is looked at once: which
// boards a site shows and which runs are checked follow from the same
// answer.
func holdings(benches []kind.Benchmark, subs []board.Submission) [][]bool {
	holds := make([][]bool, len(subs))
	for k := range subs {
		holds[k] = make([]bool, len(benches))
		for i, b := range benches {
			fi, err := os.Lstat(filepath.Join(subs[k].Dir, b.Spec().File))
			holds[k][i] = err == nil && fi.Mode().IsRegular() && fi.Size() > 0
		}
	}
	return holds
}

// checkOne checks sub against the benchmarks it holds. Of its problems,
// the first board.MaxPerSubmission by file and line are kept, the rest
// counted.
func checkOne(ctx context.Context, benches []kind.Benchmark, sub *board.Submission, holds []bool, opt kind.Options) Checked {
	c := Checked{Sub: *sub, Runs: make([]kind.Run, len(benches))}
	c.Problems = append(c.Problems, sub.Warnings...)
	for i, b := range benches {
		if !holds[i] {
			continue
		}
		run, probs := b.Check(ctx, sub, opt)
		c.Runs[i] = run
		c.Problems = append(c.Problems, probs...)
	}
	if len(c.Problems) > board.MaxPerSubmission {
		board.SortProblems(c.Problems)
		c.Problems = board.Cap(c.Problems, sub.Dir, "submission", board.PerSubmission)
	}
	return c
}

// Boards opens the benchmarks, checks every submission of the results
// folder against them and scores each benchmark's board. Fatal problems
// are all collected and returned as board.Problems (or, under SkipInvalid,
// their submissions are left out).
func Boards(ctx context.Context, opt BoardsOptions) (*Outcome, error) {
	benches, err := kind.Open(opt.Kinds, opt.Root, opt.Benchmarks)
	if err != nil {
		return nil, err
	}
	if opt.Known == nil {
		opt.Known = kind.KnownFiles(opt.Kinds, opt.Root)
	}
	return Score(ctx, benches, opt)
}

// Score checks every submission of opt.Results against benches and scores
// each benchmark's board.
func Score(ctx context.Context, benches []kind.Benchmark, opt BoardsOptions) (*Outcome, error) {
	out := &Outcome{Benchmarks: benches, Boards: make([]kind.Board, len(benches))}
	subs, err := ingest.Submissions(opt.Results, kind.AllFiles(benches, opt.Known))
	var probs board.Problems
	if err != nil {
		p, ok := err.(board.Problems)
		if !ok {
			return nil, err
		}
		probs = p
	}
	runrecord.CheckAll(benches, subs) // before the cache keys them
	// A benchmark has a board when some submission answers it, whether
	// or not that submission is accepted: so the site's boards, and the
	// pages rendered while checking, are known before any check.
	holds := holdings(benches, subs)
	answered := make([]bool, len(benches))
	for k := range subs {
		for i := range benches {
			answered[i] = answered[i] || holds[k][i]
		}
	}
	var site *render.Site
	if opt.Start != nil {
		pre := &Outcome{Benchmarks: benches, Boards: make([]kind.Board, len(benches))}
		for i, b := range benches {
			if answered[i] {
				if pre.Boards[i], err = b.Rank(nil, opt.Options); err != nil {
					return nil, err
				}
			}
		}
		shown, err := pre.Shown(opt.Options)
		if err != nil {
			return nil, err
		}
		if len(shown) > 0 {
			rb, err := SiteBoards(shown)
			if err != nil {
				return nil, err
			}
			if site, err = opt.Start(rb); err != nil {
				return nil, err
			}
		}
	}
	// Every submission is checked, whatever its folder's problems, so that
	// all problems are reported at once.
	cr, err := newCacheRun(opt.Cache, benches, opt.Options, site)
	if err != nil {
		return nil, err
	}
	checked := check(ctx, benches, subs, holds, opt.Options, site, probs, cr)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if site != nil {
		// Once the site failed, no later submission's pages were
		// rendered: nothing is left to rank it for.
		if err := site.Err(); err != nil {
			return nil, err
		}
	}
	var ok []*Checked
	for i := range checked {
		c := &checked[i]
		if c.Fatal() || Concerns(probs, c.Sub.Dir) {
			probs = append(probs, fatalOnly(c.Problems)...)
			continue
		}
		ok = append(ok, c)
	}
	if len(probs) > 0 {
		sortProblems(probs)
		if !opt.SkipInvalid {
			return nil, probs
		}
		out.Skipped = probs
	}
	for _, c := range ok {
		out.Submissions = append(out.Submissions, c.Sub)
		out.Warnings = append(out.Warnings, c.Problems...)
	}
	for i, b := range benches {
		var runs []kind.Run
		for _, c := range ok {
			if c.Runs[i] != nil {
				runs = append(runs, c.Runs[i])
			}
		}
		if !answered[i] {
			continue
		}
		bd, err := b.Rank(runs, opt.Options)
		if err != nil {
			return nil, err
		}
		out.Boards[i] = bd
	}
	return out, nil
}

// Shown is the boards a site shows, in site order: every benchmark's
// board, or, when no submission answers any benchmark, the first
// benchmark's board without models.
func (o *Outcome) Shown(opt kind.Options) ([]kind.Board, error) {
	var out []kind.Board
	for _, b := range o.Boards {
		if b != nil {
			out = append(out, b)
		}
	}
	if len(out) == 0 && len(o.Benchmarks) > 0 {
		b, err := o.Benchmarks[0].Rank(nil, opt)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// SiteBoards is boards as a site shows them: each must be a render.Board.
func SiteBoards(boards []kind.Board) ([]render.Board, error) {
	out := make([]render.Board, len(boards))
	for i, b := range boards {
		rb, ok := b.(render.Board)
		if !ok {
			return nil, fmt.Errorf("the board of type %T has no pages (it is not a render.Board)", b)
		}
		out[i] = rb
	}
	return out, nil
}

func fatalOnly(probs board.Problems) board.Problems {
	var out board.Problems
	for _, p := range probs {
		if p.Fatal {
			out = append(out, p)
		}
	}
	return out
}

func sortProblems(probs board.Problems) { board.SortProblems(probs) }
