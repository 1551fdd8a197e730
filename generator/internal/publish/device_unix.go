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
