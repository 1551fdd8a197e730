package pipeline

// The build cache's driver: each accepted submission's runs (encoded by
// their kinds, kind.RunCoder) and the files of its own pages are kept
// under a key of everything they depend on; a later build with the same
// key decodes the runs and links the files from the previous site instead
// of checking and rendering again. Kinds know nothing of it.

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
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

// Stats counts the submissions whose runs and pages were reused
// (hits), those checked and rendered (misses), and the entries that could
// not be stored (failed).
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

// entry is what the cache keeps of one accepted submission.
type entry struct {
	// Runs holds each benchmark's run as its kind encoded it, nil where
	// the submission does not answer the benchmark; they follow the rest,
	// which is JSON, as bytes (Lens gives their lengths, -1 for nil).
	Runs [][]byte `json:"-"`
	Lens []int
	// Problems are the submission's problems, none fatal.
	Problems board.Problems
	// Scope is what its runs' pages added to the site.
	Files   []string
	Answers []render.Answer
}

// marshal is e as bytes: the length of its JSON, the JSON, the runs.
func (e *entry) marshal() ([]byte, error) {
	e.Lens = make([]int, len(e.Runs))
	n := 0
	for i, r := range e.Runs {
		e.Lens[i] = -1
		if r != nil {
			e.Lens[i] = len(r)
			n += len(r)
		}
	}
	meta, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	out := binary.AppendUvarint(make([]byte, 0, 10+len(meta)+n), uint64(len(meta)))
	out = append(out, meta...)
	for _, r := range e.Runs {
		out = append(out, r...)
	}
	return out, nil
}

// unmarshal reads what marshal wrote.
func (e *entry) unmarshal(data []byte) error {
	n, k := binary.Uvarint(data)
	if k <= 0 || n > uint64(len(data)-k) {
		return errors.New("bad entry")
	}
	if err := json.Unmarshal(data[k:k+int(n)], e); err != nil {
		return err
	}
	rest := data[k+int(n):]
	e.Runs = make([][]byte, len(e.Lens))
	for i, l := range e.Lens {
		switch {
		case l == -1:
		case l < 0 || l > len(rest):
			return errors.New("bad entry")
		default:
			e.Runs[i], rest = rest[:l:l], rest[l:]
		}
	}
	if len(rest) != 0 {
		return errors.New("bad entry")
	}
	return nil
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
	cr := &cacheRun{c: c, base: buildcache.NewHasher("sciif build submission v1").String(c.Program).Bytes(o).Key(start).Sum(),
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
	return cr, nil
}

// key is the key of sub's entry: the build's base, the submission as read
// (id, folder, metadata, warnings), the folder's files and each benchmark
// it answers; false when some benchmark it answers keeps no runs.
func (cr *cacheRun) key(sub *board.Submission, holds []bool) (buildcache.Key, bool) {
	h := buildcache.NewHasher("submission").Key(cr.base)
	s, err := json.Marshal(sub)
	if err != nil {
		return buildcache.Key{}, false
	}
	h.Bytes(s)
	for i, held := range holds {
		if !held {
			h.String("-")
			continue
		}
		if cr.coders[i] == nil {
			return buildcache.Key{}, false
		}
		h.Key(cr.benches[i])
	}
	files, err := buildcache.Tree(sub.Dir, nil)
	if err != nil {
		return buildcache.Key{}, false
	}
	return h.Key(files).Sum(), true
}

// load is sub's check from the cache, its pages taken from the previous
// site: false when there is no sound entry, or the previous site does not
// hold every one of its files as the entry made them.
func (cr *cacheRun) load(k buildcache.Key, benches []kind.Benchmark, sub *board.Submission, holds []bool, site *render.Site) (Checked, bool) {
	data, ok := cr.c.Store.Get(k)
	if !ok {
		return Checked{}, false
	}
	var e entry
	if e.unmarshal(data) != nil || len(e.Runs) != len(benches) {
		return Checked{}, false
	}
	for _, p := range e.Files {
		if !cr.c.Previous.Has(p, k) {
			return Checked{}, false
		}
	}
	c := Checked{Sub: *sub, Runs: make([]kind.Run, len(benches)), Problems: e.Problems}
	if c.Fatal() {
		return Checked{}, false
	}
	for i, b := range e.Runs {
		if (b != nil) != holds[i] {
			return Checked{}, false
		}
		if b == nil {
			continue
		}
		r, err := cr.coders[i].DecodeRun(&c.Sub, b)
		if err != nil {
			return Checked{}, false
		}
		c.Runs[i] = r
	}
	if err := site.Replay(&render.Scope{Files: e.Files, Answers: e.Answers}); err != nil {
		site.Fail(fmt.Errorf("%s: reusing its pages from the previous site: %w (remove the cache folder %s to rebuild them)", sub.ID, err, cr.c.Store.Dir()))
	}
	cr.c.Record.Note(k, e.Files)
	cr.c.hits.Add(1)
	return c, true
}

// store renders c's pages, as runPages does, recording what they add,
// and keeps the entry under k.
func (cr *cacheRun) store(k buildcache.Key, site *render.Site, c *Checked) {
	cr.c.misses.Add(1)
	var sc render.Scope
	runPages(site.Scoped(&sc), c)
	if site.Err() != nil {
		return
	}
	e := entry{Runs: make([][]byte, len(c.Runs)), Problems: c.Problems, Files: sc.Files, Answers: sc.Answers}
	for i, r := range c.Runs {
		if r == nil {
			continue
		}
		b, err := cr.coders[i].EncodeRun(r)
		if err != nil {
			cr.c.failed.Add(1)
			return
		}
		e.Runs[i] = b
	}
	data, err := e.marshal()
	if err == nil {
		err = cr.c.Store.Put(k, data)
	}
	if err != nil {
		cr.c.failed.Add(1)
		return
	}
	cr.c.Record.Note(k, sc.Files)
}

// checkCached is one worker's check of sub: from the cache when it holds
// the submission, else checked, its pages rendered and the entry stored.
// folder are the results folder's problems.
func checkCached(ctx context.Context, cr *cacheRun, benches []kind.Benchmark, sub *board.Submission, holds []bool, opt kind.Options, site *render.Site, folder board.Problems) Checked {
	k, ok := cr.key(sub, holds)
	ok = ok && !Concerns(folder, sub.Dir) && site.Err() == nil
	if ok {
		if c, hit := cr.load(k, benches, sub, holds, site); hit {
			return c
		}
	}
	c := checkOne(ctx, benches, sub, holds, opt)
	switch {
	case c.Fatal() || Concerns(folder, c.Sub.Dir):
		clear(c.Runs)
	case ok:
		cr.store(k, site, &c)
	default:
		runPages(site, &c)
	}
	return c
}
