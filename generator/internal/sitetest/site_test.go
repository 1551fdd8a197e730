package sitetest

import (
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// renderSite renders in's whole site: the SciIF board, then the
// instruction boards.
func renderSite(t testing.TB, in fixture.Input) []board.File {
	t.Helper()
	files, err := fixture.Site(in, sciif.NewBoard(fixture.Spec(in), in.Bench, in.Board, in.Runs, in.JudgesOnly))
	if err != nil {
		t.Fatalf("Site: %v", err)
	}
	return files
}

// subjectPage is the page of a subject's board, as package sciif names it.
func subjectPage(sub string) string {
	return "subject-" + render.Slug(strings.ToLower(sub)) + ".html"
}
