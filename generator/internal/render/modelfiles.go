package render

// Each model's own downloads: a board names them in its BoardInfo, the
// downloads page lists them all, a model's page links its own.

import (
	"html/template"
	"slices"
)

// ModelFile is a download a board writes for every model on it.
type ModelFile struct {
	// Label names the file in the downloads page's table of models
	// ("points", "verdicts").
	Label string
	// Dir and Ext place a model's file at Dir + the model's slug + Ext,
	// relative to the site root.
	Dir, Ext string
	// What says what the file holds, as HTML.
	What template.HTML
}

// Path is the file of the model whose slug is slug.
func (f ModelFile) Path(slug string) string { return f.Dir + slug + f.Ext }

// Pattern is the file's path for any model, as the downloads page shows it.
func (f ModelFile) Pattern() string { return f.Path("<model>") }

// ModelFiles links model id's own downloads on every board, relative to
// the site root, in board order, each named by the board's title and the
// file's label ("IFEval verdicts").
func (s *Site) ModelFiles(id string) []Link {
	ref, ok := s.Model(id)
	if !ok {
		return nil
	}
	var out []Link
	for _, info := range s.infos {
		if !info.hasModel(id) {
			continue
		}
		for _, f := range info.ModelFiles {
			out = append(out, Link{Href: f.Path(ref.Slug), Text: info.Title + " " + f.Label})
		}
	}
	return out
}

func (info *BoardInfo) hasModel(id string) bool {
	return slices.ContainsFunc(info.Models, func(m ModelInfo) bool { return m.ID == id })
}

// modelFilesView is the downloads page's table of every model's own
// files: a column per board that writes any, and one for the whole
// answers shown shortened.
type modelFilesView struct {
	Boards  []string
	Answers bool
	Rows    []modelFilesRow
}

type modelFilesRow struct {
	Model ModelName
	// Cells hold the model's files of each board, in the order of Boards;
	// Answers is its whole answers' download, if it has one.
	Cells   [][]Link
	Answers string
}

// modelFiles is the table of every model's own downloads, models in the
// site's order; nil when no board writes any.
func (s *Site) modelFiles() *modelFilesView {
	v := &modelFilesView{}
	var boards []*BoardInfo
	for i := range s.infos {
		if len(s.infos[i].ModelFiles) > 0 {
			boards = append(boards, &s.infos[i])
			v.Boards = append(v.Boards, s.infos[i].Title)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v.Answers = len(s.answers) > 0
	if len(boards) == 0 && !v.Answers {
		return nil
	}
	for _, ref := range s.models {
		row := modelFilesRow{Model: ModelName{Link: Link{Text: ref.Name, Href: ref.Href}, Linked: ref.Href != ""}}
		some := false
		for _, info := range boards {
			var cell []Link
			if info.hasModel(ref.ID) {
				for _, f := range info.ModelFiles {
					cell = append(cell, Link{Href: f.Path(ref.Slug), Text: f.Label})
				}
			}
			some = some || len(cell) > 0
			row.Cells = append(row.Cells, cell)
		}
		if _, ok := s.answers[ref.Slug]; ok {
			row.Answers, some = AnswersPath(ref.Slug), true
		}
		if some {
			v.Rows = append(v.Rows, row)
		}
	}
	return v
}
