// Package ingest reads benchmark definitions and submissions from disk into
// board types. It is the first stage of the pipeline and the only one, with
// publish, that touches the file system; it decides nothing about scores.
//
// Input problems are collected, not returned one at a time: every reader
// returns board.Problems naming file, line and field for each bad record.
// A bad record is never scored from a guess: the caller stops (exit 1).
package ingest

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/jsonobj"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

//go:embed catalog.json
var builtinCatalog []byte

// BuiltinCatalog returns SciIF's ten constraints, decoded afresh on each
// call so callers may modify the result.
func BuiltinCatalog() board.Catalog {
	var c board.Catalog
	if err := json.Unmarshal(builtinCatalog, &c); err != nil {
		panic("ingest: built-in catalog: " + err.Error()) // a build defect, caught by tests
	}
	return c
}

// Benchmark reads dir/items.jsonl and the catalog: dir/catalog.json if it
// exists, the built-in one otherwise.
func Benchmark(dir string) (*board.Benchmark, error) {
	b := &board.Benchmark{Name: filepath.Base(filepath.Clean(dir)), Dir: dir}
	catPath := filepath.Join(dir, "catalog.json")
	data, err := ReadFile(catPath, MaxSmall, FollowLinks)
	var fe *FileError
	switch {
	case err == nil:
		cat, probs := DecodeCatalog(catPath, data)
		if len(probs) > 0 {
			return nil, probs
		}
		b.Catalog, b.CatalogSource = cat, catPath
	case errors.As(err, &fe) && fe.NotExist:
		b.Catalog, b.CatalogSource = BuiltinCatalog(), "built-in"
	default:
		return nil, board.Problems{fileProblem(catPath, err)}
	}
	itemsPath := filepath.Join(dir, "items.jsonl")
	f, _, err := Open(itemsPath, MaxFile, FollowLinks)
	if err != nil {
		return nil, board.Problems{fileProblem(itemsPath, err)}
	}
	defer f.Close()
	probs := board.FileCollector(itemsPath)
	seen := map[string]int{}
	err = Lines(itemsPath, f, func(line int, data []byte) {
		var it board.Item
		if p := decodeStrict(itemsPath, line, data, &it, nil); p != nil {
			probs.Add(*p)
			return
		}
		it.Line = line
		at := func(field, format string, args ...any) {
			probs.Add(board.Diagnostic{File: itemsPath, Line: line, Field: field, Item: it.ID, Msg: fmt.Sprintf(format, args...), Fatal: true})
		}
		if it.ID == "" {
			at("id", "missing item id")
		} else if first, dup := seen[it.ID]; dup {
			at("id", "duplicate item id (first on line %d)", first)
		} else {
			seen[it.ID] = line
		}
		if strings.TrimSpace(it.Question) == "" {
			at("question", "missing question")
		}
		if len(it.Constraints) == 0 {
			at("constraints", "no constraints enabled")
		}
		enabled := map[string]bool{}
		for _, c := range it.Constraints {
			if _, ok := b.Catalog.Lookup(c); !ok {
				at("constraints", "unknown constraint %q", c)
			} else if enabled[c] {
				at("constraints", "constraint %q enabled twice", c)
			}
			enabled[c] = true
		}
		if t := it.Reference.Tolerance; t != nil {
			switch t.Kind {
			case "relative", "absolute", "sigfigs", "decimals":
			default:
				at("reference.tolerance.kind", "unknown tolerance kind %q (want relative, absolute, sigfigs or decimals)", t.Kind)
			}
		}
		b.Items = append(b.Items, it)
	})
	if err != nil {
		probs.Add(asProblem(itemsPath, err))
	}
	if p := probs.Problems(); len(p) > 0 {
		return nil, p
	}
	if len(b.Items) == 0 {
		return nil, board.Problems{{File: itemsPath, Msg: "no items", Fatal: true}}
	}
	return b, nil
}

