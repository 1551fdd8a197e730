package pipeline

// The build cache's driver: each run of an accepted submission (encoded
// by its kind, kind.RunCoder) and the files of its own pages are kept
// under a key of everything they depend on; a later build with the same
// key decodes the run and links the files from the previous site instead
// of checking and rendering again. Kinds know nothing of it.

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"
	"sync/atomic"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Cache is what a build keeps for the next one and takes from the last.
type Cache struct {
	// Store holds the entries.
	Store *buildcache.Cache
	// Program names the program that builds: a digest of its executable.
	// Entries of another program are never used.
	Program string
	// Previous is the site the build replaces, as the cache recorded it;
	// nil when there is none, and then nothing is reused.
	Previous *buildcache.Previous
	// Record collects which entries made which files of the new site,
	// for Store.SaveSite once it is published.
	Record buildcache.Record

	hits, misses, failed atomic.Int64
}

// Stats counts the runs (a submission's, of one benchmark) reused with
// their pages (hits), those checked and rendered to be kept (misses), and
// the entries that could not be stored (failed).
func (c *Cache) Stats() (hits, misses, failed int64) {
	return c.hits.Load(), c.misses.Load(), c.failed.Load()
}

// cacheRun is the cache as one build uses it.
type cacheRun struct {
	c *Cache
	// base digests the program, the options and the site as started.
	base buildcache.Key
	// benches digests each benchmark's folder, with its kind's name; ok
	// says whether its kind encodes runs.
	benches []buildcache.Key
	coders  []kind.RunCoder
}

// entry is what the cache keeps of one accepted submission's run of one
// benchmark.
type entry struct {
	// Run is the run as its kind encoded it.
	Run []byte
	// Problems are the run's problems, none fatal.
	Problems board.Problems
	// Files and Answers are what the run's pages added to the site.
	Files   []string
	Answers []render.Answer

	// held is what the previous site's manifest says of each of Files,
	// once load found them there.
	held []buildcache.Held
}

// Bounds of a sound entry's lists: a damaged one allocates no more.
const (
	maxEntryFiles   = 1 << 16
	maxEntryAnswers = 1 << 20
)

// marshal is e as bytes: its problems as JSON (rare, of no fixed shape),
// the rest as buildcache.Encoder writes it (decoding JSON cost a build
// about as much as decoding the runs).
func (e *entry) marshal() ([]byte, error) {
	var w buildcache.Encoder
	if err := w.JSON(e.Problems); err != nil {
		return nil, err
	}
	w.Len(len(e.Files), e.Files == nil)
	for _, f := range e.Files {
		w.String(f)
	}
	w.Len(len(e.Answers), e.Answers == nil)
	for _, a := range e.Answers {
		w.String(a.Slug)
		w.String(a.Bench)
		w.String(a.ID)
		w.String(a.Resp)
	}
	w.Bytes(e.Run)
	return w.B, nil
}

// unmarshal reads what marshal wrote; e.Run shares data.
func (e *entry) unmarshal(data []byte) error {
	d := buildcache.NewDecoder(data)
	d.JSON(&e.Problems)
	if n, isNil := d.Len(maxEntryFiles); !isNil {
		e.Files = make([]string, n)
		for i := range e.Files {
			e.Files[i] = d.String()
		}
	}
	if n, isNil := d.Len(maxEntryAnswers); !isNil {
		e.Answers = make([]render.Answer, n)
		for i := range e.Answers {
			e.Answers[i] = render.Answer{Slug: d.String(), Bench: d.String(), ID: d.String(), Resp: d.String()}
		}
	}
	e.Run = d.Bytes()
	return d.Err()
}

