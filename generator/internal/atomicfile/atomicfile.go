// Package atomicfile replaces a file so that a reader, or a crash, sees the
// old file or the new one, never a part: what is written goes to a
// temporary file beside the target, which is synced, renamed into place,
// and whose folder is synced so that the rename survives a crash. It is
// the one way the project replaces a single file in place (a run's
// submission files, a board's history); whole sites go through publish.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// WriteFile replaces path with data.
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write replaces path with what fill writes, which need not be in memory
// all at once. The file is readable by all (0644); a failure leaves path
// as it was and no temporary file behind.
func Write(path string, fill func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriter(f)
	if err = fill(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
