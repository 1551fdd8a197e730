//go:build unix

package publish

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// TestLinkTakesFilesFromThePreviousSite links one file of the previous
// site into the next, which then holds the same file (the same inode where
// links work), and the previous file is untouched.
func TestLinkTakesFilesFromThePreviousSite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if err := Write(out, []board.File{{Path: "a/kept.html", Data: []byte("kept")}, {Path: "old.html", Data: []byte("old")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(filepath.Join(out, "a", "kept.html"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Begin(out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Dir() != out {
		if real, _ := filepath.EvalSymlinks(out); d.Dir() != real {
			t.Errorf("Dir() = %s, want %s", d.Dir(), out)
		}
	}
	if err := d.Link("a/kept.html"); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile("new.html", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{Marker: markerData, "a/kept.html": "kept", "new.html": "new"}
	if diff := cmp.Diff(want, tree(t, out)); diff != "" {
		t.Errorf("site (-want +got):\n%s", diff)
	}
	after, err := os.Stat(filepath.Join(out, "a", "kept.html"))
	if err != nil {
		t.Fatal(err)
	}
	if before.Sys().(*syscall.Stat_t).Ino != after.Sys().(*syscall.Stat_t).Ino {
		t.Error("the linked file is a copy, want a hard link on this file system")
	}
	if after.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", after.Mode().Perm())
	}
}

// TestLinkFailureLeavesThePreviousSite: a file the previous site lacks,
// or that is not a regular file there, fails the draft, and the previous
// site stays as it was.
func TestLinkFailureLeavesThePreviousSite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if err := Write(out, []board.File{{Path: "kept.html", Data: []byte("kept")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("kept.html", filepath.Join(out, "link.html")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"missing.html", "link.html"} {
		before := tree(t, out)
		d, err := Begin(out, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Link(p); err == nil {
			t.Errorf("Link(%s): no error", p)
		}
		if err := d.Commit(); err == nil || !PreviousIntact(err) {
			t.Errorf("Commit after a failed Link(%s) = %v, want an error leaving the previous site", p, err)
		}
		if diff := cmp.Diff(before, tree(t, out)); diff != "" {
			t.Errorf("previous site changed (-before +after):\n%s", diff)
		}
	}
}

// TestLinkFoundTakesTheFileAsFound: LinkFound takes the previous site's
// file as the caller found it, the same inode, without asking again;
// what it is told is not a regular file fails the draft, and the
// previous site stays.
func TestLinkFoundTakesTheFileAsFound(t *testing.T) {
	for _, reuse := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "site")
		prev := []board.File{{Path: "a/kept.html", Data: []byte("kept")}, {Path: "b/x.html", Data: []byte("x")}}
		for range 2 { // the second time, with Reuse, the first is the spare
			if err := Write(out, prev, Options{Reuse: reuse}); err != nil {
				t.Fatal(err)
			}
		}
		fi, err := os.Lstat(filepath.Join(out, "a", "kept.html"))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Begin(out, Options{Reuse: reuse})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.LinkFound("a/kept.html", fi); err != nil {
			t.Fatal(err)
		}
		if err := d.Commit(); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(map[string]string{Marker: markerData, "a/kept.html": "kept"}, tree(t, out)); diff != "" {
			t.Errorf("reuse %v: site (-want +got):\n%s", reuse, diff)
		}
		after, err := os.Lstat(filepath.Join(out, "a", "kept.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !os.SameFile(fi, after) {
			t.Errorf("reuse %v: the file is another inode, want the one found", reuse)
		}

		dir, err := os.Lstat(filepath.Join(out, "a"))
		if err != nil {
			t.Fatal(err)
		}
		d, err = Begin(out, Options{Reuse: reuse})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.LinkFound("a/kept.html", dir); err == nil {
			t.Errorf("reuse %v: LinkFound told of a folder: no error", reuse)
		}
		if err := d.Commit(); err == nil || !PreviousIntact(err) {
			t.Errorf("reuse %v: Commit after a failed LinkFound = %v, want a failure leaving the previous site", reuse, err)
		}
		if diff := cmp.Diff(map[string]string{Marker: markerData, "a/kept.html": "kept"}, tree(t, out)); diff != "" {
			t.Errorf("reuse %v: previous site after the failure (-want +got):\n%s", reuse, diff)
		}
	}
}
