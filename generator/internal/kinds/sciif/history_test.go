package sciif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
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
	in := fixture.SynthInput(4, 12, 3)
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
	page := fixture.FileMap(files)["changes.html"]
	if page == nil {
		t.Fatal("no changes.html")
	}
	doc := fixture.Parse(t, "changes.html", page)
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

// TestConcurrentRecordingsKeepEveryLine has builds, as goroutines each
// with its own open files as separate processes would have, append
// different states to one history at once. Every state is there exactly
// once afterwards and the file is valid JSONL: none overwrote a line
// another had just written (the attack corpus lost 4 lines of 120).
func TestConcurrentRecordingsKeepEveryLine(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no flock")
	}
	path := filepath.Join(t.TempDir(), HistoryFile)
	const builds, each = 12, 10
	line := func(b, i int) []byte {
		e := historyEntry{Date: fmt.Sprintf("2026-%02d-%02d", b+1, i+1), Version: "v", Models: []historyModel{{ID: fmt.Sprintf("m%d-%d", b, i), Name: "M", Strict: 1, Loose: 1}}}
		data, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		return append(data, '\n')
	}
	var wg sync.WaitGroup
	for b := range builds {
		wg.Go(func() {
			for i := range each {
				ok, err := appendHistory(path, line(b, i))
				if err != nil || !ok {
					t.Errorf("build %d, state %d: appendHistory = %v, %v; want true, nil", b, i, ok, err)
				}
			}
		})
	}
	wg.Wait()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	hist, err := parseHistory(path, data)
	if err != nil {
		t.Fatalf("the history is no longer valid JSONL: %v", err)
	}
	var got, want []string
	for _, e := range hist {
		got = append(got, e.Models[0].ID)
	}
	for b := range builds {
		for i := range each {
			want = append(want, fmt.Sprintf("m%d-%d", b, i))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("recorded states (-want +got):\n%s", diff)
	}
	if n := bytes.Count(data, []byte("\n")); n != builds*each {
		t.Errorf("%d lines, want %d", n, builds*each)
	}
}

// TestAppendHistoryRereadsUnderTheLock checks the decision made under the
// lock: a state another build recorded since this one read the history
// is not recorded twice, a different state is, and a broken history is
// left alone with an error naming its line.
func TestAppendHistoryRereadsUnderTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), HistoryFile)
	a := []byte(`{"date":"2026-01-01","version":"v1","models":[{"id":"a","name":"A","strict":1,"loose":1}]}` + "\n")
	aLater := []byte(`{"date":"2026-01-01","version":"v2","models":[{"id":"a","name":"A","strict":1,"loose":1}]}` + "\n")
	b := []byte(`{"date":"2026-01-02","version":"v1","models":[{"id":"b","name":"B","strict":1,"loose":1}]}` + "\n")
	for _, step := range []struct {
		name, reason string
		line         []byte
		want         bool
		file         string
	}{
		{name: "first", reason: "a missing history is created", line: a, want: true, file: string(a)},
		{name: "same board", reason: "the same board under another version was recorded meanwhile", line: aLater, want: false, file: string(a)},
		{name: "changed", reason: "a different board is appended", line: b, want: true, file: string(a) + string(b)},
		{name: "back again", reason: "an older board that is not the last state is a change", line: a, want: true, file: string(a) + string(b) + string(a)},
	} {
		got, err := appendHistory(path, step.line)
		if err != nil || got != step.want {
			t.Fatalf("%s: appendHistory = %v, %v; want %v, nil (%s)", step.name, got, err, step.want, step.reason)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(step.file, string(data)); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", step.name, step.reason, diff)
		}
	}
	broken := string(a) + "{\"date\": 1}\n"
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := appendHistory(path, b); err == nil || !strings.Contains(err.Error(), HistoryFile+":2:") {
		t.Errorf("appending to a broken history: err = %v, want one naming line 2", err)
	}
	if data, _ := os.ReadFile(path); string(data) != broken {
		t.Errorf("a broken history was rewritten:\n%s", data)
	}
}
