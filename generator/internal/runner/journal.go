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
type journal struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// openJournal opens (creating it if need be) the journal at path, takes its
// lock, and returns the results it holds by key, the last one of a key
// winning. A torn last line is cut off; any other line that does not
// decode is an error, since it means someone else wrote to the file.
func openJournal(path string) (*journal, map[string]Result, error) {
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
	done, good, err := readJournal(f, path)
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
	return &journal{f: f, path: path}, done, nil
}

// readJournal decodes the journal and returns its results and the length
// of its good part.
func readJournal(r io.Reader, path string) (map[string]Result, int64, error) {
	done := map[string]Result{}
	br := bufio.NewReader(r)
	var good int64
	var pending error // a bad line, an error unless it proves to be the last
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			if pending != nil && len(line) > 0 {
				return nil, 0, pending
			}
			// A bad last line, a last line without its newline, or
			// nothing: torn or clean, the good part ends here.
			return done, good, nil
		}
		if err != nil {
			return nil, 0, fmt.Errorf("journal %s: %w", path, err)
		}
		if pending != nil {
			return nil, 0, pending
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
		good += int64(len(line))
		done[res.Key] = res
	}
}

// append writes res as one line and syncs it to disk.
func (j *journal) append(res Result) error {
	line, err := json.Marshal(res)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(line); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("journal %s: %w", j.path, err)
	}
	return nil
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
