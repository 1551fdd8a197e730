package render

// Fragments kept from one build for the next: a part of a page that a
// board renders for every model, and that stays the same while the model
// does, is taken from a store (the build cache) instead of rendered
// again.

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"html/template"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// A FragmentStore keeps rendered fragments under keys that digest
// everything they were rendered from (Memo). A fragment it does not hold
// soundly is absent; it must be safe for concurrent use.
type FragmentStore interface {
	Fragment(key [32]byte) ([]byte, bool)
	KeepFragment(key [32]byte, data []byte)
}

// KeepFragments has Memo take fragments from fs and keep the ones it
// renders there. It must be called before Finish, as StartKey must,
// whose digest the keys hold.
func (s *Site) KeepFragments(fs FragmentStore) error {
	if _, err := s.StartKey(); err != nil {
		return err
	}
	s.mu.Lock()
	s.fragments = fs
	s.mu.Unlock()
	return nil
}

// Memo is Partial(page, name, data), taken from the site's fragment
// store (KeepFragments) when it holds it, and otherwise rendered and kept
// there. The key digests the site's StartKey (version, templates, assets,
// the boards as started), page, name and data as JSON: data must hold,
// in exported fields, everything the template writes, and the template
// may call only the page functions, which read nothing else. Without a
// store Memo renders, so a site built without one has the same bytes.
func (s *Site) Memo(page, name string, data any) (template.HTML, error) {
	k, fs, err := s.memoKey(fmt.Sprintf("render memo v1\x00%q\x00%q\x00", page, name), data)
	if err != nil || fs == nil {
		if err != nil {
			return "", fmt.Errorf("%s: %w", name, err)
		}
		return s.Partial(page, name, data)
	}
	if b, ok := fs.Fragment(k); ok {
		return template.HTML(b), nil
	}
	out, err := s.Partial(page, name, data)
	if err != nil {
		return "", err
	}
	fs.KeepFragment(k, []byte(out))
	return out, nil
}

// MemoBytes is make(), taken from the site's fragment store when it
// holds it under name and data, and otherwise made and kept there: Memo
// for what a page computes in Go rather than renders from a template (a
// chart's option as JSON). The key digests the site's StartKey, name and
// data as JSON: make must depend on data alone. Without a store
// MemoBytes calls make.
func (s *Site) MemoBytes(name string, data any, make func() ([]byte, error)) ([]byte, error) {
	k, fs, err := s.memoKey(fmt.Sprintf("render memo bytes v1\x00%q\x00", name), data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if fs == nil {
		return make()
	}
	if b, ok := fs.Fragment(k); ok {
		return b, nil
	}
	out, err := make()
	if err != nil {
		return nil, err
	}
	fs.KeepFragment(k, out)
	return out, nil
}

// memoKey is the key of a fragment: head, the site's StartKey and data
// as JSON; fs is nil when the site keeps no fragments.
func (s *Site) memoKey(head string, data any) (k [32]byte, fs FragmentStore, err error) {
	s.mu.Lock()
	fs = s.fragments
	s.mu.Unlock()
	if fs == nil {
		return k, nil, nil
	}
	start, err := s.StartKey()
	if err != nil {
		return k, nil, err
	}
	j, err := json.Marshal(data)
	if err != nil {
		return k, nil, err
	}
	h := sha256.New()
	h.Write([]byte(head))
	h.Write(start[:])
	h.Write(j)
	h.Sum(k[:0])
	return k, fs, nil
}

// A PageStore knows the files of the site being replaced by their bytes
// (AddLinkable). It must be safe for concurrent use.
type PageStore interface {
	// Same reports whether the site being replaced holds the file at
	// path with exactly data's bytes, and notes that the new site's file
	// there holds them, for the next build.
	Same(path string, data []byte) bool
}

// KeepPages has AddLinkable ask ps whether a page is unchanged.
func (s *Site) KeepPages(ps PageStore) {
	s.mu.Lock()
	s.kept = ps
	s.mu.Unlock()
}

// AddLinkable adds a page that is rendered on every build but often
// comes out the same (a model page, which shows a rank that another
// model's arrival may or may not move): when the site's PageStore says
// the site being replaced holds these very bytes at f.Path, the file is
// linked from it (Replay) instead of written. Without a store, or a sink
// that links, it is Add.
func (s *Site) AddLinkable(f board.File) {
	s.mu.Lock()
	ps := s.kept
	s.mu.Unlock()
	if _, ok := s.sink.(Linker); !ok || ps == nil || !ps.Same(f.Path, f.Data) {
		s.Add(f)
		return
	}
	if err := s.Replay(&Scope{Files: []string{f.Path}}); err != nil {
		s.Fail(fmt.Errorf("%s: linking it from the previous site: %w", f.Path, err))
	}
}
