package publish

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
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

func TestWriteReplacesTheWholeSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	if err := Write(dir, []board.File{{Path: "index.html", Data: []byte("one")}, {Path: "old.html", Data: []byte("gone soon")}}); err != nil {
		t.Fatal(err)
	}
	files := []board.File{
		{Path: "index.html", Data: []byte("two")},
		{Path: "models/a.html", Data: []byte("a")},
		{Path: "assets/vendor/x/y.js", Data: []byte("y")},
	}
	if err := Write(dir, files); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"index.html": "two", "models/a.html": "a", "assets/vendor/x/y.js": "y"}
	if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
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
			files: []board.File{
				{Path: "index.html", Data: []byte("new")},
				{Path: "problems/" + strings.Repeat("x", 300) + ".html", Data: []byte("boom")},
			},
			errHas: "file name too long",
		},
		{
			name:   "escaping path",
			reason: "a path leaving the site must be refused before anything is written",
			files:  []board.File{{Path: "../evil.html", Data: []byte("x")}},
			errHas: "bad path",
		},
		{
			name:   "absolute path",
			reason: "absolute paths are refused",
			files:  []board.File{{Path: "/etc/passwd", Data: []byte("x")}},
			errHas: "bad path",
		},
		{
			name:   "duplicate path",
			reason: "two files at one path would silently lose one",
			files:  []board.File{{Path: "a.html"}, {Path: "a.html"}},
			errHas: "two files at a.html",
		},
		{
			name:   "file and folder",
			reason: "a path cannot be a file and hold files",
			files:  []board.File{{Path: "a"}, {Path: "a/b.html"}},
			errHas: "both a file and a folder",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "site")
			old := []board.File{{Path: "index.html", Data: []byte("old")}, {Path: "models/m.html", Data: []byte("m")}}
			if err := Write(dir, old); err != nil {
				t.Fatal(err)
			}
			err := Write(dir, tt.files)
			if err == nil || !strings.Contains(err.Error(), tt.errHas) || !strings.HasPrefix(err.Error(), "publish: ") {
				t.Fatalf("Write error = %v, want one containing %q (%s)", err, tt.errHas, tt.reason)
			}
			want := map[string]string{"index.html": "old", "models/m.html": "m"}
			if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
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
	if err := Write(dir, []board.File{{Path: "index.html", Data: []byte("x")}}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"index.html": "x"}, tree(t, dir)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
