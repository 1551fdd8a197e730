package runner

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// WriteFile replaces path with data atomically: it writes a temporary file
// beside it, syncs it and renames it into place, so that a reader (or a
// crash) sees the old file or the new one, never a part.
func WriteFile(path string, data []byte) error {
	return writeFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeFile is WriteFile of what fill writes, which need not be in memory
// all at once.
func writeFile(path string, fill func(w io.Writer) error) (err error) {
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
	syncDir(dir)
	return nil
}

// WriteNew is WriteFile that leaves an existing file alone: it reports
// whether it wrote. Use it for files the user edits, like metadata.yaml.
func WriteNew(path string, data []byte) (bool, error) {
	if _, err := os.Lstat(path); err == nil {
		return false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	return true, WriteFile(path, data)
}
