//go:build unix

package publish

import (
	"io/fs"
	"syscall"
)

// sameDevice reports whether a and b, from Lstat, lie on one device, so
// that a rename between them can succeed.
func sameDevice(a, b fs.FileInfo) bool {
	sa, ok := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	return ok && ok2 && sa.Dev == sb.Dev
}

// keptFolder reports whether a folder the draft finds in its way (fi,
// from Lstat) is the one mkdir would make: a folder of mode 0755.
func keptFolder(fi fs.FileInfo) bool { return fi.Mode() == fs.ModeDir|0o755 }
