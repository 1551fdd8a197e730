package ingest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// MaxReported is the largest reported.yaml accepted, in bytes.
const MaxReported = 256 << 10

// Reported reads every reported.yaml under resultsDir: the folders that
// hold published figures instead of a rescorable submission (no
// metadata.yaml), in folder-name order. Every problem of every file is
// returned together as board.Problems, beside the figures of the files
// without one: a wrong transcription must be fixed, not shown, and a
// build that leaves out invalid submissions shows the others.
func Reported(resultsDir string) ([]sciifdata.Reported, error) {
	entries, err := os.ReadDir(resultsDir)
	if err != nil {
		return nil, fmt.Errorf("ingest: results: %w", err)
	}
	var out []sciifdata.Reported
	var probs board.Problems
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		dir := filepath.Join(resultsDir, name)
		path := filepath.Join(dir, "reported.yaml")
		if _, err := os.Lstat(filepath.Join(dir, "metadata.yaml")); err == nil {
			continue // a rescored submission; its reported.yaml, if any, is not read
		}
		if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
			continue // Submissions reports the folder
		}
		if !SafeSlug(name) {
			probs = append(probs, board.Diagnostic{File: dir, Code: CodeSlug, Msg: fmt.Sprintf("folder name %q is not a safe slug (lower-case letters, digits, '.', '_', '-')", name), Fatal: true})
			continue
		}
		r, p := ReadReported(path)
		if len(p) > 0 {
			probs = append(probs, p...)
			continue
		}
		r.ID = name
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if len(probs) > 0 {
		return out, probs
	}
	return out, nil
}

// ReadReported reads and checks one reported.yaml. It refuses symbolic
// links and files larger than MaxReported without reading them.
func ReadReported(path string) (sciifdata.Reported, board.Problems) {
	data, err := ReadFile(path, MaxReported, NoLinks)
	if err != nil {
		return sciifdata.Reported{}, board.Problems{withCode(fileProblem(path, err), CodeRepFile)}
	}
	r, probs := DecodeReported(path, data)
	r.ID = filepath.Base(filepath.Dir(path))
	return r, probs
}

// reportedField describes one field of reported.yaml: its YAML kind
// ("string", "bool", "int", "percent", "list", "map" or "rates") and,
// for maps, its fields.
type reportedField struct {
	name     string
	kind     string
	required bool
	fields   []reportedField
}

var reportedSchema = []reportedField{
	{name: "model", kind: "map", required: true, fields: []reportedField{
		{name: "name", kind: "string", required: true},
		{name: "organization", kind: "string", required: true},
		{name: "open_weights", kind: "bool"},
		{name: "params", kind: "string"},
		{name: "link", kind: "string"},
	}},
	{name: "citation", kind: "map", required: true, fields: []reportedField{
		{name: "title", kind: "string", required: true},
		{name: "authors", kind: "string", required: true},
		{name: "venue", kind: "string"},
		{name: "year", kind: "int"},
		{name: "url", kind: "string"},
		{name: "tables", kind: "list"},
	}},
	{name: "policy", kind: "string", required: true},
	{name: "items", kind: "int"},
	{name: "correctness", kind: "percent"},
	{name: "compliance", kind: "percent"},
	{name: "constraints", kind: "rates"},
	{name: "families", kind: "rates"},
	{name: "by_k", kind: "rates"},
	{name: "ifeval_strict", kind: "percent"},
	{name: "notes", kind: "string"},
}

func fieldNames(fs []reportedField) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}

// DecodeReported decodes and checks the bytes of a reported.yaml, reporting
// every problem with its line and field: unknown or repeated fields, wrong
// types, missing required fields, rates outside [0, 100] (they are
// percentages, as printed), constraint ids unknown to the built-in catalog,
// families other than condition, terminology and process, and k outside
// 1..the number of catalog constraints.
func DecodeReported(path string, data []byte) (sciifdata.Reported, board.Problems) {
	r, probs := decodeReported(path, data)
	return r, board.Cap(probs, path, "file", board.PerFile)
}

