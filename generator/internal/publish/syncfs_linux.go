package publish

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// syncsWhole: the draft is made durable by one syncfs(2) on its file
// system, through a handle on the draft folder opened before anything is
// written in it, instead of an fsync of every file and folder. Since
// Linux 5.8 syncfs reports a failure to write back any data or metadata of
// that file system since the handle was opened; earlier kernels may not,
// so there each file and folder is synced as elsewhere.
var syncsWhole = kernelAtLeast(5, 8)

// syncFS writes back every dirty file and folder of f's file system and
// reports any write-back failure on it since f was opened.
func syncFS(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = unix.Syncfs(int(fd)) }); err != nil {
		return err
	}
	if serr != nil {
		return &os.PathError{Op: "syncfs", Path: f.Name(), Err: serr}
	}
	return nil
}

// kernelAtLeast reports whether the running kernel's release is major.minor
// or later; false when it cannot tell.
func kernelAtLeast(major, minor int) bool {
	var u unix.Utsname
	if unix.Uname(&u) != nil {
		return false
	}
	return releaseAtLeast(unix.ByteSliceToString(u.Release[:]), major, minor)
}

// releaseAtLeast reports whether a kernel release string ("6.1.0-18-amd64",
// "5.8-rc1") is major.minor or later.
func releaseAtLeast(release string, major, minor int) bool {
	ma, rest, ok := leadingInt(release)
	if !ok || !strings.HasPrefix(rest, ".") {
		return false
	}
	mi, _, ok := leadingInt(rest[1:])
	return ok && (ma > major || ma == major && mi >= minor)
}

// leadingInt reads the decimal number s starts with.
func leadingInt(s string) (n int, rest string, ok bool) {
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(s[:i])
	return n, s[i:], err == nil
}
