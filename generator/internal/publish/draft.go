package publish

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sync"
)

// A Draft is a site being written into a hidden folder beside the output
// folder. Its methods may be called from several goroutines at once.
type Draft struct {
	dir  string // the output folder, absolute, links resolved
	tmp  string
	opt  Options
	lock io.Closer // holds the draft folder against other builds' clean-up
	made []string  // folders Begin created above the output, deepest first
	// whole: Commit syncs the draft's file system at once (Options.whole)
	// through root, the draft folder opened before anything was written
	// in it, and files are not synced one by one.
	whole bool
	root  *os.File
	// spare is where the replaced site is kept (Options.Reuse); reused
	// says the draft started from it, so that it may hold entries this
	// build did not make, some of them the live site's own files.
	spare  string
	reused bool

	mu    sync.Mutex
	files map[string]bool
	dirs  map[string]bool // folders made in tmp
	open  int
	errs  []error
	done  bool
}

// Begin checks that dir may be replaced (see the package comment), removes
// what killed builds left beside it, and starts a draft. Nothing under dir
// changes until Commit.
func Begin(dir string, opt Options) (*Draft, error) {
	real, err := guard(dir, opt)
	if err != nil {
		return nil, &Error{Err: err}
	}
	parent, base := filepath.Dir(real), filepath.Base(real)
	made := missing(parent)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, &Error{Err: err}
	}
	// Holding the parent keeps another build's clean-up from taking the
	// new draft folder before it is locked.
	pl := lockDirWait(parent)
	cleanStale(parent, base)
	tmp, err := os.MkdirTemp(parent, "."+base+".new-")
	if err != nil {
		pl.Close()
		return nil, &Error{Err: err}
	}
	d := &Draft{dir: real, tmp: tmp, opt: opt, made: made, files: map[string]bool{}, dirs: map[string]bool{},
		spare: filepath.Join(parent, "."+base+".spare")}
	d.lock = lockDir(tmp)
	if opt.whole() {
		// Opened first, so that the sync before the swap reports any
		// failure to write back what the draft holds.
		d.root, err = os.Open(tmp)
		d.whole = err == nil
	}
	if err == nil {
		err = os.Chmod(tmp, 0o755)
	}
	if err == nil {
		err = writeNew(filepath.Join(tmp, Marker), []byte(markerData), opt, !d.whole)
	}
	// The spare is taken or dropped under the parent's lock, so that no
	// two builds share it; the marker is already in the draft, so that a
	// build killed while taking it leaves a draft the next one removes.
	if err == nil && opt.Reuse {
		d.reused, err = takeSpare(d.spare, tmp, opt)
	} else if err == nil {
		dropSpare(d.spare)
	}
	pl.Close()
	if err == nil {
		err = opt.at("begun")
	}
	if err != nil {
		return nil, abort(d, &Error{Err: err})
	}
	return d, nil
}

// Create starts the file at path p of the site. The writer is buffered and
// for one goroutine; the file is complete only once Close returned nil.
// Paths follow the rules of Write and are checked against the paths
// created before; a problem here, or in writing or closing, makes Commit
// fail.
func (d *Draft) Create(p string) (io.WriteCloser, error) {
	return d.create(p, true)
}

// create is Create, with a buffer for many small writes or none for one
// whole file (WriteFile).
func (d *Draft) create(p string, buffered bool) (*file, error) {
	full, err := d.claim(p)
	if err != nil {
		return nil, err
	}
	f, cut, err := d.openNew(full)
	if err == nil {
		if err = f.Chmod(0o644); err != nil {
			f.Close()
		}
	}
	if err != nil {
		d.mu.Lock()
		d.open--
		d.mu.Unlock()
		return nil, d.fail(err)
	}
	w := &file{d: d, f: f, cut: cut}
	if buffered {
		w.w = bufio.NewWriterSize(f, 64<<10)
	}
	return w, nil
}