// Codes of the problems of a reported.yaml.
const (
	CodeRepFile       = "reported.file"          // the file cannot be read within its limit
	CodeRepEncoding   = "reported.encoding"      // invalid UTF-8
	CodeRepYAML       = "reported.yaml"          // not YAML, too deep, or not one mapping of fields
	CodeRepUnknown    = "reported.field.unknown" // a field reported.yaml does not have there
	CodeRepTwice      = "reported.field.twice"   // a field or rate set twice
	CodeRepType       = "reported.field.type"    // a value of the wrong type
	CodeRepMissing    = "reported.field.missing" // a required field left out
	CodeRepEmpty      = "reported.field.empty"   // a required field left blank
	CodeRepRate       = "reported.rate"          // a rate that is not a percentage from 0 to 100
	CodeRepConstraint = "reported.constraint"    // a constraint id the catalog lacks
	CodeRepFamily     = "reported.family"        // a family other than condition, terminology, process
	CodeRepK          = "reported.k"             // a k outside 1..the catalog's constraints
	CodeRepPolicy     = "reported.policy"        // a policy other than strict or loose
	CodeRepLink       = "reported.link"          // a link that is not an http or https URL
	CodeRepName       = "reported.name"          // a model name too long or with invisible characters
	CodeRepFigures    = "reported.figures"       // no figure at all
)

func withCode(d board.Diagnostic, code string) board.Diagnostic {
	d.Code = code
	return d
}

// reportedDecoder holds the state of one decoding of a reported.yaml: the
// figures decoded so far, how many there are, and every problem found.
type reportedDecoder struct {
	path    string
	cat     sciifdata.Catalog
	r       sciifdata.Reported
	probs   board.Problems
	figures int
}

// at records a fatal problem of the file at line and field.
func (d *reportedDecoder) at(line int, field, code, format string, args ...any) {
	d.probs = append(d.probs, board.Diagnostic{File: d.path, Line: line, Field: field, Code: code, Msg: fmt.Sprintf(format, args...), Fatal: true})
}

// decodeReported is DecodeReported without the cap on the number of
// problems.
func decodeReported(path string, data []byte) (sciifdata.Reported, board.Problems) {
	d := &reportedDecoder{path: path}
	d.r.File = path
	if !utf8.Valid(data) {
		d.at(0, "", CodeRepEncoding, "invalid UTF-8")
		return d.r, d.probs
	}
	f, err := yamlx.Parse(data)
	if err != nil {
		return d.r, board.Problems{yamlProblem(path, err, CodeRepYAML, CodeRepUnknown)}
	}
	var root *ast.MappingNode
	if len(f.Docs) == 1 && f.Docs[0].Body != nil {
		root = asMapping(f.Docs[0].Body)
	}
	if root == nil {
		d.at(0, "", CodeRepYAML, "want one YAML mapping of fields (model: …, citation: …, policy: …), got something else")
		return d.r, d.probs
	}
	d.cat = BuiltinCatalog()
	d.walk(root, reportedSchema, "", 0)
	sort.SliceStable(d.probs, func(i, j int) bool { return d.probs[i].Line < d.probs[j].Line })
	if len(d.probs) > 0 {
		return d.r, d.probs
	}
	d.checkValues(root)
	return d.r, d.probs
}

// walk decodes the fields of the mapping m against schema: prefix is the
// dotted path of m ("model.") and parentLine the line its missing
// required fields are reported on.
func (d *reportedDecoder) walk(m *ast.MappingNode, schema []reportedField, prefix string, parentLine int) {
	seen := map[string]int{}
	for _, mv := range m.Values {
		key := mv.Key.GetToken().Value
		line := mv.Key.GetToken().Position.Line
		field := prefix + key
		var spec *reportedField
		for i := range schema {
			if schema[i].name == key {
				spec = &schema[i]
			}
		}
		if spec == nil {
			d.at(line, field, CodeRepUnknown, "unknown field (allowed here: %s)", fieldNames(schema))
			continue
		}
		if first, dup := seen[key]; dup {
			d.at(line, field, CodeRepTwice, "field set twice (first on line %d)", first)
			continue
		}
		seen[key] = line
		d.value(spec, key, field, line, unTag(mv.Value))
	}
	for _, s := range schema {
		if _, ok := seen[s.name]; !ok && s.required {
			d.at(parentLine, prefix+s.name, CodeRepMissing, "required field missing")
		}
	}
}

// value decodes the value val of the field key (dotted path field, on
// line) by the kind its spec names.
func (d *reportedDecoder) value(spec *reportedField, key, field string, line int, val ast.Node) {
	switch spec.kind {
	case "map":
		sub := asMapping(val)
		if sub == nil {
			d.at(line, field, CodeRepType, "want a mapping of fields (%s)", fieldNames(spec.fields))
			return
		}
		d.walk(sub, spec.fields, field+".", line)
	case "rates":
		sub := asMapping(val)
		if sub == nil {
			d.at(line, field, CodeRepType, "want a mapping of rates (id: percentage)")
			return
		}
		d.rates(key, field, sub)
	case "percent":
		p, ok := percent(val)
		if !ok {
			d.at(line, field, CodeRepRate, "want a percentage between 0 and 100 written as a number (29.6 for 29.6 %%), got %q", nodeText(val))
			return
		}
		d.figures++
		setReported(&d.r, field, p)
	default:
		d.scalar(spec.kind, field, line, val)
	}
}

