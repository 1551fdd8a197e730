package sciif

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/render"
)

func TestDiffEntriesListsAddedRemovedAndMoved(t *testing.T) {
	link := func(id, name string) render.Link { return render.Link{Href: "models/" + id + ".html", Text: name} }
	a := historyModel{ID: "a", Name: "A", Strict: 1, Loose: 1}
	b := historyModel{ID: "b", Name: "B", Strict: 2, Loose: 2}
	for _, tc := range []struct {
		name, reason string
		prev         *historyEntry
		cur          historyEntry
		want         changeView
	}{
		{
			name: "first", reason: "the first state lists no additions: everything is new",
			cur:  historyEntry{Date: "2026-01-01", Models: []historyModel{a}},
			want: changeView{Date: "2026-01-01", First: true, Models: 1},
		},
		{
			name: "added and overtaken", reason: "a new model above an old one moves the old one down",
			prev: &historyEntry{Date: "2026-01-01", Models: []historyModel{{ID: "b", Name: "B", Strict: 1, Loose: 1}}},
			cur:  historyEntry{Date: "2026-02-01", Models: []historyModel{a, b}},
			want: changeView{Date: "2026-02-01", Models: 2, Added: []render.Link{link("a", "A")},
				Moves: []rankMove{{Model: link("b", "B"), Before: [2]string{"1", "1"}, After: [2]string{"2", "2"}, Delta: "-1"}}},
		},
		{
			name: "removed", reason: "a model gone from the board is named, without a link",
			prev: &historyEntry{Date: "2026-01-01", Models: []historyModel{a, b}},
			cur:  historyEntry{Date: "2026-01-01", Models: []historyModel{a}},
			want: changeView{Date: "2026-01-01", Models: 1, Removed: []string{"B"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := diffEntries(tc.prev, tc.cur, link)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

func TestParseHistoryNamesTheBadLine(t *testing.T) {
	data := []byte(`{"date":"2026-01-01","models":[]}` + "\n\n" + `{"date":"2026-01-02","models":[],"when":"now"}` + "\n")
	_, err := parseHistory("history.jsonl", data)
	if err == nil || !strings.HasPrefix(err.Error(), "history.jsonl:3:") {
		t.Fatalf("err = %v, want one naming history.jsonl:3", err)
	}
}

// TestChangesPageShowsRecordedStates renders a board with two recorded
// states and checks the page by selector: newest first, the present board
// on top when it differs, additions linked to model pages.
func TestChangesPageShowsRecordedStates(t *testing.T) {
	in := synthInput(4, 12, 3)
	b := &Board{bench: in.Bench, board: in.Board, runs: in.Runs}
	b.spec.Name, b.spec.Title, b.spec.Dir = "sciif", "SciIF", t.TempDir()
	first := entryOf(in.Board, "v1")
	first.Date = "2025-01-01"
	first.Models = first.Models[1:]
	b.history = []historyEntry{first}
	files, err := render.Build(render.Input{Boards: []render.Board{b}, Version: "v2"})
	if err != nil {
		t.Fatal(err)
	}
	page := fileMap(files)["changes.html"]
	if page == nil {
		t.Fatal("no changes.html")
	}
	doc := parse(t, "changes.html", page)
	heads := doc.Find("section.change h2").Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	if diff := cmp.Diff([]string{"This build", "2025-01-01"}, heads); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	m := in.Board.Models[0]
	if got := doc.Find("section.change").First().Find(`a[href="models/` + m.ID + `.html"]`).Length(); got == 0 {
		t.Errorf("the added model %s is not linked in the newest section", m.ID)
	}
	if doc.Find(`nav a[href="changes.html"][aria-current=page]`).Length() != 1 {
		t.Error("the navigation does not mark Changes as the current page")
	}
	// Recording makes the present state the newest entry: no pending
	// section any more, and a second recording adds nothing.
	if _, line, err := b.RecordHistory("v2"); err != nil || line == nil {
		t.Fatalf("RecordHistory = %q, %v", line, err)
	}
	if _, line, _ := b.RecordHistory("v3"); line != nil {
		t.Errorf("an unchanged board recorded %q", line)
	}
}