// WriteFile writes the whole file at path p of the site.
func (d *Draft) WriteFile(p string, data []byte) error {
	w, err := d.create(p, false)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// claim checks p against the paths taken so far, takes it and makes its
// folders, returning where to write it.
func (d *Draft) claim(p string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return "", &Error{Err: errors.New("the draft is already committed or aborted")}
	}
	err := checkPath(p)
	switch {
	case err != nil:
	case d.files[p]:
		err = fmt.Errorf("two files at %s", p)
	case d.dirs[p]:
		err = fmt.Errorf("%s is both a file and a folder", p)
	}
	var todo []string
	for a := path.Dir(p); err == nil && a != "."; a = path.Dir(a) {
		if d.files[a] {
			err = fmt.Errorf("%s is both a file and a folder", a)
		} else if !d.dirs[a] {
			todo = append(todo, a)
		}
	}
	for i := len(todo) - 1; i >= 0 && err == nil; i-- {
		err = d.mkdir(filepath.Join(d.tmp, filepath.FromSlash(todo[i])))
		if err == nil {
			d.dirs[todo[i]] = true
		}
	}
	if err != nil {
		d.errs = append(d.errs, err)
		return "", &Error{Err: err}
	}
	d.files[p] = true
	d.open++
	return filepath.Join(d.tmp, filepath.FromSlash(p)), nil
}

// fail records err against the draft.
func (d *Draft) fail(err error) error {
	d.mu.Lock()
	d.errs = append(d.errs, err)
	d.mu.Unlock()
	return &Error{Err: err}
}

// Commit puts the draft in place of the output folder in one step and
// removes the previous site, or keeps it as the spare (Options.Reuse).
// It fails, leaving the previous site as it was, if any Create, Write or
// Close failed, a file is still open or a folder of the draft cannot be
// synced; the draft is then removed. After Commit, whatever it returned,
// the draft is done.
func (d *Draft) Commit() error {
	d.mu.Lock()
	if d.done {
		d.mu.Unlock()
		return &Error{Err: errors.New("the draft is already committed or aborted")}
	}
	d.done = true
	errs := d.errs
	if d.open > 0 {
		errs = append(errs, fmt.Errorf("%d file(s) still open", d.open))
	}
	d.mu.Unlock()
	defer d.lock.Close()
	defer d.closeRoot()
	err := errors.Join(errs...)
	if err == nil {
		err = d.opt.at("written")
	}
	if err == nil && d.reused {
		err = d.prune()
	}
	if err == nil {
		err = d.syncDirs()
	}
	if err != nil {
		return d.discard(err)
	}
	// Lock the previous site too, so that once it is swapped out no other
	// build takes it for a killed build's leftovers while we remove it.
	defer lockDir(d.dir).Close()
	old, serr := swap(d.tmp, d.dir, d.opt)
	if serr == nil {
		_ = d.opt.at("renamed") // observed by tests, never failed
	}
	if serr != nil {
		if serr.Outcome == Unchanged {
			if err := os.RemoveAll(d.tmp); err != nil {
				serr.Leftover = d.tmp
			}
		}
		return serr
	}
	// The rename is durable once the folder holding the output is synced,
	// and that folder's own entry once its parent is, up to the first
	// folder Begin did not make.
	perr := d.syncDir(filepath.Dir(d.dir))
	for _, m := range d.made {
		if perr == nil {
			perr = d.syncDir(filepath.Dir(m))
		}
	}
	if perr != nil {
		perr = fmt.Errorf("syncing the folder of %s: %w (the new site may not survive a crash)", d.dir, perr)
	}
	if old == "" {
		if perr != nil {
			return &Error{Err: perr, Outcome: Replaced}
		}
		return nil
	}
	err = d.opt.at("swapped")
	if err == nil {
		err = d.retire(old)
	}
	if err != nil {
		return &Error{Err: errors.Join(perr, fmt.Errorf("removing the previous site: %w", err)), Outcome: Replaced, Leftover: old}
	}
	if perr != nil {
		return &Error{Err: perr, Outcome: Replaced}
	}
	return nil
}

