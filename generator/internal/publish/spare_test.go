//go:build linux

package publish

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var reuse = Options{Reuse: true}

// step is one file of a publication: its bytes, or link: taken from the
// live site with Link.
type step struct {
	path, data string
	link       bool
}

// draftSteps starts a draft of out with opt and takes the steps.
func draftSteps(t *testing.T, out string, opt Options, steps []step) *Draft {
	t.Helper()
	d, err := Begin(out, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if s.link {
			err = d.Link(s.path)
		} else {
			err = d.WriteFile(s.path, []byte(s.data))
		}
		if err != nil {
			t.Fatalf("%s: %v", s.path, err)
		}
	}
	return d
}

// publishSteps publishes the steps to out with opt.
func publishSteps(t *testing.T, out string, opt Options, steps []step) {
	t.Helper()
	if err := draftSteps(t, out, opt, steps).Commit(); err != nil {
		t.Fatal(err)
	}
}

// ino is the inode of the file at p, not following a link.
func ino(t *testing.T, p string) uint64 {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ino
}

// changed is the time the inode of the file at p last changed.
func changed(t *testing.T, p string) syscall.Timespec {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ctim
}

// spareSite publishes two generations of a site at parent/site with
// Reuse: the first, then the second taking some of the first's files
// unchanged, so that the spare holds the first and shares inodes with
// the live second.
func spareSite(t *testing.T, parent string) string {
	t.Helper()
	out := filepath.Join(parent, "site")
	publishSteps(t, out, reuse, []step{
		{path: "kept.html", data: "kept"},
		{path: "dir/kept.html", data: "kept deeper"},
		{path: "shared.html", data: "shared v1"},
		{path: "dir/a.html", data: "a v1"},
		{path: "dir/deep/b.html", data: "b v1"},
		{path: "wasfile.html", data: "a file, a folder next"},
		{path: "wasdir/x.html", data: "a folder, a file next"},
		{path: "gone.html", data: "gone"},
	})
	publishSteps(t, out, reuse, []step{
		{path: "kept.html", link: true},
		{path: "dir/kept.html", link: true},
		{path: "shared.html", link: true},
		{path: "dir/a.html", data: "a v2"},
		{path: "dir/deep/b.html", link: true},
		{path: "new.html", data: "new in v2"},
		{path: "wasfile.html", link: true},
		{path: "wasdir/x.html", link: true},
	})
	if !ours(filepath.Join(parent, ".site.spare")) {
		t.Fatal("the second publication left no spare")
	}
	return out
}

// third is the next publication after spareSite: files kept, rewritten,
// linked where the spare holds another file, new, and a file and a
// folder that swap kinds.
var third = []step{
	{path: "kept.html", link: true},             // the spare holds the live inode
	{path: "dir/kept.html", link: true},         // so it does here, in a folder kept
	{path: "shared.html", data: "shared v3"},    // so it does here: never written into
	{path: "dir/a.html", link: true},            // the spare holds v1, the live site v2
	{path: "dir/deep/b.html", data: "b v3"},     // the spare's and live inode
	{path: "new.html", link: true},              // not in the spare
	{path: "wasfile.html/now.html", data: "in"}, // a file in the spare, a folder now
	{path: "wasdir", data: "now a file"},        // a folder in the spare, a file now
	{path: "fresh/f.html", data: "fresh"},
}

// witness links every file of the site at out into a new folder, so that
// the live site's files can be checked after it is replaced: their bytes
// and inodes, read there.
func witness(t *testing.T, out string) (dir string, want map[string]string) {
	t.Helper()
	dir = t.TempDir()
	want = map[string]string{}
	for p, data := range tree(t, out) {
		name := fmt.Sprintf("%d", len(want))
		if err := os.Link(filepath.Join(out, filepath.FromSlash(p)), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		want[name] = data
	}
	return dir, want
}

// freshSnapshot publishes the files the steps end with, written into a
// fresh draft, and returns its snapshot.
func freshSnapshot(t *testing.T, live map[string]string, steps []step) map[string]string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "site")
	var fresh []step
	for _, s := range steps {
		if s.link {
			s = step{path: s.path, data: live[s.path]}
		}
		fresh = append(fresh, s)
	}
	publishSteps(t, out, Options{}, fresh)
	return snapshot(t, out)
}

