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

// sandbox lays out a checkout under a temporary folder: a repository root
// with go.mod, results with one submission, a benchmark, an unrelated
// folder of notes and a file. It returns the sandbox and the options
// protecting it as the command would.
func sandbox(t *testing.T) (string, Options) {
	t.Helper()
	root := t.TempDir()
	for p, data := range map[string]string{
		"repo/go.mod":                           "module x\n",
		"repo/results/model-a/responses.jsonl":  "{}\n",
		"repo/benchmarks/sciif/items.jsonl":     "{}\n",
		"repo/notes/todo.txt":                   "keep me\n",
		"repo/README.md":                        "readme\n",
		"elsewhere/results-copy/responses.json": "{}\n",
	} {
		p = filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := filepath.Join(root, "repo")
	// The empty entries stand for unset flags, which protect nothing.
	return root, Options{
		Protect: []string{filepath.Join(repo, "results"), "", filepath.Join(repo, "benchmarks", "sciif")},
		Roots:   []string{repo, ""},
	}
}

func TestRefusesToDestroy(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		// setup may add to the sandbox and returns the output path.
		setup  func(t *testing.T, root string) string
		errHas string
	}{
		{
			name:   "results folder",
			reason: "sciif build --out results deleted every submission",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/results") },
			errHas: "it is the protected folder",
		},
		{
			name:   "results folder spelled differently",
			reason: "paths are compared clean and absolute",
			setup: func(t *testing.T, root string) string {
				return filepath.Join(root, "repo/benchmarks") + "/../results/"
			},
			errHas: "it is the protected folder",
		},
		{
			name:   "inside results",
			reason: "a site inside the results folder would be read as a submission and replace one",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/results/site") },
			errHas: "it lies inside the protected folder",
		},
		{
			name:   "benchmark folder",
			reason: "every benchmark folder is protected",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/benchmarks/sciif") },
			errHas: "it is the protected folder",
		},
		{
			name:   "parent of the benchmarks",
			reason: "replacing a folder that contains a protected one destroys it",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/benchmarks") },
			errHas: "it contains the protected folder",
		},
		{
			name:   "repository root",
			reason: `sciif build --out "$PWD" replaced the checkout with the site`,
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo") },
			errHas: "it contains the protected folder",
		},
		{
			name:   "above the repository",
			reason: "a folder holding the checkout holds the submissions",
			setup:  func(t *testing.T, root string) string { return root },
			errHas: "it contains the protected folder",
		},
		{
			name:   "repository root with nothing protected",
			reason: "the folder holding go.mod above the output is a root even when the caller names none",
			setup: func(t *testing.T, root string) string {
				if err := os.WriteFile(filepath.Join(root, "elsewhere/go.mod"), []byte("module y\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return filepath.Join(root, "elsewhere")
			},
			errHas: "it is the repository or working folder",
		},
		{
			name:   "regular file",
			reason: "sciif build --out somefile deleted the file",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/README.md") },
			errHas: "it is not a folder",
		},
		{
			name:   "folder that is not a site",
			reason: "a folder of someone's files is not ours to replace",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/notes") },
			errHas: "not a site built by sciif",
		},
		{
			name:   "folder that is not a site outside the repository",
			reason: "the marker rule holds wherever the output is",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "elsewhere/results-copy") },
			errHas: "not a site built by sciif",
		},
		{
			name:   "marker that is a folder",
			reason: "only a regular file named after the marker marks a site",
			setup: func(t *testing.T, root string) string {
				if err := os.Mkdir(filepath.Join(root, "repo/notes", Marker), 0o755); err != nil {
					t.Fatal(err)
				}
				return filepath.Join(root, "repo/notes")
			},
			errHas: "not a site built by sciif",
		},
		{
			name:   "link to the results",
			reason: "a symbolic link is resolved before paths are compared",
			setup: func(t *testing.T, root string) string {
				link := filepath.Join(root, "repo/site")
				if err := os.Symlink("results", link); err != nil {
					t.Fatal(err)
				}
				return link
			},
			errHas: "it is the protected folder",
		},
		{
			name:   "through a linked parent into the results",
			reason: "links in the existing part of the path are resolved too",
			setup: func(t *testing.T, root string) string {
				link := filepath.Join(root, "out")
				if err := os.Symlink(filepath.Join(root, "repo/results"), link); err != nil {
					t.Fatal(err)
				}
				return filepath.Join(link, "new/site")
			},
			errHas: "it lies inside the protected folder",
		},
		{
			name:   "link to nothing",
			reason: "publishing through a dangling link would replace the link",
			setup: func(t *testing.T, root string) string {
				link := filepath.Join(root, "repo/site")
				if err := os.Symlink("gone", link); err != nil {
					t.Fatal(err)
				}
				return link
			},
			errHas: "is a symbolic link to nothing",
		},
		{
			name:   "link to a file",
			reason: "the link is followed, and a file is not a folder",
			setup: func(t *testing.T, root string) string {
				link := filepath.Join(root, "repo/site")
				if err := os.Symlink("README.md", link); err != nil {
					t.Fatal(err)
				}
				return link
			},
			errHas: "it is not a folder",
		},
		{
			name:   "file in the way of the parent",
			reason: "a file on the path is not made into a folder",
			setup:  func(t *testing.T, root string) string { return filepath.Join(root, "repo/README.md/site") },
			errHas: "not a directory",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, opt := sandbox(t)
			out := tt.setup(t, root)
			before := snapshot(t, root)
			for _, try := range []struct {
				name string
				run  func() error
			}{
				{"Write", func() error { return Write(out, files("index.html", "new"), opt) }},
				{"Begin", func() error {
					d, err := Begin(out, opt)
					if err == nil {
						d.Abort()
					}
					return err
				}},
			} {
				err := try.run()
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Errorf("%s error = %v, want one containing %q (%s)", try.name, err, tt.errHas, tt.reason)
				}
				if !PreviousIntact(err) {
					t.Errorf("%s: PreviousIntact(%v) = false, want true", try.name, err)
				}
			}
			if diff := cmp.Diff(before, snapshot(t, root)); diff != "" {
				t.Errorf("the refused publication changed the disk (%s) (-before +after):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestRefusesTheWorkingDirectory(t *testing.T) {
	// Separate from TestRefusesToDestroy: it changes the working directory.
	root := t.TempDir()
	wd := filepath.Join(root, "work")
	if err := os.MkdirAll(filepath.Join(wd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(wd, "sub"))
	tests := []struct {
		name   string
		reason string
		out    string
		errHas string
	}{
		{"dot", "--out . would replace where the user stands", ".", "it is the repository or working folder"},
		{"parent", "--out .. contains where the user stands", "..", "it contains the repository or working folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := snapshot(t, root)
			err := Write(tt.out, files("index.html", "x"), Options{})
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Errorf("Write error = %v, want one containing %q (%s)", err, tt.errHas, tt.reason)
			}
			if diff := cmp.Diff(before, snapshot(t, root)); diff != "" {
				t.Errorf("the refused publication changed the disk (-before +after):\n%s", diff)
			}
		})
	}
	// A site below the working directory is the usual case.
	if err := Write("site", files("index.html", "x"), Options{}); err != nil {
		t.Errorf("Write into a new folder below the working directory: %v", err)
	}
}

func TestPublishesWhereItMay(t *testing.T) {
	next := files("index.html", "new", "models/a.html", "a")
	tests := []struct {
		name   string
		reason string
		// setup returns the output path and the folder that must end up
		// holding the site.
		setup func(t *testing.T, root string, opt Options) (out, real string)
	}{
		{
			name:   "new folder in the repository",
			reason: "site/ beside results/ is the default and lies inside the root",
			setup: func(t *testing.T, root string, opt Options) (string, string) {
				p := filepath.Join(root, "repo/site")
				return p, p
			},
		},
		{
			name:   "empty folder",
			reason: "an empty folder holds nothing to lose",
			setup: func(t *testing.T, root string, opt Options) (string, string) {
				p := filepath.Join(root, "repo/site")
				if err := os.Mkdir(p, 0o755); err != nil {
					t.Fatal(err)
				}
				return p, p
			},
		},
		{
			name:   "previous site",
			reason: "a folder with the marker is ours",
			setup: func(t *testing.T, root string, opt Options) (string, string) {
				p := filepath.Join(root, "repo/site")
				if err := Write(p, files("index.html", "old", "stale.html", "s"), opt); err != nil {
					t.Fatal(err)
				}
				return p, p
			},
		},
		{
			name:   "link to a previous site",
			reason: "an output path that is a link publishes into the folder it points to and keeps the link",
			setup: func(t *testing.T, root string, opt Options) (string, string) {
				target := filepath.Join(root, "www/leaderboard")
				if err := Write(target, files("index.html", "old"), opt); err != nil {
					t.Fatal(err)
				}
				link := filepath.Join(root, "repo/site")
				if err := os.Symlink("../www/leaderboard", link); err != nil {
					t.Fatal(err)
				}
				return link, target
			},
		},
		{
			name:   "inside a linked parent",
			reason: "links above the output are followed",
			setup: func(t *testing.T, root string, opt Options) (string, string) {
				if err := os.Mkdir(filepath.Join(root, "www"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(root, "www"), filepath.Join(root, "repo/www")); err != nil {
					t.Fatal(err)
				}
				return filepath.Join(root, "repo/www/site"), filepath.Join(root, "www/site")
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, opt := sandbox(t)
			out, real := tt.setup(t, root, opt)
			link, _ := os.Readlink(out)
			if err := Write(out, next, opt); err != nil {
				t.Fatalf("Write: %v (%s)", err, tt.reason)
			}
			if diff := cmp.Diff(site(next), tree(t, real)); diff != "" {
				t.Errorf("site (%s) (-want +got):\n%s", tt.reason, diff)
			}
			for _, s := range siblings(t, real) {
				if strings.Contains(s, ".new-") {
					t.Errorf("leftover beside the site: %s", s)
				}
			}
			if after, _ := os.Readlink(out); after != link {
				t.Errorf("link %s now points to %q, want %q", out, after, link)
			}
		})
	}
}

func TestStaleFoldersAreRemoved(t *testing.T) {
	mk := func(t *testing.T, p string, kv ...string) {
		t.Helper()
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(kv); i += 2 {
			if err := os.WriteFile(filepath.Join(p, kv[i]), []byte(kv[i+1]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name   string
		reason string
		// left lays out what a killed build, or someone else, left beside
		// parent/site; the site itself exists unless noSite.
		left   func(t *testing.T, parent string)
		noSite bool
		want   []string
	}{
		{
			name:   "draft with the marker",
			reason: "a build killed while writing leaves its draft",
			left: func(t *testing.T, parent string) {
				mk(t, filepath.Join(parent, ".site.new-123"), Marker, markerData, "index.html", "half")
			},
			want: []string{"site"},
		},
		{
			name:   "previous site half removed",
			reason: "a build killed while removing the old site leaves the marker to the last",
			left: func(t *testing.T, parent string) {
				mk(t, filepath.Join(parent, ".site.new-9"), Marker, markerData)
			},
			want: []string{"site"},
		},
		{
			name:   "empty draft",
			reason: "a build killed before writing the marker leaves an empty folder",
			left:   func(t *testing.T, parent string) { mk(t, filepath.Join(parent, ".site.new-77")) },
			want:   []string{"site"},
		},
		{
			name:   "two-rename leftover beside a site",
			reason: "the previous site of a finished two-rename swap is no longer needed",
			left: func(t *testing.T, parent string) {
				mk(t, filepath.Join(parent, ".site.new-5.old"), Marker, markerData, "index.html", "older")
			},
			want: []string{"site"},
		},
		{
			name:   "two-rename leftover without a site",
			reason: "with no site in place it may be the only copy of the previous site",
			left: func(t *testing.T, parent string) {
				mk(t, filepath.Join(parent, ".site.new-5.old"), Marker, markerData, "index.html", "older")
			},
			noSite: true,
			want:   []string{".site.new-5.old", "site"},
		},
		{
			name:   "look-alike without the marker",
			reason: "a folder named like a draft but holding someone's files is not ours",
			left: func(t *testing.T, parent string) {
				mk(t, filepath.Join(parent, ".site.new-1"), "mine.txt", "keep")
			},
			want: []string{".site.new-1", "site"},
		},
		{
			name:   "other names",
			reason: "only .site.new-DIGITS folders belong to builds of site",
			left: func(t *testing.T, parent string) {
				mk(t, filepath.Join(parent, ".site.new-abc"), Marker, markerData)
				mk(t, filepath.Join(parent, ".other.new-1"), Marker, markerData)
				mk(t, filepath.Join(parent, "site.new-1"), Marker, markerData)
				if err := os.WriteFile(filepath.Join(parent, ".site.new-2"), []byte("a file"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			want: []string{".other.new-1", ".site.new-2", ".site.new-abc", "site", "site.new-1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "site")
			if !tt.noSite {
				if err := Write(dir, files("index.html", "old"), Options{}); err != nil {
					t.Fatal(err)
				}
			}
			tt.left(t, parent)
			next := files("index.html", "new")
			if err := Write(dir, next, Options{}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, siblings(t, dir)); diff != "" {
				t.Errorf("beside the site (%s) (-want +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff(site(next), tree(t, dir)); diff != "" {
				t.Errorf("site (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCleanUpSparesARunningDraft(t *testing.T) {
	// Two builds of one site: the second must not take the first one's
	// draft for a killed build's leftovers.
	dir := filepath.Join(t.TempDir(), "site")
	first, err := Begin(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := first.WriteFile("index.html", []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, files("index.html", "second"), Options{}); err != nil {
		t.Fatal(err)
	}
	if err := first.WriteFile("late.html", []byte("late")); err != nil {
		t.Fatalf("the first draft was disturbed: %v", err)
	}
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
	want := site(files("index.html", "first", "late.html", "late"))
	if diff := cmp.Diff(want, tree(t, dir)); diff != "" {
		t.Errorf("site (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"site"}, siblings(t, dir)); diff != "" {
		t.Errorf("beside the site (-want +got):\n%s", diff)
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
	// spareLeft: the failure leaves the spare it could not finish taking.
	spareLeft bool
}

// both runs a case with and without Reuse.
var both = []bool{false, true}

func TestFailuresSayWhatTheFolderHolds(t *testing.T) {
	tests := []failCase{
		{"begin", "a draft that cannot start touches nothing", "begun", true, Unchanged, "publish: boom", both, false},
		{"before the swap", "the previous site stays until the swap", "written", true, Unchanged, "publish: boom", both, false},
		{"after the swap", "once swapped the new site is in place and the old one must be reported, not claimed intact",
			"swapped", false, Replaced, "the new site is in place, but the previous one is left in", both, false},
		{"while removing", "a previous site that cannot be removed (read-only, busy) is reported with where it is",
			"removing", false, Replaced, "the new site is in place, but the previous one is left in", []bool{false}, false},
		{"while taking the spare", "a spare not taken whole is left as a spare, with the previous site",
			"taking the spare", true, Unchanged, "publish: boom", []bool{true}, true},
		{"while pruning", "a draft that cannot be pruned is not published",
			"pruning", true, Unchanged, "publish: boom", []bool{true}, false},
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
	if tt.spareLeft {
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
