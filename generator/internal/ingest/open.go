package ingest

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Limits of what a submission may contain, in bytes. They are the same for
// `sciif validate`, `sciif score` and `sciif build`, and every file is read
// through Open or ReadFile, which enforce them before a byte is used.
//
// A real answer is a few pages of text: the paper's protocol caps
// generation at 4,096 tokens (about 16 KiB of English), and the longest
// answer of the demo and paper boards is far below MaxResponse. An answer
// of megabytes is a generation loop, not an answer; it is refused.
const (
	// MaxResponse bounds one decoded response.
	MaxResponse = 256 << 10
	// MaxJudgeOutput bounds one judge's raw output for one verdict.
	MaxJudgeOutput = 64 << 10
	// MaxLine bounds one JSONL line: a response, its judge outputs and
	// JSON escaping.
	MaxLine = 4 << 20
	// MaxFile bounds a JSONL file (responses, prompts, items).
	MaxFile = 1 << 30
	// MaxSmall bounds the small files: metadata.yaml, catalog.json,
	// benchmark.yaml.
	MaxSmall = 64 << 10
	// MaxHistory bounds a board's history.jsonl: some thousand recorded
	// states of a 1,000-model board.
	MaxHistory = 256 << 20
)

// FileError is a file that cannot be read as input: missing, not a regular
// file, a symbolic link where none is allowed, or too large. Its message
// never quotes the file's contents.
type FileError struct {
	Path string
	Msg  string
	// NotExist reports that the file does not exist.
	NotExist bool
}

func (e *FileError) Error() string { return e.Path + ": " + e.Msg }

// Links says whether Open follows a symbolic link at the path itself.
type Links int

const (
	// NoLinks refuses a symbolic link: submission files, which come from
	// pull requests, could otherwise point anywhere on the machine.
	NoLinks Links = iota
	// FollowLinks follows one: benchmark folders belong to the board's
	// maintainers.
	FollowLinks
)

// Open opens path for reading if it is a regular file of at most max bytes.
// Folders, FIFOs, devices and sockets are refused without being opened for
// long (a FIFO is opened non-blocking, so a missing writer cannot hang the
// build), and so is a symbolic link unless links is FollowLinks. The
// returned reader stops after max bytes, so a file that grows while it is
// read is still bounded; Lines reports the overflow.
func Open(path string, max int64, links Links) (io.ReadCloser, int64, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, 0, &FileError{Path: path, Msg: "no such file", NotExist: true}
		}
		return nil, 0, &FileError{Path: path, Msg: plainErr(err)}
	}
	if fi.Mode()&fs.ModeSymlink != 0 && links == NoLinks {
		return nil, 0, &FileError{Path: path, Msg: "is a symbolic link; links are refused because they can point outside the repository"}
	}
	flags := os.O_RDONLY | syscall.O_NONBLOCK
	if links == NoLinks {
		flags |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil {
		return nil, 0, &FileError{Path: path, Msg: plainErr(err)}
	}
	// Check the opened file, not the name: the name may have changed
	// between Lstat and open.
	fi, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, &FileError{Path: path, Msg: plainErr(err)}
	}
	if msg := notRegular(fi.Mode()); msg != "" {
		f.Close()
		return nil, 0, &FileError{Path: path, Msg: msg}
	}
	if fi.Size() > max {
		f.Close()
		return nil, 0, &FileError{Path: path, Msg: tooBig("file is %s, larger than the %s limit; refused without reading", fi.Size(), max)}
	}
	return &limited{Reader: io.LimitReader(f, max+1), f: f}, fi.Size(), nil
}

// ReadFile reads a small file through Open. It fails if the file holds more
// than max bytes by the time it is read.
func ReadFile(path string, max int64, links Links) ([]byte, error) {
	r, _, err := Open(path, max, links)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &FileError{Path: path, Msg: plainErr(err)}
	}
	if int64(len(data)) > max {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("file is larger than the %s limit; refused", Size(max))}
	}
	return data, nil
}

type limited struct {
	io.Reader
	f *os.File
}

func (l *limited) Close() error { return l.f.Close() }

// notRegular says what a mode is when it is not a regular file, or "".
func notRegular(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "is a folder, not a file"
	case m&fs.ModeNamedPipe != 0:
		return "is a named pipe (FIFO), not a regular file"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "is a device, not a regular file"
	case m&fs.ModeSocket != 0:
		return "is a socket, not a regular file"
	case m&fs.ModeSymlink != 0:
		return "is a symbolic link"
	}
	return "is not a regular file"
}

// plainErr is the message of a file-system error without the path, which
// the caller prints once.
func plainErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, syscall.ELOOP) {
			return "is a symbolic link; links are refused because they can point outside the repository"
		}
		return pe.Err.Error()
	}
	return err.Error()
}

// Size formats a byte count for messages: "1.5 MiB".
// Sizes says a size n over its limit as Size does, unless rounding would
// show the two alike ("64 KiB, larger than the 64 KiB limit"): then n is
// given in bytes and the limit in both.
func Sizes(n, limit int64) (size, lim string) {
	size, lim = Size(n), Size(limit)
	if size == lim {
		size = board.Thousands(int(n)) + " bytes"
		lim += " (" + board.Thousands(int(limit)) + " bytes)"
	}
	return size, lim
}

func Size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// tooBig formats a size n over its limit (Sizes) into format's two %s.
func tooBig(format string, n, limit int64) string {
	a, b := Sizes(n, limit)
	return fmt.Sprintf(format, a, b)
}