// DecodeCatalog decodes and checks a catalog.json.
func DecodeCatalog(path string, data []byte) (board.Catalog, board.Problems) {
	var c board.Catalog
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, board.Problems{{File: path, Msg: jsonMessage(err), Fatal: true}}
	}
	var probs board.Problems
	at := func(field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Field: field, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	seen := map[string]bool{}
	for i, k := range c.Constraints {
		field := fmt.Sprintf("constraints[%d]", i)
		if !idPattern.MatchString(k.ID) {
			at(field+".id", "constraint id %q is not snake_case", k.ID)
		}
		if seen[k.ID] {
			at(field+".id", "duplicate constraint id %q", k.ID)
		}
		seen[k.ID] = true
		switch k.Family {
		case board.Condition, board.Terminology, board.Process:
		default:
			at(field+".family", "unknown family %q (want condition, terminology or process)", k.Family)
		}
		if k.Abbrev == "" || k.Name == "" {
			at(field, "constraint %q needs an abbrev and a name", k.ID)
		}
		if len(k.Points) == 0 {
			at(field+".points", "constraint %q has no evidence points", k.ID)
		}
		for j, p := range k.Points {
			if p.N != j+1 {
				at(fmt.Sprintf("%s.points[%d].n", field, j), "points must be numbered 1, 2, … in order; got %d", p.N)
			}
			if strings.TrimSpace(p.Text) == "" {
				at(fmt.Sprintf("%s.points[%d].text", field, j), "point %d has no text", p.N)
			}
		}
		if len(k.Points) > 0 && k.MainPoints() == 0 {
			at(field+".points", "constraint %q has no MAIN point", k.ID)
		}
	}
	if len(c.Constraints) == 0 {
		at("constraints", "the catalog is empty")
	}
	return c, probs
}

var idPattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// slugPattern is what a submission folder name must look like.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// SafeSlug reports whether name is acceptable as a submission folder name:
// lower-case letters, digits, '.', '_' and '-', starting with a letter or
// digit, at most 64 characters, no "..", and a name Windows can check out
// (see WindowsReserved).
func SafeSlug(name string) bool {
	return slugPattern.MatchString(name) && !strings.Contains(name, "..") && !WindowsReserved(name)
}

// Submissions lists the rescorable submissions under dir: every folder that
// holds a metadata.yaml, in name order. Folders holding only a reported.yaml
// (published figures, not rescored) are left to Reported; hidden folders are
// ignored; any other folder is a problem.
//
// results lists the benchmarks' result files a folder may hold.
func Submissions(dir string, results []string) ([]board.Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("ingest: results: %w", err)
	}
	var subs []board.Submission
	var probs board.Problems
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		switch {
		case e.Type().IsRegular():
			continue // a README or the like beside the submissions
		case !e.IsDir():
			// A link (never followed) or a FIFO, device, …: CheckFolder
			// refuses it as sciif validate does.
			_, fp := CheckFolder(filepath.Join(dir, name), results)
			probs = append(probs, fp...)
			continue
		}
		sdir := filepath.Join(dir, name)
		folder, fp := CheckFolder(sdir, results)
		probs = append(probs, fp...)
		if !folder.Present["metadata.yaml"] {
			continue // published figures (Reported reads them), or refused
		}
		metaPath := filepath.Join(sdir, "metadata.yaml")
		meta, mp := Metadata(metaPath)
		sub := board.Submission{ID: name, Dir: sdir, Meta: meta}
		if fatal(mp) {
			// Report the warnings too: an unknown field is often the
			// misspelling of a missing one.
			probs = append(probs, mp...)
		} else {
			sub.Warnings = mp
		}
		subs = append(subs, sub)
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i].ID < subs[j].ID })
	probs = append(probs, SameNames(subs)...)
	if len(probs) > 0 {
		return subs, probs
	}
	return subs, nil
}

// CodeSameName marks a model name used by two submissions.
const CodeSameName = "metadata.name.taken"

// SameNames returns a fatal problem for every submission whose model name
// (compared without case and extra spaces) another submission of subs
// also uses: the board could not tell them apart.
func SameNames(subs []board.Submission) board.Problems {
	byName := map[string][]int{}
	for i, s := range subs {
		if n := NormName(s.Meta.Name); n != "" {
			byName[n] = append(byName[n], i)
		}
	}
	var probs board.Problems
	for i, s := range subs {
		same := byName[NormName(s.Meta.Name)]
		if len(same) < 2 {
			continue
		}
		var others []string
		for _, j := range same {
			if j != i {
				others = append(others, subs[j].Dir)
			}
		}
		sort.Strings(others)
		probs = append(probs, board.Diagnostic{File: filepath.Join(s.Dir, "metadata.yaml"), Line: s.Meta.NameLine, Field: "name", Code: CodeSameName, Fatal: true,
			Msg: fmt.Sprintf("model name %q is also claimed by %s", s.Meta.Name, strings.Join(others, ", "))})
	}
	return probs
}

