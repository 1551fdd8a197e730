package publish

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Dir is the output folder the draft replaces, absolute, with symbolic
// links resolved: where the previous site is, if there is one.
func (d *Draft) Dir() string { return d.dir }

// Link takes the file at path p of the site being replaced into the draft
// unchanged: a hard link, or a copy where the file system refuses one; in
// a draft from the spare (Options.Reuse), the very file, kept, where the
// draft already holds it.
// The previous site's file is never opened for writing, so the previous
// site stays whole whatever becomes of the draft. p follows the rules of
// Write; a file that is missing or not a regular file is an error, and so
// is any failure of the copy, which makes Commit fail.
func (d *Draft) Link(p string) error { return d.link(p, nil) }

// LinkFound is Link for a file the caller has just found in the site
// being replaced: fi is what os.Lstat said of it, which Link would ask
// again (a build that reuses 14,000 pages asks 14,000 times less).
func (d *Draft) LinkFound(p string, fi fs.FileInfo) error { return d.link(p, fi) }

// link is Link, with fi the previous site's file as Lstat found it, or
// nil to look.
func (d *Draft) link(p string, fi fs.FileInfo) error {
	full, err := d.claim(p)
	if err != nil {
		return err
	}
	src := filepath.Join(d.dir, filepath.FromSlash(p))
	if fi == nil {
		fi, err = os.Lstat(src)
	}
	switch {
	case err != nil:
	case !fi.Mode().IsRegular():
		err = fmt.Errorf("%s in the previous site is not a regular file", p)
	default:
		// In a draft from the spare the file is often there already:
		// kept as it is, neither linked nor removed.
		var kept bool
		if kept, err = d.keep(full, fi); err == nil && !kept && os.Link(src, full) != nil {
			err = copyFile(src, full, d.opt)
		}
	}
	d.mu.Lock()
	d.open--
	d.mu.Unlock()
	if err != nil {
		return d.fail(err)
	}
	return nil
}

// copyFile copies the regular file src to the new file dst, mode 0644,
// synced.
func copyFile(src, dst string, opt Options) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Chmod(0o644)
	}
	if err == nil {
		err = opt.syncFile(out)
	}
	return errors.Join(err, out.Close())
}
