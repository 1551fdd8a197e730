package sciif

// The problem × model matrix, in parts of perMatrix models.

import (
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// cell classes of the problem × model matrix, under Strict.
func quadClass(c cell) (class, glyph, label string) {
	if !c.has(cAnswered) {
		return "q-na", "·", "not answered"
	}
	compliant := c.compliant(board.Strict)
	switch {
	case c.has(cCorrect) && compliant:
		return "q-cc", "✓✓", "correct, compliant"
	case c.has(cCorrect):
		return "q-cn", "✓✗", "correct, not compliant"
	case compliant:
		return "q-ic", "✗✓", "incorrect, compliant"
	}
	return "q-in", "✗✗", "incorrect, not compliant"
}

type matrixCell struct {
	Class, Glyph, Label string
}

type matrixRow struct {
	Item render.Link
	// Answers is the answers page and anchor of the item, relative to a
	// model's answers folder: assets/site.js makes each cell a link to the
	// model's answer (one link per cell would double the page's weight).
	Answers string
	Subject string
	K       int
	Cells   []matrixCell
}

type matrixView struct {
	Models []render.Link
	// Slugs name the models' answers folders, in column order.
	Slugs []string
	Rows  []matrixRow
}

func (s *site) matrixPage() (board.File, error) {
	var v matrixView
	for i := range s.models {
		v.Models = append(v.Models, s.modelLink(&s.models[i]))
		v.Slugs = append(v.Slugs, s.models[i].Slug)
	}
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		row := matrixRow{Item: s.itemLink(i), Answers: s.answersFile[i] + "#" + s.itemSlugs[i], Subject: it.Subject, K: it.K()}
		for mi := range s.models {
			c, g, l := quadClass(s.models[mi].cells[i])
			row.Cells = append(row.Cells, matrixCell{c, g, l})
		}
		v.Rows = append(v.Rows, row)
	}
	return s.exec("matrix", "matrix.html", render.Page{
		Title:       "Problem × model matrix",
		Description: "Correctness and Strict compliance of every model on every problem.",
		Nav:         "cases", Body: v,
	})
}
