// Package pipeline wires the stages that turn benchmark folders and a
// results folder into scored boards: ingest → (each kind's) verify →
// score. It is the one place that knows their order; the commands (score,
// build, validate) call it, and its driver names no benchmark kind: it loops
// over the benchmarks opened from the kinds it is given. (One kind's type
// still passes through: SciIF's published figures, sciifdata.Reported,
// which Site reads and hands to render.) It reads input through ingest and
// writes nothing itself: given a site (BoardsOptions.Start), it has each
// accepted submission's own pages rendered into it.
package pipeline

import (
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Concerns reports whether any of probs is about the folder dir or a file
// in it.
func Concerns(probs board.Problems, dir string) bool {
	for _, p := range probs {
		if p.File == dir || strings.HasPrefix(p.File, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
