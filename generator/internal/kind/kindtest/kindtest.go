// Package kindtest checks that a benchmark kind keeps the contract of
// package kind, as go/analysis's analysistest checks an analyzer: every
// kind calls Run once, in its own package's tests, on a benchmark folder
// and a few valid submissions of it, and gets the whole contract checked:
//
//   - the empty board: Rank(nil) has no models, and its Info (name,
//     title, navigation) is the scored board's;
//   - the site: the build's own path (pipeline.Score starting a site,
//     render.Finish) renders byte-identical files twice, with unique
//     paths, and every navigation entry names a rendered page; a site of
//     the empty board alone renders too;
//   - Write: "json" is one JSON value, "csv" parses and no cell could run
//     as a spreadsheet formula, "table" is not empty, all deterministic;
//   - Headline covers every model on the board, in lines and as JSON;
//   - Prompts writes JSON objects, one a line;
//   - Check is deterministic, never panics, and refuses a shared set of
//     broken files (empty, not JSON, an array, a truncated line, an
//     unknown field, a duplicate record, invalid UTF-8, a line over
//     ingest.MaxLine, a NUL byte, a huge number) with a fatal problem
//     naming the file and, where the fault is on a line, that line;
//   - validate ≡ build: pipeline.Check refuses exactly the submissions
//     pipeline.Score leaves out;
//   - a kind.Rewarder rewards every valid record with finite parts it
//     names, and a broken record is a *kind.RecordError;
//   - a kind.Runnable lists answer tasks with unique keys and prompts,
//     and the submission it writes from answers to all of them is
//     accepted by Check.
//
// The testdata are copied before use: the kind's tests never depend on
// what else lies in the repository's results/, and Run writes only into
// the test's temporary folders.
package kindtest

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Run checks that k keeps the contract of package kind on the testdata
// in dir, laid out as the repository is: dir/benchmarks holds one
// benchmark folder of kind k (benchmark.yaml and its files; the folder's
// name is the benchmark's unless benchmark.yaml names it) and dir/results
// a few valid submissions of it (metadata.yaml and the benchmark's
// submission file each; the first in name order needs at least two
// records). Each part of the contract is a subtest named for it.
func Run(t *testing.T, k *kind.Kind, dir string) {
	t.Helper()
	RunWith(t, k, dir, Options{})
}

// Options change what Run assumes of the kind.
type Options struct {
	// Templates replaces the site's embedded templates (templates.FS), for
	// a kind whose templates are not among them: one written in a test.
	Templates fs.FS
}

// RunWith is Run with options.
func RunWith(t *testing.T, k *kind.Kind, dir string, opt Options) {
	t.Helper()
	h := setup(t, k, dir)
	h.templates = opt.Templates
	t.Run("EmptyBoard", h.emptyBoard)
	t.Run("Site", h.site)
	t.Run("Write", h.write)
	t.Run("Headline", h.headline)
	t.Run("Prompts", h.prompts)
	t.Run("BrokenInputs", h.brokenInputs)
	t.Run("ValidateIsBuild", h.validateIsBuild)
	t.Run("Rewards", h.rewards)
	t.Run("Runnable", h.runnable)
}

// Repo gathers testdata for Run from a repository checkout at root: a
// copy of the benchmark folder root/benchmarks/bench and, of each
// submission root/results/<id> named, its metadata.yaml and its file of
// that benchmark. Only the folders named are read, so a new submission in
// the repository's results/ never changes a test's outcome. It returns
// the testdata folder, a temporary one.
func Repo(t testing.TB, k *kind.Kind, root, bench string, subs ...string) string {
	t.Helper()
	dir := t.TempDir()
	bdir := filepath.Join(dir, "benchmarks", bench)
	copyTree(t, filepath.Join(root, "benchmarks", bench), bdir)
	spec, got, ok, err := kind.ReadSpec([]*kind.Kind{k}, bdir)
	if err != nil || !ok || got != k {
		t.Fatalf("kindtest: benchmarks/%s is no benchmark of kind %s: %v", bench, k.Name, err)
	}
	for _, id := range subs {
		for _, f := range []string{"metadata.yaml", spec.File} {
			copyFile(t, filepath.Join(root, "results", id, f), filepath.Join(dir, "results", id, f))
		}
	}
	return dir
}

// harness is one Run: the benchmark opened from a copy of the testdata,
// its valid submissions, and what the checks share.
type harness struct {
	k     *kind.Kind
	root  string // the copy of the testdata
	bench kind.Benchmark
	spec  *kind.Spec
	subs  []board.Submission
	runs  []kind.Run
	opt   kind.Options

	// templates, when set, replace the embedded templates.
	templates fs.FS

	// base is the first valid submission's file, in lines, and meta its
	// metadata.yaml: what the broken submissions are made from.
	base [][]byte
	meta []byte
}