// rates decodes the mapping of rates of the field key ("constraints",
// "families" or "by_k"), each a percentage under an id of its kind.
func (d *reportedDecoder) rates(key, field string, m *ast.MappingNode) {
	seen := map[string]int{}
	for _, rv := range m.Values {
		k := rv.Key.GetToken().Value
		kl := rv.Key.GetToken().Position.Line
		kf := field + "." + k
		if first, dup := seen[k]; dup {
			d.at(kl, kf, CodeRepTwice, "set twice (first on line %d)", first)
			continue
		}
		seen[k] = kl
		p, ok := percent(rv.Value)
		if !ok {
			d.at(kl, kf, CodeRepRate, "want a percentage between 0 and 100 written as a number (29.6 for 29.6 %%), got %q", nodeText(rv.Value))
			continue
		}
		if d.rate(key, k, kf, kl, p) {
			d.figures++
		}
	}
}

// rate stores the percentage p under the id k of the rates key, or
// reports an id unknown to that kind of rate and returns false.
func (d *reportedDecoder) rate(key, k, kf string, kl int, p board.Percent) bool {
	switch key {
	case "constraints":
		if _, ok := d.cat.Lookup(k); !ok {
			d.at(kl, kf, CodeRepConstraint, "unknown constraint id (the catalog's ids: %s)", catalogIDs(d.cat))
			return false
		}
		if d.r.Constraints == nil {
			d.r.Constraints = map[string]board.Percent{}
		}
		d.r.Constraints[k] = p
	case "families":
		fam := sciifdata.Family(k)
		if fam != sciifdata.Condition && fam != sciifdata.Terminology && fam != sciifdata.Process {
			d.at(kl, kf, CodeRepFamily, "unknown family (the families: condition, terminology, process)")
			return false
		}
		if d.r.Families == nil {
			d.r.Families = map[sciifdata.Family]board.Percent{}
		}
		d.r.Families[fam] = p
	case "by_k":
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || n > len(d.cat.Constraints) {
			d.at(kl, kf, CodeRepK, "k must be a whole number of enabled constraints from 1 to %d", len(d.cat.Constraints))
			return false
		}
		if d.r.ByK == nil {
			d.r.ByK = map[int]board.Percent{}
		}
		d.r.ByK[n] = p
	}
	return true
}

// scalar decodes a value of kind "int", "bool", "string" or "list".
func (d *reportedDecoder) scalar(kind, field string, line int, val ast.Node) {
	switch kind {
	case "int":
		_, ok := val.(*ast.IntegerNode)
		v, err := strconv.Atoi(nodeText(val))
		if !ok || err != nil || v < 1 {
			d.at(line, field, CodeRepType, "want a positive whole number, got %q", nodeText(val))
			return
		}
		setReported(&d.r, field, v)
	case "bool":
		b, ok := val.(*ast.BoolNode)
		if !ok {
			d.at(line, field, CodeRepType, "want true or false, got %q", nodeText(val))
			return
		}
		setReported(&d.r, field, b.Value)
	case "string":
		s, ok := yamlString(val)
		if !ok {
			d.at(line, field, CodeRepType, "want a string, got %q", nodeText(val))
			return
		}
		if strings.TrimSpace(s) == "" {
			d.at(line, field, CodeRepEmpty, "must not be empty")
			return
		}
		setReported(&d.r, field, s)
	case "list":
		seq, ok := val.(*ast.SequenceNode)
		var list []string
		for _, v := range seqValues(seq) {
			s, sok := yamlString(unTag(v))
			if !sok {
				ok = false
			}
			list = append(list, s)
		}
		if !ok {
			d.at(line, field, CodeRepType, "want a list of strings")
			return
		}
		setReported(&d.r, field, list)
	}
}

