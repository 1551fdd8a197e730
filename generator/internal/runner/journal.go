package runner

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// journal is the append-only JSONL file of finished results that makes a
// run resumable. Each result is written as one line with one write and
// synced before the next task of its worker starts, so a crash loses at
// most the requests in flight and leaves at worst a torn last line, which
// the next open cuts off.
//
// The answers stay in the file: the journal keeps in memory only where each
// result's line is (an entry), and read gets an answer back when it is
// needed, so a run's memory does not grow with its answers.
type journal struct {
	mu   sync.Mutex
	f    *os.File
	path string
	size int64 // where the next line goes
	// done holds the results the file held when opened, by key, without
	// their Content; it does not change afterwards.
	done map[string]entry
}

// entry is a result without its Content and where its line is.
type entry struct {
	res Result
	off int64
	n   int
}

// openJournal opens (creating it if need be) the journal at path, takes its
// lock, and indexes the results it holds by key, the last one of a key
// winning; the index is also the journal's done. A torn last line is cut off; any other line that does not
// decode is an error, since it means someone else wrote to the file.
func openJournal(path string) (*journal, map[string]entry, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, nil, err
		}
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if errors.Is(statErr, os.ErrNotExist) {
		syncDir(filepath.Dir(path))
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("journal %s is in use by another run: %w", path, err)
	}
	done := map[string]entry{}
	good, err := scanJournal(f, path, func(res Result, off int64, n int) {
		res.Content = ""
		done[res.Key] = entry{res, off, n}
	})
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Size() > good {
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("journal %s: cutting off a torn last line: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return &journal{f: f, path: path, size: good, done: done}, done, nil
}

// readJournal decodes the journal and returns its results and the length
// of its good part.
func readJournal(r io.Reader, path string) (map[string]Result, int64, error) {
	done := map[string]Result{}
	good, err := scanJournal(r, path, func(res Result, _ int64, _ int) { done[res.Key] = res })
	if err != nil {
		return nil, 0, err
	}
	return done, good, nil
}

// scanJournal calls found with each result of the journal, where its line
// starts and the line's length, and returns the length of the good part.
// found may be called for lines of a journal that then proves bad.
func scanJournal(r io.Reader, path string, found func(res Result, off int64, n int)) (int64, error) {
	br := bufio.NewReader(r)
	var good int64
	var pending error // a bad line, an error unless it proves to be the last
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			if pending != nil && len(line) > 0 {
				return 0, pending
			}
			// A bad last line, a last line without its newline, or
			// nothing: torn or clean, the good part ends here.
			return good, nil
		}
		if err != nil {
			return 0, fmt.Errorf("journal %s: %w", path, err)
		}
		if pending != nil {
			return 0, pending
		}
		var res Result
		if len(bytes.TrimSpace(line)) == 0 {
			good += int64(len(line))
			continue
		}
		if err := json.Unmarshal(line, &res); err != nil || res.Key == "" {
			pending = fmt.Errorf("journal %s:%d: not a result line; it was not written by sciif run: remove the line, or the journal to start afresh", path, n)
			continue
		}
		found(res, good, len(line))
		good += int64(len(line))
	}
}

// append writes res as one line, syncs it to disk and returns its entry.
func (j *journal) append(res Result) (entry, error) {
	line, err := json.Marshal(res)
	if err != nil {
		return entry{}, err
	}
	line = append(line, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(line); err != nil {
		return entry{}, fmt.Errorf("journal %s: %w", j.path, err)
	}
	if err := j.f.Sync(); err != nil {
		return entry{}, fmt.Errorf("journal %s: %w", j.path, err)
	}
	res.Content = ""
	e := entry{res, j.size, len(line)}
	j.size += int64(len(line))
	return e, nil
}

// read is e's result with its Content, read back from the file. It is safe
// while other goroutines append.
func (j *journal) read(e entry) (Result, error) {
	line := make([]byte, e.n)
	if _, err := j.f.ReadAt(line, e.off); err != nil {
		return Result{}, fmt.Errorf("journal %s: reading back %s: %w", j.path, e.res.Key, err)
	}
	var res Result
	if err := json.Unmarshal(line, &res); err != nil || res.Key != e.res.Key {
		return Result{}, fmt.Errorf("journal %s: the line of %s changed while the run used it", j.path, e.res.Key)
	}
	res.Resumed = e.res.Resumed
	return res, nil
}

func (j *journal) close() error { return j.f.Close() }

// syncDir makes a new entry of dir durable; best effort, as some systems
// cannot sync folders.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
