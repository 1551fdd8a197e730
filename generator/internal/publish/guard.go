package publish

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// errNotSite is the refusal of a folder that holds files but no marker.
var errNotSite = fmt.Errorf("it holds files but no %s marker, so it is not a site built by sciif; empty it or choose another folder", Marker)

// guard checks that dir may be replaced by a site and returns it absolute
// with links resolved.
func guard(dir string, opt Options) (string, error) {
	real, err := resolve(dir)
	if err != nil {
		return "", fmt.Errorf("cannot publish to %s: %w", dir, err)
	}
	refuse := func(format string, args ...any) error {
		return fmt.Errorf("refusing to replace %s: "+format, append([]any{dir}, args...)...)
	}
	if filepath.Dir(real) == real {
		return "", refuse("it is the root of the file system")
	}
	for _, p := range opt.Protect {
		if p == "" {
			continue
		}
		rp, err := resolve(p)
		if err != nil {
			return "", fmt.Errorf("protected folder %s: %w", p, err)
		}
		switch {
		case rp == real:
			return "", refuse("it is the protected folder %s", p)
		case within(real, rp):
			return "", refuse("it lies inside the protected folder %s", p)
		case within(rp, real):
			return "", refuse("it contains the protected folder %s", p)
		}
	}
	roots := append([]string(nil), opt.Roots...)
	if wd, err := os.Getwd(); err == nil {
		roots = append(roots, wd)
		if r := repoRoot(wd); r != "" {
			roots = append(roots, r)
		}
	}
	if r := repoRoot(real); r != "" {
		roots = append(roots, r)
	}
	for _, r := range roots {
		if r == "" {
			continue
		}
		rr, err := resolve(r)
		if err != nil {
			return "", fmt.Errorf("root folder %s: %w", r, err)
		}
		switch {
		case rr == real:
			return "", refuse("it is the repository or working folder %s", r)
		case within(rr, real):
			return "", refuse("it contains the repository or working folder %s", r)
		}
	}
	if _, err := os.Lstat(real); errors.Is(err, fs.ErrNotExist) {
		return real, nil
	}
	if err := replaceable(real); err != nil {
		return "", refuse("%w", err)
	}
	return real, nil
}

// resolve makes p absolute and resolves the links in the part of it that
// exists. A link that points nowhere is an error: publishing there would
// replace the link.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for cur := abs; ; {
		r, err := filepath.EvalSymlinks(cur)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if fi, err := os.Lstat(cur); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return "", fmt.Errorf("%s is a symbolic link to nothing", cur)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

// within reports whether p lies strictly inside the folder dir; both are
// clean and absolute.
func within(p, dir string) bool {
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// repoRoot returns the nearest folder at or above p, as far as it exists,
// that holds go.mod or .git, or "".
func repoRoot(p string) string {
	for {
		for _, name := range []string{"go.mod", ".git"} {
			if _, err := os.Lstat(filepath.Join(p, name)); err == nil {
				return p
			}
		}
		parent := filepath.Dir(p)
		if parent == p {
			return ""
		}
		p = parent
	}
}

// replaceable checks that p is a folder a site may replace: one of our
// sites, or empty.
func replaceable(p string) error {
	fi, err := os.Lstat(p)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return errors.New("it is not a folder")
	}
	if ours(p) {
		return nil
	}
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Readdirnames(1); err == io.EOF {
		return nil
	} else if err != nil {
		return err
	}
	return errNotSite
}

// ours reports whether the folder p carries our marker.
func ours(p string) bool {
	fi, err := os.Lstat(filepath.Join(p, Marker))
	return err == nil && fi.Mode().IsRegular()
}

// cleanStale removes what killed builds left beside parent/base: folders
// named .base.new-DIGITS (with ".old" after a two-rename swap) that carry
// the marker or are empty and that no running build holds. While base is
// missing, ".old" folders are kept: one may be the only copy of a site
// whose two-rename swap was cut short. Failures are ignored; the next
// build tries again.
func cleanStale(parent, base string) {
	es, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	_, err = os.Lstat(filepath.Join(parent, base))
	missing := errors.Is(err, fs.ErrNotExist)
	prefix := "." + base + ".new-"
	for _, e := range es {
		name := e.Name()
		digits, ok := strings.CutPrefix(name, prefix)
		if !ok || !e.IsDir() {
			continue
		}
		digits, old := strings.CutSuffix(digits, ".old")
		if digits == "" || strings.Trim(digits, "0123456789") != "" || (old && missing) {
			continue
		}
		p := filepath.Join(parent, name)
		l, free := tryLockDir(p)
		if !free {
			continue
		}
		if replaceable(p) == nil {
			removeSite(p, Options{})
		}
		l.Close()
	}
}

// removeSite removes the site folder p, its marker last, so that a build
// killed halfway leaves a folder the next one still recognises.
func removeSite(p string, opt Options) error {
	es, err := os.ReadDir(p)
	if err != nil {
		return err
	}
	n := 0
	for _, e := range es {
		if e.Name() == Marker {
			continue
		}
		if err := os.RemoveAll(filepath.Join(p, e.Name())); err != nil {
			return err
		}
		if n++; n == 1 {
			if err := opt.at("removing"); err != nil {
				return err
			}
		}
	}
	if err := os.Remove(filepath.Join(p, Marker)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Remove(p)
}

// swapRenames puts tmp in place of dir with two renames, for systems
// without an atomic exchange, and returns where the previous site went
// ("" if there was none).
func swapRenames(tmp, dir string, opt Options) (string, *Error) {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, dir); err != nil {
			return "", &Error{Err: err}
		}
		return "", nil
	} else if err != nil {
		return "", &Error{Err: err}
	}
	if err := replaceable(dir); err != nil {
		return "", &Error{Err: fmt.Errorf("refusing to replace %s: %w", dir, err)}
	}
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		return "", &Error{Err: err}
	}
	err := opt.at("between renames")
	if err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		if rerr := os.Rename(old, dir); rerr != nil {
			return "", &Error{Err: fmt.Errorf("%w (and putting the previous site back failed: %v)", err, rerr), Outcome: Missing, Leftover: old}
		}
		return "", &Error{Err: err}
	}
	return old, nil
}
