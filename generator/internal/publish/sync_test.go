package publish

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// syncLog records, through Options.sync, Options.syncfs and Options.hook,
// the paths synced and the moment the draft is renamed into place; a
// file system synced through a folder is logged as fsOf + the folder.
type syncLog struct {
	mu     sync.Mutex
	events []string
	fail   func(name string) bool
}

const (
	renamed = "<renamed>"
	fsOf    = "file system of "
)

// options are the logging options, syncing file by file if perFile.
func (l *syncLog) options(perFile bool) Options {
	logged := func(prefix string, sync func(*os.File) error) func(*os.File) error {
		return func(f *os.File) error {
			l.mu.Lock()
			l.events = append(l.events, prefix+f.Name())
			l.mu.Unlock()
			if l.fail != nil && l.fail(prefix+f.Name()) {
				return errors.New("sync boom")
			}
			return sync(f)
		}
	}
	return Options{
		perFile: perFile,
		sync:    logged("", (*os.File).Sync),
		syncfs:  logged(fsOf, syncFS),
		hook: func(p string) error {
			if p == "renamed" {
				l.mu.Lock()
				l.events = append(l.events, renamed)
				l.mu.Unlock()
			}
			return nil
		},
	}
}

// split returns the paths synced before the rename, relative to the draft
// folder (a hidden sibling of the output folder parent/base), and the
// absolute paths synced after it, each sorted.
func (l *syncLog) split(t *testing.T, parent, base string) (before, after []string) {
	t.Helper()
	i := slices.Index(l.events, renamed)
	if i < 0 {
		t.Fatalf("the draft was never renamed into place; synced %q", l.events)
	}
	for _, name := range l.events[:i] {
		name, fs := strings.CutPrefix(name, fsOf)
		rel, err := filepath.Rel(parent, name)
		if err != nil || !strings.HasPrefix(rel, "."+base+".new-") {
			t.Errorf("synced %s before the rename, outside the draft", name)
			continue
		}
		rel, _ = strings.CutPrefix(filepath.ToSlash(rel), strings.SplitN(filepath.ToSlash(rel), "/", 2)[0])
		rel = strings.TrimPrefix(rel, "/")
		if rel == "" {
			rel = "."
		}
		if fs {
			rel = fsOf + rel
		}
		before = append(before, rel)
	}
	after = slices.Clone(l.events[i+1:])
	slices.Sort(before)
	slices.Sort(after)
	return before, after
}

// TestCommitSyncsEverythingBeforeTheRename checks the crash guarantee's
// order: every file and folder of the draft is synced before the draft is
// renamed into place (file by file, or its whole file system through the
// draft folder where syncfs reports write-back failures), so a machine
// crash never finds a half-written site under the output name; the folder
// holding the output is synced after, so the new site survives a crash
// once Commit returns, and so are the folders Begin created above it.
func TestCommitSyncsEverythingBeforeTheRename(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("folders are not synced on Windows")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	perFile := []string{".", ".sciif-site", "a", "a/b", "a/b/streamed.html", "a/whole.html", "e", "e/f.txt", "index.html"}
	modes := []struct {
		name       string
		perFile    bool
		wantBefore []string
	}{{"file by file", true, perFile}}
	if syncsWhole {
		modes = append(modes, struct {
			name       string
			perFile    bool
			wantBefore []string
		}{"syncfs", false, []string{fsOf + "."}})
	}
	for _, mode := range modes {
		t.Run(mode.name, func(t *testing.T) {
			dir := filepath.Join(root, mode.name)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			commitSyncs(t, dir, mode.perFile, mode.wantBefore)
		})
	}
}

