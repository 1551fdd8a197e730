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
