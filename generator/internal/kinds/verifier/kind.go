// Package verifier is the kind of answer-verifier benchmarks
// (SCI-VerifyBench): each item is a quadruple — a question, its reference
// answer, a response to judge and a label saying whether the response's
// final answer is equivalent to the reference — and a submission holds a
// verifier model's raw output on each item.
//
// It is one kind.Kind value, Kind. A benchmark folder holds benchmark.yaml
// (kind: verifier, title, optional subjects, prompt_styles and reward),
// items.jsonl ({"id", "subject", "question", "reference", "response",
// "label": true|false, "class"?}) and optionally reported.yaml (published
// figures, shown apart and never ranked). A submission's file holds one
// {"id", "output", "style"?, "output_tokens"?} line per item and prompt
// style.
//
// The board never trusts a verdict a submission states: it parses the raw
// output under two policies (Strict: the last non-empty line is exactly the
// form the style's prompt asks for; Loose: the forms verifiers commonly
// write, see Loose), and an output that parses to nothing is a wrong
// verdict counted apart. It scores accuracy (Wilson interval), F1 with
// positive = equivalent, precision, recall, false-accept and false-reject
// rates per verifier, per subject and per equivalence class, the collapse
// on the equivalence-augmented items and the robustness across prompt
// styles, ranks by the paired test, runs sciif's own rule verifier
// (package equiv) on every item as a measured row, and renders its board's
// pages. It performs no disk I/O beyond reading its inputs through ingest,
// and writes nothing.
package verifier

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// Kind is the answer-verifier benchmark kind.
var Kind = &kind.Kind{
	Name:  "verifier",
	Doc:   "answer verifiers judging whether a response's final answer is equivalent to a reference, rescored from their raw outputs",
	Open:  open,
	Fixes: fixes,
}

// ItemsFile is the items' file of a verifier benchmark folder.
const ItemsFile = "items.jsonl"

// Original is the class of an item without a "class": no equivalence
// transformation.
const Original = "original"

// DefaultStyle is the prompt style of a record without "style", and the
// style the board ranks.
const DefaultStyle = "default"

// DefaultLastLine is the last line the default style asks for.
const DefaultLastLine = "Final Judgment: True|False"

// DefaultPrompt is the default style's template when benchmark.yaml does
// not give one.
const DefaultPrompt = `You are checking a model's answer to a question against a reference answer.

Question:
{{question}}

Reference answer:
{{reference}}

Model response:
{{response}}

Decide whether the final answer of the model response is equivalent to the reference answer. Judge only the final answer; an answer in another but equivalent form (other units, an equal expression, another notation) is equivalent.

Give a short reasoning, then end with a last line that is exactly
Final Judgment: True
or
Final Judgment: False
`

// Codes of the problems of a verifier benchmark folder.
const (
	CodeSpec  = "benchmark.spec"
	CodeItems = "verifier.items"
)

// Item is one line of items.jsonl.
type Item struct {
	ID        string `json:"id"`
	Subject   string `json:"subject"`
	Question  string `json:"question"`
	Reference string `json:"reference"`
	Response  string `json:"response"`
	Label     *bool  `json:"label"`
	Class     string `json:"class,omitempty"`
	// Line is the item's line in items.jsonl.
	Line int `json:"-"`
}

// Equivalent is the item's label: true when the response's final answer
// is equivalent to the reference.
func (it *Item) Equivalent() bool { return it.Label != nil && *it.Label }

// class is the item's class, Original for none.
func (it *Item) class() string {
	if it.Class == "" {
		return Original
	}
	return it.Class
}

// Style is a named verification prompt.
type Style struct {
	Name string
	// Prompt is the template, with {{question}}, {{reference}} and
	// {{response}}.
	Prompt string
	// Label is what the last line asks before the verdict word ("Final
	// Judgment"), "" for a bare True or False.
	Label string
}

// LastLine is the form Strict accepts: "<Label>: True|False", or
// "True|False".
func (s *Style) LastLine() string {
	if s.Label == "" {
		return "True|False"
	}
	return s.Label + ": True|False"
}

// Fill is the style's prompt for item it.
func (s *Style) Fill(it *Item) string {
	return strings.NewReplacer("{{question}}", it.Question, "{{reference}}", it.Reference, "{{response}}", it.Response).Replace(s.Prompt)
}

// RewardSpec is the overlong penalty of SCI-Verifier's reward, from
// benchmark.yaml's reward field: no penalty up to LMax output tokens, a
// linear one reaching Lambda over the next LBuffer, then −Lambda.
type RewardSpec struct {
	LMax    int     `json:"l_max"`
	LBuffer int     `json:"l_buffer"`
	Lambda  float64 `json:"lambda"`
}

