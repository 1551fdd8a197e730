package runner

import (
	"errors"
	"os"

	"github.com/sciif/leaderboard/generator/internal/atomicfile"
)

// WriteFile replaces path with data atomically (atomicfile.WriteFile):
// a reader, or a crash, sees the old file or the new one, never a part.
func WriteFile(path string, data []byte) error { return atomicfile.WriteFile(path, data) }

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