func setup(t *testing.T, k *kind.Kind, dir string) *harness {
	t.Helper()
	h := &harness{k: k, root: t.TempDir(), opt: kind.Options{Policies: board.Policies, KeepResponses: true}}
	copyTree(t, dir, h.root)
	entries, err := os.ReadDir(filepath.Join(h.root, "benchmarks"))
	if err != nil || len(entries) != 1 || !entries[0].IsDir() {
		t.Fatalf("kindtest: want one benchmark folder in %s (%v)", filepath.Join(dir, "benchmarks"), err)
	}
	bdir := filepath.Join(h.root, "benchmarks", entries[0].Name())
	spec, got, ok, err := kind.ReadSpec([]*kind.Kind{k}, bdir)
	switch {
	case err != nil:
		t.Fatalf("kindtest: benchmark.yaml: %v", err)
	case !ok || got != k:
		t.Fatalf("kindtest: %s is no benchmark of kind %s", bdir, k.Name)
	}
	b, err := k.Open(spec)
	if err != nil {
		t.Fatalf("kindtest: %s.Open: %v", k.Name, err)
	}
	h.bench, h.spec = b, b.Spec()
	if h.spec.Name != spec.Name || h.spec.File != spec.File || h.spec.Title != spec.Title {
		t.Errorf("Spec() = %q %q %q, want the spec opened: %q %q %q", h.spec.Name, h.spec.Title, h.spec.File, spec.Name, spec.Title, spec.File)
	}
	if b.Size() <= 0 {
		t.Errorf("Size() = %d, want the number of items (> 0)", b.Size())
	}
	subs, err := ingest.Submissions(filepath.Join(h.root, "results"), kind.Files([]kind.Benchmark{b}))
	if err != nil {
		t.Fatalf("kindtest: the testdata's results folder is not valid: %v", err)
	}
	if len(subs) == 0 {
		t.Fatalf("kindtest: no submission in %s", filepath.Join(dir, "results"))
	}
	ctx := context.Background()
	for i := range subs {
		sub := &subs[i]
		r, probs := h.check(t, "valid submission "+sub.ID, sub)
		for _, p := range probs {
			if p.Fatal {
				t.Fatalf("kindtest: the testdata's submission %s is refused: %s", sub.ID, p)
			}
		}
		if r == nil {
			t.Fatalf("Check(%s) returned no run and no fatal problem", sub.ID)
		}
		if r.ID() != sub.ID {
			t.Errorf("Check(%s).ID() = %q, want the submission's id", sub.ID, r.ID())
		}
		r2, probs2 := b.Check(ctx, sub, h.opt)
		if !reflect.DeepEqual(probs, probs2) {
			t.Errorf("Check(%s) is not deterministic: its problems differ between two calls:\n%v\n%v", sub.ID, probs, probs2)
		}
		if r.Summary() != r2.Summary() {
			t.Errorf("Check(%s) is not deterministic: Summary %q, then %q", sub.ID, r.Summary(), r2.Summary())
		}
		h.runs = append(h.runs, r)
	}
	h.subs = subs
	data, err := os.ReadFile(filepath.Join(subs[0].Dir, h.spec.File))
	if err != nil {
		t.Fatal(err)
	}
	h.base = lines(data)
	if len(h.base) < 2 {
		t.Fatalf("kindtest: %s/%s has %d records; the first submission needs at least two, to make broken files from", subs[0].ID, h.spec.File, len(h.base))
	}
	if h.meta, err = os.ReadFile(filepath.Join(subs[0].Dir, "metadata.yaml")); err != nil {
		t.Fatal(err)
	}
	return h
}

// check calls Check, turning a panic into a test failure.
func (h *harness) check(t *testing.T, what string, sub *board.Submission) (r kind.Run, probs board.Problems) {
	t.Helper()
	defer func() {
		if e := recover(); e != nil {
			t.Errorf("%s: Check panicked: %v\n%s", what, e, debug.Stack())
			r, probs = nil, board.Problems{{File: "panic", Fatal: true, Msg: fmt.Sprint(e)}}
		}
	}()
	return h.bench.Check(context.Background(), sub, h.opt)
}

func (h *harness) rank(t *testing.T, runs []kind.Run) kind.Board {
	t.Helper()
	bd, err := h.bench.Rank(runs, kind.Options{Policies: board.Policies})
	if err != nil {
		t.Fatalf("Rank(%d runs): %v", len(runs), err)
	}
	if bd == nil {
		t.Fatalf("Rank(%d runs) returned a nil board", len(runs))
	}
	return bd
}

// siteBoard is bd as a site shows it.
func siteBoard(t *testing.T, bd kind.Board) render.Board {
	t.Helper()
	rb, ok := bd.(render.Board)
	if !ok {
		t.Fatalf("the board, of type %T, is no render.Board: a site cannot show it", bd)
	}
	return rb
}

// emptyBoard checks Rank(nil): a board with no models whose name, title
// and navigation are the scored board's, as render.Start relies on.
func (h *harness) emptyBoard(t *testing.T) {
	empty := h.rank(t, nil)
	if m := empty.Models(); len(m) != 0 {
		t.Errorf("Rank(nil).Models() = %q, want none", m)
	}
	scored := h.rank(t, h.runs)
	ids := make([]string, len(h.subs))
	for i, s := range h.subs {
		ids[i] = s.ID
	}
	got := slices.Clone(scored.Models())
	sort.Strings(got)
	if !slices.Equal(got, ids) {
		t.Errorf("the scored board's Models() = %q, want every accepted submission: %q", scored.Models(), ids)
	}
	eb, sb := siteBoard(t, empty), siteBoard(t, scored)
	for _, front := range []bool{true, false} {
		ei, si := eb.Info(front), sb.Info(front)
		if len(ei.Models) != 0 {
			t.Errorf("Rank(nil).Info(%v).Models = %v, want none", front, ei.Models)
		}
		if ei.Name != si.Name || ei.Title != si.Title {
			t.Errorf("Info(%v): the empty board is %q %q, the scored one %q %q; name and title must not change", front, ei.Name, ei.Title, si.Name, si.Title)
		}
		if ei.Name != h.spec.Name {
			t.Errorf("Info(%v).Name = %q, want the benchmark's name %q", front, ei.Name, h.spec.Name)
		}
		if !reflect.DeepEqual(ei.Nav, si.Nav) {
			t.Errorf("Info(%v).Nav differs between the empty and the scored board:\nempty:  %+v\nscored: %+v", front, ei.Nav, si.Nav)
		}
		if again := sb.Info(front); !reflect.DeepEqual(again, si) {
			t.Errorf("Info(%v) is not stable: two calls differ:\n%+v\n%+v", front, si, again)
		}
		checkNav(t, front, si.Nav)
		var infoIDs []string
		for _, m := range si.Models {
			infoIDs = append(infoIDs, m.ID)
		}
		if !slices.Equal(infoIDs, scored.Models()) {
			t.Errorf("Info(%v).Models = %q, Models() = %q; both list the board's models in board order", front, infoIDs, scored.Models())
		}
	}
}

func checkNav(t *testing.T, front bool, nav []render.NavLink) {
	t.Helper()
	if len(nav) == 0 {
		t.Errorf("Info(%v).Nav is empty: the first entry is the board's home page", front)
	}
	keys, hrefs := map[string]bool{}, map[string]bool{}
	for _, l := range nav {
		switch {
		case l.Key == "" || l.Href == "" || l.Text == "":
			t.Errorf("Info(%v).Nav entry %+v: want a key, an href and a text", front, l)
		case keys[l.Key]:
			t.Errorf("Info(%v).Nav: key %q twice", front, l.Key)
		case hrefs[l.Href]:
			t.Errorf("Info(%v).Nav: href %q twice", front, l.Href)
		case strings.HasPrefix(l.Href, "/") || strings.Contains(l.Href, "://") || strings.Contains(l.Href, ".."):
			t.Errorf("Info(%v).Nav: href %q is not relative to the site root", front, l.Href)
		}
		keys[l.Key], hrefs[l.Href] = true, true
	}
}

// sink keeps a site's files in memory; a second file at one path is an
// error, as publish makes it.
type sink struct {
	mu    sync.Mutex
	files map[string][]byte
}

func (s *sink) WriteFile(path string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.files[path]; dup {
		return fmt.Errorf("two files at %s", path)
	}
	s.files[path] = bytes.Clone(data)
	return nil
}

// build renders the site of the benchmark and the results folder the way
// sciif build does: the site started with the empty boards, each accepted
// submission's own pages rendered as it is checked, then the scored
// boards.
func (h *harness) build(t *testing.T, results string) map[string][]byte {
	t.Helper()
	out := &sink{files: map[string][]byte{}}
	var site *render.Site
	res, err := pipeline.Score(context.Background(), []kind.Benchmark{h.bench}, pipeline.BoardsOptions{
		Results: results, Options: h.opt,
		Start: func(boards []render.Board) (*render.Site, error) {
			var err error
			site, err = render.Start(render.Input{Boards: boards, Version: "kindtest", Sink: out, Templates: h.templates})
			return site, err
		},
	})
	if err != nil {
		t.Fatalf("pipeline.Score: %v", err)
	}
	if site == nil {
		t.Fatal("pipeline.Score started no site")
	}
	shown, err := res.Shown(kind.Options{Policies: board.Policies})
	if err != nil {
		t.Fatalf("Shown: %v", err)
	}
	boards, err := pipeline.SiteBoards(shown)
	if err != nil {
		t.Fatal(err)
	}
	files, err := site.Finish(boards, nil)
	if err != nil {
		t.Fatalf("rendering the site: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f.Path] {
			t.Errorf("two pages at %s", f.Path)
		}
		seen[f.Path] = true
		if _, ok := out.files[f.Path]; !ok {
			t.Errorf("the site lists %s but never wrote it", f.Path)
		}
	}
	return out.files
}

// site checks the pages: rendered twice, byte-identical; the navigation
// names pages that exist; the empty board's site renders.
func (h *harness) site(t *testing.T) {
	results := filepath.Join(h.root, "results")
	a := h.build(t, results)
	b := h.build(t, results)
	if diff := diffSites(a, b); diff != "" {
		t.Errorf("the site is not deterministic: two builds of the same input differ:\n%s", diff)
	}
	info := siteBoard(t, h.rank(t, h.runs)).Info(true)
	for _, l := range info.Nav {
		if path, _, _ := strings.Cut(l.Href, "#"); a[path] == nil {
			t.Errorf("navigation entry %q links to %s, which the site lacks", l.Text, l.Href)
		}
	}
	if a["index.html"] == nil {
		t.Errorf("the site has no index.html: the front board's home page")
	}
	for _, sub := range h.subs {
		if !bytes.Contains(a["index.html"], []byte(sub.Meta.Name)) && !bytes.Contains(a["index.html"], []byte(htmlEscape(sub.Meta.Name))) {
			t.Errorf("index.html does not name the model %q of submission %s", sub.Meta.Name, sub.ID)
		}
	}
	empty := &sink{files: map[string][]byte{}}
	if _, err := render.Build(render.Input{Boards: []render.Board{siteBoard(t, h.rank(t, nil))}, Version: "kindtest", Sink: empty, Templates: h.templates}); err != nil {
		t.Errorf("a site of the empty board alone (no submission answers the benchmark): %v", err)
	} else if empty.files["index.html"] == nil {
		t.Errorf("a site of the empty board alone has no index.html")
	}
}

func htmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	return r.Replace(s)
}

func diffSites(a, b map[string][]byte) string {
	var out []string
	for p, d := range a {
		if e, ok := b[p]; !ok {
			out = append(out, "only in the first: "+p)
		} else if !bytes.Equal(d, e) {
			out = append(out, "differs: "+p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, "only in the second: "+p)
		}
	}
	sort.Strings(out)
	if len(out) > 20 {
		out = append(out[:20], fmt.Sprintf("… and %d more", len(out)-20))
	}
	return strings.Join(out, "\n")
}

// write checks every format of Write, on the empty and the scored board.
func (h *harness) write(t *testing.T) {
	opt := kind.Options{Policies: board.Policies}
	for _, c := range []struct {
		name string
		bd   kind.Board
	}{{"empty board", h.rank(t, nil)}, {"scored board", h.rank(t, h.runs)}} {
		for _, format := range []string{"table", "csv", "json"} {
			var a, b bytes.Buffer
			if err := c.bd.Write(&a, format, opt); err != nil {
				t.Errorf("%s: Write(%q): %v", c.name, format, err)
				continue
			}
			if err := c.bd.Write(&b, format, opt); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s: Write(%q) is not deterministic: two calls differ", c.name, format)
			}
			switch format {
			case "table":
				if len(bytes.TrimSpace(a.Bytes())) == 0 {
					t.Errorf("%s: Write(\"table\") wrote nothing", c.name)
				}
			case "json":
				if err := oneJSON(a.Bytes()); err != nil {
					t.Errorf("%s: Write(\"json\"): %v", c.name, err)
				}
			case "csv":
				for _, msg := range CheckCSV(a.Bytes()) {
					t.Errorf("%s: Write(\"csv\"): %s", c.name, msg)
				}
			}
		}
	}
}

// oneJSON reports whether data is one JSON value and nothing more.
func oneJSON(data []byte) error {
	if !utf8.Valid(data) {
		return errors.New("not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// CheckCSV parses data as CSV (encoding/csv: every row as many cells as
// the first) and reports each cell a spreadsheet could run as a formula:
// one starting with '=', '+', '@', a tab or a carriage return, or with '-'
// where it is no number. A cell defused with a leading apostrophe is
// fine.
func CheckCSV(data []byte) []string {
	r := csv.NewReader(bytes.NewReader(data))
	var out []string
	for row := 1; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			if row == 1 {
				out = append(out, "no rows: want at least the header")
			}
			return out
		}
		if err != nil {
			return append(out, "does not parse: "+err.Error())
		}
		for col, cell := range rec {
			if msg := formula(cell); msg != "" && len(out) < 20 {
				out = append(out, fmt.Sprintf("row %d, column %d: %q %s", row, col+1, excerpt(cell), msg))
			}
		}
	}
}

func formula(cell string) string {
	if cell == "" {
		return ""
	}
	switch cell[0] {
	case '=', '+', '@', '\t', '\r':
		return "starts with " + strconv.QuoteRune(rune(cell[0])) + ": a spreadsheet may run it as a formula (defuse it with a leading apostrophe)"
	case '-':
		if _, err := strconv.ParseFloat(cell, 64); err != nil {
			return "starts with '-' and is no number: a spreadsheet may run it as a formula (defuse it with a leading apostrophe)"
		}
	}
	return ""
}

func excerpt(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// headline checks that Headline covers every model on the board.
func (h *harness) headline(t *testing.T) {
	bd := h.rank(t, h.runs)
	for _, id := range bd.Models() {
		lines, v := bd.Headline(id)
		if len(lines) == 0 {
			t.Errorf("Headline(%q) has no lines", id)
		}
		for i, l := range lines {
			if strings.TrimSpace(l) == "" {
				t.Errorf("Headline(%q) line %d is blank", id, i+1)
			}
		}
		if v == nil {
			t.Errorf("Headline(%q) has no JSON value", id)
			continue
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Errorf("Headline(%q)'s JSON value does not marshal: %v", id, err)
		} else if string(data) == "null" {
			t.Errorf("Headline(%q)'s JSON value is null", id)
		}
	}
}

// prompts checks that Prompts writes JSON objects, one a line.
func (h *harness) prompts(t *testing.T) {
	var a, b bytes.Buffer
	if err := h.bench.Prompts(&a); err != nil {
		t.Fatalf("Prompts: %v", err)
	}
	if err := h.bench.Prompts(&b); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("Prompts is not deterministic: two calls differ")
	}
	if a.Len() == 0 {
		t.Fatal("Prompts wrote nothing")
	}
	if !bytes.HasSuffix(a.Bytes(), []byte("\n")) {
		t.Errorf("Prompts: the last line has no newline")
	}
	for i, l := range bytes.Split(bytes.TrimSuffix(a.Bytes(), []byte("\n")), []byte("\n")) {
		if err := oneJSON(l); err != nil || !bytes.HasPrefix(bytes.TrimSpace(l), []byte("{")) {
			t.Errorf("Prompts line %d is no JSON object (%v): %s", i+1, err, excerpt(string(l)))
		}
	}
}

// A broken is a broken submission file, made from a valid one, and the
// line of its fault (0: the file as a whole).
type broken struct {
	name string
	data []byte
	line int
	// what says what is wrong with the line, for messages.
	what string
}

// brokenFiles are the broken submission files every kind refuses.
func (h *harness) brokenFiles(t testing.TB) []broken {
	base := h.base
	join := func(ls ...[]byte) []byte { return append(bytes.Join(ls, []byte("\n")), '\n') }
	rest := base[2:]
	second := func(bad []byte) []byte { return join(append([][]byte{base[0], bad}, rest...)...) }
	// with replaces the response of the second record (its first field
	// in key order, if it has none) by raw, which need not be valid JSON.
	with := func(raw string) []byte {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(base[1], &m); err != nil {
			t.Fatalf("kindtest: the first submission's second record is no JSON object: %v", err)
		}
		key := "response"
		if _, ok := m[key]; !ok {
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			key = keys[0]
		}
		delete(m, key)
		others, _ := json.Marshal(m)
		line := `{` + strconv.Quote(key) + `:` + raw
		if len(m) > 0 {
			line += "," + string(others[1:])
		} else {
			line += "}"
		}
		return []byte(line)
	}
	var unknown map[string]json.RawMessage
	_ = json.Unmarshal(base[1], &unknown)
	unknown["kindtest_unknown_field"] = json.RawMessage("1")
	unknownLine, _ := json.Marshal(unknown)
	long := `{"response":"` + strings.Repeat("a", ingest.MaxLine) + `"}`
	return []broken{
		{"empty file", nil, 0, "the file is empty"},
		{"not JSON", second([]byte("this is not JSON")), 2, "line 2 is not JSON"},
		{"JSON array", second([]byte(`[1, 2, 3]`)), 2, "line 2 is a JSON array"},
		{"truncated line", second(base[1][:len(base[1])/2]), 2, "line 2 is cut in the middle of its object"},
		{"unknown field", second(unknownLine), 2, "line 2 has the field kindtest_unknown_field"},
		{"duplicate record", join(append(slices.Clone(base), base[0])...), len(base) + 1, fmt.Sprintf("line %d repeats line 1: two records answer one item", len(base)+1)},
		{"invalid UTF-8", second(with("\"bad \xff\xfe bytes\"")), 2, "line 2 holds bytes that are not UTF-8"},
		{"line over the size limit", second([]byte(long)), 2, fmt.Sprintf("line 2 is longer than ingest.MaxLine (%d bytes)", ingest.MaxLine)},
		{"NUL byte", second(with("\"a NUL \x00 here\"")), 2, "line 2 holds a raw NUL byte in a string"},
		{"huge number", second(with(strings.Repeat("9", 400) + "e999999")), 2, "line 2 holds a number no float64 can hold"},
	}
}

// writeSub writes a submission folder id under results with a copy of the
// first valid submission's metadata, renamed, and the benchmark's file.
func (h *harness) writeSub(t testing.TB, results, id, name string, data []byte, meta []byte) board.Submission {
	t.Helper()
	dir := filepath.Join(results, id)
	if meta == nil {
		meta = regexp.MustCompile(`(?m)^name:.*$`).ReplaceAll(h.meta, []byte("name: "+name))
	}
	writeFile(t, filepath.Join(dir, "metadata.yaml"), meta)
	writeFile(t, filepath.Join(dir, h.spec.File), data)
	m, probs := ingest.Metadata(filepath.Join(dir, "metadata.yaml"))
	for _, p := range probs {
		if p.Fatal {
			t.Fatalf("kindtest: the metadata written for %s: %s", id, p)
		}
	}
	return board.Submission{ID: id, Dir: dir, Meta: m}
}

// brokenInputs checks that each broken file is refused with a fatal
// problem naming it (and its line), the same way twice, and that Check
// never panics. The problems are the ones validate and build see: the
// folder check's (ingest.CheckFolder) and, for a file the pipeline hands
// to the kind (any non-empty one), Check's. An empty file is the folder
// check's alone: the pipeline never gives it to Check.
func (h *harness) brokenInputs(t *testing.T) {
	results := t.TempDir()
	files := kind.Files([]kind.Benchmark{h.bench})
	for i, c := range h.brokenFiles(t) {
		sub := h.writeSub(t, results, fmt.Sprintf("broken-%02d", i), "Kindtest broken "+strconv.Itoa(i), c.data, nil)
		path := filepath.Join(sub.Dir, h.spec.File)
		_, probs := h.check(t, c.name, &sub)
		_, again := h.check(t, c.name, &sub)
		if !reflect.DeepEqual(probs, again) {
			t.Errorf("%s: Check is not deterministic: its problems differ between two calls:\n%v\n%v", c.name, probs, again)
		}
		if len(c.data) == 0 {
			probs = nil
		}
		_, folder := ingest.CheckFolder(sub.Dir, files)
		probs = append(folder, probs...)
		var fatal, here bool
		for _, p := range probs {
			if !p.Fatal {
				continue
			}
			fatal = true
			here = here || p.File == path && (c.line == 0 || p.Line == c.line)
		}
		switch {
		case !fatal:
			t.Errorf("%s (%s): accepted, no fatal problem (got %v)", c.name, c.what, short(probs))
		case !here && c.line == 0:
			t.Errorf("%s (%s): no fatal problem names the file %s (got %v)", c.name, c.what, path, short(probs))
		case !here:
			t.Errorf("%s (%s): no fatal problem names line %d of %s (got %v)", c.name, c.what, c.line, path, short(probs))
		}
	}
}

// short lists the first problems, fatal ones first, for a message.
func short(probs board.Problems) string {
	probs = slices.Clone(probs)
	sort.SliceStable(probs, func(i, j int) bool { return probs[i].Fatal && !probs[j].Fatal })
	var s []string
	for i, p := range probs {
		if i == 5 {
			s = append(s, fmt.Sprintf("… and %d more", len(probs)-5))
			break
		}
		msg := p.String()
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		if p.Fatal {
			msg = "fatal: " + msg
		}
		s = append(s, msg)
	}
	if len(s) == 0 {
		return "no problem"
	}
	return strings.Join(s, "; ")
}

// validateIsBuild checks that pipeline.Check, with the folder check,
// refuses exactly the submissions pipeline.Score leaves out, on the valid
// submissions and the broken ones together.
func (h *harness) validateIsBuild(t *testing.T) {
	results := t.TempDir()
	copyTree(t, filepath.Join(h.root, "results"), results)
	broken := map[string]string{}
	for i, c := range h.brokenFiles(t) {
		id := fmt.Sprintf("broken-%02d", i)
		h.writeSub(t, results, id, "Kindtest broken "+strconv.Itoa(i), c.data, nil)
		broken[id] = c.name + ": " + c.what
	}
	benches := []kind.Benchmark{h.bench}
	ctx := context.Background()
	subs, err := ingest.Submissions(results, kind.Files(benches))
	var folder board.Problems
	if err != nil && !errors.As(err, &folder) {
		t.Fatal(err)
	}
	validate := map[string]bool{}
	for _, c := range pipeline.Check(ctx, benches, subs, h.opt) {
		validate[c.Sub.ID] = c.Fatal() || pipeline.Concerns(folder, c.Sub.Dir)
	}
	out, err := pipeline.Score(ctx, benches, pipeline.BoardsOptions{Results: results, Options: h.opt, SkipInvalid: true})
	if err != nil {
		t.Fatalf("pipeline.Score with SkipInvalid: %v", err)
	}
	accepted := map[string]bool{}
	for _, s := range out.Submissions {
		accepted[s.ID] = true
	}
	entries, err := os.ReadDir(results)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		id := e.Name()
		refusedV, listed := validate[id]
		if !listed {
			refusedV = pipeline.Concerns(folder, filepath.Join(results, id))
		}
		refusedB := pipeline.Concerns(out.Skipped, filepath.Join(results, id)) || !accepted[id]
		what := "submission " + id
		if c, ok := broken[id]; ok {
			what = fmt.Sprintf("broken submission %s (%s)", id, c)
		}
		switch {
		case refusedV != refusedB:
			t.Errorf("%s: validate refuses it: %v; build refuses it: %v", what, refusedV, refusedB)
		case broken[id] != "" && !refusedB:
			t.Errorf("%s: validate and build accept it", what)
		case broken[id] == "" && refusedB:
			t.Errorf("%s: a valid submission is refused: %v", what, short(out.Skipped))
		}
	}
}

// rewards checks a kind.Rewarder: every valid record is rewarded with
// finite values, the same way twice, and broken records are
// *kind.RecordErrors.
func (h *harness) rewards(t *testing.T) {
	rw, ok := h.bench.(kind.Rewarder)
	if !ok {
		t.Skipf("%s benchmarks are no kind.Rewarder", h.k.Name)
	}
	rs, err := rw.Rewards(nil)
	if err != nil {
		t.Fatalf("Rewards(nil): %v", err)
	}
	parts := rs.Parts()
	if len(parts) == 0 {
		t.Errorf("Parts() is empty")
	}
	order := map[string]int{}
	for i, p := range parts {
		if _, dup := order[p]; dup || p == "" {
			t.Errorf("Parts() = %q: names must be unique and not empty", parts)
		}
		order[p] = i
	}
	ctx := context.Background()
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, rec := range h.base {
		r, err := rs.Record(ctx, rec)
		if err != nil {
			t.Errorf("Record(line %d of %s's file): %v", i+1, h.subs[0].ID, err)
			continue
		}
		if again, err := rs.Record(ctx, rec); err != nil || !reflect.DeepEqual(r, again) {
			t.Errorf("Record(line %d) is not deterministic: %+v, then %+v (%v)", i+1, r, again, err)
		}
		if r.ID == "" {
			t.Errorf("Record(line %d): the reward names no item, though the record answers one", i+1)
		}
		if math.IsNaN(r.Reward) || math.IsInf(r.Reward, 0) {
			t.Errorf("Record(line %d): reward %v, want a finite number", i+1, r.Reward)
		}
		lo, hi = min(lo, r.Reward), max(hi, r.Reward)
		last := -1
		for _, p := range r.Parts {
			at, known := order[p.Name]
			switch {
			case !known:
				t.Errorf("Record(line %d): part %q is not among Parts() %q", i+1, p.Name, parts)
			case at <= last:
				t.Errorf("Record(line %d): part %q is out of the order of Parts() %q", i+1, p.Name, parts)
			case math.IsNaN(p.Value) || math.IsInf(p.Value, 0):
				t.Errorf("Record(line %d): part %q is %v, want a finite number", i+1, p.Name, p.Value)
			}
			last = max(last, at)
		}
	}
	t.Logf("rewards of %d valid records lie in [%v, %v]", len(h.base), lo, hi)
	for _, rec := range []string{"this is not JSON", `[1, 2, 3]`, `{"kindtest_unknown_field": 1}`, ``, `{"response": "a"} trailing`} {
		_, err := rs.Record(ctx, []byte(rec))
		var re *kind.RecordError
		if !errors.As(err, &re) {
			t.Errorf("Record(%q) = %v, want a *kind.RecordError", rec, err)
		}
	}
	_, err = rs.Label(ctx, "a prompt", "a response", "kindtest: \x01 no such label")
	var re *kind.RecordError
	if !errors.As(err, &re) || re.Field != "label" && !strings.HasPrefix(re.Field, "label.") {
		t.Errorf("Label with a label the benchmark cannot know = %v, want a *kind.RecordError with Field \"label\"", err)
	}
	if _, err := rw.Rewards(kind.RewardConfig{"kindtest_no_such_setting": 1}); err == nil {
		t.Errorf("Rewards with an unknown setting is no error: a misspelt setting would be ignored")
	}
}