// NormName is a model name as names are compared: its skeleton, what it
// looks like whatever its case, spacing, width and script (NFKC, letters
// of other scripts drawn like Latin ones made Latin, case-folded, runs of
// spaces made one), so that "Atlas" and "Atlаs" with a Cyrillic а are one
// name.
func NormName(s string) string { return skeleton(s) }

// Metadata reads and checks a metadata.yaml. Unknown fields are problems
// (they are usually typos of optional ones).
func Metadata(path string) (board.Metadata, board.Problems) {
	var m board.Metadata
	data, err := ReadFile(path, MaxSmall, NoLinks)
	if err != nil {
		return m, board.Problems{fileProblem(path, err)}
	}
	return DecodeMetadata(path, data)
}

// metadataFields lists the fields of metadata.yaml and the YAML node kind
// each must have: "string", "bool", "list" (of strings) or "map".
var metadataFields = []struct{ name, kind string }{
	{"name", "string"}, {"organization", "string"}, {"open_weights", "bool"},
	{"date", "string"}, {"judges", "list"}, {"link", "string"}, {"params", "string"},
	{"decoding", "string"}, {"notes", "string"}, {"claimed", "map"},
}

// MaxModelName is the longest display name a model may have, in
// characters: names head table rows and chart legends.
const MaxModelName = 80

// DecodeMetadata decodes and checks the bytes of a metadata.yaml, reporting
// every problem (unknown fields, wrong types, missing required fields) with
// its line, not only the first (up to board.MaxPerFile, and a count of the
// rest). YAML nested deeper than yamlx.MaxDepth is refused before it is
// parsed.
func DecodeMetadata(path string, data []byte) (board.Metadata, board.Problems) {
	m, probs := decodeMetadata(path, data)
	return m, board.Cap(probs, path, "file", board.PerFile)
}

