package sciif

// A model's answers page around its cards is the same for every model
// but for the model's name and slug: it is rendered through its template
// once per part, with stand-ins for the two, and each model's page is
// that frame with the model put in.

import (
	"bytes"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Stand-ins for a model's name and slug in an answers page's frame:
// letters only, so that html/template writes them unchanged wherever they
// go (text, attributes, URLs), as it writes a slug.
const (
	standIn     = "QsciifStandInModel"
	standInName = standIn + "NameQ"
	standInSlug = standIn + "SlugQ"
	otherName   = "QsciifOtherModelNameQ"
	otherSlug   = "QsciifOtherModelSlugQ"
)

// answersPage is model m's page of part with render.Mark(0) where its
// cards go: the part's frame with m put in, or, where there is no frame,
// the page rendered through its template.
func (s *site) answersPage(m *model, part *answersPart) (board.File, error) {
	if part.Frame == nil {
		return s.answersPageOf(m, part)
	}
	out := s.Base(s.name) + s.answersHref(m, part.Items[0])
	var name render.HTML
	name.Text(m.Scores.Name)
	return board.File{Path: out, Data: putModel(part.Frame, name.Bytes(), m.Slug)}, nil
}

// putModel is frame with name and slug in place of their stand-ins, in
// one pass: what is put in is not looked at again.
func putModel(frame, name []byte, slug string) []byte {
	out := make([]byte, 0, len(frame)+4*len(name)+4*len(slug))
	for {
		i := bytes.Index(frame, []byte(standIn))
		if i < 0 {
			return append(out, frame...)
		}
		out = append(out, frame[:i]...)
		frame = frame[i:]
		switch {
		case bytes.HasPrefix(frame, []byte(standInName)):
			out, frame = append(out, name...), frame[len(standInName):]
		case bytes.HasPrefix(frame, []byte(standInSlug)):
			out, frame = append(out, slug...), frame[len(standInSlug):]
		default:
			out, frame = append(out, standIn...), frame[len(standIn):]
		}
	}
}

// answersPageOf renders model m's page of part through its template.
func (s *site) answersPageOf(m *model, part *answersPart) (board.File, error) {
	first := part.Items[0]
	v := answersView{Model: s.modelLink(m), Subject: s.in.Bench.Items[first].Subject, Parts: part.Parts, Cards: render.Mark(0)}
	return s.exec("answers", s.answersHref(m, first), render.Page{
		Title:       m.Scores.Name + " · " + s.answersLabel[first] + " answers",
		Description: m.Scores.Name + "'s whole answers to the " + s.answersLabel[first] + " problems of " + s.in.Title + ", with every verdict and reason.",
		NoIndex:     !s.in.IndexItems, Math: true, Nav: "cases", Body: v, OneRun: true,
	})
}

// answersFrame is part's page with the stand-ins for the model, or nil
// when the page would not come out the same for every model that way: it
// is rendered with two sets of stand-ins, and the first with the second
// put in must be the second, so that nothing else on the page holds a
// stand-in.
func (s *site) answersFrame(part *answersPart) ([]byte, error) {
	frame := func(name, slug string) ([]byte, error) {
		f, err := s.answersPageOf(&model{Scores: &sciifdata.ModelScores{Name: name}, Slug: slug}, part)
		return f.Data, err
	}
	a, err := frame(standInName, standInSlug)
	if err != nil {
		return nil, err
	}
	b, err := frame(otherName, otherSlug)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(putModel(a, []byte(otherName), otherSlug), b) || !bytes.Contains(a, []byte(standInSlug)) {
		return nil, nil
	}
	return a, nil
}