type benchmark struct {
	spec     kind.Spec
	items    []Item
	index    map[string]int
	subjects []string
	classes  []string
	styles   []Style
	reward   *RewardSpec
	reported *Reported
	// builtin is sciif's rule verifier on every item, computed once.
	builtin []Builtin
}

// itemIDPattern bounds item ids: they name anchors and rows.
var itemIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$`)

// stylePattern bounds style names: they name columns and files.
var stylePattern = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,31}$`)

func open(spec kind.Spec) (kind.Benchmark, error) {
	b := &benchmark{spec: spec, index: map[string]int{}}
	var probs board.Problems
	at := func(key, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: spec.Path, Line: spec.Line[key], Field: key, Code: CodeSpec, Fatal: true, Msg: fmt.Sprintf(format, args...)})
	}
	var declared []string
	keys := make([]string, 0, len(spec.Fields))
	for k := range spec.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		v := spec.Fields[key]
		switch key {
		case "subjects":
			list, ok := v.([]any)
			if !ok || len(list) == 0 {
				at(key, "want a list of subject names, in display order")
				continue
			}
			seen := map[string]bool{}
			for _, s := range list {
				name, ok := s.(string)
				if !ok || strings.TrimSpace(name) == "" || seen[name] {
					at(key, "want distinct non-empty subject names, got %v", s)
					continue
				}
				seen[name] = true
				declared = append(declared, name)
			}
		case "prompt_styles":
			b.styles = readStyles(v, func(format string, args ...any) { at(key, format, args...) })
		case "reward":
			b.reward = readReward(v, func(format string, args ...any) { at(key, format, args...) })
		case "description", "licence", "license", "source":
		default:
			if !strings.HasPrefix(key, "citation") {
				at(key, "unknown field for a verifier benchmark (kind, name, title, file, subjects, prompt_styles, reward, description, licence, source and citation fields are allowed)")
			}
		}
	}
	if len(b.styles) == 0 || b.styles[0].Name != DefaultStyle {
		b.styles = append([]Style{{Name: DefaultStyle, Prompt: DefaultPrompt, Label: "Final Judgment"}}, b.styles...)
	}
	if len(probs) > 0 {
		board.SortProblems(probs)
		return nil, probs
	}
	if err := b.readItems(declared); err != nil {
		return nil, err
	}
	rep, err := readReported(filepath.Join(spec.Dir, ReportedFile))
	if err != nil {
		return nil, err
	}
	b.reported = rep
	b.builtin = b.runBuiltin()
	return b, nil
}

// entries lists a YAML mapping's keys and values in file order.
func entries(v any) ([]yaml.MapItem, bool) {
	switch m := v.(type) {
	case yaml.MapSlice:
		return m, true
	case map[string]any:
		out := make([]yaml.MapItem, 0, len(m))
		for k, x := range m {
			out = append(out, yaml.MapItem{Key: k, Value: x})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Key.(string) < out[j].Key.(string) })
		return out, true
	}
	return nil, false
}

// readStyles reads prompt_styles: a mapping of style names to a template
// (a string), or to {prompt, last_line}; the default style comes first.
func readStyles(v any, bad func(string, ...any)) []Style {
	m, ok := entries(v)
	if !ok || len(m) == 0 {
		bad("want a mapping of style names to prompt templates")
		return nil
	}
	var out []Style
	for _, e := range m {
		name, _ := e.Key.(string)
		if !stylePattern.MatchString(name) {
			bad("style name %q: lower-case letters, digits, '_' and '-', starting with a letter, at most 32", name)
			continue
		}
		st := Style{Name: name, Label: "Final Judgment"}
		switch x := e.Value.(type) {
		case string:
			st.Prompt = x
		default:
			fields, ok := entries(x)
			if !ok {
				bad("style %s: want a template or {prompt, last_line}", name)
				continue
			}
			for _, f := range fields {
				s, _ := f.Value.(string)
				switch f.Key {
				case "prompt":
					st.Prompt = s
				case "last_line":
					label, ok := parseLastLine(s)
					if !ok {
						bad("style %s: last_line %q: want \"<label>: True|False\" or \"True|False\"", name, s)
					}
					st.Label = label
				default:
					bad("style %s: unknown field %v (prompt and last_line are allowed)", name, f.Key)
				}
			}
		}
		for _, ph := range []string{"{{question}}", "{{reference}}", "{{response}}"} {
			if !strings.Contains(st.Prompt, ph) {
				bad("style %s: the prompt lacks %s", name, ph)
			}
		}
		if name == DefaultStyle {
			out = append([]Style{st}, out...)
		} else {
			out = append(out, st)
		}
	}
	return out
}

