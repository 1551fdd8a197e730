package render

// Scopes: what one part of a build adds to the site, recorded so that a
// later build can add the same again without rendering it (a build cache
// keyed by that part's inputs).

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// A Scope records what is added to a site through one view of it
// (Site.Scoped): the paths of the files, in the order added, and the
// answers given whole in the models' downloads (Site.AddAnswer).
type Scope struct {
	mu      sync.Mutex
	Files   []string
	Answers []Answer
	// Found, for Replay, is what os.Lstat said of each of Files in the
	// site being replaced, when the caller has just asked (nil, or a nil
	// element, when not): a sink that can take it (FoundLinker) does not
	// ask again.
	Found []fs.FileInfo
}

// Answer is one Site.AddAnswer call.
type Answer struct {
	Slug, Bench, ID, Resp string
}

func (sc *Scope) addFile(p string) {
	if sc == nil {
		return
	}
	sc.mu.Lock()
	sc.Files = append(sc.Files, p)
	sc.mu.Unlock()
}

func (sc *Scope) addAnswer(a Answer) {
	if sc == nil {
		return
	}
	sc.mu.Lock()
	sc.Answers = append(sc.Answers, a)
	sc.mu.Unlock()
}

// Scoped is a view of s that records into sc everything added through it,
// besides adding it to s.
func (s *Site) Scoped(sc *Scope) *Site { return &Site{siteState: s.siteState, scope: sc} }

// Unscoped is the site itself, the view Start returned, whatever view of
// it s is: what identifies the site (a kind's state for the site being
// built is kept by it), while pages are added through the view at hand.
func (s *Site) Unscoped() *Site { return s.root }

// A Linker is a Sink that can take a file unchanged from the site it
// replaces (publish.Draft).
type Linker interface {
	Link(path string) error
}

// A FoundLinker is a Linker that can be told what the file it takes is
// (publish.Draft.LinkFound): fi is os.Lstat's answer for it.
type FoundLinker interface {
	LinkFound(path string, fi fs.FileInfo) error
}

// Replay adds to s what sc recorded: its answers, and its files taken
// unchanged from the site being replaced through the sink, which must be
// a Linker. The caller knows that site holds those files as they would be
// rendered now.
func (s *Site) Replay(sc *Scope) error {
	l, ok := s.sink.(Linker)
	if !ok {
		return errors.New("render: the site's sink cannot take files from a previous site")
	}
	fl, _ := s.sink.(FoundLinker)
	for i, p := range sc.Files {
		s.mu.Lock()
		dup := s.paths[p]
		s.paths[p] = true
		s.mu.Unlock()
		var err error
		if dup {
			err = fmt.Errorf("two files at %s", p)
		} else if fl != nil && i < len(sc.Found) && sc.Found[i] != nil {
			err = fl.LinkFound(p, sc.Found[i])
		} else {
			err = l.Link(p)
		}
		s.scope.addFile(p)
		s.mu.Lock()
		if err != nil && s.err == nil {
			s.err = err
		}
		s.files = append(s.files, board.File{Path: p})
		n := len(s.files)
		s.mu.Unlock()
		if s.progress != nil {
			s.progress(n)
		}
		if err != nil {
			return err
		}
	}
	for _, a := range sc.Answers {
		s.AddAnswer(a.Slug, a.Bench, a.ID, a.Resp)
	}
	return nil
}

// StartKey is a digest of everything a page rendered before Finish
// (Page.OneRun) may show of the site besides its own run: the version, the
// templates and assets, and the boards as Start was given them (names,
// titles, navigation, model files). Two sites with one StartKey render the
// same run into the same bytes. It is computed once, at the first call,
// which must come before Finish.
func (s *Site) StartKey() ([32]byte, error) {
	s.startOnce.Do(func() {
		h := sha256.New()
		fmt.Fprintf(h, "render start key v1\x00%q\x00", s.version)
		for _, tree := range []fs.FS{s.tmpl, s.assets} {
			if s.startErr = hashTree(h, tree); s.startErr != nil {
				return
			}
		}
		enc := json.NewEncoder(h)
		if err := enc.Encode(s.infos); err != nil {
			s.startErr = err
			return
		}
		s.startErr = enc.Encode(s.links)
		copy(s.startKey[:], h.Sum(nil))
	})
	return s.startKey, s.startErr
}

// hashTree writes every file of tree, path and bytes, into h, in the
// walk's (lexical) order.
func hashTree(h interface{ Write([]byte) (int, error) }, tree fs.FS) error {
	return fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(tree, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%q %d\x00", p, len(data))
		h.Write(data)
		return nil
	})
}
