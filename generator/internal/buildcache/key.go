package buildcache

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/zeebo/blake3"
)

// A Hasher digests the parts of a key. Each part is written with its
// length, so that no two lists of parts give one stream.
type Hasher struct{ h hash.Hash }

// NewHasher starts a key for purpose, which names what the entry holds
// (and its layout's version).
func NewHasher(purpose string) *Hasher {
	h := &Hasher{h: sha256.New()}
	h.String(purpose)
	return h
}

// String adds s.
func (h *Hasher) String(s string) *Hasher {
	h.h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(s))))
	io.WriteString(h.h, s)
	return h
}

// Bytes adds b.
func (h *Hasher) Bytes(b []byte) *Hasher {
	h.h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(b))))
	h.h.Write(b)
	return h
}

// Key adds k.
func (h *Hasher) Key(k Key) *Hasher { return h.Bytes(k[:]) }

// Sum is the key.
func (h *Hasher) Sum() Key {
	var k Key
	copy(k[:], h.h.Sum(nil))
	return k
}

// MaxFiles is the most files Tree digests in one folder tree.
const MaxFiles = 100_000

// Tree is the key of the folder tree dir's regular files: each one's path
// relative to dir and its bytes, in lexical order, read as a stream (no
// file is held in memory). A symbolic link is digested as its target's
// name and, when it leads to a regular file, that file's bytes; skip, when set, leaves out the files it is true for (by relative
// slash path).
func Tree(dir string, skip func(rel string) bool) (Key, error) {
	h := NewHasher("tree v2")
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() || (skip != nil && skip(rel)) {
			return nil
		}
		if n++; n > MaxFiles {
			return fmt.Errorf("%s: more than %d files", dir, MaxFiles)
		}
		h.String(rel)
		if d.Type()&fs.ModeSymlink != 0 {
			// A link is its target's name and, when that is a regular
			// file (which readers that follow links read), its bytes.
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			h.String("link:" + target)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return h.file(p)
			}
			h.String("no file")
			return nil
		}
		if !d.Type().IsRegular() {
			h.String("other:" + d.Type().String())
			return nil
		}
		return h.file(p)
	})
	if err != nil {
		return Key{}, err
	}
	return h.Sum(), nil
}

// file adds the BLAKE3 digest of the file at p (fileDigest).
func (h *Hasher) file(p string) error {
	d, err := fileDigest(p)
	if err != nil {
		return err
	}
	h.Bytes(d)
	return nil
}

// fileDigest is the BLAKE3 digest of the file at p, read once, in large
// blocks. A key's parts are SHA-256, but the files are most of what a
// build digests (a SciIF submission is about 1 MB): BLAKE3, as
// collision-resistant, digests more bytes per CPU-second than SHA-256
// here with the CPU's vector units, and zeebo/blake3 does it in the
// goroutine that asks, without allocating (lukechampine.com/blake3 cost
// 0.50–0.55 CPU-s for the 940 MB of the 1,000-model board, against
// 0.33–0.35 s).
func fileDigest(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	buf := readBufs.Get().(*[]byte)
	defer readBufs.Put(buf)
	sub := blake3.New()
	var n int64
	for {
		k, err := f.Read(*buf)
		sub.Write((*buf)[:k])
		n += int64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if n != fi.Size() {
		return nil, fmt.Errorf("%s changed while it was read", p)
	}
	return sub.Sum(nil), nil
}

// readBufs hold the blocks file reads.
var readBufs = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// sortedKeys lists m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Files is the key of the files names (slash paths relative to dir): each
// name, and its bytes or that it is absent, in the order given.
func Files(dir string, names []string) (Key, error) {
	h := NewHasher("files v2")
	for _, n := range names {
		h.String(n)
		p := filepath.Join(dir, filepath.FromSlash(n))
		fi, err := os.Stat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			h.String("absent")
		case err != nil:
			return Key{}, err
		case !fi.Mode().IsRegular():
			h.String("other:" + fi.Mode().String())
		default:
			if err := h.file(p); err != nil {
				return Key{}, err
			}
		}
	}
	return h.Sum(), nil
}
