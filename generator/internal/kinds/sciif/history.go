package sciif

// The board's history (history.jsonl beside items.jsonl) and the page that
// shows it (changes.html): when models were added or removed and how their
// ranks moved. The history is data kept in the repository: a build only
// reads it, and appends to it only when asked (sciif build
// --record-history), so that the same input always gives the same site.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/sciif/leaderboard/generator/internal/atomicfile"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/lockfile"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// HistoryFile is the name of a SciIF benchmark's history, in its folder.
const HistoryFile = "history.jsonl"

// historyEntry is one recorded state of the board: one line of
// history.jsonl. Its date is the newest submission's date, never a clock's.
type historyEntry struct {
	Date    string         `json:"date"`
	Version string         `json:"version,omitempty"`
	Models  []historyModel `json:"models"`
}

// historyModel is one model's place on the board in a recorded state.
type historyModel struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Strict int    `json:"strict"`
	Loose  int    `json:"loose"`
}

// readHistory reads dir's history.jsonl; a missing file is an empty
// history. A line that is not an entry is an error naming its line: the
// file is edited by a command, never by hand, so a broken line stops the
// build rather than silently dropping part of the history.
func readHistory(dir string) ([]historyEntry, error) {
	if dir == "" {
		return nil, nil
	}
	path := filepath.Join(dir, HistoryFile)
	data, err := ingest.ReadFile(path, ingest.MaxHistory, ingest.FollowLinks)
	if fe := (*ingest.FileError)(nil); errors.As(err, &fe) && fe.NotExist {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return parseHistory(path, data)
}

// parseHistory decodes the lines of a history file; blank lines are
// skipped.
func parseHistory(path string, data []byte) ([]historyEntry, error) {
	var out []historyEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), ingest.MaxLine)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var e historyEntry
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if e.Date == "" {
			return nil, fmt.Errorf("%s:%d: entry without a date", path, n)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// entryOf is the board's state as a history entry: models in board order,
// the newest submission's date, the generator's version.
func entryOf(bd *sciifdata.Board, version string) historyEntry {
	e := historyEntry{Version: version, Models: []historyModel{}}
	for i := range bd.Models {
		m := &bd.Models[i]
		hm := historyModel{ID: m.ID, Name: m.Name}
		if ps := m.Strict; ps != nil {
			hm.Strict = ps.Rank
		}
		if ps := m.Loose; ps != nil {
			hm.Loose = ps.Rank
		}
		e.Models = append(e.Models, hm)
		if len(m.Date) == len("2006-01-02") && m.Date > e.Date {
			e.Date = m.Date
		}
	}
	return e
}

// sameBoard reports whether two entries hold the same date, models and
// ranks: a build of an unchanged board records nothing, whatever its
// version.
func sameBoard(a, b historyEntry) bool {
	if a.Date != b.Date || len(a.Models) != len(b.Models) {
		return false
	}
	for i := range a.Models {
		x, y := a.Models[i], b.Models[i]
		if x.ID != y.ID || x.Strict != y.Strict || x.Loose != y.Loose {
			return false
		}
	}
	return true
}

// RecordHistory adds the board's present state to its history, unless it
// equals the last recorded state. It returns the history file and the
// line to append to it (nil when nothing changed); the pages rendered
// afterwards show the new entry. Writing the line is the caller's: a
// command appends it with AppendHistory once the site is published.
func (b *Board) RecordHistory(version string) (path string, line []byte, err error) {
	if b.board == nil || b.spec.Dir == "" {
		return "", nil, nil
	}
	e := entryOf(b.board, version)
	if e.Date == "" {
		return "", nil, nil
	}
	if n := len(b.history); n > 0 && sameBoard(b.history[n-1], e) {
		return "", nil, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return "", nil, err
	}
	b.history = append(b.history, e)
	return filepath.Join(b.spec.Dir, HistoryFile), buf.Bytes(), nil
}

// AppendHistory writes line, a state RecordHistory returned, at the end of
// the board's history, unless the history's last state is already the same
// board (another build may have recorded it since this one read the
// history). It reports whether it wrote.
func (b *Board) AppendHistory(line []byte) (bool, error) {
	return appendHistory(filepath.Join(b.spec.Dir, HistoryFile), line)
}

// appendHistory appends line to the history at path. Commands that record
// at once take turns under a lock on path+".lock"; each re-reads the
// history under the lock, so none loses another's line. The file is
// replaced whole (a synced temporary file renamed into place, then its
// folder synced), so a crash leaves the old history or the new one, never
// a half-written line.
func appendHistory(path string, line []byte) (bool, error) {
	add, err := parseHistory(path, line)
	if err != nil {
		return false, err
	}
	if len(add) != 1 {
		return false, fmt.Errorf("%s: %d states to append, want 1", path, len(add))
	}
	l, err := lockfile.Lock(path + ".lock")
	if err != nil {
		return false, err
	}
	defer l.Close()
	data, err := ingest.ReadFile(path, ingest.MaxHistory, ingest.FollowLinks)
	if fe := (*ingest.FileError)(nil); errors.As(err, &fe) && fe.NotExist {
		data, err = nil, nil
	}
	if err != nil {
		return false, err
	}
	hist, err := parseHistory(path, data)
	if err != nil {
		return false, err
	}
	if n := len(hist); n > 0 && sameBoard(hist[n-1], add[0]) {
		return false, nil
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	data = append(data, bytes.TrimSpace(line)...)
	return true, atomicfile.WriteFile(path, append(data, '\n'))
}

// rankMove is one model's rank in two states of the board.
type rankMove struct {
	Model  render.Link
	Before [2]string
	After  [2]string
	// Delta is the Strict move in places, "+2" for up two places.
	Delta string
	Up    bool
}

// changeView is what changed between two states of the board.
type changeView struct {
	Date, Version string
	// Pending marks the present board when it differs from the last
	// recorded state.
	Pending bool
	First   bool
	Models  int
	Added   []render.Link
	Removed []string
	Moves   []rankMove
}

type changesView struct {
	Changes []changeView
}

func rankLabel(r int) string {
	if r <= 0 {
		return "—"
	}
	return render.Itoa(r)
}

// diffEntries lists what changed from prev (nil for the first entry) to
// cur, in cur's board order; link names a model's page when it still has
// one.
func diffEntries(prev *historyEntry, cur historyEntry, link func(id, name string) render.Link) changeView {
	v := changeView{Date: cur.Date, Version: cur.Version, Models: len(cur.Models), First: prev == nil}
	old := map[string]historyModel{}
	if prev != nil {
		for _, m := range prev.Models {
			old[m.ID] = m
		}
	}
	now := map[string]bool{}
	for _, m := range cur.Models {
		now[m.ID] = true
		o, ok := old[m.ID]
		if !ok {
			if prev != nil {
				v.Added = append(v.Added, link(m.ID, m.Name))
			}
			continue
		}
		if o.Strict == m.Strict && o.Loose == m.Loose {
			continue
		}
		mv := rankMove{Model: link(m.ID, m.Name), Before: [2]string{rankLabel(o.Strict), rankLabel(o.Loose)}, After: [2]string{rankLabel(m.Strict), rankLabel(m.Loose)}}
		if o.Strict > 0 && m.Strict > 0 && o.Strict != m.Strict {
			mv.Delta = fmt.Sprintf("%+d", o.Strict-m.Strict)
			mv.Up = m.Strict < o.Strict
		}
		v.Moves = append(v.Moves, mv)
	}
	if prev != nil {
		for _, m := range prev.Models {
			if !now[m.ID] {
				v.Removed = append(v.Removed, m.Name)
			}
		}
	}
	return v
}

// changesPage renders changes.html from the recorded history, newest
// first, with the present board on top when it differs from the last
// record.
func (s *site) changesPage(hist []historyEntry) (board.File, error) {
	link := func(id, name string) render.Link {
		for i := range s.all {
			if s.all[i].Scores.ID == id {
				return s.modelLink(&s.all[i])
			}
		}
		return render.Link{Text: name}
	}
	var v changesView
	for i := range hist {
		var prev *historyEntry
		if i > 0 {
			prev = &hist[i-1]
		}
		v.Changes = append(v.Changes, diffEntries(prev, hist[i], link))
	}
	if cur := entryOf(s.in.Board, s.in.Version); cur.Date != "" && (len(hist) == 0 || !sameBoard(hist[len(hist)-1], cur)) {
		var prev *historyEntry
		if len(hist) > 0 {
			prev = &hist[len(hist)-1]
		}
		c := diffEntries(prev, cur, link)
		c.Pending = true
		v.Changes = append(v.Changes, c)
	}
	for i, j := 0, len(v.Changes)-1; i < j; i, j = i+1, j-1 {
		v.Changes[i], v.Changes[j] = v.Changes[j], v.Changes[i]
	}
	return s.exec("changes", "changes.html", render.Page{
		Title:       "Changes",
		Description: "When models joined the board and how their ranks moved, from the board's recorded history.",
		Nav:         "changes", Body: v,
	})
}