// TestSpareNeverChangesTheLiveSite publishes from a spare that shares
// inodes with the live site, then aborts (and publishes again from the
// aborted draft, now the spare) or commits: the live site's
// files keep their bytes and inodes throughout, the files Link finds in
// the spare are the live site's own inodes, kept, and the new site is the
// one a fresh draft of the same files gives (paths, bytes, modes).
func TestSpareNeverChangesTheLiveSite(t *testing.T) {
	for _, commit := range []bool{false, true} {
		t.Run(fmt.Sprintf("commit=%v", commit), func(t *testing.T) {
			parent := t.TempDir()
			out := spareSite(t, parent)
			live := tree(t, out)
			inodes := map[string]uint64{}
			for p := range live {
				inodes[p] = ino(t, filepath.Join(out, p))
			}
			wdir, wbytes := witness(t, out)
			want := freshSnapshot(t, live, third)
			spare := filepath.Join(parent, ".site.spare")
			spareKept := ino(t, filepath.Join(spare, "kept.html"))
			if spareKept != inodes["kept.html"] {
				t.Fatal("the spare does not share kept.html with the live site")
			}
			// A link or unlink of dir/kept.html would change its ctime
			// (as the move of the spare's top level does).
			ctime := changed(t, filepath.Join(spare, "dir", "kept.html"))
			time.Sleep(20 * time.Millisecond)
			d := draftSteps(t, out, reuse, third)
			if got := ino(t, filepath.Join(d.tmp, "kept.html")); got != spareKept {
				t.Error("kept.html: the draft holds another file than the spare's, want the live site's own kept")
			}
			if changed(t, filepath.Join(d.tmp, "dir", "kept.html")) != ctime {
				t.Error("dir/kept.html: linked again, want the spare's link, the live site's own file, kept as it is")
			}
			if got := ino(t, filepath.Join(d.tmp, "dir", "a.html")); got != inodes["dir/a.html"] {
				t.Error("dir/a.html: the draft does not hold the live site's file, want the spare's v1 replaced by a link")
			}
			if commit {
				if err := d.Commit(); err != nil {
					t.Fatal(err)
				}
			} else if err := d.Abort(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wbytes, tree(t, wdir)); diff != "" {
				t.Errorf("the live site's files changed (-before +after):\n%s", diff)
			}
			if !commit {
				if diff := cmp.Diff(live, tree(t, out)); diff != "" {
					t.Errorf("the live site after Abort (-before +after):\n%s", diff)
				}
				for p, i := range inodes {
					if ino(t, filepath.Join(out, p)) != i {
						t.Errorf("%s is another file after Abort", p)
					}
				}
				// The aborted draft is the spare again, and the next draft
				// from it keeps the live site's files where they are.
				if diff := cmp.Diff([]string{".site.spare", "site"}, siblings(t, out)); diff != "" {
					t.Errorf("beside the site after Abort (-want +got):\n%s", diff)
				}
				if got := ino(t, filepath.Join(spare, "dir", "a.html")); got != inodes["dir/a.html"] {
					t.Error("dir/a.html: the spare after Abort does not hold the file the aborted draft linked")
				}
				linked := changed(t, filepath.Join(out, "dir", "a.html"))
				time.Sleep(20 * time.Millisecond)
				d = draftSteps(t, out, reuse, third)
				if changed(t, filepath.Join(out, "dir", "a.html")) != linked || changed(t, filepath.Join(out, "dir", "kept.html")) != ctime {
					t.Error("the draft after an aborted one linked again what the aborted draft had kept or linked")
				}
				if err := d.Commit(); err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(want, snapshot(t, out)); diff != "" {
					t.Errorf("the site from an aborted draft's spare differs from a fresh draft's (-fresh +spare):\n%s", diff)
				}
				return
			}
			if diff := cmp.Diff(want, snapshot(t, out)); diff != "" {
				t.Errorf("the site from the spare differs from a fresh draft's (-fresh +spare):\n%s", diff)
			}
			for _, p := range []string{"kept.html", "dir/kept.html", "dir/a.html", "new.html"} {
				if ino(t, filepath.Join(out, p)) != inodes[p] {
					t.Errorf("%s: not the previous site's file, want it linked or kept", p)
				}
			}
			for _, p := range []string{"shared.html", "dir/deep/b.html"} {
				if ino(t, filepath.Join(out, p)) == inodes[p] {
					t.Errorf("%s: still the previous site's file, want a new one", p)
				}
			}
			// The replaced site is the next spare, as it was.
			if diff := cmp.Diff(live, tree(t, spare)); diff != "" {
				t.Errorf("the replaced site, now the spare (-before +after):\n%s", diff)
			}
			for p, i := range inodes {
				if ino(t, filepath.Join(spare, p)) != i {
					t.Errorf("%s is another file in the spare than in the replaced site", p)
				}
			}
		})
	}
}

