// Package buildcache keeps the work of one `sciif build` for the next: a
// content-addressed store of entries, each found by a key that digests
// every input of the work it holds (the submission's files, the
// benchmark's files, the program and the site's templates), never by a
// file's time. The build (package pipeline) stores in it each accepted
// submission's runs, as its benchmarks' kinds encode them
// (kind.RunCoder), and which files of the site that submission's pages
// are; the next build with the same inputs decodes the runs instead of
// rescoring, and takes those files unchanged from the previous site
// (publish.Draft.Link) instead of rendering them. Kinds know nothing of
// the cache.
//
// An entry is one file, <dir>/v2/<2 hex digits>/<key in hex>: a header
// with the format's magic and version, the key, the payload's length and
// its CRC-32C, then the payload. Get checks all of them and treats an
// entry that is truncated, altered, of another key or of another format as
// absent; such an entry is rebuilt and replaced, never trusted. The
// checksum is there to find damage (a torn write, a bad block, a byte
// changed by hand), which a CRC finds as surely as a cryptographic digest
// and at several times its speed: nothing in an entry's header could stop
// someone who may write the cache from writing any entry they like, so a
// slower digest would buy nothing. Put writes
// a temporary file beside the entry and renames it into place, so builds
// sharing a cache never see half an entry.
//
// The previous site's files are trusted as the previous build wrote them:
// its manifest (SaveSite) names, for each file a cached entry produced,
// that entry's key, the file's size and its inode, and the site folder's
// inode; a file is reused only when all of them still hold (Previous.Has).
package buildcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

// Version is the entries' format version: entries of any other version
// are ignored.
const Version = 2

// magic opens every entry.
const magic = "sciif build cache\n"

// MaxEntry is the largest entry Get reads: anything longer is not ours.
const MaxEntry = 64 << 20

// headerSize is magic, version, key, payload length and checksum.
const headerSize = len(magic) + 4 + sha256.Size + 8 + 4

// castagnoli is the CRC-32C table (the CPU computes it where it can).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// A Key names an entry: a SHA-256 digest of everything the entry's
// content depends on.
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// A Cache is a folder of entries. Its methods are safe for concurrent
// use, and several processes may share one folder.
type Cache struct {
	dir string
}

// Open opens the cache folder dir, creating it if need be.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(filepath.Join(dir, fmt.Sprintf("v%d", Version)), 0o755); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// Dir is the cache's folder.
func (c *Cache) Dir() string { return c.dir }

func (c *Cache) path(k Key) string {
	h := k.String()
	return filepath.Join(c.dir, fmt.Sprintf("v%d", Version), h[:2], h)
}

// Get returns the payload stored under k, and whether there is a sound
// one: a missing, unreadable, truncated, altered, foreign or old entry is
// absent.
func (c *Cache) Get(k Key) ([]byte, bool) {
	var buf []byte
	return c.GetBuffer(k, &buf)
}

// GetBuffer is Get, reading the entry into *buf, grown as need be and
// kept there for the caller to use again: a build reads a thousand runs
// of about 80 KB, each used only until it is decoded. The payload is
// part of *buf.
func (c *Cache) GetBuffer(k Key, buf *[]byte) ([]byte, bool) {
	f, err := os.Open(c.path(k))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	// Read into a buffer of the file's size (io.ReadAll grows one in
	// steps, a copy each).
	size := 0
	if st, err := f.Stat(); err == nil && st.Size() >= 0 && st.Size() <= MaxEntry {
		size = int(st.Size())
	}
	b := bytes.NewBuffer((*buf)[:0])
	b.Grow(size + bytes.MinRead)
	_, err = b.ReadFrom(io.LimitReader(f, MaxEntry+1))
	*buf = b.Bytes()
	if err != nil || b.Len() > MaxEntry {
		return nil, false
	}
	return decode(k, b.Bytes())
}

// decode checks an entry's header against k and its payload against the
// header.
func decode(k Key, data []byte) ([]byte, bool) {
	if len(data) < headerSize || string(data[:len(magic)]) != magic {
		return nil, false
	}
	h := data[len(magic):]
	if binary.BigEndian.Uint32(h) != Version || !bytes.Equal(h[4:4+sha256.Size], k[:]) {
		return nil, false
	}
	h = h[4+sha256.Size:]
	n := binary.BigEndian.Uint64(h)
	sum := binary.BigEndian.Uint32(h[8:])
	payload := data[headerSize:]
	if uint64(len(payload)) != n || crc32.Checksum(payload, castagnoli) != sum {
		return nil, false
	}
	return payload, true
}

// encode is the entry holding payload under k.
func encode(k Key, payload []byte) []byte {
	out := make([]byte, 0, headerSize+len(payload))
	out = append(out, magic...)
	out = binary.BigEndian.AppendUint32(out, Version)
	out = append(out, k[:]...)
	out = binary.BigEndian.AppendUint64(out, uint64(len(payload)))
	out = binary.BigEndian.AppendUint32(out, crc32.Checksum(payload, castagnoli))
	return append(out, payload...)
}

// Put stores payload under k: written beside the entry and renamed into
// place, so that a reader finds the old entry or the new one whole.
func (c *Cache) Put(k Key, payload []byte) error {
	if len(payload)+headerSize > MaxEntry {
		return fmt.Errorf("cache: entry %s: %d bytes, more than %d", k, len(payload), MaxEntry)
	}
	p := c.path(k)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	_, err = f.Write(encode(k, payload))
	err = errors.Join(err, f.Chmod(0o644), f.Close())
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}
