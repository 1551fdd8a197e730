//go:build unix

package publish

import (
	"io/fs"
	"os"
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

// soleFile opens for writing the file at full that a draft from the
// spare finds where it writes a file, when that file is the spare's
// alone: a regular file that no other name links. The live site's files
// are the spare's other files' hard links, and are never written into;
// a file of one link is not shown by any site. Writing over it spares the
// file system an inode and, a page being about as long as it was, its
// blocks: ext4 looks past every inode freed moments ago for each one it
// hands out (a third of a steady incremental build's system time when
// the draft removed and made again a thousand changed pages), and writes
// back at once a file cut to nothing and closed. The writer cuts the file
// to what it wrote when it closes it. The file is checked as opened (not
// followed if a link), and left alone (false) if it is anything else.
func soleFile(full string) (*os.File, bool) {
	if fi, err := os.Lstat(full); err != nil || !sole(fi) {
		return nil, false
	}
	f, err := os.OpenFile(full, os.O_WRONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, false
	}
	if fi, err := f.Stat(); err != nil || !sole(fi) {
		f.Close()
		return nil, false
	}
	return f, true
}

// sole reports whether fi, from Lstat or Stat, is a regular file of one
// link.
func sole(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && fi.Mode().IsRegular() && st.Nlink == 1
}
