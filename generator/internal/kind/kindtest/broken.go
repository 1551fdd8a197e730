package kindtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// A broken is a broken submission file, made from a valid one, and the
// line of its fault (0: the file as a whole).
type broken struct {
	name string
	data []byte
	line int
	// what says what is wrong with the line, for messages.
	what string
}

// brokenFiles are the broken submission files every kind refuses.
func (h *harness) brokenFiles(t testing.TB) []broken {
	base := h.base
	join := func(ls ...[]byte) []byte { return append(bytes.Join(ls, []byte("\n")), '\n') }
	rest := base[2:]
	second := func(bad []byte) []byte { return join(append([][]byte{base[0], bad}, rest...)...) }
	// with replaces the response of the second record (its first field
	// in key order, if it has none) by raw, which need not be valid JSON.
	with := func(raw string) []byte {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(base[1], &m); err != nil {
			t.Fatalf("kindtest: the first submission's second record is no JSON object: %v", err)
		}
		key := "response"
		if _, ok := m[key]; !ok {
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			key = keys[0]
		}
		delete(m, key)
		others, _ := json.Marshal(m)
		line := `{` + strconv.Quote(key) + `:` + raw
		if len(m) > 0 {
			line += "," + string(others[1:])
		} else {
			line += "}"
		}
		return []byte(line)
	}
	var unknown map[string]json.RawMessage
	_ = json.Unmarshal(base[1], &unknown)
	unknown["kindtest_unknown_field"] = json.RawMessage("1")
	unknownLine, _ := json.Marshal(unknown)
	long := `{"response":"` + strings.Repeat("a", ingest.MaxLine) + `"}`
	return []broken{
		{"empty file", nil, 0, "the file is empty"},
		{"not JSON", second([]byte("this is not JSON")), 2, "line 2 is not JSON"},
		{"JSON array", second([]byte(`[1, 2, 3]`)), 2, "line 2 is a JSON array"},
		{"truncated line", second(base[1][:len(base[1])/2]), 2, "line 2 is cut in the middle of its object"},
		{"unknown field", second(unknownLine), 2, "line 2 has the field kindtest_unknown_field"},
		{"duplicate record", join(append(slices.Clone(base), base[0])...), len(base) + 1, fmt.Sprintf("line %d repeats line 1: two records answer one item", len(base)+1)},
		{"invalid UTF-8", second(with("\"bad \xff\xfe bytes\"")), 2, "line 2 holds bytes that are not UTF-8"},
		{"line over the size limit", second([]byte(long)), 2, fmt.Sprintf("line 2 is longer than ingest.MaxLine (%d bytes)", ingest.MaxLine)},
		{"NUL byte", second(with("\"a NUL \x00 here\"")), 2, "line 2 holds a raw NUL byte in a string"},
		{"huge number", second(with(strings.Repeat("9", 400) + "e999999")), 2, "line 2 holds a number no float64 can hold"},
	}
}

// writeSub writes a submission folder id under results with a copy of the
// first valid submission's metadata, renamed, and the benchmark's file.
func (h *harness) writeSub(t testing.TB, results, id, name string, data []byte, meta []byte) board.Submission {
	t.Helper()
	dir := filepath.Join(results, id)
	if meta == nil {
		meta = regexp.MustCompile(`(?m)^name:.*$`).ReplaceAll(h.meta, []byte("name: "+name))
	}
	writeFile(t, filepath.Join(dir, "metadata.yaml"), meta)
	writeFile(t, filepath.Join(dir, h.spec.File), data)
	m, probs := ingest.Metadata(filepath.Join(dir, "metadata.yaml"))
	for _, p := range probs {
		if p.Fatal {
			t.Fatalf("kindtest: the metadata written for %s: %s", id, p)
		}
	}
	return board.Submission{ID: id, Dir: dir, Meta: m}
}

// brokenInputs checks that each broken file is refused with a fatal
// problem naming it (and its line), the same way twice, and that Check
// never panics. The problems are the ones validate and build see: the
// folder check's (ingest.CheckFolder) and, for a file the pipeline hands
// to the kind (any non-empty one), Check's. An empty file is the folder
// check's alone: the pipeline never gives it to Check.
func (h *harness) brokenInputs(t *testing.T) {
	results := t.TempDir()
	files := kind.Files([]kind.Benchmark{h.bench})
	for i, c := range h.brokenFiles(t) {
		sub := h.writeSub(t, results, fmt.Sprintf("broken-%02d", i), "Kindtest broken "+strconv.Itoa(i), c.data, nil)
		path := filepath.Join(sub.Dir, h.spec.File)
		_, probs := h.check(t, c.name, &sub)
		_, again := h.check(t, c.name, &sub)
		if !reflect.DeepEqual(probs, again) {
			t.Errorf("%s: Check is not deterministic: its problems differ between two calls:\n%v\n%v", c.name, probs, again)
		}
		if len(c.data) == 0 {
			probs = nil
		}
		_, folder := ingest.CheckFolder(sub.Dir, files)
		probs = append(folder, probs...)
		var fatal, here bool
		for _, p := range probs {
			if !p.Fatal {
				continue
			}
			fatal = true
			here = here || p.File == path && (c.line == 0 || p.Line == c.line)
		}
		switch {
		case !fatal:
			t.Errorf("%s (%s): accepted, no fatal problem (got %v)", c.name, c.what, short(probs))
		case !here && c.line == 0:
			t.Errorf("%s (%s): no fatal problem names the file %s (got %v)", c.name, c.what, path, short(probs))
		case !here:
			t.Errorf("%s (%s): no fatal problem names line %d of %s (got %v)", c.name, c.what, c.line, path, short(probs))
		}
	}
}

// short lists the first problems, fatal ones first, for a message.
func short(probs board.Problems) string {
	probs = slices.Clone(probs)
	sort.SliceStable(probs, func(i, j int) bool { return probs[i].Fatal && !probs[j].Fatal })
	var s []string
	for i, p := range probs {
		if i == 5 {
			s = append(s, fmt.Sprintf("… and %d more", len(probs)-5))
			break
		}
		msg := p.String()
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		if p.Fatal {
			msg = "fatal: " + msg
		}
		s = append(s, msg)
	}
	if len(s) == 0 {
		return "no problem"
	}
	return strings.Join(s, "; ")
}
