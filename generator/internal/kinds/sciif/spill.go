package sciif

// The first pass's verdicts, kept on disk for a model's answers pages.

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// spill holds every submission's full verdicts and responses from the
// build's only verification pass, in one temporary file, so that memory
// holds a few bits per model and item while the answers pages still show
// every reason. The file is removed as soon as it is created: it lives
// only as long as the open file, and nothing is left behind if the build
// dies.
type spill struct {
	mu  sync.Mutex
	f   *os.File
	off int64
	err error
}

// spilled is where one submission's record lies in the spill file.
type spilled struct {
	off, n int64
}

// spillRecord is what the answers pages need of a submission.
type spillRecord struct {
	Verdicts  []board.ItemVerdict
	Responses []string
}

// put writes verdicts and responses and says where they are.
func (s *spill) put(verdicts []board.ItemVerdict, responses []string) (spilled, error) {
	w := &countingWriter{}
	buf := bufio.NewWriterSize(w, 64<<10)
	// Encoded outside the lock into memory would double the peak; encode
	// under it straight into the file instead.
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return spilled{}, s.err
	}
	if s.f == nil {
		f, err := os.CreateTemp("", "sciif-spill-*")
		if err != nil {
			s.err = fmt.Errorf("spill: %w", err)
			return spilled{}, s.err
		}
		os.Remove(f.Name())
		s.f = f
	}
	w.w = io.NewOffsetWriter(s.f, s.off)
	if err := gob.NewEncoder(buf).Encode(spillRecord{Verdicts: verdicts, Responses: responses}); err != nil {
		s.err = fmt.Errorf("spill: %w", err)
		return spilled{}, s.err
	}
	if err := buf.Flush(); err != nil {
		s.err = fmt.Errorf("spill: %w", err)
		return spilled{}, s.err
	}
	at := spilled{off: s.off, n: w.n}
	s.off += w.n
	return at, nil
}

// get reads back what put wrote at at.
func (s *spill) get(at spilled) (spillRecord, error) {
	var rec spillRecord
	s.mu.Lock()
	f := s.f
	s.mu.Unlock()
	if f == nil {
		return rec, fmt.Errorf("spill: nothing written")
	}
	r := bufio.NewReaderSize(io.NewSectionReader(f, at.off, at.n), 64<<10)
	if err := gob.NewDecoder(r).Decode(&rec); err != nil {
		return rec, fmt.Errorf("spill: read back: %w", err)
	}
	return rec, nil
}

// close removes the spill file's last trace, its open handle.
func (s *spill) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f != nil {
		s.f.Close()
		s.f = nil
	}
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
