// Package demo builds the SciIF demo benchmark (benchmarks/sciif/items.jsonl)
// and the five fictional demo submissions under results/demo-*/ from the
// hand-written building blocks in items.txt.
//
// It is test-data generation, not a pipeline stage: nothing in the site
// build imports it. Its output is committed; TestGolden rewrites it with
// -update and otherwise checks that the committed files are what Files
// returns, byte for byte. Every choice (which evidence a model writes, which
// judge is stricter, how a judge formats its verdicts) comes from a hash of
// the model id, the item id and what is being decided, so the output never
// changes unless items.txt or this package does.
package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

// Files returns the demo benchmark and the demo submissions as files whose
// paths are relative to the repository root, sorted by path.
func Files() ([]board.File, error) {
	items, err := parseItems(itemsText)
	if err != nil {
		return nil, err
	}
	if err := check(items); err != nil {
		return nil, err
	}
	bench, err := benchmarkJSONL(items)
	if err != nil {
		return nil, err
	}
	files := []board.File{{Path: "benchmarks/sciif/items.jsonl", Data: bench}}
	for i := range models {
		m := &models[i]
		files = append(files, board.File{Path: "results/" + m.id + "/metadata.yaml", Data: metadataYAML(m)})
		data, err := responsesJSONL(m, items)
		if err != nil {
			return nil, err
		}
		files = append(files, board.File{Path: "results/" + m.id + "/responses.jsonl", Data: data})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// check reports items.txt blocks that cannot produce auditable answers.
func check(items []*item) error {
	var errs []string
	seen := map[string]bool{}
	for _, it := range items {
		where := fmt.Sprintf("items.txt:%d: %s", it.line, it.id)
		if seen[it.id] {
			errs = append(errs, where+": duplicate id")
		}
		seen[it.id] = true
		if it.subject == "" || it.question == "" || it.answer == "" || it.typ == "" || it.plan == "" || it.right.text == "" {
			errs = append(errs, where+": missing subject, question, answer, type, plan or final")
		}
		if !strings.HasPrefix(it.id, strings.ToLower(it.subject)+"-") {
			errs = append(errs, where+": id does not start with the subject")
		}
		if it.wrong.text == "" || it.wrongWhy == "" {
			errs = append(errs, where+": missing wrong final (FW) or its reason")
		}
		if len(it.constraints) == 0 {
			errs = append(errs, where+": no constraints")
		}
		for _, c := range it.constraints {
			r := lookupRubric(c)
			if r == nil {
				errs = append(errs, where+": unknown constraint "+c)
				continue
			}
			for n := 1; n <= len(r.points); n++ {
				if !r.points[n-1].drift && findEv(it.segs, c, n) < 0 {
					errs = append(errs, fmt.Sprintf("%s: no evidence for %s point %d", where, c, n))
				}
			}
		}
		for _, s := range it.segs {
			if s.kind == segEv && !it.has(s.c) {
				errs = append(errs, fmt.Sprintf("%s: evidence for %s, which is not enabled", where, s.c))
			}
		}
		if it.has("units_standard") && it.right.unit == "" {
			errs = append(errs, where+": units_standard needs a final with a unit")
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

func benchmarkJSONL(items []*item) ([]byte, error) {
	var buf bytes.Buffer
	for _, it := range items {
		bi := sciifdata.Item{
			ID:          it.id,
			Subject:     it.subject,
			Question:    it.question,
			Constraints: it.constraints,
			Reference: sciifdata.Reference{
				Answer:   it.answer,
				Type:     it.typ,
				Solution: reference(it),
			},
		}
		if it.tolKind != "" {
			bi.Reference.Tolerance = &sciifdata.Tolerance{Kind: it.tolKind, Value: it.tolValue}
		}
		if err := writeJSONLine(&buf, bi); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

func writeJSONLine(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func metadataYAML(m *model) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", yamlString(m.name))
	fmt.Fprintf(&b, "organization: %s\n", yamlString(m.org))
	fmt.Fprintf(&b, "open_weights: %t\n", m.open)
	fmt.Fprintf(&b, "date: %s\n", m.date)
	fmt.Fprintf(&b, "judges: [%s]\n", strings.Join(judges, ", "))
	fmt.Fprintf(&b, "link: %s\n", m.link)
	if m.params != "" {
		fmt.Fprintf(&b, "params: %s\n", m.params)
	}
	fmt.Fprintf(&b, "decoding: %s\n", yamlString(m.decoding))
	fmt.Fprintf(&b, "notes: %s\n", yamlString(m.notes))
	return []byte(b.String())
}

// yamlString writes s as a plain YAML scalar where that is safe and as a
// double-quoted one otherwise.
func yamlString(s string) string {
	if s == "" || strings.ContainsAny(s[:1], "!&*{}[]|>'\"%@`#,?:-") ||
		strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") {
		return strconv.Quote(s)
	}
	return s
}

// unit is the source of every choice in this package.
var unit = synth.Unit

// pick chooses one of options by key.
func pick[T any](options []T, key ...string) T {
	return options[int(unit(key...)*float64(len(options)))]
}
