// Package records reads a submission's result file for any benchmark kind:
// one JSON record per line, each keyed to one item of the benchmark (an
// item id, a prompt's text, a task id). It belongs to the ingest stage and
// names no kind: a kind says, in a Spec, which field is the key, how to
// look it up and what an unanswered item scores as, and gets each accepted
// record through a callback, where it verifies it.
//
// Read handles once, for every kind, what every such file can get wrong,
// each with the kind's stable code (Codes): the file itself (missing, a
// link, too large), a line that is not a record (strictjson), a missing,
// unknown or repeated key, a missing, null or oversized response, an empty
// response (a warning, where the kind asks for it) and the items left
// without a record (a warning). Problems are collected through a
// board.Collector: the first of the file are kept, the rest counted.
package records

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// Codes are the diagnostic codes of one kind's reader. A kind keeps the
// codes its tools already read (two checks may share one); CodesOf gives
// the usual set for a new kind.
type Codes struct {
	File       string // fatal: the file cannot be read within the limits
	Line       string // fatal: a line is not a record (JSON, types, keys, length)
	Missing    string // fatal: a record without its key
	Unknown    string // fatal: a key the benchmark lacks
	Duplicate  string // fatal: a key an earlier record has (unless last-wins)
	Response   string // fatal: a missing, null or oversized response
	Empty      string // warning: an empty response
	Incomplete string // warning: items without a record
	Variant    string // fatal: a variant the benchmark lacks (Spec.Variants)
}

// CodesOf returns prefix.file, prefix.line, prefix.key.missing,
// prefix.key.unknown, prefix.key.duplicate, prefix.response,
// prefix.response.empty, prefix.incomplete and prefix.variant.
func CodesOf(prefix string) Codes {
	return Codes{File: prefix + ".file", Line: prefix + ".line", Missing: prefix + ".key.missing",
		Unknown: prefix + ".key.unknown", Duplicate: prefix + ".key.duplicate", Response: prefix + ".response",
		Empty: prefix + ".response.empty", Incomplete: prefix + ".incomplete", Variant: prefix + ".variant"}
}

// Spec says how to read the records of one benchmark, decoded into T.
type Spec[T any] struct {
	// Benchmark names the benchmark in "(not in <Benchmark>)".
	Benchmark string
	// N is the number of items; Lookup gives the index of a key's item.
	N      int
	Lookup func(key string) (int, bool)
	// KeyField is the JSON field holding the key ("id", "prompt") and
	// KeyName what the messages call it ("item id", "prompt"); Key reads
	// it from a record ("" when missing or null).
	KeyField, KeyName string
	Key               func(*T) string
	// Show says a key as a message quotes it, as the submitter wrote it
	// (a key built of several fields need not read as itself); nil is
	// Quote.
	Show func(key string) string
	// ItemKey says the key is an item id, short enough to name the item
	// of a problem ("item c-2: response: …"); a prompt's text is not.
	ItemKey bool
	// ResponseField is the JSON field of the response ("response");
	// Response reads it ("" when empty, missing or null).
	ResponseField string
	Response      func(*T) string
	// Items is the plural noun of the items ("items", "prompts"), Name
	// names item i in the list of unanswered ones, and Unanswered says
	// what such an item scores as ("scored as incorrect and
	// non-compliant"). Unanswered "" reports no incomplete warning.
	Items      string
	Name       func(i int) string
	Unanswered string
	// LastWins makes a later record of a key replace the earlier one
	// instead of being refused (the official IFEval code keeps the last
	// response to a prompt); each is then called again for the item.
	LastWins bool
	// IgnoreUnknown skips records whose key the benchmark lacks instead
	// of refusing them (the official IFEval tools ignore responses to
	// prompts not in their input).
	IgnoreUnknown bool
	// WarnEmpty reports an empty response as a warning (kinds whose
	// verifier says so itself leave it false).
	WarnEmpty bool
	// Links says whether the file may be a symbolic link: never for a
	// submission (NoLinks, the zero value); a file named on the command
	// line is the user's own.
	Links ingest.Links
	Codes Codes
	// Variants, when set, key a record on a second field as well: an item
	// may then have one record per variant (a verifier's answer in each
	// prompt style), and only a record repeating both the key and the
	// variant is a duplicate. VariantField is the JSON field ("style"),
	// VariantName what the messages call it, and Variant reads it ("" when
	// missing or null: the record is of Variants[0], the primary variant).
	// A variant not in the list is refused with Codes.Variant. The
	// incomplete warning names the items without a record of the primary
	// variant; Result.Lines is then indexed by Slot.
	Variants                  []string
	VariantField, VariantName string
	Variant                   func(*T) string
	// Decode decodes a line; nil is strictjson.Decode. A kind with a
	// faster reader of its common lines gives it here, falling back to
	// strictjson.Decode for the others.
	Decode func(data []byte, rec *T) *strictjson.Error
}