// syncDirs makes the whole draft durable: its file system at once
// (Options.whole), or every folder of the draft, so that the entries of
// the files, each synced as it was closed, survive a crash.
func (d *Draft) syncDirs() error {
	if d.whole {
		return d.opt.syncFileSystem(d.root)
	}
	d.mu.Lock()
	dirs := make([]string, 0, len(d.dirs)+1)
	dirs = append(dirs, d.tmp)
	for p := range d.dirs {
		dirs = append(dirs, filepath.Join(d.tmp, filepath.FromSlash(p)))
	}
	d.mu.Unlock()
	slices.Sort(dirs)
	for _, p := range dirs {
		if err := d.syncDir(p); err != nil {
			return fmt.Errorf("syncing %s: %w", p, err)
		}
	}
	return nil
}

// syncDir syncs the folder p where folders can be synced.
func (d *Draft) syncDir(p string) error {
	if !canSyncDirs {
		return nil
	}
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	err = d.opt.syncFile(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// closeRoot closes the handle on the draft folder, if there is one; again
// does nothing.
func (d *Draft) closeRoot() {
	if d.root != nil {
		_ = d.root.Close()
	}
}

// missing lists the folders from p upwards that do not exist, deepest
// first.
func missing(p string) []string {
	var out []string
	for ; filepath.Dir(p) != p; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		out = append(out, p)
	}
	return out
}

// Abort removes the draft. It does nothing after Commit, so a deferred
// Abort is safe. Open writers fail from then on.
func (d *Draft) Abort() error {
	d.mu.Lock()
	if d.done {
		d.mu.Unlock()
		return nil
	}
	d.done = true
	d.mu.Unlock()
	defer d.lock.Close()
	return d.discard(nil)
}

// discard removes the draft folder, or with Options.Reuse keeps it as the
// spare (see shelve), and returns the error that stopped the draft, if
// any, telling whether the folder is left behind.
func (d *Draft) discard(err error) error {
	d.closeRoot()
	var rerr error
	if !d.shelve() {
		rerr = os.RemoveAll(d.tmp)
	}
	switch {
	case err == nil && rerr == nil:
		return nil
	case err == nil:
		return &Error{Err: rerr, Leftover: d.tmp}
	}
	e := &Error{Err: err}
	if rerr != nil {
		e.Leftover = d.tmp
	}
	return e
}

// file is a writer returned by Create.
type file struct {
	d *Draft
	f *os.File
	// w buffers the writes to f, or is nil for a file written whole.
	w      *bufio.Writer
	closed bool
	// cut says that f held bytes before (soleFile): Close cuts it to the
	// n bytes written.
	cut bool
	n   int64
}

func (w *file) Write(b []byte) (int, error) {
	if w.closed {
		return 0, &Error{Err: os.ErrClosed}
	}
	var n int
	var err error
	if w.w != nil {
		n, err = w.w.Write(b)
	} else {
		n, err = w.f.Write(b)
	}
	w.n += int64(n)
	if err != nil {
		return n, w.d.fail(err)
	}
	return n, nil
}

func (w *file) Close() error {
	if w.closed {
		return &Error{Err: os.ErrClosed}
	}
	w.closed = true
	var err error
	if w.w != nil {
		err = w.w.Flush()
	}
	if err == nil && w.cut {
		err = w.f.Truncate(w.n)
	}
	if err == nil && !w.d.whole {
		// Each file is synced as it is finished, by the goroutine that
		// wrote it, so that the syncs overlap with the rendering; or the
		// whole draft at once before the swap (Options.whole).
		err = w.d.opt.syncFile(w.f)
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.d.mu.Lock()
	w.d.open--
	w.d.mu.Unlock()
	if err != nil {
		return w.d.fail(err)
	}
	return nil
}

// writeNew writes a new file with mode 0644 whatever the umask, and syncs
// it if sync.
func writeNew(p string, data []byte, opt Options, sync bool) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Chmod(0o644); err == nil {
		err = cerr
	}
	if err == nil && sync {
		err = opt.syncFile(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
