package sciif

import (
	"bytes"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// TestAnswersFrameAsTemplate wants every model's answers pages, put
// together from each part's frame, byte-identical to the pages rendered
// through the template, with names html/template escapes and names that
// are the stand-ins themselves; and no frame where the page holds a
// stand-in otherwise (a subject, which every part's links show).
func TestAnswersFrameAsTemplate(t *testing.T) {
	for _, standInSubject := range []bool{false, true} {
		in := fixture.TinyInput()
		names := []string{`<script>alert("x")</script> & 'co' + 1`, "nul \x00 and \xff", standInName, "Naïve 中文 " + standInSlug}
		for k := range in.Board.Models {
			in.Board.Models[k].Name = names[k%len(names)]
		}
		if standInSubject {
			in.Bench.Items[0].Subject += " " + standInName
		}
		rs, err := render.Start(render.Input{Boards: []render.Board{NewBoard(fixture.Spec(in), in.Bench, in.Board, in.Runs, in.JudgesOnly)}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := newSite(rs, "sciif", input{Bench: in.Bench, Board: in.Board, Runs: in.Runs, Title: "SciIF"})
		if err != nil {
			t.Fatal(err)
		}
		parts, err := s.answersParts()
		if err != nil {
			t.Fatal(err)
		}
		for k := range parts {
			part := &parts[k]
			if (part.Frame != nil) == standInSubject {
				t.Errorf("stand-in subject %v: part %s has a frame: %v", standInSubject, part.File, part.Frame != nil)
			}
			for i := range s.models {
				m := &s.models[i]
				got, err := s.answersPage(m, part)
				if err != nil {
					t.Fatal(err)
				}
				want, err := s.answersPageOf(m, part)
				if err != nil {
					t.Fatal(err)
				}
				if got.Path != want.Path || !bytes.Equal(got.Data, want.Data) {
					t.Errorf("%q's page %s from the frame is %s:\n%s\nwant %s:\n%s", m.Scores.Name, part.File, got.Path, got.Data, want.Path, want.Data)
				}
			}
		}
	}
}
