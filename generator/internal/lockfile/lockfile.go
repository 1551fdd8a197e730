// Package lockfile serialises the commands that update one file: a
// command takes the lock on a file beside it, re-reads, writes and lets
// go. It is a service beneath the stages and writes nothing but the lock
// file itself, which it never removes (removing it would let two commands
// lock two different files of the same name).
package lockfile

import (
	"fmt"
	"io"
	"os"
)

// Lock waits for an exclusive advisory lock on the file at path, creating
// it when missing, and holds it until Close. The lock dies with the
// process, so a killed command never leaves it held. Where the system has
// no flock it does nothing and says so nowhere: two commands at once are
// then the user's to avoid.
func Lock(path string) (io.Closer, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return f, nil
}