func decodeMetadata(path string, data []byte) (board.Metadata, board.Problems) {
	var m board.Metadata
	var probs board.Problems
	at := func(line int, field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Field: field, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	if !utf8.Valid(data) {
		at(0, "", "invalid UTF-8")
		return m, probs
	}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		// YAML readers differ on it; refuse it rather than guess.
		at(1, "", "starts with a byte-order mark — save the file as UTF-8 without BOM")
		return m, probs
	}
	f, err := yamlx.Parse(data)
	if err != nil {
		return m, board.Problems{yamlProblem(path, err)}
	}
	var mapping *ast.MappingNode
	if len(f.Docs) == 1 && f.Docs[0].Body != nil {
		switch b := f.Docs[0].Body.(type) {
		case *ast.MappingNode:
			mapping = b
		case *ast.MappingValueNode:
			mapping = &ast.MappingNode{Values: []*ast.MappingValueNode{b}}
		}
	}
	if mapping == nil {
		at(0, "", "want one YAML mapping of fields (name: …, organization: …), got something else")
		return m, probs
	}
	lines := map[string]int{}
	for _, mv := range mapping.Values {
		key := mv.Key.GetToken().Value
		line := mv.Key.GetToken().Position.Line
		kind := ""
		for _, f := range metadataFields {
			if f.name == key {
				kind = f.kind
			}
		}
		if kind == "" {
			// Usually the misspelling of an optional field: refused, so
			// that the value meant for it is not silently lost.
			probs = append(probs, board.Diagnostic{File: path, Line: line, Field: key, Fatal: true,
				Msg: "unknown field — check the spelling; allowed: name, organization, open_weights, date, judges, link, params, decoding, notes, claimed"})
			continue
		}
		if _, dup := lines[key]; dup {
			at(line, key, "field set twice (first on line %d)", lines[key])
			continue
		}
		lines[key] = line
		if !yamlKind(mv.Value, kind) {
			want := map[string]string{"string": "a string", "bool": "true or false", "list": "a list of strings", "map": "a mapping"}[kind]
			at(line, key, "want %s, got %s", want, yamlx.Excerpt(mv.Value))
		}
	}
	for _, req := range []struct{ field, hint string }{
		{"name", "name: <display name of the model>"},
		{"organization", "organization: <who trained the model>"},
		{"open_weights", "open_weights: true"},
		{"date", "date: YYYY-MM-DD"},
	} {
		if _, ok := lines[req.field]; !ok {
			at(0, req.field, "required field missing — add `%s`", req.hint)
		}
	}
	if fatal(probs) {
		return m, probs
	}
	if err := yamlx.Unmarshal(data, &m); err != nil {
		return m, board.Problems{yamlProblem(path, err)}
	}
	m.NameLine = lines["name"]
	if strings.TrimSpace(m.Name) == "" {
		at(lines["name"], "name", "must not be empty")
	} else if n := utf8.RuneCountInString(m.Name); n > MaxModelName {
		at(lines["name"], "name", "is %d characters long, longer than the %d allowed — shorten the display name", n, MaxModelName)
	} else if msg := ModelNameProblem(m.Name); msg != "" {
		at(lines["name"], "name", "%s", msg)
	}
	if strings.TrimSpace(m.Organization) == "" {
		at(lines["organization"], "organization", "must not be empty")
	}
	for _, f := range []struct{ field, value string }{
		{"name", m.Name}, {"organization", m.Organization}, {"link", m.Link},
		{"params", m.Params}, {"decoding", m.Decoding}, {"notes", m.Notes},
	} {
		if placeholder(f.value) {
			at(lines[f.field], f.field, "%q is the template's placeholder — replace it with the real value", f.value)
		}
	}
	if _, err := time.Parse("2006-01-02", m.Date); err != nil {
		at(lines["date"], "date", "%q is not a date in the form YYYY-MM-DD", m.Date)
	}
	if _, ok := lines["judges"]; ok && len(m.Judges) == 0 {
		// Judges are required by the benchmarks judges grade (their kinds
		// say so); listed, they must be named.
		at(lines["judges"], "judges", "list at least one judge model, e.g. `judges: [gpt-5.1, gemini-3-flash]`, or leave the field out")
	}
	seen := map[string]bool{}
	for _, j := range m.Judges {
		if strings.TrimSpace(j) == "" {
			at(lines["judges"], "judges", "empty judge name")
		} else if seen[j] {
			at(lines["judges"], "judges", "judge %q listed twice", j)
		}
		seen[j] = true
	}
	if m.Link != "" && !SafeLink(m.Link) {
		at(lines["link"], "link", "%q is not an http or https URL", m.Link)
	}
	return m, probs
}

// fatal reports whether any of probs is fatal.
func fatal(probs board.Problems) bool {
	for _, p := range probs {
		if p.Fatal {
			return true
		}
	}
	return false
}

// yamlKind reports whether node has the wanted kind.
func yamlKind(node ast.Node, kind string) bool {
	switch n := node.(type) {
	case *ast.TagNode:
		return yamlKind(n.Value, kind)
	case *ast.StringNode, *ast.LiteralNode:
		return kind == "string"
	case *ast.BoolNode:
		return kind == "bool"
	case *ast.MappingNode, *ast.MappingValueNode:
		return kind == "map"
	case *ast.SequenceNode:
		if kind != "list" {
			return false
		}
		for _, v := range n.Values {
			if !yamlKind(v, "string") {
				return false
			}
		}
		return true
	}
	return false
}

// SafeLink reports whether s is an absolute http or https URL with a host
// and without spaces or control characters.
func SafeLink(s string) bool {
	l := strings.ToLower(s)
	if !strings.HasPrefix(l, "https://") && !strings.HasPrefix(l, "http://") {
		return false
	}
	rest := s[strings.Index(s, "//")+2:]
	if rest == "" || rest[0] == '/' {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == '"' || r == '<' || r == '>' || r == '\\' {
			return false
		}
	}
	return true
}

