package publish

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// swap puts tmp in place of dir in one step and returns where the previous
// site went ("" if there was none). A first build is a rename that refuses
// to overwrite; a later one exchanges the two folders, then checks that
// what came out of dir is a site of ours, swapping back if not. File
// systems that know neither flag get the two-rename swap.
func swap(tmp, dir string, opt Options) (string, *Error) {
	if opt.renames {
		return swapRenames(tmp, dir, opt)
	}
	for range 2 {
		err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_NOREPLACE)
		if err == nil {
			return "", nil
		}
		if unsupported(err) {
			return swapRenames(tmp, dir, opt)
		}
		if !errors.Is(err, unix.EEXIST) {
			return "", &Error{Err: err}
		}
		if err := replaceable(dir); err != nil {
			return "", &Error{Err: fmt.Errorf("refusing to replace %s: %w", dir, err)}
		}
		if err := opt.at("exchanging"); err != nil {
			return "", &Error{Err: err}
		}
		err = unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
		switch {
		case err == nil:
		case errors.Is(err, unix.ENOENT):
			continue // dir went away since it was checked
		case unsupported(err):
			return swapRenames(tmp, dir, opt)
		default:
			return "", &Error{Err: err}
		}
		// Something may have replaced dir since it was checked.
		if err := replaceable(tmp); err != nil {
			err = fmt.Errorf("refusing to replace %s: %w", dir, err)
			if xerr := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE); xerr != nil {
				return "", &Error{Err: fmt.Errorf("%w (and swapping it back failed: %v)", err, xerr), Outcome: Replaced, Leftover: tmp}
			}
			return "", &Error{Err: err}
		}
		return tmp, nil
	}
	return "", &Error{Err: fmt.Errorf("%s keeps changing while it is being replaced", dir)}
}

func unsupported(err error) bool {
	return errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS)
}
