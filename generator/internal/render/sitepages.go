package render

// The pages of the whole site rather than of a board: methodology,
// downloads, the shortened answers' downloads and the static assets.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// AddMethodology adds a board's section to the methodology page: the
// facts of this build (judges, items, rules that decided verdicts).
func (s *Site) AddMethodology(section template.HTML) {
	s.mu.Lock()
	s.methodology = append(s.methodology, section)
	s.mu.Unlock()
}

// AddProtocol adds to the methodology page the Markdown text name (a
// template file, such as "sciif/protocol.md") that says what a kind's
// benchmarks ask and how their answers are verified and scored: once, at
// the first board that adds it, so two boards of one kind share it. The
// page's own text says only what every board shares; a site without a
// kind's boards says nothing of its protocol.
func (s *Site) AddProtocol(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.Contains(s.protocols, name) {
		return nil
	}
	src, err := ReadText(s.tmpl, name)
	if err != nil {
		return err
	}
	s.protocols = append(s.protocols, name)
	s.methodology = append(s.methodology, `<div class="md prose">`+Markdown(NewMarkdown(), src)+`</div>`)
	return nil
}

// AddDownloads lists a board's downloads on the downloads page; files
// hold hrefs relative to the site root, addresses the board's stable
// page addresses.
func (s *Site) AddDownloads(title string, files, addresses []Download) {
	s.mu.Lock()
	s.downloads = append(s.downloads, downloadsSection{Title: title, Files: files, Addresses: addresses})
	s.mu.Unlock()
}

// AddAnswer records the whole text of an answer that a page shows
// shortened (see Shown): it goes into the model's download at AnswersPath,
// whose lines are sorted by benchmark and id whatever order pages are
// rendered in.
func (s *Site) AddAnswer(slug, bench, id, resp string) {
	s.scope.addAnswer(Answer{slug, bench, id, resp})
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers[slug] = append(s.answers[slug], answer{bench, id, resp})
}

type answer struct {
	Benchmark string `json:"benchmark"`
	ID        string `json:"id"`
	Response  string `json:"response"`
}

// methodologyView is the methodology page: the protocol's text, then each
// board's facts of this build.
type methodologyView struct {
	Text     template.HTML
	Version  string
	Sections []template.HTML
}

// downloadsView is the downloads page.
type downloadsView struct {
	Boards []downloadsSection
	Models *modelFilesView
}

type downloadsSection struct {
	Title     string
	Files     []Download
	Addresses []Download
	// ModelFiles are the board's downloads of each model (BoardInfo).
	ModelFiles []ModelFile
}

// sitePages renders the pages of the whole site: methodology, downloads,
// the shortened answers' downloads and the static assets.
func (s *Site) sitePages() error {
	src, err := ReadText(s.tmpl, "methodology.md")
	if err != nil {
		return err
	}
	mv := methodologyView{Text: Markdown(NewMarkdown(), src), Version: s.version, Sections: s.methodology}
	dv := downloadsView{Boards: slices.Clone(s.downloads), Models: s.modelFiles()}
	// A section is a board's: the first board of its title not yet taken.
	taken := make([]bool, len(s.infos))
	for i := range dv.Boards {
		for j, info := range s.infos {
			if !taken[j] && info.Title == dv.Boards[i].Title {
				taken[j], dv.Boards[i].ModelFiles = true, info.ModelFiles
				break
			}
		}
	}
	if err := s.overviewPages(); err != nil {
		return err
	}
	f, err := s.Render("methodology", "methodology.html", Page{
		Title:       "Methodology",
		Description: "How the leaderboard is scored: protocol, policies, metrics, intervals and ranks.",
		Nav:         "methodology", Math: true, Body: mv,
	})
	if err != nil {
		return err
	}
	s.Add(f)
	f, err = s.Render("downloads", "downloads.html", Page{
		Title:       "Downloads",
		Description: "Every table of every board as CSV and JSON, and every verdict.",
		Nav:         "downloads", Body: dv,
	})
	if err != nil {
		return err
	}
	s.Add(f)
	slugs := make([]string, 0, len(s.answers))
	for sl := range s.answers {
		slugs = append(slugs, sl)
	}
	sort.Strings(slugs)
	for _, sl := range slugs {
		as := s.answers[sl]
		sort.Slice(as, func(i, j int) bool {
			if as[i].Benchmark != as[j].Benchmark {
				return as[i].Benchmark < as[j].Benchmark
			}
			return as[i].ID < as[j].ID
		})
		var buf bytes.Buffer
		for _, a := range as {
			line, _ := json.Marshal(a)
			buf.Write(line)
			buf.WriteByte('\n')
		}
		s.Add(board.File{Path: AnswersPath(sl), Data: buf.Bytes()})
	}
	stat, err := s.assetFiles()
	if err != nil {
		return err
	}
	s.Add(stat...)
	return nil
}

// assetFiles copies the static assets under assets/, leaving out Go
// sources.
func (s *Site) assetFiles() ([]board.File, error) {
	var files []board.File
	err := fs.WalkDir(s.assets, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) == ".go" {
			return err
		}
		data, err := fs.ReadFile(s.assets, p)
		if err != nil {
			return err
		}
		files = append(files, board.File{Path: "assets/" + p, Data: data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("assets: %w", err)
	}
	return files, nil
}
