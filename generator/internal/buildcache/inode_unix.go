//go:build unix

package buildcache

import (
	"io/fs"
	"syscall"
)

// inode is the device and inode number of the file fi describes.
func inode(fi fs.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}