// TestSpareIsPruned plants things in the spare, or at its name, and
// publishes from it: the site is a fresh draft's, the live site's files
// keep their bytes, and what is not ours at the spare's name is left as
// it is.
func TestSpareIsPruned(t *testing.T) {
	write := func(t *testing.T, p, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	symlink := func(t *testing.T, target, p string) {
		t.Helper()
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, reason string
		plant        func(t *testing.T, spare, out string)
		// foreign: what is at the spare's name is not ours and stays;
		// the replaced site is removed instead of kept.
		foreign bool
	}{
		{name: "nothing", reason: "the spare as the last publication left it", plant: func(*testing.T, string, string) {}},
		{name: "extra files", reason: "files the build does not make are removed",
			plant: func(t *testing.T, spare, _ string) {
				write(t, filepath.Join(spare, "extra.html"), "extra")
				write(t, filepath.Join(spare, "dir", "extra.html"), "extra")
				write(t, filepath.Join(spare, "dir", "deep", "extra.html"), "extra")
			}},
		{name: "extra folders", reason: "folders the build does not make are removed, whole",
			plant: func(t *testing.T, spare, _ string) {
				write(t, filepath.Join(spare, "extra", "deep", "x.html"), "extra")
				if err := os.MkdirAll(filepath.Join(spare, "dir", "empty"), 0o755); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "links", reason: "a link is never followed: not where a file is written, nor where a folder is made, nor kept",
			plant: func(t *testing.T, spare, out string) {
				symlink(t, filepath.Join(out, "kept.html"), filepath.Join(spare, "shared.html"))
				symlink(t, filepath.Join(out, "kept.html"), filepath.Join(spare, "kept.html"))
				symlink(t, filepath.Join(out, "dir"), filepath.Join(spare, "dir"))
				symlink(t, filepath.Join(out, "new.html"), filepath.Join(spare, "link.html"))
			}},
		{name: "folder modes", reason: "a folder of another mode is not the one a fresh draft makes",
			plant: func(t *testing.T, spare, _ string) {
				if err := os.Chmod(filepath.Join(spare, "dir", "deep"), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(filepath.Join(spare, "dir"), 0o775); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "marker missing", reason: "a folder without the marker is not ours: neither taken nor removed",
			plant: func(t *testing.T, spare, _ string) {
				if err := os.Remove(filepath.Join(spare, Marker)); err != nil {
					t.Fatal(err)
				}
			}, foreign: true},
		{name: "marker a folder", reason: "the marker must be a file",
			plant: func(t *testing.T, spare, _ string) {
				if err := os.Remove(filepath.Join(spare, Marker)); err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(spare, Marker, "x"), "x")
			}, foreign: true},
		{name: "a link to the live site", reason: "a spare that is a link is never followed",
			plant: func(t *testing.T, spare, out string) { symlink(t, out, spare) }, foreign: true},
		{name: "a link to a site", reason: "nor is a link to a folder that is a site of ours",
			plant: func(t *testing.T, spare, _ string) {
				elsewhere := filepath.Join(filepath.Dir(spare), "elsewhere")
				if err := os.Rename(spare, elsewhere); err != nil {
					t.Fatal(err)
				}
				symlink(t, elsewhere, spare)
			}, foreign: true},
		{name: "a file", reason: "a file at the spare's name is not ours",
			plant: func(t *testing.T, spare, _ string) {
				if err := os.RemoveAll(spare); err != nil {
					t.Fatal(err)
				}
				write(t, spare, "mine")
			}, foreign: true},
		{name: "an empty folder", reason: "an empty folder holds nothing to keep or reuse",
			plant: func(t *testing.T, spare, _ string) {
				if err := os.RemoveAll(spare); err != nil {
					t.Fatal(err)
				}
				if err := os.Mkdir(spare, 0o755); err != nil {
					t.Fatal(err)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			out := spareSite(t, parent)
			spare := filepath.Join(parent, ".site.spare")
			live := tree(t, out)
			wdir, wbytes := witness(t, out)
			want := freshSnapshot(t, live, third)
			tt.plant(t, spare, out)
			planted := snapshot(t, parent)
			publishSteps(t, out, reuse, third)
			if diff := cmp.Diff(want, snapshot(t, out)); diff != "" {
				t.Errorf("the site differs from a fresh draft's (%s) (-fresh +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff(wbytes, tree(t, wdir)); diff != "" {
				t.Errorf("the live site's files changed (-before +after):\n%s", diff)
			}
			if !tt.foreign {
				if diff := cmp.Diff(live, tree(t, spare)); diff != "" {
					t.Errorf("the spare is not the replaced site (-want +got):\n%s", diff)
				}
				return
			}
			after := snapshot(t, parent)
			for p, v := range planted {
				if p == ".site.spare" || strings.HasPrefix(p, ".site.spare/") || strings.HasPrefix(p, "elsewhere") {
					if after[p] != v {
						t.Errorf("%s: %q, was %q: what is not ours was changed (%s)", p, after[p], v, tt.reason)
					}
				}
			}
			if diff := cmp.Diff([]string{".site.spare", "site"}, withoutElsewhere(siblings(t, out))); diff != "" {
				t.Errorf("beside the site (-want +got):\n%s", diff)
			}
		})
	}
}

func withoutElsewhere(names []string) []string {
	var out []string
	for _, n := range names {
		if n != "elsewhere" {
			out = append(out, n)
		}
	}
	return out
}

// TestSpareOnlyWithReuse: a publication without Reuse keeps no spare and
// removes the one it finds, and one with Reuse keeps the site it
// replaced.
func TestSpareOnlyWithReuse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	spare := filepath.Join(filepath.Dir(dir), ".site.spare")
	for i, tt := range []struct {
		opt  Options
		want []string
	}{
		{reuse, []string{"site"}}, // nothing replaced
		{reuse, []string{".site.spare", "site"}},
		{Options{}, []string{"site"}},
		{Options{}, []string{"site"}},
		{reuse, []string{".site.spare", "site"}},
	} {
		next := files("index.html", fmt.Sprint(i))
		if err := Write(dir, next, tt.opt); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, siblings(t, dir)); diff != "" {
			t.Errorf("publication %d, Reuse %v: beside the site (-want +got):\n%s", i, tt.opt.Reuse, diff)
		}
		if len(tt.want) == 2 {
			if diff := cmp.Diff(site(files("index.html", fmt.Sprint(i-1))), tree(t, spare)); diff != "" {
				t.Errorf("publication %d: the spare is not the replaced site (-want +got):\n%s", i, diff)
			}
		}
	}
}

// TestSpareWithTwoRenames: where the swap is two renames, the replaced
// site becomes the spare the same way, and the next draft starts from it.
func TestSpareWithTwoRenames(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	opt := Options{Reuse: true, renames: true}
	publishSteps(t, out, opt, []step{{path: "index.html", data: "1"}, {path: "m/a.html", data: "a"}, {path: "gone.html", data: "gone"}})
	publishSteps(t, out, opt, []step{{path: "index.html", data: "2"}, {path: "m/a.html", link: true}})
	live := tree(t, out)
	steps := []step{{path: "index.html", data: "3"}, {path: "m/a.html", link: true}, {path: "m/b.html", data: "b"}}
	want := freshSnapshot(t, live, steps)
	publishSteps(t, out, opt, steps)
	if diff := cmp.Diff(want, snapshot(t, out)); diff != "" {
		t.Errorf("the site differs from a fresh draft's (-fresh +got):\n%s", diff)
	}
	if diff := cmp.Diff(live, tree(t, filepath.Join(parent, ".site.spare"))); diff != "" {
		t.Errorf("the spare is not the replaced site (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{".site.spare", "site"}, siblings(t, out)); diff != "" {
		t.Errorf("beside the site (-want +got):\n%s", diff)
	}
}

// TestSpareRewritesItsOwnFiles: a file the draft writes where the spare
// holds a file of its own (one link, shown by no site) is that file,
// emptied and written again, not a new inode; where the spare's file is
// the live site's, the draft's is a new one and the live file is left as
// it was.
func TestSpareRewritesItsOwnFiles(t *testing.T) {
	parent := t.TempDir()
	out := spareSite(t, parent)
	spare := filepath.Join(parent, ".site.spare")
	own := ino(t, filepath.Join(spare, "dir", "a.html"))  // v1, the live site has v2
	shared := ino(t, filepath.Join(spare, "shared.html")) // the live site's too
	longer := ino(t, filepath.Join(spare, "gone.html"))   // written shorter below
	publishSteps(t, out, reuse, []step{
		{path: "dir/a.html", data: "a v3"},
		{path: "shared.html", data: "shared v3"},
		{path: "gone.html", data: "g"},
	})
	if got := ino(t, filepath.Join(out, "dir", "a.html")); got != own {
		t.Errorf("dir/a.html is inode %d, want the spare's own %d written again", got, own)
	}
	if got := ino(t, filepath.Join(out, "gone.html")); got != longer {
		t.Errorf("gone.html is inode %d, want the spare's own %d written again", got, longer)
	}
	if got := ino(t, filepath.Join(out, "shared.html")); got == shared {
		t.Error("shared.html was written into the live site's file")
	}
	want := map[string]string{Marker: markerData, "dir/a.html": "a v3", "shared.html": "shared v3", "gone.html": "g"}
	if diff := cmp.Diff(want, tree(t, out)); diff != "" {
		t.Errorf("site (-want +got):\n%s", diff)
	}
	// The site replaced, now the spare, still holds what it showed.
	for p, data := range map[string]string{"shared.html": "shared v1", "dir/a.html": "a v2", "kept.html": "kept"} {
		if got, err := os.ReadFile(filepath.Join(spare, filepath.FromSlash(p))); err != nil || string(got) != data {
			t.Errorf("the replaced site's %s: %q, %v, want %q", p, got, err, data)
		}
	}
}
