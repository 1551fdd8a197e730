package sciif

import (
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// NewBoard is the board of bench scored as b, a benchmark named in spec:
// runs hold the verified submissions in b.Models' order, each with one
// verdict and one response per item, and judgesOnly, when not nil, is the
// same board scored by the judges alone (--no-rules). It lets a site be
// built in memory, as the page tests build theirs.
func NewBoard(spec kind.Spec, bench *sciifdata.Benchmark, b *sciifdata.Board, runs []sciifdata.Run, judgesOnly *sciifdata.Board) *Board {
	return &Board{spec: spec, bench: bench, board: b, runs: runs, judgesOnly: judgesOnly}
}
