package sciif

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// Site renders in as fixture.Site does, with the SciIF board NewBoard
// makes of it.
func Site(in fixture.Input) ([]board.File, error) {
	return fixture.Site(in, NewBoard(fixture.Spec(in), in.Bench, in.Board, in.Runs, in.JudgesOnly))
}