// Records streams path (a responses.jsonl) and calls fn for each decoded
// record, in file order. Lines that do not decode are returned as fatal
// problems after the whole file has been read; fn is not called for them.
// The problems are collected by a board.FileCollector: the first
// board.MaxPerFile are kept and the rest counted.
func Records(path string, fn func(*board.Record)) board.Problems {
	f, _, err := Open(path, MaxFile, NoLinks)
	if err != nil {
		return board.Problems{fileProblem(path, err)}
	}
	defer f.Close()
	probs := board.FileCollector(path)
	err = Lines(path, f, func(line int, data []byte) {
		var r board.Record
		if !quickRecord(data, &r) {
			r = board.Record{}
			if p := decodeStrict(path, line, data, &r, recordKeys); p != nil {
				probs.Add(*p)
				if p.Fatal {
					return
				}
			}
		}
		if r.ID == "" {
			probs.Add(board.Diagnostic{File: path, Line: line, Field: "id", Msg: "missing item id", Fatal: true})
			return
		}
		if p := checkRecord(path, line, data, &r); len(p) > 0 {
			probs.AddAll(p)
			return
		}
		r.File, r.Line = path, line
		fn(&r)
	})
	if err != nil {
		probs.Add(asProblem(path, err))
	}
	return probs.Problems()
}

// checkRecord refuses what a record may not hold although it decodes: a
// missing or null response, and texts over the limits.
func checkRecord(path string, line int, data []byte, r *board.Record) board.Problems {
	var probs board.Problems
	at := func(field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Item: r.ID, Field: field, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	if r.Response == "" {
		var raw struct {
			Response json.RawMessage `json:"response"`
		}
		if json.Unmarshal(data, &raw) == nil {
			switch strings.TrimSpace(string(raw.Response)) {
			case "":
				at("response", "missing field; want the model's answer as a JSON string (\"\" for an empty answer)")
			case "null":
				at("response", "null; want the model's answer as a JSON string (\"\" for an empty answer)")
			}
		}
	}
	if len(r.Response) > MaxResponse {
		at("response", "answer is %s, longer than the %s limit; check the generation did not loop", Size(int64(len(r.Response))), Size(MaxResponse))
	}
	judges := make([]string, 0, len(r.Judges))
	for j := range r.Judges {
		judges = append(judges, j)
	}
	sort.Strings(judges)
	for _, j := range judges {
		out := r.Judges[j]
		if len(out.Correctness) > MaxJudgeOutput {
			at("judges."+j+".correctness", "judge output is %s, longer than the %s limit", Size(int64(len(out.Correctness))), Size(MaxJudgeOutput))
		}
		cs := make([]string, 0, len(out.Constraints))
		for c := range out.Constraints {
			cs = append(cs, c)
		}
		sort.Strings(cs)
		for _, c := range cs {
			if n := len(out.Constraints[c]); n > MaxJudgeOutput {
				at("judges."+j+".constraints."+c, "judge output is %s, longer than the %s limit", Size(int64(n)), Size(MaxJudgeOutput))
			}
		}
	}
	return probs
}

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
				if len(buf)+len(chunk) > MaxLine {
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
			data := bytes.TrimRight(buf, "\r\n")
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

// decodeStrict decodes one JSON object into v, naming the line and the
// field on failure. Duplicate keys are problems (encoding/json would keep
// the last silently); so are keys that known rejects, when known is set.
func decodeStrict(path string, line int, data []byte, v any, known func(depth int, key []byte) bool) *board.Diagnostic {
	d := &board.Diagnostic{File: path, Line: line, Fatal: true}
	if data == nil {
		d.Msg = "invalid UTF-8"
		return d
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] != '{' {
		if t[0] == '[' {
			d.Msg = "a JSON array, not one JSON object per line (JSONL)"
		} else {
			d.Msg = "not a JSON object"
		}
		return d
	}
	if err := json.Unmarshal(data, v); err != nil {
		var id struct {
			ID any `json:"id"`
		}
		if json.Unmarshal(data, &id) == nil {
			if s, ok := id.ID.(string); ok {
				d.Item = s
			}
		}
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te):
			d.Field = te.Field
			d.Msg = fmt.Sprintf("column %d: want a JSON %s, got %s", te.Offset, jsonKind(te.Type.Kind().String()), te.Value)
		case errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end of JSON input"):
			d.Msg = fmt.Sprintf("column %d: truncated JSON: the line ends before the object does", len(data))
		case errors.As(err, &se):
			d.Msg = fmt.Sprintf("column %d: %s", se.Offset, jsonMessage(err))
		default:
			d.Msg = jsonMessage(err)
		}
		return d
	}
	if key, dup := checkKeys(data, known); key != "" {
		d.Field = key
		d.Msg = "duplicate key"
		if !dup {
			// Usually a misspelt field whose value would be lost.
			d.Msg = "unknown field"
		}
		return d
	}
	return nil
}

