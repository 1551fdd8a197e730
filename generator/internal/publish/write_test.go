package publish

import (
	"errors"
	"fmt"
	"path"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// The tests publish a whole site at once; the build writes a draft as it
// renders (Begin, Draft.WriteFile, Commit).

// Write publishes files as the folder dir, replacing the previous site.
//
// Paths must be relative, slash-separated and clean, with no ".." element;
// two files may not share a path, a path may not be both a file and a
// folder, and Marker is reserved. Every path is checked before anything is
// written, and any problem, with the paths or with dir (see the package
// comment), aborts the whole publication before dir is touched.
func Write(dir string, files []board.File, opt Options) error {
	if err := check(files); err != nil {
		return &Error{Err: err}
	}
	d, err := Begin(dir, opt)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := d.WriteFile(f.Path, f.Data); err != nil {
			return abort(d, err)
		}
	}
	return d.Commit()
}

// check validates every path before anything is written, collecting all
// the problems.
func check(files []board.File) error {
	seen := make(map[string]bool, len(files))
	dirs := map[string]bool{}
	var problems []error
	for _, f := range files {
		p := f.Path
		if err := checkPath(p); err != nil {
			problems = append(problems, err)
			continue
		}
		if seen[p] {
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
