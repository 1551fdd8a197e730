package render

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/templates"
)

// compareBoard is a fake board whose one page is its compare page.
type compareBoard struct {
	fakeBoard
	c *Comparison
}

func (b *compareBoard) Info(front bool) BoardInfo {
	info := b.fakeBoard.Info(front)
	info.Compare = true
	return info
}

func (b *compareBoard) Pages(s *Site) error {
	if err := b.fakeBoard.Pages(s); err != nil {
		return err
	}
	b.c.Board = b.name
	return s.ComparePage(b.c)
}

// The overview shows each model's headline on each board it is on, with
// its interval and rank range, counts the boards it answers and leaves
// the others blank: board a is handComparison's (x beats z), board b has
// y and w, one task each way.
func TestOverviewRowsFromComparisons(t *testing.T) {
	tmpl := testTemplates(t)
	for _, name := range []string{"compare.html", "overview.html"} {
		data, err := templates.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		tmpl[name] = &fstest.MapFile{Data: data}
	}
	a := handComparison()
	b := handComparison()
	b.Models = []CompareModel{
		{ID: "y", Name: "y", Slug: "y", Bits: []uint8{1, 0, 0, 0, 0, 0}, Rates: [][]board.Rate{{score.NewRate(1, 6)}}},
		{ID: "w", Name: "w", Slug: "w", Bits: []uint8{0, 1, 0, 0, 0, 0}, Rates: [][]board.Rate{{score.NewRate(1, 6)}}},
	}
	models := func(c *Comparison) (out []ModelInfo) {
		for _, m := range c.Models {
			out = append(out, ModelInfo{ID: m.ID, Name: m.Name})
		}
		return out
	}
	files, err := Build(Input{Boards: []Board{
		&compareBoard{fakeBoard{name: "a", models: models(a)}, a},
		&compareBoard{fakeBoard{name: "b", models: models(b)}, b},
	}, Templates: tmpl, Assets: fstest.MapFS{}, Version: "v"})
	if err != nil {
		t.Fatal(err)
	}
	var page []byte
	for _, f := range files {
		if f.Path == OverviewPath {
			page = f.Data
		}
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(page)))
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	doc.Find("#overview tbody tr").Each(func(_ int, tr *goquery.Selection) {
		row := []string{tr.Find("th").Text()}
		tr.Find("td").Each(func(_ int, td *goquery.Selection) {
			text := td.Text()
			if sp := td.Find(".s"); sp.Length() > 0 {
				text = sp.Text()
			}
			row = append(row, strings.Join(strings.Fields(text), " "))
		})
		got = append(got, row)
	})
	want := [][]string{
		{"x", "1", "100.0%61.0–100.0rank =1 (1–2)", "—"},
		{"y", "2", "83.3%43.6–97.0rank =1 (1–3)", "16.7%3.0–56.4rank =1 (1–2)"},
		{"z", "1", "0.0%0.0–39.0rank 2 (2–3)", "—"},
		{"w", "1", "—", "16.7%3.0–56.4rank =1 (1–2)"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("overview rows (-want +got):\n%s", diff)
	}
	if doc.Find(`header nav a[href="overview.html"]`).Length() != 1 {
		t.Errorf("the navigation does not link the overview")
	}
}
