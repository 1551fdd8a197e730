package publish

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
)

// The spare (Options.Reuse) is the site a publication replaced, kept in
// the hidden folder .NAME.spare beside the output so that the next draft
// starts from it: a file the next build takes unchanged from the live
// site is then, most of the time, already in the draft as the very same
// file (the spare's files are hard links of the live site's), and the
// next Commit has the spare's unchanged files neither to link nor to
// remove. Every entry of a draft that started from the spare is one this
// build wrote, one it took from the live site, or one it removes before
// the swap (prune); nothing the live site holds is ever opened for
// writing (a file of the spare that the live site does not share may be
// written over, soleFile).

// takeSpare moves what the spare holds, its marker aside, into the new
// draft folder tmp, removes the spare and reports whether the draft may
// now hold entries this build did not make. The draft stays a new
// folder, as the build cache takes a newly published site to be; what
// moves is the site's top level, a few entries. A spare that is not a
// folder of ours on the draft's device is not taken (see dropSpare).
func takeSpare(spare, tmp string, opt Options) (bool, error) {
	if !ownSpare(spare, tmp) {
		dropSpare(spare)
		return false, nil
	}
	f, err := os.Open(spare)
	if err != nil {
		return false, nil
	}
	es, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		es = nil
	}
	moved := false
	for _, e := range es {
		if e.Name() == Marker {
			continue
		}
		// A rename that fails leaves the entry to be removed with the
		// spare; the draft then makes it again.
		if os.Rename(filepath.Join(spare, e.Name()), filepath.Join(tmp, e.Name())) != nil {
			continue
		}
		if !moved {
			moved = true
			if err := opt.at("taking the spare"); err != nil {
				return true, err
			}
		}
	}
	_ = removeSite(spare, Options{})
	return moved, nil
}

// ownSpare reports whether the spare is a folder of ours, not a link and
// carrying the marker, on the same device as the draft folder tmp.
func ownSpare(spare, tmp string) bool {
	fi, err := os.Lstat(spare)
	if err != nil || !fi.IsDir() || !ours(spare) {
		return false
	}
	ti, err := os.Lstat(tmp)
	return err == nil && sameDevice(fi, ti)
}

// dropSpare removes the spare if it is a folder of ours or an empty
// folder. Anything else at that name (a link, a file, someone's folder)
// is left as it is: the publication then neither takes a spare nor
// leaves one, as Commit puts nothing in its place.
func dropSpare(spare string) {
	fi, err := os.Lstat(spare)
	if err != nil || !fi.IsDir() {
		return
	}
	if ours(spare) {
		_ = removeSite(spare, Options{})
		return
	}
	_ = os.Remove(spare) // an empty folder only
}

// retire puts the previous site, swapped out to old, aside as the spare
// (Options.Reuse), or removes it. Where something is already at the
// spare's name (another build's spare, or not ours), the previous site is
// removed instead: two sites are never merged.
func (d *Draft) retire(old string) error {
	if d.opt.Reuse {
		if _, err := os.Lstat(d.spare); errors.Is(err, fs.ErrNotExist) && os.Rename(old, d.spare) == nil {
			return nil
		}
	}
	return removeSite(old, d.opt)
}

// shelve keeps a draft that will not be published as the spare
// (Options.Reuse), where nothing is at the spare's name, and reports
// whether it did. A draft that started from the spare holds most of it,
// and one that fails (a submission refused, a build interrupted) would
// otherwise take the spare with it, so that the next build links every
// file again. Whatever the draft holds, half-written files included, is
// safe to start from: the next draft keeps only the live site's own files
// (keep), writes over or removes the rest, and prunes what it did not
// make. The rename is made under the parent's lock, as the spare is
// taken under it.
func (d *Draft) shelve() bool {
	if !d.opt.Reuse || !ours(d.tmp) {
		return false
	}
	defer lockDirWait(filepath.Dir(d.tmp)).Close()
	if _, err := os.Lstat(d.spare); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	return os.Rename(d.tmp, d.spare) == nil
}

// openNew creates the file at full, which must be new. In a draft that
// started from the spare, a file already there that is the spare's alone
// is written over (soleFile), and cut says that it must be cut to what
// is written; anything else there is removed first: it may be the live
// site's file, which is never written into.
func (d *Draft) openNew(full string) (f *os.File, cut bool, err error) {
	f, err = os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil && d.reused && errors.Is(err, fs.ErrExist) {
		if f, ok := soleFile(full); ok {
			return f, true, nil
		}
		if err = os.RemoveAll(full); err == nil {
			f, err = os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		}
	}
	return f, false, err
}

// mkdir makes the draft's folder p, mode 0755 whatever the umask. In a
// draft that started from the spare a folder of that mode already there
// is kept, and anything else in the way is removed first.
func (d *Draft) mkdir(p string) error {
	err := os.Mkdir(p, 0o755)
	if err != nil && d.reused && errors.Is(err, fs.ErrExist) {
		if fi, lerr := os.Lstat(p); lerr == nil && keptFolder(fi) {
			return nil
		}
		if err = os.RemoveAll(p); err == nil {
			err = os.Mkdir(p, 0o755)
		}
	}
	if err != nil {
		return err
	}
	return os.Chmod(p, 0o755)
}

// keep reports whether the draft already holds, at full, the very file
// src of the live site (fi, from Lstat) that Link takes: the same inode
// on the same device. Anything else there is removed.
func (d *Draft) keep(full string, fi fs.FileInfo) (bool, error) {
	if !d.reused {
		return false, nil
	}
	got, err := os.Lstat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case os.SameFile(got, fi):
		return true, nil
	}
	return false, os.RemoveAll(full)
}

// prune removes from a draft that started from the spare every entry
// this build did not write, link or make: each folder of the draft is
// read once, by name and type, and nothing else is asked of its entries.
func (d *Draft) prune() error {
	dirs := make([]string, 0, len(d.dirs)+1)
	dirs = append(dirs, ".")
	d.mu.Lock()
	for p := range d.dirs {
		dirs = append(dirs, p)
	}
	d.mu.Unlock()
	slices.Sort(dirs)
	first := true
	for _, dir := range dirs {
		es, err := readDir(filepath.Join(d.tmp, filepath.FromSlash(dir)))
		if err != nil {
			return err
		}
		for _, e := range es {
			p := path.Join(dir, e.Name())
			if d.claimed(p, e) {
				continue
			}
			if first {
				first = false
				if err := d.opt.at("pruning"); err != nil {
					return err
				}
			}
			if err := os.RemoveAll(filepath.Join(d.tmp, filepath.FromSlash(p))); err != nil {
				return err
			}
		}
	}
	return nil
}

// claimed reports whether the draft's entry e at path p is one this build
// made: the marker, a file it wrote or linked, a folder it made. The
// draft is done, so its maps no longer change.
func (d *Draft) claimed(p string, e fs.DirEntry) bool {
	switch {
	case e.Type().IsRegular():
		return p == Marker || d.files[p]
	case e.IsDir():
		return d.dirs[p]
	}
	return false
}

// readDir lists the folder p unsorted, with each entry's type as the
// folder gives it.
func readDir(p string) ([]fs.DirEntry, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	es, err := f.ReadDir(-1)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return es, err
}
