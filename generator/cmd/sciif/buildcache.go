package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/buildcache"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/publish"
)

// defaultCache is the build cache of the site at out: the hidden folder
// .<name>.cache beside it, outside the published site.
func defaultCache(out string) string {
	clean := filepath.Clean(out)
	return filepath.Join(filepath.Dir(clean), "."+filepath.Base(clean)+".cache")
}

// openCache opens the build cache at dir for a build of draft, or says
// on stderr why the build goes without one: a cache that cannot be used
// costs time, never the build. dir may not lie inside the output or an
// input folder.
func openCache(dir string, draft *publish.Draft, inputs []string, stderr io.Writer) *pipeline.Cache {
	abs, err := filepath.Abs(dir)
	if err == nil {
		for _, in := range append([]string{draft.Dir()}, inputs...) {
			if in == "" {
				continue
			}
			if a, aerr := filepath.Abs(in); aerr == nil && (abs == a || strings.HasPrefix(abs, a+string(filepath.Separator))) {
				err = fmt.Errorf("%s lies inside %s", dir, in)
			}
		}
	}
	var store *buildcache.Cache
	if err == nil {
		store, err = buildcache.Open(dir)
	}
	program, perr := programDigest()
	if err == nil {
		err = perr
	}
	if err != nil {
		fmt.Fprintf(stderr, "sciif build: not using the build cache: %v\n", err)
		return nil
	}
	return &pipeline.Cache{Store: store, Program: program, Previous: store.Previous(draft.Dir())}
}

// programDigest names this program for the cache: its version and a
// digest of its executable, so that any other build of sciif reuses
// nothing.
var programDigest = sync.OnceValues(func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return versionString() + " " + hex.EncodeToString(h.Sum(nil)), nil
})

// saveCache records the site just published in the cache, so that the
// next build may take its files; a failure only costs the next build
// time.
func saveCache(c *pipeline.Cache, draft *publish.Draft, stderr io.Writer) {
	if c == nil {
		return
	}
	if err := c.Store.SaveSite(draft.Dir(), &c.Record); err != nil {
		fmt.Fprintf(stderr, "sciif build: the build cache will not know this site: %v\n", err)
	}
	hits, misses, failed := c.Stats()
	if hits+misses > 0 {
		fmt.Fprintf(stderr, "sciif build: build cache %s: %d run(s) reused with their pages, %d checked and kept\n", c.Store.Dir(), hits, misses)
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "sciif build: build cache %s: %d run(s) could not be kept\n", c.Store.Dir(), failed)
	}
}
