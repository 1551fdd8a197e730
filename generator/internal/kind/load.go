package kind

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// SpecFile is the file that declares a benchmark folder's kind.
const SpecFile = "benchmark.yaml"

// namePattern is what a benchmark name must look like: it names files.
var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// reserved lists the file names a benchmark's submission file may not
// take: the other files of a submission folder.
var reserved = map[string]bool{"metadata.yaml": true, "reported.yaml": true, "README.md": true}

// Find returns the kind named name in kinds.
func Find(kinds []*Kind, name string) (*Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// Names lists the kinds' names, for messages.
func Names(kinds []*Kind) string {
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}

// ReadSpec reads dir/benchmark.yaml, or asks the kinds to infer a spec when
// there is none. ok is false for a folder that is no benchmark (no
// benchmark.yaml, no kind recognises it).
func ReadSpec(kinds []*Kind, dir string) (spec Spec, k *Kind, ok bool, err error) {
	path := filepath.Join(dir, SpecFile)
	data, err := ingest.ReadFile(path, ingest.MaxSmall, ingest.FollowLinks)
	var fe *ingest.FileError
	if errors.As(err, &fe) && fe.NotExist {
		for _, k := range kinds {
			if k.Infer == nil {
				continue
			}
			if s, ok := k.Infer(dir); ok {
				s.Kind, s.Dir = k.Name, dir
				if s.Name == "" {
					s.Name = filepath.Base(filepath.Clean(dir))
				}
				if s.File == "" {
					s.File = s.Name + ".jsonl"
				}
				return s, k, true, nil
			}
		}
		return Spec{}, nil, false, nil
	}
	if err != nil {
		return Spec{}, nil, false, board.Problems{{File: path, Msg: fe.Msg, Fatal: true}}
	}
	spec, probs := decodeSpec(path, dir, data)
	k, found := Find(kinds, spec.Kind)
	if spec.Kind != "" && !found {
		probs = append(probs, board.Diagnostic{File: path, Line: spec.Line["kind"], Field: "kind", Code: "benchmark.kind", Fatal: true,
			Msg: fmt.Sprintf("unknown kind %q; known kinds: %s", spec.Kind, Names(kinds))})
	}
	if len(probs) > 0 {
		return Spec{}, nil, false, probs
	}
	return spec, k, true, nil
}

// decodeSpec decodes benchmark.yaml: kind and title are required; name
// defaults to the folder's name and file to <name>.jsonl; index_items
// defaults to false.
func decodeSpec(path, dir string, data []byte) (Spec, board.Problems) {
	spec := Spec{Dir: dir, Path: path, Fields: map[string]any{}, Line: map[string]int{}}
	var probs board.Problems
	at := func(field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: spec.Line[field], Field: field, Code: "benchmark.spec", Fatal: true, Msg: fmt.Sprintf(format, args...)})
	}
	var raw yaml.MapSlice
	if err := yamlx.Unmarshal(data, &raw, yaml.UseOrderedMap()); err != nil {
		if de, ok := yamlx.ErrDepth(err); ok {
			return spec, board.Problems{{File: path, Line: de.Line, Code: "benchmark.spec", Fatal: true, Msg: de.Msg()}}
		}
		return spec, board.Problems{{File: path, Code: "benchmark.spec", Fatal: true, Msg: "not a YAML mapping of fields: " + firstLine(err.Error())}}
	}
	lines := keyLines(data)
	for _, item := range raw {
		key, ok := item.Key.(string)
		if !ok {
			probs = append(probs, board.Diagnostic{File: path, Code: "benchmark.spec", Fatal: true, Msg: fmt.Sprintf("field name %v is not a string", item.Key)})
			continue
		}
		if _, dup := spec.Fields[key]; dup {
			at(key, "field set twice")
			continue
		}
		spec.Line[key] = lines[key]
		spec.Fields[key] = item.Value
	}
	str := func(key string, required bool) string {
		v, ok := spec.Fields[key]
		delete(spec.Fields, key)
		if !ok || v == nil {
			if required {
				at(key, "required field missing")
			}
			return ""
		}
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) == "" {
			at(key, "want a non-empty string")
			return ""
		}
		return s
	}
	spec.Kind = str("kind", true)
	spec.Title = str("title", true)
	spec.Name = str("name", false)
	spec.File = str("file", false)
	if v, ok := spec.Fields["index_items"]; ok {
		delete(spec.Fields, "index_items")
		b, isBool := v.(bool)
		if !isBool {
			at("index_items", "want true or false (false, the default, keeps item and answer pages out of search indexes)")
		}
		spec.IndexItems = b
	}
	if spec.Name == "" {
		spec.Name = filepath.Base(filepath.Clean(dir))
	}
	if !namePattern.MatchString(spec.Name) || strings.Contains(spec.Name, "..") {
		at("name", "%q is not a benchmark name: lower-case letters, digits, '.', '_' and '-', starting with a letter or digit", spec.Name)
	}
	if spec.File == "" {
		spec.File = spec.Name + ".jsonl"
	}
	if !strings.HasSuffix(spec.File, ".jsonl") || filepath.Base(spec.File) != spec.File || reserved[spec.File] || !namePattern.MatchString(spec.File) {
		at("file", "%q is not a submission file name: <name>.jsonl, in the submission folder itself", spec.File)
	}
	return spec, probs
}

