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
	childDir  = "PUBLISH_TEST_CHILD_DIR"
	childKill = "PUBLISH_TEST_CHILD_KILL_AT"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(childDir); dir != "" {
		os.Exit(child(dir, os.Getenv(childKill)))
	}
	os.Exit(m.Run())
}

var (
	killOld = files("index.html", "old", "models/a.html", "old a", "models/b.html", "old b", "data/board.csv", "old csv")
	killNew = files("index.html", "new", "models/a.html", "new a", "models/c.html", "new c", "assets/app.js", "new js")
)

// child publishes killNew to dir and kills itself with SIGKILL, which no
// deferred clean-up survives, when the publication reaches point.
func child(dir, point string) int {
	opt := Options{hook: func(p string) error {
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

func TestKilledPublicationLeavesACompleteSite(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		at     string
		first  bool // no previous site
		want   []map[string]string
	}{
		{"after begin", "a draft holding only the marker is not the site", "begun", false, []map[string]string{site(killOld)}},
		{"after writing", "a complete draft is not the site until swapped", "written", false, []map[string]string{site(killOld)}},
		{"after the swap", "the swap is one step: the new site is whole", "swapped", false, []map[string]string{site(killNew)}},
		{"while removing the old site", "the old site is removed beside, never in place", "removing", false, []map[string]string{site(killNew)}},
		{"between the renames", "the exchange is one step, so a kill between two renames cannot happen; a two-rename swap fails here",
			"between renames", false, []map[string]string{site(killOld), site(killNew)}},
		{"first build after writing", "with no previous site, no site is the old state", "written", true, []map[string]string{nil}},
		{"first build after begin", "nor may a half draft appear", "begun", true, []map[string]string{nil}},
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			if !tt.first {
				if err := Write(dir, killOld, Options{}); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), childDir+"="+dir, childKill+"="+tt.at)
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
			// The next build finishes the job and leaves nothing beside.
			next := files("index.html", "next")
			if err := Write(dir, next, Options{}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(site(next), tree(t, dir)); diff != "" {
				t.Errorf("next site (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
				t.Errorf("beside the site after the next build (-want +got):\n%s", diff)
			}
		})
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
