package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// SiteOptions configure the rendering of a whole site.
type SiteOptions struct {
	// BoardsOptions say which benchmarks and submissions; Start is Site's.
	BoardsOptions
	// Input is the site's input but its boards: where pages go (Sink),
	// the version, templates and assets.
	Input render.Input
	// RecordHistory asks the boards that keep a history
	// (kind.HistoryRecorder) for the line recording their state.
	RecordHistory bool
}

// Built is a site rendered into its sink, not yet published.
type Built struct {
	// Outcome is every benchmark's board; Skipped lists the problems of
	// the submissions left out under SkipInvalid, set also when Site
	// fails after scoring.
	*Outcome
	// Boards are the boards the site shows, in site order.
	Boards []render.Board
	// Files are the site's files, sorted by path.
	Files []board.File
	// History holds the lines to append to the boards' histories once the
	// site is published; none unless RecordHistory.
	History []History
}

// History is a board's state to record.
type History struct {
	Recorder kind.HistoryRecorder
	// Path is the history file; Line records the board's state in it.
	Path string
	Line []byte
}

// ErrNoBenchmark says that no benchmark was found: there is no board to
// show, and nothing was rendered.
var ErrNoBenchmark = errors.New("no benchmark")

// ReportedError is a problem of the reported figures (reported.yaml)
// that fails the build: any, unless SkipInvalid, which leaves out the
// folders with a refused reported.yaml as it leaves out submissions.
type ReportedError struct{ Err error }

func (e *ReportedError) Error() string { return e.Err.Error() }
func (e *ReportedError) Unwrap() error { return e.Err }

// Site checks and scores every submission against every benchmark, as
// Boards does, and renders the site: each accepted submission's own pages
// as soon as it is checked (render.RunPager), then every board. A
// submission refused is an error holding board.Problems, unless
// SkipInvalid; the reported figures of the submissions left out are left
// out too.
func Site(ctx context.Context, opt SiteOptions) (*Built, error) {
	in := opt.Input
	var site *render.Site
	bo := opt.BoardsOptions
	bo.Start = func(boards []render.Board) (*render.Site, error) {
		in.Boards = boards
		var err error
		site, err = render.Start(in)
		return site, err
	}
	res, err := Boards(ctx, bo)
	if err != nil {
		return &Built{Outcome: &Outcome{}}, err
	}
	built := &Built{Outcome: res}
	reported, err := ingest.Reported(opt.Results)
	if probs, ok := err.(board.Problems); ok && opt.SkipInvalid {
		res.Skipped = append(res.Skipped, probs...)
	} else if err != nil {
		return built, &ReportedError{err}
	}
	reported = slices.DeleteFunc(reported, func(r sciifdata.Reported) bool { return Concerns(res.Skipped, filepath.Join(opt.Results, r.ID)) })
	if site == nil {
		return built, ErrNoBenchmark
	}
	shown, err := res.Shown(kind.Options{Policies: opt.Options.Policies})
	if err != nil {
		return built, err
	}
	if built.Boards, err = SiteBoards(shown); err != nil {
		return built, err
	}
	if opt.RecordHistory {
		for _, b := range shown {
			r, ok := b.(kind.HistoryRecorder)
			if !ok {
				continue
			}
			path, line, err := r.RecordHistory(in.Version)
			if err != nil {
				return built, fmt.Errorf("history: %w", err)
			}
			if line != nil {
				built.History = append(built.History, History{r, path, line})
			}
		}
	}
	if built.Files, err = site.Finish(built.Boards, reported); err != nil {
		return built, err
	}
	return built, nil
}
