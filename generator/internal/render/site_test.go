package render

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/templates"
)

// fakeBoard is a board with one page, index.html, rendered by Pages.
type fakeBoard struct {
	name, date string
	models     []ModelInfo
}

func (b *fakeBoard) Info(front bool) BoardInfo {
	return BoardInfo{Name: b.name, Title: strings.ToUpper(b.name), Models: b.models,
		Nav: []NavLink{{Key: b.name + ":index", Href: Slug(b.name) + ".html", Text: b.name}}}
}

func (b *fakeBoard) Pages(s *Site) error {
	s.NoteUpdated(b.date)
	f, err := s.Render("t", Slug(b.name)+".html", Page{Title: b.name})
	if err != nil {
		return err
	}
	s.Add(f)
	return nil
}

func (b *fakeBoard) Summary(*Site, string) []OtherRow { return nil }

// testTemplates is the site's templates with a page template of its own.
func testTemplates(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{"t.html": {Data: []byte(`{{define "main"}}<p>page</p>{{end}}`)}}
	for _, name := range []string{"base.html", "methodology.html", "methodology.md", "downloads.html"} {
		data, err := templates.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: data}
	}
	return m
}

// TestStartThenFinish renders a page of one run between Start and Finish,
// as a build does while it checks submissions: it shows the site's
// navigation but not the boards' date, which only the scored boards know;
// the boards' own pages show both.
func TestStartThenFinish(t *testing.T) {
	tmpl := testTemplates(t)
	empty := &fakeBoard{name: "bench"}
	s, err := Start(Input{Boards: []Board{empty}, Templates: tmpl, Assets: fstest.MapFS{}, Version: "v"})
	if err != nil {
		t.Fatal(err)
	}
	// A site built in memory renders such pages after the boards noted
	// their dates: a page of one run shows none either way.
	s.NoteUpdated("2030-01-01")
	run, err := s.Render("t", "models/m/answers.html", Page{Title: "answers", OneRun: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Add(run)
	if _, err := s.Render("t", "early.html", Page{Title: "early"}); err == nil {
		t.Error("a page of the boards rendered before Finish")
	}
	scored := &fakeBoard{name: "bench", date: "2030-01-02", models: []ModelInfo{{ID: "m", Name: "M"}}}
	files, err := s.Finish([]Board{scored}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Path] = string(f.Data)
	}
	for _, p := range []string{"models/m/answers.html", "bench.html"} {
		if !strings.Contains(got[p], `<a href="`+RootOf(p)+`bench.html">bench</a>`) {
			t.Errorf("%s lacks the board's navigation entry:\n%s", p, got[p])
		}
	}
	if strings.Contains(got["models/m/answers.html"], "last updated") {
		t.Error("a page of one run says when the board was last updated")
	}
	if !strings.Contains(got["bench.html"], `last updated <time datetime="2030-01-02">`) {
		t.Errorf("the board's page lacks its date:\n%s", got["bench.html"])
	}
	if m, ok := s.Model("m"); !ok || m.Slug != "m" {
		t.Errorf("Model(m) = %+v, %v after Finish", m, ok)
	}
}

// TestFinishRefusesOtherBoards: the pages rendered since Start show the
// boards Start was given; Finish with boards named otherwise, or in
// another order, fails instead of giving a site whose pages disagree.
func TestFinishRefusesOtherBoards(t *testing.T) {
	for _, tc := range []struct {
		name          string
		start, finish []string
	}{
		{"renamed", []string{"a"}, []string{"b"}},
		{"added", []string{"a"}, []string{"a", "b"}},
		{"dropped", []string{"a", "b"}, []string{"a"}},
		{"reordered", []string{"a", "b"}, []string{"b", "a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boards := func(names []string) []Board {
				var out []Board
				for _, n := range names {
					out = append(out, &fakeBoard{name: n})
				}
				return out
			}
			s, err := Start(Input{Boards: boards(tc.start), Templates: testTemplates(t), Assets: fstest.MapFS{}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Finish(boards(tc.finish), []sciifdata.Reported{})
			if err == nil || !strings.Contains(err.Error(), "not the ones the site was started with") {
				t.Errorf("Finish = %v, want it refused", err)
			}
		})
	}
}

// BenchmarkRenderPage renders a page through base.html as a board of
// eight navigation entries does, with a pager of twelve parts: what every
// one of a board's thousands of pages costs before its own content.
func BenchmarkRenderPage(b *testing.B) {
	nav := &fakeBoard{name: "bench"}
	s, err := Start(Input{Boards: []Board{navBoard{nav}}, Version: "v"})
	if err != nil {
		b.Fatal(err)
	}
	var pager []Link
	for k := 1; k <= 12; k++ {
		pager = append(pager, Link{Href: fmt.Sprintf("part-%d.html", k), Text: fmt.Sprintf("Part %d", k)})
	}
	pager[3].Href = ""
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Render("downloads", "models/model-001/part-4.html", Page{Title: "Model 001 · part 4",
			Description: "Model 001's whole answers, part 4.", NoIndex: true, Math: true, Nav: "bench:cases",
			OneRun: true, Pager: pager, Body: downloadsView{}}); err != nil {
			b.Fatal(err)
		}
	}
}

// navBoard is a board with eight navigation entries.
type navBoard struct{ *fakeBoard }

func (n navBoard) Info(front bool) BoardInfo {
	info := n.fakeBoard.Info(front)
	for _, k := range []string{"constraints", "analysis", "cases", "compare", "changes"} {
		info.Nav = append(info.Nav, NavLink{Key: n.name + ":" + k, Href: k + ".html", Text: k})
	}
	return info
}