// checkValues checks what the schema cannot: the policy, the links and
// that at least one figure was given. root is the file's mapping, for
// the lines of the fields.
func (d *reportedDecoder) checkValues(root *ast.MappingNode) {
	line := func(field string) int { return fieldLine(root, field) }
	r := &d.r
	if r.Policy != board.Strict && r.Policy != board.Loose {
		d.at(line("policy"), "policy", CodeRepPolicy, "want strict or loose, got %q", r.Policy)
	}
	// The name is shown beside the submissions' and held to their rules.
	if n := utf8.RuneCountInString(r.Model.Name); n > MaxModelName {
		d.at(line("model.name"), "model.name", CodeRepName, "is %d characters long, longer than the %d allowed", n, MaxModelName)
	} else if msg := ModelNameProblem(r.Model.Name); msg != "" {
		d.at(line("model.name"), "model.name", CodeRepName, "%s", msg)
	}
	if r.Model.Link != "" && !SafeLink(r.Model.Link) {
		d.at(line("model.link"), "model.link", CodeRepLink, "%q is not an http or https URL", r.Model.Link)
	}
	if r.Citation.URL != "" && !SafeLink(r.Citation.URL) {
		d.at(line("citation.url"), "citation.url", CodeRepLink, "%q is not an http or https URL", r.Citation.URL)
	}
	if d.figures == 0 {
		d.at(0, "", CodeRepFigures, "no figures: none of correctness, compliance, constraints, families, by_k, ifeval_strict")
	}
}

// setReported stores one decoded scalar of reported.yaml into r.
func setReported(r *sciifdata.Reported, field string, v any) {
	switch field {
	case "model.name":
		r.Model.Name = v.(string)
	case "model.organization":
		r.Model.Organization = v.(string)
	case "model.open_weights":
		b := v.(bool)
		r.Model.OpenWeights = &b
	case "model.params":
		r.Model.Params = v.(string)
	case "model.link":
		r.Model.Link = v.(string)
	case "citation.title":
		r.Citation.Title = v.(string)
	case "citation.authors":
		r.Citation.Authors = v.(string)
	case "citation.venue":
		r.Citation.Venue = v.(string)
	case "citation.year":
		r.Citation.Year = v.(int)
	case "citation.url":
		r.Citation.URL = v.(string)
	case "citation.tables":
		r.Citation.Tables = v.([]string)
	case "policy":
		r.Policy = board.Policy(v.(string))
	case "items":
		r.Items = v.(int)
	case "correctness":
		p := v.(board.Percent)
		r.Correctness = &p
	case "compliance":
		p := v.(board.Percent)
		r.Compliance = &p
	case "ifeval_strict":
		p := v.(board.Percent)
		r.IFEvalStrict = &p
	case "notes":
		r.Notes = v.(string)
	}
}

// fieldLine returns the line of a dotted field of m, or 0.
func fieldLine(m *ast.MappingNode, field string) int {
	head, rest, nested := strings.Cut(field, ".")
	for _, mv := range m.Values {
		if mv.Key.GetToken().Value != head {
			continue
		}
		if !nested {
			return mv.Key.GetToken().Position.Line
		}
		if sub := asMapping(unTag(mv.Value)); sub != nil {
			return fieldLine(sub, rest)
		}
	}
	return 0
}

func asMapping(n ast.Node) *ast.MappingNode {
	switch b := n.(type) {
	case *ast.MappingNode:
		return b
	case *ast.MappingValueNode:
		return &ast.MappingNode{Values: []*ast.MappingValueNode{b}}
	}
	return nil
}

func unTag(n ast.Node) ast.Node {
	if t, ok := n.(*ast.TagNode); ok {
		return t.Value
	}
	return n
}

func seqValues(s *ast.SequenceNode) []ast.Node {
	if s == nil {
		return nil
	}
	return s.Values
}

func yamlString(n ast.Node) (string, bool) {
	switch s := n.(type) {
	case *ast.StringNode:
		return s.Value, true
	case *ast.LiteralNode:
		return s.Value.Value, true
	}
	return "", false
}

// percent reads a YAML number in [0, 100]. The token's own digits are
// parsed so that 65.3 stays the closest float to 65.3.
func percent(n ast.Node) (board.Percent, bool) {
	switch unTag(n).(type) {
	case *ast.IntegerNode, *ast.FloatNode:
	default:
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(nodeText(n), "_", ""), 64)
	if err != nil || v < 0 || v > 100 {
		return 0, false
	}
	return board.Percent(v), true
}

func nodeText(n ast.Node) string {
	if n == nil {
		return ""
	}
	if t := unTag(n).GetToken(); t != nil {
		return t.Value
	}
	return strings.TrimSpace(n.String())
}

func catalogIDs(c sciifdata.Catalog) string {
	ids := make([]string, len(c.Constraints))
	for i, k := range c.Constraints {
		ids[i] = k.ID
	}
	return strings.Join(ids, ", ")
}
