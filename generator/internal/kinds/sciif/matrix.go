package sciif

// The problem × model matrix, in parts of perMatrix models.

import (
	"html/template"

	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// cell classes of the problem × model matrix, under Strict.
func quadClass(c cell) (class, glyph string) {
	if !c.has(cAnswered) {
		return "q-na", "·"
	}
	compliant := c.compliant(board.Strict)
	switch {
	case c.has(cCorrect) && compliant:
		return "q-cc", "✓✓"
	case c.has(cCorrect):
		return "q-cn", "✓✗"
	case compliant:
		return "q-ic", "✗✓"
	}
	return "q-in", "✗✗"
}

type matrixView struct {
	Models []render.Link
	// Slugs name the models' answers folders, in column order.
	Slugs []string
	// Rows is render.Mark(0): a row per problem, a cell per model, written
	// by writeMatrixRows once the page's template has run.
	Rows template.HTML
}

func (s *site) matrixPage() (board.File, error) {
	var v matrixView
	for i := range s.models {
		v.Models = append(v.Models, s.modelLink(&s.models[i]))
		v.Slugs = append(v.Slugs, s.models[i].Slug)
	}
	v.Rows = render.Mark(0)
	f, err := s.exec("matrix", "matrix.html", render.Page{
		Title:       "Problem × model matrix",
		Description: "Correctness and Strict compliance of every model on every problem.",
		Nav:         "cases", Body: v,
	})
	if err != nil {
		return f, err
	}
	return spliced(f, s.writeMatrixRows)
}

// writeMatrixRows writes the matrix's rows, as the template did:
//
//	{{range .Rows}}
//	<tr data-a="{{.Answers}}"><th scope="row" class="sticky"><a href="{{.Item.Href}}">{{.Item.Text}}</a></th><td>{{.Subject}}</td><td class="num">{{.K}}</td>{{range .Cells}}<td class="q {{.Class}}">{{.Glyph}}</td>{{end}}</tr>
//	{{end}}
//
// A page has problems × its models of cells. A row's data-a is the item's
// answers page and anchor, relative to a model's answers folder:
// assets/site.js makes each cell a link to the model's answer (a link per
// cell would double the page's weight).
func (s *site) writeMatrixRows(h *render.HTML) {
	for i := range s.in.Bench.Items {
		it := &s.in.Bench.Items[i]
		item := s.itemLink(i)
		h.Raw("\n" + `<tr data-a="`)
		h.Attr(s.answersFile[i] + "#" + s.itemSlugs[i])
		h.Raw(`"><th scope="row" class="sticky"><a href="`)
		h.URL(item.Href)
		h.Raw(`">`)
		h.Text(item.Text)
		h.Raw(`</a></th><td>`)
		h.Text(it.Subject)
		h.Raw(`</td><td class="num">`)
		h.Int(it.K())
		h.Raw(`</td>`)
		for mi := range s.models {
			class, glyph := quadClass(s.models[mi].cells[i])
			h.Raw(`<td class="q `)
			h.Attr(class)
			h.Raw(`">`)
			h.Text(glyph)
			h.Raw(`</td>`)
		}
		h.Raw(`</tr>`)
	}
}