// Result is what Read found.
type Result struct {
	// Lines holds, for each item, the line of the record that counts, 0
	// for an item without one; with Variants, for each Slot.
	Lines []int
	// Problems lists the file's problems in line order (the first
	// board.MaxPerFile kept, the rest counted), then the incomplete
	// warning.
	Problems board.Problems
}

// Fatal reports whether any problem refuses the file.
func (r *Result) Fatal() bool {
	for _, p := range r.Problems {
		if p.Fatal {
			return true
		}
	}
	return false
}

// Slot is where item i's record of variant v (its index in Variants)
// sits in Result.Lines.
func (s *Spec[T]) Slot(i, v int) int { return i*s.variants() + v }

// variants is the number of variants, 1 without Variants.
func (s *Spec[T]) variants() int { return max(1, len(s.Variants)) }

// show says key for a message (Show, else Quote).
func (s *Spec[T]) show(key string) string {
	if s.Show != nil {
		return s.Show(key)
	}
	return Quote(key)
}

// VariantOf returns the index in Variants of a record's variant, Variants[0]
// for none; false for a variant not in the list.
func (s *Spec[T]) VariantOf(rec *T) (int, bool) {
	if len(s.Variants) == 0 {
		return 0, true
	}
	v := s.Variant(rec)
	if v == "" {
		return 0, true
	}
	for j, name := range s.Variants {
		if name == v {
			return j, true
		}
	}
	return 0, false
}

// Each is called with each accepted record: its item's index, its line
// and the record, which it may keep. The problems it returns (a judge
// output over its limit, say) are collected with the file's.
type Each[T any] func(i, line int, rec *T) board.Problems

// Read streams path through ingest's bounded reader (ingest.MaxFile,
// ingest.MaxLine, ingest.MaxResponse) and calls each with every record
// that passes the checks, in file order. It stops calling each once ctx
// is done, and then reports ctx's error instead of the unanswered items.
func Read[T any](ctx context.Context, path string, spec *Spec[T], each Each[T]) Result {
	r := reader[T]{ctx: ctx, path: path, spec: spec, each: each, probs: board.FileCollector(path), lines: make([]int, spec.N*spec.variants())}
	f, _, err := ingest.Open(path, ingest.MaxFile, spec.Links)
	if err != nil {
		r.probs.Add(r.fileProblem(err))
		return Result{Lines: r.lines, Problems: r.probs.Problems()}
	}
	defer f.Close()
	if err := ingest.Lines(path, f, r.line); err != nil {
		r.probs.Add(r.fileProblem(err))
	}
	probs := r.probs.Problems()
	if err := ctx.Err(); err != nil {
		probs = append(probs, board.Diagnostic{File: path, Msg: err.Error(), Fatal: true})
	} else if d, ok := r.incomplete(); ok {
		probs = append(probs, d)
	}
	return Result{Lines: r.lines, Problems: probs}
}

type reader[T any] struct {
	ctx   context.Context
	path  string
	spec  *Spec[T]
	each  Each[T]
	probs *board.Collector
	lines []int
}