// newCacheRun prepares the cache for a build of site, or returns nil when
// there is no cache or no site.
func newCacheRun(c *Cache, benches []kind.Benchmark, opt kind.Options, site *render.Site) (*cacheRun, error) {
	if c == nil || c.Store == nil || site == nil {
		return nil, nil
	}
	start, err := site.StartKey()
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	o, err := json.Marshal(opt)
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	cr := &cacheRun{c: c, base: buildcache.NewHasher("sciif build run v3").String(c.Program).Bytes(o).Key(start).Sum(),
		benches: make([]buildcache.Key, len(benches)), coders: make([]kind.RunCoder, len(benches))}
	for i, b := range benches {
		rc, ok := b.(kind.RunCoder)
		if !ok {
			continue
		}
		var k buildcache.Key
		if ri, ok := b.(kind.RunInputs); ok {
			k, err = buildcache.Files(b.Spec().Dir, ri.RunInputs())
		} else {
			k, err = buildcache.Tree(b.Spec().Dir, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("cache: %w", err)
		}
		cr.benches[i] = buildcache.NewHasher("benchmark").String(b.Spec().Kind).String(b.Spec().Name).String(b.Spec().File).Key(k).Sum()
		cr.coders[i] = rc
	}
	if err := site.KeepFragments(fragments{cr}); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	site.KeepPages(pages{cr})
	return cr, nil
}

// pages is the cache as the site's record of its pages by their bytes
// (render.PageStore): a page is noted in the site's manifest under a
// digest of the build's base, its path and its bytes, and linked from
// the previous site when that holds it under the same digest.
type pages struct{ cr *cacheRun }

func (p pages) Same(path string, data []byte) bool {
	k := buildcache.NewHasher("page").Key(p.cr.base).String(path).Bytes(data).Sum()
	h, ok := p.cr.c.Previous.Holds(path, k)
	if ok {
		p.cr.c.Record.NoteHeld(k, []string{path}, []buildcache.Held{h})
	} else {
		p.cr.c.Record.Note(k, []string{path})
	}
	return ok
}

// fragments is the cache as the site's store of fragments
// (render.FragmentStore): each kept under the build's base, so that
// another program or other options take none.
type fragments struct{ cr *cacheRun }

func (f fragments) key(k [32]byte) buildcache.Key {
	return buildcache.NewHasher("fragment").Key(f.cr.base).Bytes(k[:]).Sum()
}

func (f fragments) Fragment(k [32]byte) ([]byte, bool) { return f.cr.c.Store.Get(f.key(k)) }

// KeepFragment stores a fragment; one that cannot be stored costs the
// next build its rendering.
func (f fragments) KeepFragment(k [32]byte, data []byte) { f.cr.c.Store.Put(f.key(k), data) }

// key is the key of sub's run of benchmark i: the build's base, the
// submission as read (id, folder, metadata, warnings), its file of the
// benchmark (the one file Check reads, kind.Benchmark, and any other its
// kind names, kind.RunReads) and the benchmark.
func (cr *cacheRun) key(sub *board.Submission, i int, file string) (buildcache.Key, bool) {
	s, err := json.Marshal(sub)
	if err != nil {
		return buildcache.Key{}, false
	}
	files := []string{file}
	if rr, ok := cr.coders[i].(kind.RunReads); ok {
		files = append(files, rr.RunReads()...)
	}
	f, err := buildcache.Files(sub.Dir, files)
	if err != nil {
		return buildcache.Key{}, false
	}
	return buildcache.NewHasher("run").Key(cr.base).Bytes(s).Key(f).Key(cr.benches[i]).Sum(), true
}

// load is benchmark i's run of sub from the cache: false when there is no
// sound entry, or the previous site does not hold every one of its files
// as the entry made them.
func (cr *cacheRun) load(k buildcache.Key, i int, sub *board.Submission) (*entry, kind.Run, bool) {
	buf := entryBufs.Get().(*[]byte)
	defer entryBufs.Put(buf)
	data, ok := cr.c.Store.GetBuffer(k, buf)
	if !ok {
		return nil, nil, false
	}
	e := new(entry)
	if e.unmarshal(data) != nil {
		return nil, nil, false
	}
	for _, p := range e.Problems {
		if p.Fatal {
			return nil, nil, false
		}
	}
	e.held = make([]buildcache.Held, len(e.Files))
	for i, p := range e.Files {
		var ok bool
		if e.held[i], ok = cr.c.Previous.Holds(p, k); !ok {
			return nil, nil, false
		}
	}
	r, err := cr.coders[i].DecodeRun(sub, e.Run)
	e.Run = nil // part of the buffer, used again (kind.RunCoder)
	if err != nil {
		return nil, nil, false
	}
	return e, r, true
}

// entryBufs hold the buffers load reads entries into: nothing of an
// entry is kept once it is decoded (strings are copied, and DecodeRun
// keeps nothing of its bytes), and a thousand fresh buffers of 80 KB cost
// a build of the 1,000-model board tens of thousands of page faults.
var entryBufs = sync.Pool{New: func() any { return new([]byte) }}

// store renders r's pages, as runPages does, recording what they add,
// and keeps the entry under k.
func (cr *cacheRun) store(k buildcache.Key, i int, site *render.Site, id string, r kind.Run, probs board.Problems) {
	cr.c.misses.Add(1)
	var sc render.Scope
	runPage(site.Scoped(&sc), id, r)
	if site.Err() != nil {
		return
	}
	b, err := cr.coders[i].EncodeRun(r)
	var data []byte
	if err == nil {
		e := entry{Run: b, Problems: probs, Files: sc.Files, Answers: sc.Answers}
		data, err = e.marshal()
	}
	if err == nil {
		err = cr.c.Store.Put(k, data)
	}
	if err != nil {
		cr.c.failed.Add(1)
		return
	}
	cr.c.Record.Note(k, sc.Files)
}

// runPage renders r's pages when it has pages of its own; a failure is
// the site's.
func runPage(site *render.Site, id string, r kind.Run) {
	rp, ok := r.(render.RunPager)
	if !ok || site.Err() != nil {
		return
	}
	if err := rp.RunPages(site); err != nil {
		site.Fail(fmt.Errorf("%s: %w", id, err))
	}
}

// checkCached is one worker's check of sub, as checkOne and runPages do:
// each run whose benchmark's kind keeps runs comes from the cache when it
// holds it, its pages linked from the previous site, and is otherwise
// checked, its pages rendered and its entry stored. folder are the
// results folder's problems.
func checkCached(ctx context.Context, cr *cacheRun, benches []kind.Benchmark, sub *board.Submission, holds []bool, opt kind.Options, site *render.Site, folder board.Problems) Checked {
	c := Checked{Sub: *sub, Runs: make([]kind.Run, len(benches))}
	c.Problems = append(c.Problems, sub.Warnings...)
	keys := make([]buildcache.Key, len(benches))
	keyed := make([]bool, len(benches))
	hits := make([]*entry, len(benches))
	fresh := make([]board.Problems, len(benches))
	usable := !Concerns(folder, sub.Dir) && site.Err() == nil
	for i, b := range benches {
		if !holds[i] {
			continue
		}
		if usable && cr.coders[i] != nil {
			keys[i], keyed[i] = cr.key(sub, i, b.Spec().File)
		}
		if keyed[i] {
			if e, r, ok := cr.load(keys[i], i, &c.Sub); ok {
				hits[i], c.Runs[i] = e, r
				c.Problems = append(c.Problems, e.Problems...)
				continue
			}
		}
		run, probs := b.Check(ctx, sub, opt)
		c.Runs[i], fresh[i] = run, probs
		c.Problems = append(c.Problems, probs...)
	}
	if len(c.Problems) > board.MaxPerSubmission {
		board.SortProblems(c.Problems)
		c.Problems = board.Cap(c.Problems, sub.Dir, "submission", board.PerSubmission)
	}
	if c.Fatal() || Concerns(folder, c.Sub.Dir) {
		// Refused: nothing renders or ranks its runs.
		clear(c.Runs)
		return c
	}
	for i, r := range c.Runs {
		switch {
		case r == nil:
		case hits[i] != nil:
			found := make([]fs.FileInfo, len(hits[i].held))
			for j, h := range hits[i].held {
				found[j] = h.Info()
			}
			if err := site.Replay(&render.Scope{Files: hits[i].Files, Answers: hits[i].Answers, Found: found}); err != nil {
				site.Fail(fmt.Errorf("%s: reusing its pages from the previous site: %w (remove the cache folder %s to rebuild them)", sub.ID, err, cr.c.Store.Dir()))
			}
			cr.c.Record.NoteHeld(keys[i], hits[i].Files, hits[i].held)
			cr.c.hits.Add(1)
		case keyed[i]:
			cr.store(keys[i], i, site, sub.ID, r, fresh[i])
		default:
			runPage(site, sub.ID, r)
		}
	}
	return c
}
