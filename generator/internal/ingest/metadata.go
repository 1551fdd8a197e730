package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// Codes of the problems of a metadata.yaml.
const (
	CodeMetaFile        = "metadata.file"              // the file cannot be read within its limit
	CodeMetaEncoding    = "metadata.encoding"          // invalid UTF-8 or a byte-order mark
	CodeMetaYAML        = "metadata.yaml"              // not YAML, too deep, or not one mapping of fields
	CodeMetaUnknown     = "metadata.field.unknown"     // a field metadata.yaml does not have
	CodeMetaTwice       = "metadata.field.twice"       // a field set twice
	CodeMetaString      = "metadata.field.string"      // a value that is not a string
	CodeMetaBool        = "metadata.field.bool"        // a value that is not true or false
	CodeMetaList        = "metadata.field.list"        // a value that is not a list of strings
	CodeMetaMap         = "metadata.field.map"         // a value that is not a mapping
	CodeMetaMissing     = "metadata.field.missing"     // a required field left out
	CodeMetaEmpty       = "metadata.field.empty"       // a required field left blank
	CodeMetaPlaceholder = "metadata.field.placeholder" // a <…> placeholder of the template left in
	CodeMetaName        = "metadata.name"              // a display name too long or with invisible characters
	CodeMetaShort       = "metadata.field.shown"       // an organization or size too long or with invisible characters
	CodeMetaDate        = "metadata.date"              // a date not in the form YYYY-MM-DD
	CodeMetaJudges      = "metadata.judges"            // an empty list of judges, an empty or repeated judge name
	CodeMetaLink        = "metadata.link"              // a link that is not an http or https URL
	CodeMetaTraining    = "metadata.training_data"     // a training-data disclosure too long or with control characters
)

// MaxTrainingData is the longest training-data disclosure metadata.yaml
// may hold, in characters: a paragraph on the model card.
const MaxTrainingData = 1000

// metaUnknown is the message of an unknown field of metadata.yaml.
const metaUnknown = "unknown field (allowed: name, organization, open_weights, date, judges, link, params, decoding, notes, training_data, tokens, claimed)"

// Metadata reads and checks a metadata.yaml. Unknown fields are problems
// (they are usually typos of optional ones).
func Metadata(path string) (board.Metadata, board.Problems) {
	var m board.Metadata
	data, err := ReadFile(path, MaxSmall, NoLinks)
	if err != nil {
		p := fileProblem(path, err)
		p.Code = CodeMetaFile
		return m, board.Problems{p}
	}
	return DecodeMetadata(path, data)
}

// metadataFields lists the fields of metadata.yaml and the YAML node kind
// each must have: "string", "bool", "list" (of strings) or "map".
var metadataFields = []struct{ name, kind string }{
	{"name", "string"}, {"organization", "string"}, {"open_weights", "bool"},
	{"date", "string"}, {"judges", "list"}, {"link", "string"}, {"params", "string"},
	{"decoding", "string"}, {"notes", "string"}, {"training_data", "string"}, {"tokens", "map"}, {"claimed", "map"},
}

// MaxShortField is the longest organization and size (params) a
// metadata.yaml may give, in characters: both are shown in a board's rows.
const MaxShortField = 200

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
	at := func(line int, field, code, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Field: field, Code: code, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	if !utf8.Valid(data) {
		at(0, "", CodeMetaEncoding, "invalid UTF-8")
		return m, probs
	}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		// YAML readers differ on it; refuse it rather than guess.
		at(1, "", CodeMetaEncoding, "starts with a byte-order mark")
		return m, probs
	}
	f, err := yamlx.Parse(data)
	if err != nil {
		return m, board.Problems{yamlProblem(path, err, CodeMetaYAML, CodeMetaUnknown)}
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
		at(0, "", CodeMetaYAML, "want one YAML mapping of fields (name: …, organization: …), got something else")
		return m, probs
	}
	lines, shape := metadataShape(path, mapping)
	probs = append(probs, shape...)
	for _, req := range []struct{ field, hint string }{
		{"name", "name: <display name of the model>"},
		{"organization", "organization: <who trained the model>"},
		{"open_weights", "open_weights: true"},
		{"date", "date: YYYY-MM-DD"},
	} {
		if _, ok := lines[req.field]; !ok {
			at(0, req.field, CodeMetaMissing, "required field missing (%s)", req.hint)
		}
	}
	if fatal(probs) {
		return m, probs
	}
	if err := yamlx.Unmarshal(data, &m); err != nil {
		return m, board.Problems{yamlProblem(path, err, CodeMetaYAML, CodeMetaUnknown)}
	}
	m.NameLine = lines["name"]
	return m, append(probs, checkMetadata(path, &m, lines)...)
}

