//go:build unix

package publish

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// lockDir takes an advisory lock on the folder p, held until Close, that
// tells other builds' clean-up the folder is in use. The lock goes with the
// folder through renames and dies with the process. It is best effort:
// when it cannot be taken, Close does nothing.
func lockDir(p string) io.Closer {
	f, err := os.OpenFile(p, os.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nopCloser{}
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nopCloser{}
	}
	return f
}

// lockDirWait is lockDir that waits for the lock, for the short spells
// while a build looks through or adds to the folders beside a site.
func lockDirWait(p string) io.Closer {
	f, err := os.OpenFile(p, os.O_RDONLY|unix.O_DIRECTORY, 0)
	if err != nil {
		return nopCloser{}
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return nopCloser{}
	}
	return f
}

// tryLockDir locks the folder p if no running build holds it.
func tryLockDir(p string) (io.Closer, bool) {
	f, err := os.OpenFile(p, os.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW, 0)
	if err != nil {
		return nil, false
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, false
	}
	return f, true
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }
