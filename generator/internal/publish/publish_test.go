package publish

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// tree reads every file under dir as path → content.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// snapshot describes everything under root, links and modes included, to
// prove that a refused publication changed nothing.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			got[rel] = "link " + target
			return err
		case d.IsDir():
			got[rel] = fmt.Sprintf("dir %v", info.Mode())
		default:
			b, err := os.ReadFile(p)
			got[rel] = fmt.Sprintf("file %v %q", info.Mode(), b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// siblings lists the entries of dir's parent, to catch leftovers.
func siblings(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// files makes site files from path, content pairs.
func files(kv ...string) []board.File {
	var fs []board.File
	for i := 0; i < len(kv); i += 2 {
		fs = append(fs, board.File{Path: kv[i], Data: []byte(kv[i+1])})
	}
	return fs
}

// site is what tree reads back from a site of fs: the files and the marker.
func site(fs []board.File) map[string]string {
	m := map[string]string{Marker: markerData}
	for _, f := range fs {
		m[f.Path] = string(f.Data)
	}
	return m
}

func TestWriteReplacesTheWholeSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	if err := Write(dir, files("index.html", "one", "old.html", "gone soon"), Options{}); err != nil {
		t.Fatal(err)
	}
	next := files("index.html", "two", "models/a.html", "a", "assets/vendor/x/y.js", "y")
	if err := Write(dir, next, Options{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(site(next), tree(t, dir)); diff != "" {
		t.Errorf("site (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
		t.Errorf("leftovers beside the site (-want +got):\n%s", diff)
	}
}

func TestFailedWriteLeavesOldSiteIntact(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		files  []board.File
		errHas string
	}{
		{
			name:   "write fails midway",
			reason: "a name longer than the file system allows fails only when written, after other files were",
			files:  files("index.html", "new", "problems/"+strings.Repeat("x", 300)+".html", "boom"),
			errHas: "file name too long",
		},
		{
			name:   "escaping path",
			reason: "a path leaving the site must be refused before anything is written",
			files:  files("../evil.html", "x"),
			errHas: "bad path",
		},
		{
			name:   "absolute path",
			reason: "absolute paths are refused",
			files:  files("/etc/passwd", "x"),
			errHas: "bad path",
		},
		{
			name:   "duplicate path",
			reason: "two files at one path would silently lose one",
			files:  files("a.html", "", "a.html", ""),
			errHas: "two files at a.html",
		},
		{
			name:   "file and folder",
			reason: "a path cannot be a file and hold files",
			files:  files("a", "", "a/b.html", ""),
			errHas: "both a file and a folder",
		},
		{
			name:   "marker",
			reason: "a rendered file may not overwrite or hide the marker that lets the next build replace the site",
			files:  files(Marker, "mine"),
			errHas: "reserved for the site marker",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			old := files("index.html", "old", "models/m.html", "m")
			if err := Write(dir, old, Options{}); err != nil {
				t.Fatal(err)
			}
			err := Write(dir, tt.files, Options{})
			if err == nil || !strings.Contains(err.Error(), tt.errHas) || !strings.HasPrefix(err.Error(), "publish: ") {
				t.Fatalf("Write error = %v, want one containing %q (%s)", err, tt.errHas, tt.reason)
			}
			if !PreviousIntact(err) {
				t.Errorf("PreviousIntact(%v) = false, want true (%s)", err, tt.reason)
			}
			if diff := cmp.Diff(site(old), tree(t, dir)); diff != "" {
				t.Errorf("old site changed (%s) (-want +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
				t.Errorf("leftovers beside the site (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteCreatesMissingParents(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b", "site")
	fs := files("index.html", "x")
	if err := Write(dir, fs, Options{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(site(fs), tree(t, dir)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// failCase is a point of a publication where the failure test makes it
// fail.
type failCase struct {
	name    string
	reason  string
	at      string
	intact  bool
	outcome Outcome
	errHas  string
	// spare: with Reuse, from a spare (true), or without (false); the
	// points on both paths run both ways.
	spare []bool
	// spareLeft: with Reuse, the failure leaves a spare: the draft, or
	// the spare it could not finish taking.
	spareLeft bool
}

// both runs a case with and without Reuse.
var both = []bool{false, true}

func TestFailuresSayWhatTheFolderHolds(t *testing.T) {
	tests := []failCase{
		{"begin", "a draft that cannot start touches nothing, and is the spare again", "begun", true, Unchanged, "publish: boom", both, true},
		{"before the swap", "the previous site stays until the swap, and the draft is the next spare", "written", true, Unchanged, "publish: boom", both, true},
		{"after the swap", "once swapped the new site is in place and the old one must be reported, not claimed intact",
			"swapped", false, Replaced, "the new site is in place, but the previous one is left in", both, false},
		{"while removing", "a previous site that cannot be removed (read-only, busy) is reported with where it is",
			"removing", false, Replaced, "the new site is in place, but the previous one is left in", []bool{false}, false},
		{"while taking the spare", "a spare not taken whole is left as a spare, with the previous site",
			"taking the spare", true, Unchanged, "publish: boom", []bool{true}, true},
		{"while pruning", "a draft that cannot be pruned is not published, but kept as the spare",
			"pruning", true, Unchanged, "publish: boom", []bool{true}, true},
	}
	for _, tt := range tests {
		for _, spare := range tt.spare {
			t.Run(fmt.Sprintf("%s/spare=%v", tt.name, spare), func(t *testing.T) { failAt(t, tt, spare) })
		}
	}
}

// failAt publishes over a site, from a spare if spare, failing at tt.at,
// and checks what the error says against the disk.
func failAt(t *testing.T, tt failCase, spare bool) {
	old := files("index.html", "old", "models/m.html", "m", "data/x.csv", "x")
	next := files("index.html", "new")
	boom := errors.New("boom")
	dir := filepath.Join(t.TempDir(), "site")
	if spare {
		// The spare holds a file the next site lacks, so that the draft
		// from it has something to prune.
		if err := Write(dir, files("index.html", "older", "models/gone.html", "g"), Options{Reuse: true}); err != nil {
			t.Fatal(err)
		}
	}
	if err := Write(dir, old, Options{Reuse: spare}); err != nil {
		t.Fatal(err)
	}
	opt := Options{Reuse: spare, hook: func(p string) error {
		if p == tt.at {
			return boom
		}
		return nil
	}}
	err := Write(dir, next, opt)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, boom) || !strings.Contains(err.Error(), tt.errHas) {
		t.Fatalf("Write error = %v, want an *Error wrapping boom containing %q", err, tt.errHas)
	}
	if got := PreviousIntact(err); got != tt.intact {
		t.Errorf("PreviousIntact = %v, want %v (%s)", got, tt.intact, tt.reason)
	}
	if e.Outcome != tt.outcome {
		t.Errorf("Outcome = %v, want %v (%s)", e.Outcome, tt.outcome, tt.reason)
	}
	want := site(old)
	if !tt.intact {
		want = site(next)
	}
	if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
		t.Errorf("site (%s) (-want +got):\n%s", tt.reason, diff)
	}
	wantSib := []string{"site"}
	if tt.spareLeft && spare {
		wantSib = []string{".site.spare", "site"}
	}
	if e.Leftover != "" {
		wantSib = append([]string{filepath.Base(e.Leftover)}, wantSib...)
		if !ours(e.Leftover) {
			t.Errorf("leftover %s lost its marker, so no later build will remove it", e.Leftover)
		}
	}
	if diff := cmp.Diff(wantSib, siblings(t, dir)); diff != "" {
		t.Errorf("beside the site (-want +got):\n%s", diff)
	}
	// The next build removes what this one left.
	if err := Write(dir, next, Options{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
		t.Errorf("beside the site after the next build (-want +got):\n%s", diff)
	}
}

func TestReadOnlyPreviousSiteIsReportedTruly(t *testing.T) {
	// Whether a read-only folder can be removed depends on who runs the
	// test (root can); either way the answer must match the disk.
	dir := filepath.Join(t.TempDir(), "site")
	old := files("index.html", "old", "models/m.html", "m")
	if err := Write(dir, old, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "models"), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.WalkDir(filepath.Dir(dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
	})
	next := files("index.html", "new")
	err := Write(dir, next, Options{})
	if diff := cmp.Diff(site(next), tree(t, dir)); diff != "" {
		t.Errorf("site (-want +got):\n%s", diff)
	}
	if err == nil {
		if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
			t.Errorf("Write succeeded but left (-want +got):\n%s", diff)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) || e.Outcome != Replaced || PreviousIntact(err) {
		t.Fatalf("Write error = %#v, want Outcome Replaced", err)
	}
	if _, serr := os.Stat(filepath.Join(e.Leftover, "models", "m.html")); serr != nil {
		t.Errorf("error says the previous site is left in %s, but: %v", e.Leftover, serr)
	}
}

func TestDraftChecksPathsAsTheyCome(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		paths  []string // created in order; the last one must fail
		errHas string
	}{
		{"file then folder", "a file cannot later hold files", []string{"a", "a/b.html"}, "a is both a file and a folder"},
		{"folder then file", "a folder cannot later become a file", []string{"a/b/c.html", "a/b"}, "a/b is both a file and a folder"},
		{"duplicate", "a second file at a path would overwrite the first", []string{"x.html", "y.html", "x.html"}, "two files at x.html"},
		{"escaping", "a path may not leave the site", []string{"ok.html", "a/../../x"}, "bad path"},
		{"unclean", "paths must be clean so that duplicates are seen", []string{"a//b"}, "bad path"},
		{"backslash", "paths are slash-separated everywhere", []string{`a\b`}, "bad path"},
		{"marker", "the marker is the package's own", []string{Marker}, "reserved"},
		{"under the marker", "nor may the marker become a folder", []string{Marker + "/x"}, "reserved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			old := files("index.html", "old")
			if err := Write(dir, old, Options{}); err != nil {
				t.Fatal(err)
			}
			d, err := Begin(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range tt.paths {
				err := d.WriteFile(p, []byte(p))
				last := i == len(tt.paths)-1
				if !last && err != nil {
					t.Fatalf("WriteFile(%q) = %v, want success", p, err)
				}
				if last && (err == nil || !strings.Contains(err.Error(), tt.errHas)) {
					t.Errorf("WriteFile(%q) = %v, want an error containing %q (%s)", p, err, tt.errHas, tt.reason)
				}
			}
			err = d.Commit()
			if err == nil || !strings.Contains(err.Error(), tt.errHas) || !PreviousIntact(err) {
				t.Errorf("Commit = %v, want a refusal containing %q with the previous site intact", err, tt.errHas)
			}
			if diff := cmp.Diff(site(old), tree(t, dir)); diff != "" {
				t.Errorf("site (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
				t.Errorf("beside the site (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDraftStreamsFromManyGoroutines(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	d, err := Begin(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Abort()
	want := map[string]string{Marker: markerData}
	var wg sync.WaitGroup
	for i := range 40 {
		p := fmt.Sprintf("models/m%d/runs/%d/index.html", i%4, i)
		want[p] = strings.Repeat(fmt.Sprintf("line %d\n", i), 10_000)
		wg.Go(func() {
			w, err := d.Create(p)
			if err != nil {
				t.Error(err)
				return
			}
			for range 10_000 {
				fmt.Fprintf(w, "line %d\n", i)
			}
			if err := w.Close(); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
		t.Errorf("site (-want +got):\n%s", diff)
	}
	if err := d.Abort(); err != nil {
		t.Errorf("Abort after Commit = %v, want nil", err)
	}
}

func TestDraftLifecycle(t *testing.T) {
	old := files("index.html", "old")
	tests := []struct {
		name   string
		reason string
		run    func(d *Draft) error // what the caller does; its error is checked
		errHas string               // "" for success
		want   map[string]string    // the site afterwards
	}{
		{
			name:   "open file",
			reason: "a file still open may be incomplete",
			run: func(d *Draft) error {
				w, err := d.Create("index.html")
				if err != nil {
					return err
				}
				fmt.Fprint(w, "half")
				return d.Commit()
			},
			errHas: "1 file(s) still open",
			want:   site(old),
		},
		{
			name:   "abort",
			reason: "Abort throws the draft away",
			run: func(d *Draft) error {
				if err := d.WriteFile("index.html", []byte("new")); err != nil {
					return err
				}
				return d.Abort()
			},
			want: site(old),
		},
		{
			name:   "commit after abort",
			reason: "an aborted draft cannot be published",
			run: func(d *Draft) error {
				d.Abort()
				return d.Commit()
			},
			errHas: "already committed or aborted",
			want:   site(old),
		},
		{
			name:   "commit twice",
			reason: "a second Commit must not swap the sites back",
			run: func(d *Draft) error {
				d.WriteFile("index.html", []byte("new"))
				if err := d.Commit(); err != nil {
					return err
				}
				return d.Commit()
			},
			errHas: "already committed or aborted",
			want:   site(files("index.html", "new")),
		},
		{
			name:   "create after commit",
			reason: "the draft folder is the live site once committed",
			run: func(d *Draft) error {
				d.WriteFile("index.html", []byte("new"))
				if err := d.Commit(); err != nil {
					return err
				}
				return d.WriteFile("late.html", nil)
			},
			errHas: "already committed or aborted",
			want:   site(files("index.html", "new")),
		},
		{
			name:   "write after close",
			reason: "a closed writer refuses more data",
			run: func(d *Draft) error {
				w, _ := d.Create("index.html")
				w.Close()
				_, err := w.Write([]byte("more"))
				return err
			},
			errHas: "file already closed",
			want:   site(old),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			if err := Write(dir, old, Options{}); err != nil {
				t.Fatal(err)
			}
			d, err := Begin(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			err = tt.run(d)
			if tt.errHas == "" && err != nil || tt.errHas != "" && (err == nil || !strings.Contains(err.Error(), tt.errHas)) {
				t.Errorf("error = %v, want one containing %q (%s)", err, tt.errHas, tt.reason)
			}
			d.Abort()
			if diff := cmp.Diff(tt.want, tree(t, dir)); diff != "" {
				t.Errorf("site (%s) (-want +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
				t.Errorf("beside the site (-want +got):\n%s", diff)
			}
		})
	}
}
