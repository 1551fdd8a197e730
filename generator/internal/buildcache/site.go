package buildcache

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// MarshalText writes k in hex.
func (k Key) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads k in hex.
func (k *Key) UnmarshalText(b []byte) error {
	if len(b) != 2*len(k) {
		return errors.New("cache: a key is 64 hex digits")
	}
	_, err := hex.Decode(k[:], b)
	return err
}

// manifest is what a build leaves in the cache of the site it published.
type manifest struct {
	// Dev and Ino identify the site folder: a site published since by a
	// build that did not record it is another folder.
	Dev, Ino uint64
	Files    map[string]siteFile
}

// siteFile is one file of the site that a cached entry produced.
type siteFile struct {
	Key  Key
	Size int64
	Ino  uint64
}

// A Record collects, while a site is built, which cached entry produced
// which of its files. Its methods are safe for concurrent use; the zero
// Record is ready.
type Record struct {
	mu    sync.Mutex
	files map[string]noted
}

// noted is a file of a Record: its entry and, when it was taken from
// the previous site (Held), what that site's manifest said of it.
type noted struct {
	key  Key
	held Held
}

// Held is a file of the previous site as its manifest records it
// (Previous.Holds): a file linked from there is the same file.
type Held struct {
	f  *siteFile
	fi fs.FileInfo
}

// Info is what os.Lstat said of the file when Holds found it, or nil
// for the zero Held: the draft that links it need not ask again
// (publish.Draft.LinkFound).
func (h Held) Info() fs.FileInfo { return h.fi }

// Note says that the entry k produced the files at paths (slash paths
// relative to the site's root).
func (r *Record) Note(k Key, paths []string) {
	r.NoteHeld(k, paths, nil)
}

// NoteHeld is Note for files linked from the previous site, held[i]
// what Previous.Holds said of paths[i]: SaveSite takes their size and
// inode from there instead of asking the file system again (a file
// copied where a link failed is another inode, which the next build
// finds changed and renders again). held may be nil.
func (r *Record) NoteHeld(k Key, paths []string, held []Held) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.files == nil {
		r.files = map[string]noted{}
	}
	for i, p := range paths {
		n := noted{key: k}
		if i < len(held) {
			n.held = held[i]
		}
		r.files[p] = n
	}
}

func manifestKey(dir string) Key { return NewHasher("site manifest v1").String(dir).Sum() }

// SaveSite records in the cache the files of r, as the site just
// published at dir (absolute, links resolved) holds them.
func (c *Cache) SaveSite(dir string, r *Record) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	dev, ino, ok := inode(fi)
	if !ok {
		return nil // no way to tell this site from another
	}
	m := manifest{Dev: dev, Ino: ino, Files: map[string]siteFile{}}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range sortedKeys(r.files) {
		n := r.files[p]
		if h := n.held.f; h != nil && h.Key == n.key {
			m.Files[p] = *h
			continue
		}
		fi, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		_, ino, _ := inode(fi)
		m.Files[p] = siteFile{Key: n.key, Size: fi.Size(), Ino: ino}
	}
	data, err := json.Marshal(&m)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return c.Put(manifestKey(dir), data)
}

// Previous is the site a build replaces, as the cache recorded it.
type Previous struct {
	dir string
	m   manifest
}

// Previous is the site at dir (absolute, links resolved) as the build
// that published it recorded it in the cache, or nil: no site there, no
// sound record of it, or a site published since without one.
func (c *Cache) Previous(dir string) *Previous {
	data, ok := c.Get(manifestKey(dir))
	if !ok {
		return nil
	}
	var m manifest
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return nil
	}
	dev, ino, ok := inode(fi)
	if !ok || dev != m.Dev || ino != m.Ino {
		return nil
	}
	return &Previous{dir: dir, m: m}
}

// Has reports whether the previous site holds the file at path p (a
// slash path relative to its root) as the entry k produced it: the
// manifest says so, and the file is still the one recorded (a regular
// file of the recorded size and inode).
func (p *Previous) Has(path string, k Key) bool {
	_, ok := p.Holds(path, k)
	return ok
}

// Holds is Has, with what the manifest says of the file, for
// Record.NoteHeld when the file is linked into the new site.
func (p *Previous) Holds(path string, k Key) (Held, bool) {
	if p == nil {
		return Held{}, false
	}
	f, ok := p.m.Files[path]
	if !ok || f.Key != k {
		return Held{}, false
	}
	fi, err := os.Lstat(filepath.Join(p.dir, filepath.FromSlash(path)))
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != f.Size {
		return Held{}, false
	}
	_, ino, ok := inode(fi)
	if !ok || ino != f.Ino {
		return Held{}, false
	}
	return Held{&f, fi}, true
}
