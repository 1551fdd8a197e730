package equiv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

// BatchLineError is a malformed input line of RunBatch.
type BatchLineError struct {
	Name  string // input name, as given to RunBatch
	Line  int
	Field string // the offending field, or "" for the whole line
	Msg   string
}

func (e *BatchLineError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.Name, e.Line, e.Field, e.Msg)
}

type batchIn struct {
	Gold      *string    `json:"gold"`
	Pred      *string    `json:"pred"`
	Tolerance *Tolerance `json:"tolerance"`
	Type      string     `json:"type"`
}

type batchOut struct {
	Verdict Verdict `json:"verdict"`
	Reason  string  `json:"reason"`
}

// BatchOptions tune RunBatch.
type BatchOptions struct {
	// Extract reads "pred" as a whole response and compares the span
	// Extract returns.
	Extract bool
}

// Limits of RunBatch.
const (
	maxBatchLine   = 4 << 20 // bytes of one input line
	maxBatchErrors = 100     // malformed lines reported
)

// RunBatch reads JSONL pairs {"gold", "pred", "tolerance" (optional,
// {"kind", "value"}), "type" (optional)} from r and writes one line
// {"verdict", "reason"} per pair to w, in input order, as it goes: it holds
// one line at a time (at most 4 MiB). Blank lines are skipped; gold and pred
// may also be JSON numbers; other fields, and a "type" that is not one of
// Options.Type's values, are ignored, so that labelled corpora can be fed as
// they are.
//
// Output lines always match the first input lines: from the first
// malformed line on, nothing more is written, but the rest is still read
// and every malformed line (up to 100) is returned, naming name:line:
// field (errors.Join of *BatchLineError). A cancelled ctx stops the run
// between pairs and is returned; no verdict is changed by it.
func RunBatch(ctx context.Context, r io.Reader, w io.Writer, name string) error {
	return RunBatchOptions(ctx, r, w, name, BatchOptions{})
}

// RunBatchOptions is RunBatch with options.
func RunBatchOptions(ctx context.Context, r io.Reader, w io.Writer, name string, opt BatchOptions) error {
	var errs []error
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	var buf []byte
	for line := 1; ; line++ {
		if br.Buffered() == 0 {
			// The next read may wait for input: what is computed goes
			// out first, so a pipe sees each verdict as it comes.
			if err := bw.Flush(); err != nil {
				return err
			}
		}
		raw, err := readLine(br, &buf)
		if err == errLineTooLong {
			errs = append(errs, &BatchLineError{Name: name, Line: line, Msg: fmt.Sprintf("line longer than %d bytes", maxBatchLine)})
		} else if err != nil && err != io.EOF {
			bw.Flush()
			return fmt.Errorf("%s: %w", name, err)
		} else if t := bytes.TrimSpace(raw); len(t) > 0 {
			in, lineErrs := parseBatchLine(t, name, line)
			errs = append(errs, lineErrs...)
			if len(errs) == 0 {
				if cerr := ctx.Err(); cerr != nil {
					bw.Flush()
					return cerr
				}
				if werr := enc.Encode(batchPair(in, opt)); werr != nil {
					return werr
				}
			}
		}
		if err == io.EOF || len(errs) >= maxBatchErrors {
			break
		}
	}
	if ferr := bw.Flush(); ferr != nil {
		return ferr
	}
	return errors.Join(errs...)
}

func batchPair(in batchIn, opt BatchOptions) batchOut {
	pred := *in.Pred
	if opt.Extract {
		span, ok := Extract(pred)
		if !ok {
			return batchOut{Verdict: Undecided, Reason: "extract: no final answer found in the response"}
		}
		pred = span
	}
	res := Compare(context.Background(), *in.Gold, pred, Options{Tolerance: in.Tolerance, Type: in.Type})
	reason := res.Reason
	if res.Rule != "" {
		reason = res.Rule + ": " + reason
	}
	return batchOut{Verdict: res.Verdict, Reason: reason}
}

var errLineTooLong = errors.New("line too long")

// readLine returns the next line of br (without bounds on the reader's
// buffer: a long line is gathered into *buf up to maxBatchLine bytes, and
// the rest of a longer one is skipped and reported as errLineTooLong). At
// the end it returns the last line, if any, with io.EOF.
func readLine(br *bufio.Reader, buf *[]byte) ([]byte, error) {
	*buf = (*buf)[:0]
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(*buf)+len(chunk) > maxBatchLine {
				tooLong = true
				*buf = (*buf)[:0]
			} else {
				*buf = append(*buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && tooLong:
			return nil, errLineTooLong
		case err != nil:
			return *buf, err
		case tooLong:
			return nil, errLineTooLong
		}
		return *buf, nil
	}
}

func parseBatchLine(t []byte, name string, line int) (batchIn, []error) {
	var in batchIn
	var errs []error
	bad := func(field, format string, a ...any) {
		errs = append(errs, &BatchLineError{Name: name, Line: line, Field: field, Msg: fmt.Sprintf(format, a...)})
	}
	fields, ok := jsonobj.Members(t)
	if !ok {
		if err := json.Unmarshal(t, &fields); err != nil {
			bad("", "not a JSON object: %v", err)
			return in, errs
		}
	}
	for _, f := range []struct {
		key string
		dst **string
	}{{"gold", &in.Gold}, {"pred", &in.Pred}} {
		raw, ok := fields[f.key]
		if !ok {
			bad(f.key, "missing")
			continue
		}
		if s, ok := jsonobj.Unquote(raw); ok {
			*f.dst = &s
			continue
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			// A bare JSON number is taken as written ("gold": 42).
			var n json.Number
			if json.Unmarshal(raw, &n) != nil {
				bad(f.key, "want a string")
				continue
			}
			s = n.String()
		}
		*f.dst = &s
	}
	if raw, ok := fields["tolerance"]; ok && string(raw) != "null" {
		var tol Tolerance
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&tol); err != nil {
			bad("tolerance", "want {\"kind\": …, \"value\": …}")
		} else if err := tol.validate(); err != nil {
			bad("tolerance", "%v", err)
		} else {
			in.Tolerance = &tol
		}
	}
	if raw, ok := fields["type"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &in.Type); err != nil {
			bad("type", "want a string")
		} else if !validType(in.Type) {
			// Labelled corpora use "type" for their own categories; a
			// value that is not one of ours is no hint.
			in.Type = ""
		}
	}
	// Other fields (labels, notes, ids, subjects) are ignored, so labelled
	// corpora can be fed as they are.
	return in, errs
}