// recordKeys accepts the keys of a responses.jsonl record: the record's own
// fields at depth 1 and a judge output's fields at depth 3 (judge names and
// constraint ids, at depths 2 and 4, are free).
func recordKeys(depth int, key []byte) bool {
	switch depth {
	case 1:
		return string(key) == "id" || string(key) == "response" || string(key) == "judges"
	case 3:
		return string(key) == "correctness" || string(key) == "constraints"
	}
	return true
}

func jsonKind(k string) string {
	switch k {
	case "struct", "map":
		return "object"
	case "slice":
		return "array"
	case "bool":
		return "boolean"
	case "int", "float64":
		return "number"
	}
	return k
}

func jsonMessage(err error) string {
	if err == io.EOF {
		return "empty JSON"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// checkKeys returns the first object key of data that occurs twice in the
// same object (dup true), or that known rejects (dup false), or "". data must
// already be valid JSON. Keys are compared in their raw, escaped form; depth
// counts enclosing objects, 1 for the top level.
func checkKeys(data []byte, known func(depth int, key []byte) bool) (key string, dup bool) {
	type frame struct {
		object bool
		keys   [][]byte
	}
	var stack []frame
	depth := 0
	expectKey := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '{':
			stack = append(stack, frame{object: true})
			depth++
			expectKey = true
		case '[':
			stack = append(stack, frame{})
			expectKey = false
		case '}', ']':
			if stack[len(stack)-1].object {
				depth--
			}
			stack = stack[:len(stack)-1]
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].object
		case '"':
			// The string ends at the first quote not escaped.
			j := jsonobj.QuoteEnd(data, i)
			if j < 0 {
				j = len(data)
			}
			if expectKey {
				top := &stack[len(stack)-1]
				k := data[i+1 : j]
				if bytes.IndexByte(k, '\\') >= 0 {
					// Compare keys as JSON reads them: "respons\u0065" is
					// "response".
					var u string
					if json.Unmarshal(data[i:j+1], &u) == nil {
						k = []byte(u)
					}
				}
				for _, seen := range top.keys {
					if bytes.Equal(seen, k) {
						return string(k), true
					}
				}
				if known != nil && !known(depth, k) {
					return string(k), false
				}
				top.keys = append(top.keys, k)
				expectKey = false
			}
			i = j
		}
	}
	return "", false
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

// yamlProblem turns a yamlx or go-yaml error into a diagnostic with its
// line.
func yamlProblem(path string, err error) board.Diagnostic {
	d := board.Diagnostic{File: path, Msg: err.Error(), Fatal: true}
	var de *yamlx.DepthError
	if errors.As(err, &de) {
		d.Line, d.Msg = de.Line, de.Msg()
		return d
	}
	var se yaml.Error
	if errors.As(err, &se) {
		if tok := se.GetToken(); tok != nil && tok.Position != nil {
			d.Line = tok.Position.Line
		}
		d.Msg = se.GetMessage()
		if strings.HasPrefix(d.Msg, "unknown field ") {
			d.Field = strings.Trim(strings.TrimPrefix(d.Msg, "unknown field "), `"`)
			d.Msg = "unknown field — check the spelling; allowed: name, organization, open_weights, date, judges, link, params, decoding, notes, claimed"
		}
	}
	return d
}

// placeholder reports whether v is a <…> placeholder left from the
// metadata.yaml that `sciif new` and `sciif run` write.
func placeholder(v string) bool {
	v = strings.TrimSpace(v)
	return len(v) > 2 && strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">")
}
