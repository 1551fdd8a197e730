package publish

// The output folder's guard: what a publication refuses to replace, and
// the clean-up of what killed builds left beside it.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

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
