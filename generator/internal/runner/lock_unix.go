//go:build unix

package runner

import (
	"os"

	"golang.org/x/sys/unix"
)

// lockFile takes an advisory lock on f, held until f is closed, so that two
// runs never append to one journal.
func lockFile(f *os.File) error {
	return unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}
