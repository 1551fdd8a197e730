//go:build unix

package buildcache

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPreviousSite: a file is reused only while the manifest's key, size
// and inode and the site folder's identity all hold.
func TestPreviousSite(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(t.TempDir(), "site")
	os.MkdirAll(filepath.Join(site, "models"), 0o755)
	write := func(p, s string) {
		if err := os.WriteFile(filepath.Join(site, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("models/a.html", "a")
	write("models/b.html", "b")
	var r Record
	r.Note(key("a"), []string{"models/a.html"})
	r.Note(key("b"), []string{"models/b.html", "missing.html"})
	if err := c.SaveSite(site, &r); err != nil {
		t.Fatal(err)
	}
	p := c.Previous(site)
	if !p.Has("models/a.html", key("a")) || !p.Has("models/b.html", key("b")) {
		t.Fatal("recorded files not reusable")
	}
	if p.Has("models/a.html", key("b")) || p.Has("missing.html", key("b")) || p.Has("models/c.html", key("a")) {
		t.Error("a file reused under another key, or one the site lacks")
	}
	write("models/b.html", "bb")
	os.Remove(filepath.Join(site, "models", "a.html"))
	write("models/a.html", "a")
	if p.Has("models/b.html", key("b")) {
		t.Error("a file of another size reused")
	}
	if p.Has("models/a.html", key("a")) {
		// The new file may take the old inode back; its size is the same.
		t.Log("a rewritten file kept its inode")
	}
	var nilPrev *Previous
	if nilPrev.Has("models/a.html", key("a")) {
		t.Error("no previous site, yet a file to reuse")
	}
	os.RemoveAll(site)
	if c.Previous(site) != nil {
		t.Error("a removed site has a manifest")
	}
	os.MkdirAll(site, 0o755)
	if prev := c.Previous(site); prev != nil {
		t.Logf("a new folder at the same path took the old inode back")
	}
	if other := c.Previous(filepath.Join(t.TempDir(), "other")); other != nil {
		t.Error("another folder has a manifest")
	}
}

// TestNoteHeldKeepsTheRecord: a file noted as held (linked from the
// previous site) is recorded as the previous manifest had it, without
// asking the file system: its link in the new site is the same file, so
// the next build reuses it, and a copy is another inode, which it does
// not. A held record under another key is not taken.
func TestNoteHeldKeepsTheRecord(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	old, next := filepath.Join(root, "old"), filepath.Join(root, "next")
	for _, d := range []string{old, next} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(old, "a.html"), []byte("page"), 0o644); err != nil {
		t.Fatal(err)
	}
	var r Record
	r.Note(key("a"), []string{"a.html"})
	if err := c.SaveSite(old, &r); err != nil {
		t.Fatal(err)
	}
	prev := c.Previous(old)
	h, ok := prev.Holds("a.html", key("a"))
	if !ok {
		t.Fatal("recorded file not held")
	}
	if _, ok := prev.Holds("a.html", key("b")); ok {
		t.Error("held under another key")
	}
	if err := os.Link(filepath.Join(old, "a.html"), filepath.Join(next, "a.html")); err != nil {
		t.Skip("no hard links here:", err)
	}
	// Held: taken from the old manifest, so a file of another size at
	// the path in the new folder does not change the record.
	if err := os.WriteFile(filepath.Join(next, "b.html"), []byte("other"), 0o644); err != nil {
		t.Fatal(err)
	}
	var r2 Record
	r2.NoteHeld(key("a"), []string{"a.html"}, []Held{h})
	r2.NoteHeld(key("b"), []string{"b.html"}, []Held{h}) // held of another key: stat
	if err := c.SaveSite(next, &r2); err != nil {
		t.Fatal(err)
	}
	p2 := c.Previous(next)
	if !p2.Has("a.html", key("a")) {
		t.Error("a linked file, noted held, is not reusable by the next build")
	}
	if !p2.Has("b.html", key("b")) {
		t.Error("a file noted with a held record of another key was not recorded from the file system")
	}
	// A copy (where a link failed) noted held is recorded as the old
	// file: another inode, so the next build does not reuse it.
	os.Remove(filepath.Join(next, "a.html"))
	if err := os.WriteFile(filepath.Join(next, "a.html"), []byte("page"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := c.SaveSite(next, &r2); err != nil {
		t.Fatal(err)
	}
	if p3 := c.Previous(next); p3.Has("a.html", key("a")) {
		// old/a.html is still there, so the copy has another inode.
		t.Error("a copy noted held is reused: SaveSite asked the file system")
	}
}
