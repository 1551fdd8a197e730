//go:build !unix

package publish

import (
	"io/fs"
	"os"
)

// sameDevice is true where the device is not known: a rename across
// devices then fails, and what it would have moved is removed instead.
func sameDevice(a, b fs.FileInfo) bool { return true }

// keptFolder reports whether a folder the draft finds in its way (fi,
// from Lstat) is one mkdir would make: any folder, where modes are not
// kept.
func keptFolder(fi fs.FileInfo) bool { return fi.IsDir() && fi.Mode()&fs.ModeSymlink == 0 }

// soleFile is false where the links of a file are not known: the file in
// the way is removed and a new one made.
func soleFile(full string) (*os.File, bool) { return nil, false }