// checkMetadata checks the values of m, decoded from the file path, whose
// fields start on lines.
func checkMetadata(path string, m *board.Metadata, lines map[string]int) board.Problems {
	var probs board.Problems
	at := func(line int, field, code, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Field: field, Code: code, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	if strings.TrimSpace(m.Name) == "" {
		at(lines["name"], "name", CodeMetaEmpty, "must not be empty")
	} else if n := utf8.RuneCountInString(m.Name); n > MaxModelName {
		at(lines["name"], "name", CodeMetaName, "is %d characters long, longer than the %d allowed", n, MaxModelName)
	} else if msg := ModelNameProblem(m.Name); msg != "" {
		at(lines["name"], "name", CodeMetaName, "%s", msg)
	}
	if strings.TrimSpace(m.Organization) == "" {
		at(lines["organization"], "organization", CodeMetaEmpty, "must not be empty")
	}
	// Shown in every row of a board beside the name: held to its
	// characters, and short.
	for _, f := range []struct{ field, value string }{{"organization", m.Organization}, {"params", m.Params}} {
		if n := utf8.RuneCountInString(f.value); n > MaxShortField {
			at(lines[f.field], f.field, CodeMetaShort, "is %d characters long, longer than the %d allowed", n, MaxShortField)
		} else if msg := ModelNameProblem(f.value); msg != "" {
			at(lines[f.field], f.field, CodeMetaShort, "%s", msg)
		}
	}
	for _, f := range []struct{ field, value string }{
		{"name", m.Name}, {"organization", m.Organization}, {"link", m.Link},
		{"params", m.Params}, {"decoding", m.Decoding}, {"notes", m.Notes}, {"training_data", m.TrainingData},
	} {
		if placeholder(f.value) {
			at(lines[f.field], f.field, CodeMetaPlaceholder, "%q is the template's placeholder", f.value)
		}
	}
	if _, err := time.Parse("2006-01-02", m.Date); err != nil {
		at(lines["date"], "date", CodeMetaDate, "%q is not a date in the form YYYY-MM-DD", m.Date)
	}
	if _, ok := lines["judges"]; ok && len(m.Judges) == 0 {
		// Judges are required by the benchmarks judges grade (their kinds
		// say so); listed, they must be named.
		at(lines["judges"], "judges", CodeMetaJudges, "empty list of judges")
	}
	seen := map[string]bool{}
	for _, j := range m.Judges {
		if strings.TrimSpace(j) == "" {
			at(lines["judges"], "judges", CodeMetaJudges, "empty judge name")
		} else if seen[j] {
			at(lines["judges"], "judges", CodeMetaJudges, "judge %q listed twice", j)
		}
		seen[j] = true
	}
	if msg := trainingDataProblem(m.TrainingData); msg != "" {
		at(lines["training_data"], "training_data", CodeMetaTraining, "%s", msg)
	}
	if m.Link != "" && !SafeLink(m.Link) {
		at(lines["link"], "link", CodeMetaLink, "%q is not an http or https URL", m.Link)
	}
	return probs
}

// metadataShape checks the fields of a metadata.yaml's mapping: each known,
// once, of its kind. It returns the line of each field.
func metadataShape(path string, mapping *ast.MappingNode) (map[string]int, board.Problems) {
	var probs board.Problems
	at := func(line int, field, code, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Field: field, Code: code, Msg: fmt.Sprintf(format, args...), Fatal: true})
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
			at(line, key, CodeMetaUnknown, "%s", metaUnknown)
			continue
		}
		if _, dup := lines[key]; dup {
			at(line, key, CodeMetaTwice, "field set twice (first on line %d)", lines[key])
			continue
		}
		lines[key] = line
		if !yamlKind(mv.Value, kind) {
			want := map[string]string{"string": "a string", "bool": "true or false", "list": "a list of strings", "map": "a mapping"}[kind]
			code := map[string]string{"string": CodeMetaString, "bool": CodeMetaBool, "list": CodeMetaList, "map": CodeMetaMap}[kind]
			at(line, key, code, "want %s, got %s", want, yamlx.Excerpt(mv.Value))
		} else if key == "tokens" {
			probs = append(probs, tokensShape(path, line, mv.Value)...)
		} else if key == "claimed" {
			probs = append(probs, claimedShape(path, line, mv.Value)...)
		}
	}
	return lines, probs
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

// yamlProblem turns a yamlx or go-yaml error into a diagnostic with its
// line and code; an unknown field of go-yaml's gets the code unknown.
func yamlProblem(path string, err error, code, unknown string) board.Diagnostic {
	d := board.Diagnostic{File: path, Code: code, Msg: err.Error(), Fatal: true}
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
		if m := alreadyDefined.FindStringSubmatch(d.Msg); m != nil {
			// A key repeated, as go-yaml reports it: said as every other
			// field set twice is, with the key as the field.
			d.Code, d.Field, d.Msg = CodeMetaTwice, m[1], "set twice (first on line "+m[2]+")"
		}
		if strings.HasPrefix(d.Msg, "unknown field ") {
			d.Field = strings.Trim(strings.TrimPrefix(d.Msg, "unknown field "), `"`)
			d.Code, d.Msg = unknown, metaUnknown
		}
	}
	return d
}

// alreadyDefined matches go-yaml's message for a repeated key: the key
// and the line of its first use.
var alreadyDefined = regexp.MustCompile(`^mapping key "([^"]*)" already defined at \[(\d+):\d+\]$`)

// placeholder reports whether v is a <…> placeholder left from the
// metadata.yaml that `sciif new` and `sciif run` write.
func placeholder(v string) bool {
	v = strings.TrimSpace(v)
	return len(v) > 2 && strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">")
}

// trainingDataProblem says what is wrong with a training-data disclosure,
// or "": at most MaxTrainingData characters, and no control character
// but line breaks and tabs.
func trainingDataProblem(s string) string {
	if n := utf8.RuneCountInString(s); n > MaxTrainingData {
		return fmt.Sprintf("is %d characters long, longer than the %d allowed", n, MaxTrainingData)
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			return fmt.Sprintf("holds the control character %U", r)
		}
	}
	return ""
}