// commitSyncs publishes three times in root/made/by-begin/site, the last
// from the spare the second left, checking what is synced before and
// after the rename.
func commitSyncs(t *testing.T, root string, perFile bool, wantBefore []string) {
	parent := filepath.Join(root, "made", "by-begin")
	out := filepath.Join(parent, "site")
	for _, round := range []struct {
		name, reason string
		after        []string
		reuse        bool
	}{
		{name: "first", reason: "the folders Begin made are synced too, each in the one holding it",
			after: []string{root, filepath.Join(root, "made"), parent}},
		{name: "replacing", reason: "an exchange changes the parent only",
			after: []string{parent}, reuse: true},
		{name: "from the spare", reason: "the folders kept from the spare are the draft's too",
			after: []string{parent}, reuse: true},
	} {
		t.Run(round.name, func(t *testing.T) {
			var log syncLog
			opt := log.options(perFile)
			opt.Reuse = round.reuse
			d, err := Begin(out, opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"a/whole.html", "e/f.txt", "index.html"} {
				if err := d.WriteFile(p, []byte(p)); err != nil {
					t.Fatal(err)
				}
			}
			w, err := d.Create("a/b/streamed.html")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write([]byte("streamed")); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if err := d.Commit(); err != nil {
				t.Fatal(err)
			}
			if round.name == "from the spare" && !d.reused {
				t.Fatal("the draft did not start from the spare")
			}
			before, after := log.split(t, parent, "site")
			if diff := cmp.Diff(wantBefore, before); diff != "" {
				t.Errorf("synced before the rename, in the draft (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(round.after, after); diff != "" {
				t.Errorf("synced after the rename: %s (-want +got):\n%s", round.reason, diff)
			}
		})
	}
}

// TestFailedSyncSaysWhatTheFolderHolds: a sync that fails before the
// rename leaves the previous site in place; one that fails after it (the
// parent) says the new site is in place but may not survive a crash.
func TestFailedSyncSaysWhatTheFolderHolds(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("folders are not synced on Windows")
	}
	old := files("index.html", "old", "m/x.html", "x")
	next := files("index.html", "new", "m/y.html", "y")
	for _, tt := range []struct {
		name, reason string
		fail         func(name, out string) bool
		intact       bool
		errHas       string
		perFile      bool
		// whole: the case needs syncfs (syncsWhole)
		whole bool
	}{
		{name: "a file", reason: "the previous site stays when the new one cannot be made durable",
			fail: func(name, _ string) bool { return strings.HasSuffix(name, "y.html") }, intact: true, errHas: "sync boom", perFile: true},
		{name: "a draft folder", reason: "a folder's entries are part of the site",
			fail: func(name, _ string) bool { return filepath.Base(name) == "m" }, intact: true, errHas: "sync boom", perFile: true},
		{name: "the file system", reason: "the previous site stays when the draft's file system cannot be synced",
			fail: func(name, _ string) bool { return strings.HasPrefix(name, fsOf) }, intact: true, errHas: "sync boom", whole: true},
		{name: "the parent", reason: "after the rename the new site is there, and must not be reported as the previous one",
			fail: func(name, out string) bool { return name == filepath.Dir(out) }, intact: false, errHas: "the new site is in place"},
	} {
		if tt.whole && !syncsWhole {
			continue // syncfs is not used here: files are synced one by one
		}
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			if err := Write(dir, old, Options{}); err != nil {
				t.Fatal(err)
			}
			real, err := filepath.EvalSymlinks(dir)
			if err != nil {
				t.Fatal(err)
			}
			log := syncLog{fail: func(name string) bool { return tt.fail(name, real) }}
			err = Write(dir, next, log.options(tt.perFile))
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("Write error = %v, want one containing %q", err, tt.errHas)
			}
			if got := PreviousIntact(err); got != tt.intact {
				t.Errorf("PreviousIntact = %v, want %v (%s)", got, tt.intact, tt.reason)
			}
			want := site(old)
			if !tt.intact {
				want = site(next)
			}
			if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
				t.Errorf("site (%s) (-want +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
				t.Errorf("beside the site (-want +got):\n%s", diff)
			}
		})
	}
}
