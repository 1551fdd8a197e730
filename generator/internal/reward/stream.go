package reward

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// Result is the reward of one record, or why there is none.
type Result struct {
	Reward kind.Reward
	// Err is a *kind.RecordError for a bad record.
	Err error
}

// field is the field Err names, if any.
func (r *Result) field() string {
	var re *kind.RecordError
	if errors.As(r.Err, &re) {
		return re.Field
	}
	return ""
}

// Stats counts what a stream did.
type Stats struct {
	Lines, Rewards, Errors int
	// TooLong lists the lines longer than ingest.MaxLine, which have an
	// error record each (also counted in Errors).
	TooLong []int
}

// batchLines is how many lines one worker rewards at a time, and
// batchBytes how many bytes of lines a batch holds at most beyond its
// last line: with the batches read ahead of the writer (two per
// processor), they bound the memory of a stream of long lines.
const (
	batchLines = 64
	batchBytes = 1 << 20
)

// Stream rewards every line of in with fn and writes one result per line
// to out, in input order, as JSON lines ("jsonl") or CSV ("csv"). A bad
// line (not JSON, a missing or wrong field, an unknown item, a blank line)
// gives an error line naming the input line and the field, and the stream
// goes on. Lines are rewarded on every processor, a bounded number ahead
// of the writer, so memory does not grow with the input. A line longer
// than ingest.MaxLine is not held in memory: it is skipped to its end and
// gets an error record ("line longer than 4 MiB; not rewarded"), listed in
// Stats.TooLong, and the stream goes on with the next line. A line is
// rewarded, and its result written to out, without waiting for more input
// than has come. It stops early only when ctx is done, in fails or out
// fails.
func Stream(ctx context.Context, in io.Reader, out io.Writer, fn kind.Rewards, format string) (Stats, error) {
	var st Stats
	w := bufio.NewWriterSize(out, 64<<10)
	enc, err := newEncoder(format, fn.Parts())
	if err != nil {
		return st, err
	}
	buf := enc.header(nil)
	if _, err := w.Write(buf); err != nil {
		return st, err
	}
	workers := max(1, runtime.GOMAXPROCS(0))
	order := make(chan *lineBatch, 2*workers)
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	go readBatches(ctx, in, fn, order, readErr, stop)
	defer func() {
		close(stop)
		for b := range order {
			<-b.done
		}
	}()
	for b := range order {
		<-b.done
		for i := range b.res {
			st.Lines++
			if b.res[i].Err == errTooLong {
				st.TooLong = append(st.TooLong, b.first+i)
			}
			if b.res[i].Err != nil {
				st.Errors++
			} else {
				st.Rewards++
			}
			buf = enc.result(buf[:0], b.first+i, &b.res[i])
			if _, err := w.Write(buf); err != nil {
				return st, err
			}
		}
		if err := ctx.Err(); err != nil {
			return st, err
		}
		if len(order) == 0 {
			// The reader is waiting for input: what is written goes out
			// now, for a caller that waits for each result before it
			// writes the next record.
			if err := w.Flush(); err != nil {
				return st, err
			}
		}
	}
	select {
	case err := <-readErr:
		w.Flush()
		return st, err
	default:
	}
	return st, w.Flush()
}

// A lineBatch is up to batchLines consecutive lines of the input, the first
// numbered first, and their results; done is closed once every line is
// rewarded.
type lineBatch struct {
	first int
	// lines[i] is nil for a line longer than ingest.MaxLine.
	lines [][]byte
	res   []Result
	done  chan struct{}
}

// readBatches reads in into batches and sends each to order, in input
// order, as its lines are rewarded on a goroutine of its own; order being
// bounded, reading stays a bounded number of batches ahead of the writer.
// It closes order at the end of the input, on an error of in (sent to
// readErr) and when stop is closed.
func readBatches(ctx context.Context, in io.Reader, fn kind.Rewards, order chan<- *lineBatch, readErr chan<- error, stop <-chan struct{}) {
	defer close(order)
	br := bufio.NewReaderSize(in, 64<<10)
	n := 0
	for {
		b := &lineBatch{first: n + 1, done: make(chan struct{})}
		var err error
		size := 0
		for len(b.lines) < batchLines && size < batchBytes {
			var line []byte
			line, err = readLine(br, n+1)
			if err == errLongLast {
				line, err = nil, io.EOF
			} else if line == nil && err != nil {
				break
			}
			n++
			b.lines = append(b.lines, line)
			size += len(line)
			if err != nil || br.Buffered() == 0 {
				// Nothing more has come yet: the lines read are rewarded
				// now rather than after more arrive.
				break
			}
		}
		if len(b.lines) > 0 {
			select {
			case order <- b:
			case <-stop:
				return
			}
			go b.reward(ctx, fn)
		}
		if err != nil {
			if err != io.EOF {
				readErr <- err
			}
			return
		}
	}
}

// reward rewards the lines of b with fn, then closes b.done.
func (b *lineBatch) reward(ctx context.Context, fn kind.Rewards) {
	b.res = make([]Result, len(b.lines))
	for i, l := range b.lines {
		if l == nil {
			b.res[i] = Result{Err: errTooLong}
			continue
		}
		b.res[i] = one(ctx, fn, l)
	}
	close(b.done)
}

// errTooLong is the error record of a line longer than ingest.MaxLine.
var errTooLong = kind.Errorf("", "line longer than %d MiB; not rewarded", ingest.MaxLine>>20)