// runnable checks a kind.Runnable: its answer tasks, and that the
// submission it writes from answers to all of them is accepted.
func (h *harness) runnable(t *testing.T) {
	rb, ok := h.bench.(kind.Runnable)
	if !ok {
		t.Skipf("%s benchmarks are no kind.Runnable", h.k.Name)
	}
	tasks := rb.AnswerTasks()
	if len(tasks) != h.bench.Size() {
		t.Errorf("AnswerTasks lists %d tasks, Size() is %d", len(tasks), h.bench.Size())
	}
	a := kind.Answers{Model: map[string]string{}}
	for i, tk := range tasks {
		switch {
		case tk.Key == "":
			t.Errorf("answer task %d has no key", i+1)
		default:
			if err := chat.Check(tk.Conversation()); err != nil {
				t.Errorf("answer task %q: %v", tk.Key, err)
			}
		}
		if _, dup := a.Model[tk.Key]; dup {
			t.Errorf("answer task key %q twice", tk.Key)
		}
		a.Model[tk.Key] = fmt.Sprintf("Kindtest answer %d.", i+1)
	}
	meta := h.meta
	if rb.Judged() {
		a.Judges = []string{"kindtest-judge-a", "kindtest-judge-b"}
		a.Verdicts = map[string]map[string]string{}
		jt := rb.JudgeTasks(a.Model)
		if len(jt) == 0 {
			t.Errorf("Judged, but JudgeTasks of answers to every task is empty")
		}
		keys := map[string]bool{}
		for _, j := range jt {
			if j.Key == "" || keys[j.Key] || chat.Check(j.Conversation()) != nil {
				t.Errorf("judge task %q: want a unique non-empty key and a conversation ending in a user turn", j.Key)
			}
			keys[j.Key] = true
		}
		for _, judge := range a.Judges {
			a.Verdicts[judge] = map[string]string{}
			for _, j := range jt {
				a.Verdicts[judge][j.Key] = "I cannot tell."
			}
		}
		meta = regexp.MustCompile(`(?m)^judges:.*\n`).ReplaceAll(meta, nil)
		meta = append(bytes.TrimRight(meta, "\n"), []byte("\njudges: [kindtest-judge-a, kindtest-judge-b]\n")...)
	} else if jt := rb.JudgeTasks(a.Model); len(jt) != 0 {
		t.Errorf("not Judged, but JudgeTasks lists %d tasks", len(jt))
	}
	data, err := rb.Submission(a)
	if err != nil {
		t.Fatalf("Submission of answers to every task: %v", err)
	}
	if again, err := rb.Submission(a); err != nil || !bytes.Equal(data, again) {
		t.Errorf("Submission is not deterministic: two calls differ (%v)", err)
	}
	meta = regexp.MustCompile(`(?m)^name:.*$`).ReplaceAll(meta, []byte("name: Kindtest run"))
	sub := h.writeSub(t, t.TempDir(), "kindtest-run", "", data, meta)
	_, probs := h.check(t, "the submission of a run", &sub)
	for _, p := range probs {
		if p.Fatal {
			t.Errorf("the submission written from answers to every task is refused: %s", p)
		}
	}
}

func lines(data []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, bytes.TrimRight(l, "\r"))
		}
	}
	return out
}

func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatalf("kindtest: %v", err)
	}
	writeFile(t, to, data)
}

// copyTree copies the regular files and folders under from into to.
func copyTree(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		case d.Type().IsRegular():
			copyFile(t, path, filepath.Join(to, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("kindtest: copying %s: %v", from, err)
	}
}