// parseLastLine reads a style's last_line: "Final Judgment: True|False"
// has the label "Final Judgment", "True|False" none.
func parseLastLine(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "True|False" {
		return "", true
	}
	label, ok := strings.CutSuffix(s, ": True|False")
	label = strings.TrimSpace(label)
	return label, ok && label != "" && !strings.ContainsAny(label, ":\n")
}

// readReward reads the reward field: l_max and l_buffer whole numbers of
// tokens (l_buffer ≥ 1), lambda ≥ 0.
func readReward(v any, bad func(string, ...any)) *RewardSpec {
	m, ok := entries(v)
	if !ok {
		bad("want {l_max, l_buffer, lambda}")
		return nil
	}
	r := &RewardSpec{}
	seen := map[string]bool{}
	for _, e := range m {
		key, _ := e.Key.(string)
		f, isNum := yamlx.Number(e.Value)
		seen[key] = true
		switch key {
		case "l_max", "l_buffer":
			if !isNum || f != math.Trunc(f) || f < 0 || f > 1e9 || key == "l_buffer" && f < 1 {
				bad("%s: want a whole number of tokens (l_buffer at least 1), got %v", key, e.Value)
				continue
			}
			if key == "l_max" {
				r.LMax = int(f)
			} else {
				r.LBuffer = int(f)
			}
		case "lambda":
			if !isNum || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
				bad("lambda: want a number ≥ 0, got %v", e.Value)
				continue
			}
			r.Lambda = f
		default:
			bad("unknown field %q (l_max, l_buffer and lambda are allowed)", key)
		}
	}
	for _, k := range []string{"l_max", "l_buffer", "lambda"} {
		if !seen[k] {
			bad("%s missing: the reward needs l_max, l_buffer and lambda", k)
		}
	}
	return r
}

// readItems reads items.jsonl. Every problem of the file is fatal and all
// are returned at once: a mislabelled benchmark would mislead every row.
// Subjects follow declared when benchmark.yaml lists them (an item of
// another subject is refused), else their first appearance; classes are
// sorted, Original last.
func (b *benchmark) readItems(declared []string) error {
	known := map[string]bool{}
	for _, s := range declared {
		known[s] = true
	}
	b.subjects = append(b.subjects, declared...)
	classes := map[string]bool{}
	folded := map[string]int{}
	err := records.Items(filepath.Join(b.spec.Dir, ItemsFile), CodeItems, "items", func(line int, it *Item, at records.Report) {
		it.Line = line
		switch {
		case it.ID == "":
			at("", "id", "missing item id")
			return
		case !itemIDPattern.MatchString(it.ID):
			at(it.ID, "id", "item id %q: letters, digits, '_', '.' and '-', starting with a letter or digit, at most 100", it.ID)
			return
		}
		if first, dup := folded[strings.ToLower(it.ID)]; dup {
			at(it.ID, "id", "item id repeats %q (line %d; ids are compared ignoring case)", b.items[first].ID, b.items[first].Line)
			return
		}
		for _, f := range []struct{ name, v string }{{"subject", it.Subject}, {"question", it.Question}, {"reference", it.Reference}, {"response", it.Response}} {
			if strings.TrimSpace(f.v) == "" {
				at(it.ID, f.name, "missing %s", f.name)
			}
		}
		if it.Label == nil {
			at(it.ID, "label", "missing label: true when the response's final answer is equivalent to the reference, else false")
		}
		if it.Subject != "" && !known[it.Subject] {
			if len(declared) > 0 {
				at(it.ID, "subject", "subject %q is not in benchmark.yaml's subjects %v", it.Subject, declared)
			} else {
				known[it.Subject] = true
				b.subjects = append(b.subjects, it.Subject)
			}
		}
		if it.Class == Original {
			it.Class = ""
		}
		classes[it.class()] = true
		folded[strings.ToLower(it.ID)] = len(b.items)
		b.index[it.ID] = len(b.items)
		b.items = append(b.items, *it)
	})
	if err != nil {
		return err
	}
	for c := range classes {
		if c != Original {
			b.classes = append(b.classes, c)
		}
	}
	sort.Strings(b.classes)
	if classes[Original] {
		b.classes = append(b.classes, Original)
	}
	return nil
}

// styleNames lists the styles, the default first.
func (b *benchmark) styleNames() []string {
	out := make([]string, len(b.styles))
	for i, s := range b.styles {
		out[i] = s.Name
	}
	return out
}
