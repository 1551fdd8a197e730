package sciif

import (
	"io/fs"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Input is what the page tests build a site from: a SciIF board and,
// optionally, instruction boards beside it.
type Input struct {
	Bench      *board.Benchmark
	Board      *board.Board
	Runs       []board.Run
	JudgesOnly *board.Board
	Reported   []board.Reported
	Instr      []*board.InstrBoard
	Version    string
	Templates  fs.FS
	Assets     fs.FS
	// IndexItems is benchmark.yaml's index_items, for every board.
	IndexItems bool
}

var instrTitles = map[string]string{"ifeval": "IFEval", "ifbench": "IFBench"}

// Site renders in through render.Build, with the SciIF board first.
func Site(in Input) ([]board.File, error) {
	name := "sciif"
	if in.Board != nil && in.Board.Benchmark != "" {
		name = in.Board.Benchmark
	}
	boards := []render.Board{&Board{spec: kind.Spec{Kind: "sciif", Name: name, Title: "SciIF", IndexItems: in.IndexItems}, bench: in.Bench, board: in.Board, runs: in.Runs, judgesOnly: in.JudgesOnly}}
	for _, b := range in.Instr {
		title := instrTitles[strings.ToLower(b.Benchmark)]
		if title == "" {
			title = b.Benchmark
		}
		verifiable.RankBoard(b)
		boards = append(boards, verifiable.NewBoard(kind.Spec{Kind: strings.ToLower(b.Benchmark), Name: b.Benchmark, Title: title, IndexItems: in.IndexItems}, b))
	}
	return render.Build(render.Input{Boards: boards, Version: in.Version, Reported: in.Reported, Templates: in.Templates, Assets: in.Assets})
}