// line checks one line and hands it to each if it is a record to count.
func (r *reader[T]) line(line int, data []byte) {
	if r.ctx.Err() != nil {
		return
	}
	s := r.spec
	at := func(item, field, code string, fatal bool, format string, args ...any) {
		r.probs.Add(board.Diagnostic{File: r.path, Line: line, Item: item, Field: field, Code: code, Fatal: fatal, Msg: fmt.Sprintf(format, args...)})
	}
	var rec T
	decode := s.Decode
	if decode == nil {
		decode = func(data []byte, rec *T) *strictjson.Error { return strictjson.Decode(data, rec) }
	}
	if e := decode(data, &rec); e != nil {
		item := ""
		if e.Column > 0 {
			// Not a key's problem: the key, if it reads, names the item.
			item = r.itemOf(strictjson.LooseString(data, s.KeyField))
		}
		at(item, e.Field, s.Codes.Line, true, "%s", e.Text())
		return
	}
	key := s.Key(&rec)
	item := r.itemOf(key)
	i, known := s.Lookup(key)
	switch {
	case key == "":
		at("", s.KeyField, s.Codes.Missing, true, "missing %s", s.KeyName)
		return
	case !known && s.IgnoreUnknown:
		return
	case !known:
		at("", s.KeyField, s.Codes.Unknown, true, "unknown %s %s (not in %s)", s.KeyName, s.show(key), s.Benchmark)
		return
	}
	v, ok := s.VariantOf(&rec)
	if !ok {
		at(item, s.VariantField, s.Codes.Variant, true, "unknown %s %s (%s has %s)", s.VariantName, Quote(s.Variant(&rec)), s.Benchmark, strings.Join(s.Variants, ", "))
		return
	}
	slot := s.Slot(i, v)
	if r.lines[slot] != 0 && !s.LastWins {
		if len(s.Variants) > 1 {
			at("", s.KeyField, s.Codes.Duplicate, true, "duplicate %s %s in %s %s (first on line %d)", s.KeyName, s.show(key), s.VariantName, Quote(s.Variants[v]), r.lines[slot])
		} else {
			at("", s.KeyField, s.Codes.Duplicate, true, "duplicate %s %s (first on line %d)", s.KeyName, s.show(key), r.lines[slot])
		}
		return
	}
	r.lines[slot] = line
	const want = "want the model's answer as a JSON string (\"\" for an empty answer)"
	resp := s.Response(&rec)
	if len(resp) > ingest.MaxResponse {
		got, lim := ingest.Sizes(int64(len(resp)), ingest.MaxResponse)
		at(item, s.ResponseField, s.Codes.Response, true, "answer is %s, longer than the %s limit; check the generation did not loop", got, lim)
		return
	}
	if resp == "" {
		switch present, null := strictjson.Has(data, s.ResponseField); {
		case !present:
			at(item, s.ResponseField, s.Codes.Response, true, "missing field; %s", want)
			return
		case null:
			at(item, s.ResponseField, s.Codes.Response, true, "null; %s", want)
			return
		}
	}
	if s.WarnEmpty && strings.TrimSpace(resp) == "" {
		at(item, s.ResponseField, s.Codes.Empty, false, "empty response")
	}
	r.probs.AddAll(r.each(i, line, &rec))
}

// itemOf is what a problem of the record with key names as its item: the
// key, when it is an id (ItemKey).
func (r *reader[T]) itemOf(key string) string {
	if !r.spec.ItemKey {
		return ""
	}
	return key
}

// incomplete is the warning naming the items without a record.
func (r *reader[T]) incomplete() (board.Diagnostic, bool) {
	s := r.spec
	if s.Unanswered == "" {
		return board.Diagnostic{}, false
	}
	var missing []string
	for i := range s.N {
		if r.lines[s.Slot(i, 0)] == 0 {
			missing = append(missing, s.Name(i))
		}
	}
	if len(missing) == 0 {
		return board.Diagnostic{}, false
	}
	return board.Diagnostic{File: r.path, Field: s.KeyField, Code: s.Codes.Incomplete,
		Msg: fmt.Sprintf("incomplete: %d of %d %s have no record (%s): %s", len(missing), s.N, s.Items, s.Unanswered, Abbreviate(missing, 10))}, true
}

// fileProblem turns an error of ingest.Open or ingest.Lines into a fatal
// problem.
func (r *reader[T]) fileProblem(err error) board.Diagnostic {
	d := board.Diagnostic{File: r.path, Code: r.spec.Codes.File, Msg: err.Error(), Fatal: true}
	var fe *ingest.FileError
	var le *ingest.LineError
	switch {
	case errors.As(err, &fe):
		d.File, d.Msg = fe.Path, fe.Msg
	case errors.As(err, &le):
		d.Line, d.Msg, d.Code = le.Line, le.Msg, r.spec.Codes.Line
	}
	return d
}

// Quote quotes a key for a message, its first 60 bytes when longer.
func Quote(key string) string {
	if len(key) > 60 {
		return strconv.Quote(strings.ToValidUTF8(key[:60], "")) + "…"
	}
	return strconv.Quote(key)
}

// Abbreviate lists the first n of list and counts the rest: "[a b] and
// 3 more".
func Abbreviate(list []string, n int) string {
	if len(list) <= n {
		return fmt.Sprint(list)
	}
	return fmt.Sprintf("%v and %d more", list[:n], len(list)-n)
}
