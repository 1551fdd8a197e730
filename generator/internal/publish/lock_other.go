//go:build !unix

package publish

import "io"

// lockDir would lock the folder p; without flock it does nothing.
func lockDir(p string) io.Closer { return nopCloser{} }

// lockDirWait would wait for a lock on the folder p; it does nothing.
func lockDirWait(p string) io.Closer { return nopCloser{} }

// tryLockDir cannot tell a folder in use from a killed build's leftover
// without flock, so it never lets clean-up take one.
func tryLockDir(p string) (io.Closer, bool) { return nil, false }

type nopCloser struct{}

func (nopCloser) Close() error { return nil }
