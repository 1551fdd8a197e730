package buildcache

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func key(s string) Key { return NewHasher("test").String(s).Sum() }

func TestPutGet(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("a")); ok {
		t.Fatal("an empty cache has an entry")
	}
	for _, payload := range [][]byte{[]byte("payload a"), {}} {
		if err := c.Put(key("a"), payload); err != nil {
			t.Fatal(err)
		}
		got, ok := c.Get(key("a"))
		if !ok || !bytes.Equal(got, payload) {
			t.Fatalf("Get = %q, %v; want %q", got, ok, payload)
		}
	}
	if _, ok := c.Get(key("b")); ok {
		t.Error("another key found an entry")
	}
}

// TestDamagedEntriesAreAbsent: every way an entry can be damaged or
// foreign makes Get miss, and a Put repairs it.
func TestDamagedEntriesAreAbsent(t *testing.T) {
	payload := []byte("the runs of one submission")
	damage := map[string]func(t *testing.T, c *Cache, p string){
		"truncated": func(t *testing.T, c *Cache, p string) { truncate(t, p, -3) },
		"header only": func(t *testing.T, c *Cache, p string) {
			truncate(t, p, -len(payload))
		},
		"empty":        func(t *testing.T, c *Cache, p string) { truncate(t, p, 0) },
		"payload byte": func(t *testing.T, c *Cache, p string) { flip(t, p, headerSize+2) },
		"checksum":     func(t *testing.T, c *Cache, p string) { flip(t, p, headerSize-1) },
		"magic":        func(t *testing.T, c *Cache, p string) { flip(t, p, 0) },
		"longer": func(t *testing.T, c *Cache, p string) {
			data, _ := os.ReadFile(p)
			os.WriteFile(p, append(data, 'x'), 0o644)
		},
		"other key's entry": func(t *testing.T, c *Cache, p string) {
			if err := c.Put(key("other"), []byte("another submission's runs")); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(c.path(key("other")))
			os.WriteFile(p, data, 0o644)
		},
		"old version": func(t *testing.T, c *Cache, p string) {
			data, _ := os.ReadFile(p)
			binary.BigEndian.PutUint32(data[len(magic):], Version-1+2)
			os.WriteFile(p, data, 0o644)
		},
		"unreadable": func(t *testing.T, c *Cache, p string) {
			os.Remove(p)
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, do := range damage {
		t.Run(name, func(t *testing.T) {
			c, err := Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Put(key("a"), payload); err != nil {
				t.Fatal(err)
			}
			p := c.path(key("a"))
			do(t, c, p)
			if got, ok := c.Get(key("a")); ok {
				t.Fatalf("damaged entry read as %q", got)
			}
			os.Remove(p) // a folder in its place (unreadable) is removed too
			if err := c.Put(key("a"), payload); err != nil {
				t.Fatal(err)
			}
			if got, ok := c.Get(key("a")); !ok || !bytes.Equal(got, payload) {
				t.Fatalf("after Put again: %q, %v", got, ok)
			}
		})
	}
}

func truncate(t *testing.T, p string, n int) {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	size := int64(n)
	if n < 0 {
		size = fi.Size() + int64(n)
	}
	if err := os.Truncate(p, size); err != nil {
		t.Fatal(err)
	}
}

func flip(t *testing.T, p string, at int) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data[at] ^= 0x40
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentPuts: builds writing one entry at once leave a sound
// entry, and readers meanwhile find a sound one or none.
func TestConcurrentPuts(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	payload := bytes.Repeat([]byte("x"), 1<<20)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := c.Put(key("a"), payload); err != nil {
				t.Error(err)
			}
		})
		wg.Go(func() {
			if got, ok := c.Get(key("a")); ok && !bytes.Equal(got, payload) {
				t.Error("read half an entry")
			}
		})
	}
	wg.Wait()
	if got, ok := c.Get(key("a")); !ok || !bytes.Equal(got, payload) {
		t.Fatal("no sound entry after concurrent Puts")
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(c.path(key("a"))), ".tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
}

// TestUnusableCacheFolder: a cache folder that cannot be written or read
// makes Put fail and Get miss, nothing worse.
func TestUnusableCacheFolder(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	v := filepath.Join(dir, fmt.Sprintf("v%d", Version))
	os.RemoveAll(v)
	if err := os.WriteFile(v, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(key("a"), []byte("x")); err == nil {
		t.Error("Put into a file: no error")
	}
	if _, ok := c.Get(key("a")); ok {
		t.Error("Get found an entry in a file")
	}
	if _, err := Open(v); err == nil {
		t.Error("Open of a file's child: no error")
	}
}

func TestTreeKey(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.jsonl", "one")
	write("sub/b.yaml", "two")
	k1, err := Tree(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := Tree(dir, nil); k != k1 {
		t.Error("same tree, another key")
	}
	write("a.jsonl", "One")
	if k, _ := Tree(dir, nil); k == k1 {
		t.Error("edited file, same key")
	}
	write("a.jsonl", "one")
	write("c", "")
	if k, _ := Tree(dir, nil); k == k1 {
		t.Error("added file, same key")
	}
	if k, _ := Tree(dir, func(rel string) bool { return rel == "c" }); k != k1 {
		t.Error("skipped file changed the key")
	}
	target := filepath.Join(t.TempDir(), "target")
	os.WriteFile(target, []byte("x"), 0o644)
	if err := os.Symlink(target, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	linked, _ := Tree(dir, nil)
	os.WriteFile(target, []byte("y"), 0o644)
	if k, _ := Tree(dir, nil); k == linked {
		t.Error("a linked file changed, same key")
	}
	if NewHasher("p").String("ab").String("c").Sum() == NewHasher("p").String("a").String("bc").Sum() {
		t.Error("parts are not delimited")
	}
}
