// Package publish is the last stage of the pipeline and its only writer:
// it puts rendered files on disk as a complete site.
//
// Write builds the new site in a temporary folder beside the target and
// swaps it into place only once every file is written, so readers see the
// old site or the new one, never a mix, and a failed build leaves the old
// site untouched. It does not render, and it does not touch anything
// outside the target's parent folder.
package publish

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Write publishes files as the folder dir, replacing what was there.
//
// Paths must be relative, slash-separated and clean, with no ".." element;
// two files may not share a path, and a path may not be both a file and a
// folder. Any problem aborts the whole publication before dir is touched.
func Write(dir string, files []board.File) error {
	if err := check(files); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	base := filepath.Base(dir)
	tmp, err := os.MkdirTemp(parent, "."+base+".new-")
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	for _, f := range files {
		if err := writeFile(tmp, f); err != nil {
			return fmt.Errorf("publish: %w", err)
		}
	}
	if err := swap(tmp, dir); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	done = true
	return nil
}

func writeFile(root string, f board.File) error {
	p := filepath.Join(root, filepath.FromSlash(f.Path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, f.Data, 0o644)
}

// swap moves the finished folder tmp to dir. An existing dir is first
// renamed aside, then removed once the new one is in place; if the second
// rename fails, the old folder is put back.
func swap(tmp, dir string) error {
	old := ""
	if _, err := os.Lstat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			if rerr := os.Rename(old, dir); rerr != nil {
				return fmt.Errorf("%w (and restoring the previous site failed: %v)", err, rerr)
			}
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// check validates every path before anything is written.
func check(files []board.File) error {
	seen := make(map[string]bool, len(files))
	dirs := map[string]bool{}
	var problems []error
	for _, f := range files {
		p := f.Path
		switch {
		case p == "" || path.IsAbs(p) || strings.Contains(p, `\`) || path.Clean(p) != p || p == "." ||
			p == ".." || strings.HasPrefix(p, "../"):
			problems = append(problems, fmt.Errorf("bad path %q", p))
			continue
		case seen[p]:
			problems = append(problems, fmt.Errorf("two files at %s", p))
			continue
		}
		seen[p] = true
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	for _, f := range files {
		if dirs[f.Path] {
			problems = append(problems, fmt.Errorf("%s is both a file and a folder", f.Path))
			dirs[f.Path] = false
		}
	}
	return errors.Join(problems...)
}