// keyLines gives the line of each top-level key of a YAML mapping.
func keyLines(data []byte) map[string]int {
	out := map[string]int{}
	for i, l := range bytes.Split(data, []byte("\n")) {
		if len(l) == 0 || l[0] == ' ' || l[0] == '\t' || l[0] == '#' || l[0] == '-' {
			continue
		}
		if k, _, ok := bytes.Cut(l, []byte(":")); ok {
			key := strings.Trim(strings.TrimSpace(string(k)), `"'`)
			if _, seen := out[key]; !seen {
				out[key] = i + 1
			}
		}
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// Open opens the benchmark folders dirs, or, when dirs is empty, every
// folder under root that is a benchmark, in name order. Every problem of
// every folder is returned at once. Two benchmarks may not share a name or
// a submission file.
func Open(kinds []*Kind, root string, dirs []string) ([]Benchmark, error) {
	explicit := len(dirs) > 0
	if !explicit {
		entries, err := os.ReadDir(root)
		if err != nil {
			return nil, fmt.Errorf("benchmarks: %w", err)
		}
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
				dirs = append(dirs, filepath.Join(root, e.Name()))
			}
		}
	}
	var out []Benchmark
	var probs board.Problems
	names, files := map[string]string{}, map[string]string{}
	for _, dir := range dirs {
		spec, k, ok, err := ReadSpec(kinds, dir)
		if err != nil {
			probs = append(probs, asProblems(dir, err)...)
			continue
		}
		if !ok {
			if explicit || hasJSONL(dir) {
				probs = append(probs, board.Diagnostic{File: filepath.Join(dir, SpecFile), Code: "benchmark.spec", Fatal: true,
					Msg: fmt.Sprintf("missing: a benchmark folder says its kind in %s (kind: one of %s; title: …)", SpecFile, Names(kinds))})
			}
			continue
		}
		if other, dup := names[spec.Name]; dup {
			probs = append(probs, board.Diagnostic{File: specPath(spec), Field: "name", Fatal: true, Code: "benchmark.spec", Msg: fmt.Sprintf("name %q is also the name of %s", spec.Name, other)})
			continue
		}
		if other, dup := files[spec.File]; dup {
			probs = append(probs, board.Diagnostic{File: specPath(spec), Field: "file", Fatal: true, Code: "benchmark.spec", Msg: fmt.Sprintf("submission file %q is also the file of %s", spec.File, other)})
			continue
		}
		names[spec.Name], files[spec.File] = dir, dir
		b, err := k.Open(spec)
		if err != nil {
			probs = append(probs, asProblems(dir, err)...)
			continue
		}
		out = append(out, b)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	sort.SliceStable(out, func(i, j int) bool { return less(kinds, out[i].Spec(), out[j].Spec()) })
	return out, nil
}

// less orders benchmarks by the kinds' order in the list, then by name:
// the first benchmark's board is the site's front page.
func less(kinds []*Kind, a, b *Spec) bool {
	ia, ib := index(kinds, a.Kind), index(kinds, b.Kind)
	if ia != ib {
		return ia < ib
	}
	return a.Name < b.Name
}

func index(kinds []*Kind, name string) int {
	for i, k := range kinds {
		if k.Name == name {
			return i
		}
	}
	return len(kinds)
}

func specPath(s Spec) string {
	if s.Path != "" {
		return s.Path
	}
	return s.Dir
}

func hasJSONL(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	return len(m) > 0
}

func asProblems(dir string, err error) board.Problems {
	var p board.Problems
	if errors.As(err, &p) {
		return p
	}
	return board.Problems{{File: dir, Msg: err.Error(), Fatal: true}}
}

// Files lists the benchmarks' submission files, for the folder check.
func Files(benches []Benchmark) []string {
	var out []string
	for _, b := range benches {
		out = append(out, b.Spec().File)
	}
	return out
}

// KnownFiles lists the submission files of every benchmark folder under
// root, whether opened or not: a submission folder may hold them all, even
// when a command looks at some benchmarks only. Folders that are no
// benchmark, or whose benchmark.yaml has problems, are skipped (the
// commands that open them report those).
func KnownFiles(kinds []*Kind, root string) []string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if spec, _, ok, err := ReadSpec(kinds, filepath.Join(root, e.Name())); ok && err == nil {
			out = append(out, spec.File)
		}
	}
	return out
}

// AllFiles is the union of the benchmarks' files and known, sorted.
func AllFiles(benches []Benchmark, known []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range append(Files(benches), known...) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}
