package equiv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// RunBatch reads JSONL pairs {"gold", "pred", "tolerance" (optional,
// {"kind", "value"}), "type" (optional)} from r and writes one line
// {"verdict", "reason"} per pair to w, in input order. Blank lines are
// skipped; gold and pred may also be JSON numbers; other fields, and a
// "type" that is not one of Options.Type's values, are ignored, so that
// labelled corpora can be fed as they are. Malformed lines are all collected and returned together as
// errors naming name:line: field (errors.Join of *BatchLineError); when any
// line is malformed nothing is written, so that output lines always match
// input lines.
func RunBatch(ctx context.Context, r io.Reader, w io.Writer, name string) error {
	type item struct {
		in batchIn
	}
	var items []item
	var errs []error
	br := bufio.NewReader(r)
	line := 0
	for {
		raw, err := br.ReadBytes('\n')
		if len(raw) > 0 || err == nil {
			line++
			if t := bytes.TrimSpace(raw); len(t) > 0 {
				in, lineErrs := parseBatchLine(t, name, line)
				errs = append(errs, lineErrs...)
				items = append(items, item{in})
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		res := Compare(ctx, *it.in.Gold, *it.in.Pred, Options{Tolerance: it.in.Tolerance, Type: it.in.Type})
		reason := res.Reason
		if res.Rule != "" {
			reason = res.Rule + ": " + reason
		}
		if err := enc.Encode(batchOut{Verdict: res.Verdict, Reason: reason}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func parseBatchLine(t []byte, name string, line int) (batchIn, []error) {
	var in batchIn
	var errs []error
	bad := func(field, format string, a ...any) {
		errs = append(errs, &BatchLineError{Name: name, Line: line, Field: field, Msg: fmt.Sprintf(format, a...)})
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(t, &fields); err != nil {
		bad("", "not a JSON object: %v", err)
		return in, errs
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
