package publish

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The kill test re-runs this test binary as a child that publishes and
// kills itself at one point of the publication.
const (
	childDir   = "PUBLISH_TEST_CHILD_DIR"
	childKill  = "PUBLISH_TEST_CHILD_KILL_AT"
	childReuse = "PUBLISH_TEST_CHILD_REUSE"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(childDir); dir != "" {
		os.Exit(child(dir, os.Getenv(childKill), os.Getenv(childReuse) != ""))
	}
	os.Exit(m.Run())
}

var (
	killOld = files("index.html", "old", "models/a.html", "old a", "models/b.html", "old b", "data/board.csv", "old csv")
	killNew = files("index.html", "new", "models/a.html", "new a", "models/c.html", "new c", "assets/app.js", "new js")
	// killOlder is the spare a draft with Reuse starts from: a file where
	// killNew has a folder, a folder where it has a file, and a file it
	// lacks.
	killOlder = files("index.html", "older", "assets", "a file", "models/c.html/x", "a folder", "models/gone.html", "gone")
)

// child publishes killNew to dir, with Reuse if reuse, and kills itself
// with SIGKILL, which no deferred clean-up survives, when the publication
// reaches point.
func child(dir, point string, reuse bool) int {
	opt := Options{Reuse: reuse, hook: func(p string) error {
		if p == point {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
		return nil
	}}
	if err := Write(dir, killNew, opt); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// killCase is a point of a publication where the kill test kills it.
type killCase struct {
	name   string
	reason string
	at     string
	first  bool // no previous site
	want   []map[string]string
	// mode is the publication the point belongs to: "fresh" without
	// Reuse, "spare" with it, "" both.
	mode string
}

func TestKilledPublicationLeavesACompleteSite(t *testing.T) {
	tests := []killCase{
		{"after begin", "a draft holding only the marker is not the site", "begun", false, []map[string]string{site(killOld)}, ""},
		{"after writing", "a complete draft is not the site until swapped", "written", false, []map[string]string{site(killOld)}, ""},
		{"after the swap", "the swap is one step: the new site is whole", "swapped", false, []map[string]string{site(killNew)}, ""},
		{"while removing the old site", "the old site is removed beside, never in place", "removing", false, []map[string]string{site(killNew)}, "fresh"},
		{"while taking the spare", "the spare is moved into the draft, never into the site", "taking the spare", false, []map[string]string{site(killOld)}, "spare"},
		{"while pruning", "the draft is pruned before the swap", "pruning", false, []map[string]string{site(killOld)}, "spare"},
		{"first build while taking the spare", "a spare without a site is no site", "taking the spare", true, []map[string]string{nil}, "spare"},
		{"between the renames", "the exchange is one step, so a kill between two renames cannot happen; a two-rename swap fails here",
			"between renames", false, []map[string]string{site(killOld), site(killNew)}, ""},
		{"first build after writing", "with no previous site, no site is the old state", "written", true, []map[string]string{nil}, ""},
		{"first build after begin", "nor may a half draft appear", "begun", true, []map[string]string{nil}, ""},
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"fresh", "spare"} {
		for _, tt := range tests {
			if tt.mode != "" && tt.mode != mode {
				continue // the point is not on this publication's path
			}
			t.Run(mode+"/"+tt.name, func(t *testing.T) { killedAt(t, exe, tt, mode == "spare") })
		}
	}
}

// killedAt publishes killNew in a child killed at tt.at, over killOld
// unless tt.first, and with Reuse from a spare holding killOlder if
// reuse; it checks that the site is one of tt.want and that the next
// publication cleans up.
func killedAt(t *testing.T, exe string, tt killCase, reuse bool) {
	dir := filepath.Join(t.TempDir(), "site")
	opt := Options{Reuse: reuse}
	if reuse {
		if err := Write(dir, killOlder, opt); err != nil {
			t.Fatal(err)
		}
	}
	if !tt.first || reuse {
		if err := Write(dir, killOld, opt); err != nil {
			t.Fatal(err)
		}
	}
	if tt.first && reuse {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	if reuse && !ours(filepath.Join(filepath.Dir(dir), ".site.spare")) {
		t.Fatal("no spare to start from")
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childDir+"="+dir, childKill+"="+tt.at)
	if reuse {
		cmd.Env = append(cmd.Env, childReuse+"=1")
	}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	killed := errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL
	if !killed && !(err == nil && tt.at == "between renames") {
		t.Fatalf("child was not killed at %q: %v\n%s", tt.at, err, out)
	}
	var got map[string]string
	if _, err := os.Lstat(dir); err == nil {
		got = tree(t, dir)
	}
	match := false
	for _, w := range tt.want {
		match = match || cmp.Equal(w, got)
	}
	if !match {
		t.Errorf("after a kill at %q the site is neither of the expected ones (%s):\ngot %v\nwant one of %v", tt.at, tt.reason, got, tt.want)
	}
	// The next build finishes the job and leaves nothing beside but the
	// spare, if it keeps one; a build without Reuse removes that too.
	next := files("index.html", "next")
	if err := Write(dir, next, opt); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(site(next), tree(t, dir)); diff != "" {
		t.Errorf("next site (-want +got):\n%s", diff)
	}
	beside := []string{"site"}
	if reuse && !tt.first {
		beside = []string{".site.spare", "site"}
	}
	if diff := cmp.Diff(beside, siblings(t, dir)); diff != "" {
		t.Errorf("beside the site after the next build (-want +got):\n%s", diff)
	}
	if err := Write(dir, next, Options{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
		t.Errorf("beside the site after a build without Reuse (-want +got):\n%s", diff)
	}
}

func TestModesIgnoreTheUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := filepath.Join(t.TempDir(), "site")
	d, err := Begin(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := d.Create("a/b/c.html")
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if err := d.WriteFile("index.html", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := e.Info()
		rel, _ := filepath.Rel(dir, p)
		got[rel] = info.Mode().String()
		return err
	})
	want := map[string]string{
		".": "drwxr-xr-x", "a": "drwxr-xr-x", "a/b": "drwxr-xr-x",
		"a/b/c.html": "-rw-r--r--", "index.html": "-rw-r--r--", Marker: "-rw-r--r--",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("modes under umask 077 (-want +got):\n%s", diff)
	}
}

func TestExchangeSwapsBackWhatIsNotASite(t *testing.T) {
	// Someone puts their own folder at the output path between the check
	// and the exchange; it must come back untouched.
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	if err := Write(dir, files("index.html", "old"), Options{}); err != nil {
		t.Fatal(err)
	}
	theirs := map[string]string{"notes.txt": "keep me", "deep/er.txt": "me too"}
	opt := Options{hook: func(p string) error {
		if p != "exchanging" {
			return nil
		}
		if err := os.Rename(dir, filepath.Join(parent, "moved")); err != nil {
			return err
		}
		for p, data := range theirs {
			p = filepath.Join(dir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				return err
			}
		}
		return nil
	}}
	err := Write(dir, files("index.html", "new"), opt)
	if err == nil || !strings.Contains(err.Error(), "not a site built by sciif") || !PreviousIntact(err) {
		t.Errorf("Write error = %v, want a refusal with what is at the output path intact", err)
	}
	if diff := cmp.Diff(theirs, tree(t, dir)); diff != "" {
		t.Errorf("their folder (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"moved", "site"}, siblings(t, dir)); diff != "" {
		t.Errorf("beside the output (-want +got):\n%s", diff)
	}
}
