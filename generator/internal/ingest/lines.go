package ingest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// LineError is a problem with the framing of a JSONL file rather than with
// one record's content.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Lines reads JSONL from r and calls fn with each non-blank line (without
// its line end), numbered from 1. A byte-order mark at the start and CRLF
// line ends are accepted. Invalid UTF-8 is a problem of that line (fn is not
// called for it). It stops with a *LineError at a line longer than MaxLine
// or when the input exceeds MaxFile, without reading the rest into memory.
func Lines(name string, r io.Reader, fn func(line int, data []byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	var total int64
	for line := 1; ; line++ {
		buf = buf[:0]
		long := false
		for {
			chunk, err := br.ReadSlice('\n')
			total += int64(len(chunk))
			if total > MaxFile {
				return &LineError{Line: line, Msg: fmt.Sprintf("file larger than %d MiB; refused", MaxFile>>20)}
			}
			if !long {
				// The line end ("\r\n" at most) is not part of the line.
				if len(buf)+len(chunk) > MaxLine+2 {
					long = true
				} else {
					buf = append(buf, chunk...)
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && err != io.EOF {
				return err
			}
			if long {
				return &LineError{Line: line, Msg: fmt.Sprintf("line longer than %d MiB; refused", MaxLine>>20)}
			}
			if err == io.EOF && len(buf) == 0 {
				return nil
			}
			data := bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
			if len(data) > MaxLine {
				return &LineError{Line: line, Msg: fmt.Sprintf("line longer than %d MiB; refused", MaxLine>>20)}
			}
			data = bytes.TrimRight(data, "\r\n")
			if line == 1 {
				data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
			}
			if len(bytes.TrimSpace(data)) > 0 {
				if !utf8.Valid(data) {
					fn(line, nil) // nil data: the caller reports invalid UTF-8
				} else {
					fn(line, data)
				}
			}
			if err == io.EOF {
				return nil
			}
			break
		}
	}
}

// fileProblem turns an error of Open or ReadFile into a fatal problem.
func fileProblem(path string, err error) board.Diagnostic {
	var fe *FileError
	if errors.As(err, &fe) {
		return board.Diagnostic{File: fe.Path, Msg: fe.Msg, Fatal: true}
	}
	return asProblem(path, err)
}

func asProblem(path string, err error) board.Diagnostic {
	var le *LineError
	if errors.As(err, &le) {
		return board.Diagnostic{File: path, Line: le.Line, Msg: le.Msg, Fatal: true}
	}
	return board.Diagnostic{File: path, Msg: err.Error(), Fatal: true}
}