// readLine reads one line without its line end; a blank line is returned
// as an empty, non-nil slice, and a line longer than ingest.MaxLine, read
// to its end and dropped, as a nil slice with a nil error. At the end of
// the input it returns nil and io.EOF, or the last line and io.EOF.
func readLine(br *bufio.Reader, n int) ([]byte, error) {
	var buf []byte
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		// The line end ("\r\n" at most) is not part of the line, as
		// ingest.Lines counts it.
		if !long && len(buf)+len(chunk) > ingest.MaxLine+2 {
			long, buf = true, nil
		}
		if !long {
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long {
			if err == io.EOF {
				// The caller sees the line, then the end.
				return nil, errLongLast
			}
			return nil, err
		}
		if err == io.EOF && len(buf) == 0 {
			return nil, io.EOF
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))) > ingest.MaxLine {
			if err == io.EOF {
				return nil, errLongLast
			}
			return nil, nil
		}
		out := bytes.TrimRight(buf, "\r\n")
		if n == 1 {
			out = bytes.TrimPrefix(out, []byte("\xef\xbb\xbf"))
		}
		if out == nil {
			out = []byte{}
		}
		return out, err
	}
}

// errLongLast is readLine's end of the input after a long last line.
var errLongLast = errors.New("long last line")

// one rewards one line. A panic of fn is the line's error, the others
// are rewarded: a bug on one record must not end the stream.
func one(ctx context.Context, fn kind.Rewards, line []byte) (res Result) {
	defer func() {
		if p := recover(); p != nil {
			res = Result{Err: fmt.Errorf("internal error: the reward function failed on this line (a bug): %v", p)}
		}
	}()
	if len(bytes.TrimSpace(line)) == 0 {
		return Result{Err: kind.Errorf("", "blank line; want one JSON object per line")}
	}
	if !utf8.Valid(line) {
		return Result{Err: kind.Errorf("", "invalid UTF-8")}
	}
	r, err := fn.Record(ctx, line)
	return Result{Reward: r, Err: err}
}

// An encoder writes results in one output format.
type encoder interface {
	header(b []byte) []byte
	result(b []byte, line int, r *Result) []byte
}

func newEncoder(format string, parts []string) (encoder, error) {
	switch format {
	case "", "jsonl":
		return jsonlEncoder{}, nil
	case "csv":
		return &csvEncoder{parts: parts}, nil
	}
	return nil, fmt.Errorf("unknown format %q (jsonl or csv)", format)
}

// jsonlEncoder writes {"line", "id", "reward", "parts"} or {"line",
// "error", "field"}.
type jsonlEncoder struct{}

func (jsonlEncoder) header(b []byte) []byte { return b }

func (jsonlEncoder) result(b []byte, line int, r *Result) []byte {
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(line), 10)
	if r.Err != nil {
		b = append(b, `,"error":`...)
		b = appendString(b, clip(r.Err.Error(), maxErrorText))
		if f := r.field(); f != "" {
			b = append(b, `,"field":`...)
			b = appendString(b, clip(f, maxFieldText))
		}
		return append(b, "}\n"...)
	}
	if r.Reward.ID != "" {
		b = append(b, `,"id":`...)
		b = appendString(b, r.Reward.ID)
	}
	b = append(b, `,"reward":`...)
	b = AppendFloat(b, r.Reward.Reward)
	b = append(b, `,"parts":`...)
	b = appendParts(b, r.Reward.Parts)
	return append(b, "}\n"...)
}

func appendParts(b []byte, parts []kind.Part) []byte {
	b = append(b, '{')
	for i, p := range parts {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, p.Name)
		b = append(b, ':')
		b = AppendFloat(b, p.Value)
	}
	return append(b, '}')
}

// csvEncoder writes line, id, reward, one column per part, and error.
type csvEncoder struct {
	parts []string
}

func (e *csvEncoder) header(b []byte) []byte {
	b = append(b, "line,id,reward"...)
	for _, p := range e.parts {
		b = append(b, ',')
		b = appendCSV(b, p)
	}
	return append(b, ",error\n"...)
}

func (e *csvEncoder) result(b []byte, line int, r *Result) []byte {
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ',')
	if r.Err != nil {
		b = append(b, ',')
		for range e.parts {
			b = append(b, ',')
		}
		b = append(b, ',')
		return append(appendCSV(b, clip(r.Err.Error(), maxErrorText)), '\n')
	}
	b = appendCSV(b, r.Reward.ID)
	b = append(b, ',')
	b = AppendFloat(b, r.Reward.Reward)
	for _, name := range e.parts {
		b = append(b, ',')
		if v, ok := r.Reward.Part(name); ok {
			b = AppendFloat(b, v)
		}
	}
	return append(b, ",\n"...)
}

// appendCSV appends s as one CSV field, quoted when it must be, and with a
// leading ' before =, +, - and @ so that a spreadsheet does not run it.
func appendCSV(b []byte, s string) []byte {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		s = "'" + s
	}
	if !bytes.ContainsAny([]byte(s), ",\"\r\n") {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// AppendFloat appends x as encoding/json writes a float64: the shortest
// text that reads back as x, in exponent form only below 1e-6 or from
// 1e21. NaN and infinities, which JSON lacks, are written as null.
func AppendFloat(b []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return append(b, "null"...)
	}
	if x == 0 {
		return append(b, '0') // also -0
	}
	abs := math.Abs(x)
	if abs < 1e-6 || abs >= 1e21 {
		n := len(b)
		b = strconv.AppendFloat(b, x, 'e', -1, 64)
		// 1e-07 → 1e-7, as encoding/json does.
		if m := len(b); m-n >= 4 && b[m-4] == 'e' && b[m-3] == '-' && b[m-2] == '0' {
			b[m-2] = b[m-1]
			b = b[:m-1]
		}
		return b
	}
	return strconv.AppendFloat(b, x, 'f', -1, 64)
}

// appendString appends s as a JSON string, with <, > and & as themselves.
func appendString(b []byte, s string) []byte {
	simple := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			simple = false
			break
		}
	}
	if simple {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...)
}
