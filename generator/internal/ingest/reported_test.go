package ingest

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

const goodReported = `model:
  name: GPT-5.2
  organization: OpenAI
  open_weights: false
citation:
  title: "SciIF"
  authors: Anonymous
  tables: [Table 1, Table 5]
policy: strict
items: 334
compliance: 2.1
constraints:
  assumptions: 65.3
families:
  condition: 53.2
by_k:
  2: 55.2
  5: 0.0
`

func pct(v float64) *board.Percent { p := board.Percent(v); return &p }

func TestDecodeReported(t *testing.T) {
	f := false
	want := sciifdata.Reported{
		File:        "r.yaml",
		Model:       sciifdata.ReportedModel{Name: "GPT-5.2", Organization: "OpenAI", OpenWeights: &f},
		Citation:    sciifdata.Citation{Title: "SciIF", Authors: "Anonymous", Tables: []string{"Table 1", "Table 5"}},
		Policy:      board.Strict,
		Items:       334,
		Compliance:  pct(2.1),
		Constraints: map[string]board.Percent{"assumptions": 65.3},
		Families:    map[sciifdata.Family]board.Percent{sciifdata.Condition: 53.2},
		ByK:         map[int]board.Percent{2: 55.2, 5: 0},
	}
	got, probs := DecodeReported("r.yaml", []byte(goodReported))
	if len(probs) > 0 {
		t.Fatalf("unexpected problems: %v", probs)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDecodeReportedProblems(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		input  string
		want   []string
	}{
		{
			name:   "unknown fields at every level",
			reason: "typos are refused with the fields allowed there",
			input:  strings.Replace(strings.Replace(goodReported, "items:", "itemz:", 1), "  authors:", "  author:", 1),
			want: []string{
				"r.yaml:5: citation.authors: required field missing",
				"r.yaml:7: citation.author: unknown field (allowed here: title, authors, venue, year, url, tables)",
				"r.yaml:10: itemz: unknown field (allowed here: model, citation, policy, items, correctness, compliance, constraints, families, by_k, ifeval_strict, notes)",
			},
		},
		{
			name:   "rates out of range or not numbers",
			reason: "rates are percentages in [0, 100] written as numbers",
			input:  strings.Replace(strings.Replace(goodReported, "65.3", "165.3", 1), "2.1", "2.1%", 1),
			want: []string{
				`r.yaml:11: compliance: want a percentage between 0 and 100 written as a number (29.6 for 29.6 %), got "2.1%"`,
				`r.yaml:13: constraints.assumptions: want a percentage between 0 and 100 written as a number (29.6 for 29.6 %), got "165.3"`,
			},
		},
		{
			name:   "unknown constraint, family and k",
			reason: "ids are checked against the built-in catalog",
			input:  strings.Replace(strings.Replace(strings.Replace(goodReported, "assumptions:", "assumption:", 1), "condition:", "conditions:", 1), "  5:", "  11:", 1),
			want: []string{
				"r.yaml:13: constraints.assumption: unknown constraint id (the catalog's ids: assumptions, boundary_conditions, applicability_range, units_standard, cross_disciplinary_disambiguation, intra_discipline_definitions, symbols_constants_standardization, variable_naming_consistency, numerical_methods, experimental_methods)",
				"r.yaml:15: families.conditions: unknown family (the families: condition, terminology, process)",
				"r.yaml:18: by_k.11: k must be a whole number of enabled constraints from 1 to 10",
			},
		},
		{
			name:   "wrong policy and no figures",
			reason: "the policy must be named, and a file without figures says nothing",
			input:  "model: {name: X, organization: Y}\ncitation: {title: T, authors: A}\npolicy: lenient\n",
			want: []string{
				`r.yaml:3: policy: want strict or loose, got "lenient"`,
				"r.yaml: no figures: none of correctness, compliance, constraints, families, by_k, ifeval_strict",
			},
		},
		{
			name:   "model name too long",
			reason: "a reported model's name is shown as a submission's is, so it is held to the same rules",
			input:  "model: {name: " + strings.Repeat("N", 81) + ", organization: Y}\ncitation: {title: T, authors: A}\npolicy: strict\ncompliance: 2.1\n",
			want:   []string{"r.yaml:1: model.name: is 81 characters long, longer than the 80 allowed"},
		},
		{
			name:   "model name with a bidirectional control",
			reason: "a right-to-left override turns the names after it around",
			input:  "model:\n  name: \"GPT\\u202e4o\"\n  organization: Y\ncitation: {title: T, authors: A}\npolicy: strict\ncompliance: 2.1\n",
			want:   []string{"r.yaml:2: model.name: holds a bidirectional control character (U+202E) at byte 3"},
		},
		{
			name:   "not a mapping",
			reason: "a list or a scalar is refused as a whole",
			input:  "- a\n- b\n",
			want:   []string{"r.yaml: want one YAML mapping of fields (model: …, citation: …, policy: …), got something else"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, probs := DecodeReported("r.yaml", []byte(tt.input))
			var got []string
			for _, p := range probs {
				got = append(got, p.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestPaperFigures reads the committed results/paper-* folders (by name:
// a new folder in results/ changes nothing here) and, when the
// paper's text is available beside the repository, checks every transcribed
// Table 1 and Table 5 figure against it.
func TestPaperFigures(t *testing.T) {
	reps, err := Reported(demotest.Results(t, filepath.Join("..", "..", ".."), demotest.Reported...))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]sciifdata.Reported{}
	for _, r := range reps {
		if strings.HasPrefix(r.ID, "paper-") {
			byName[strings.ToLower(r.Model.Name)] = r
		}
	}
	if len(byName) != 18 {
		t.Fatalf("want 18 paper-* folders (15 of Table 1, Qwen3-8B and its two post-trained variants), got %d", len(byName))
	}
	// A few figures by hand, so that the test means something without the paper.
	for _, c := range []struct {
		model string
		got   board.Percent
		want  board.Percent
	}{
		{"gpt-5.2", byName["gpt-5.2"].Constraints["assumptions"], 65.3},
		{"gpt-5.2", byName["gpt-5.2"].Families[sciifdata.Condition], 53.2},
		{"grok-4", byName["grok-4"].Constraints["experimental_methods"], 100.0},
		{"glm-4.7", byName["glm-4.7"].ByK[5], 5.9},
		{"qwen3-8b", *byName["qwen3-8b"].Compliance, 2.1},
		{"qwen3-8b w/ sciif (sft+rl)", *byName["qwen3-8b w/ sciif (sft+rl)"].IFEvalStrict, 83.2},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.model, c.got, c.want)
		}
	}

	paper, err := os.Open(sharedtest.Path(t, "seeds/sciif-paper.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer paper.Close()
	t1 := []string{"assumptions", "boundary_conditions", "applicability_range", "units_standard", "condition",
		"cross_disciplinary_disambiguation", "intra_discipline_definitions", "symbols_constants_standardization", "variable_naming_consistency", "terminology",
		"numerical_methods", "experimental_methods", "process"}
	cite := regexp.MustCompile(`\s*\(.*\)$`)
	checked := 0
	sc := bufio.NewScanner(paper)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "\t")
		if len(cells) < 2 || !strings.HasSuffix(cells[1], "%") {
			continue
		}
		name := strings.ToLower(cite.ReplaceAllString(cells[0], ""))
		r, ok := byName[name]
		if !ok {
			continue
		}
		var got []board.Percent
		switch len(cells) {
		case 14: // Table 1
			for _, id := range t1 {
				if v, ok := r.Constraints[id]; ok {
					got = append(got, v)
				} else {
					got = append(got, r.Families[sciifdata.Family(id)])
				}
			}
		case 5: // Table 5
			for k := 2; k <= 5; k++ {
				got = append(got, r.ByK[k])
			}
		default:
			continue
		}
		var want []board.Percent
		for _, c := range cells[1:] {
			v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(c), "%"), 64)
			if err != nil {
				t.Fatalf("%q: %v", c, err)
			}
			want = append(want, board.Percent(v))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-paper +reported.yaml):\n%s", r.ID, diff)
		}
		checked++
	}
	if checked != 15+16 {
		t.Errorf("checked %d table rows, want 31 (15 in Table 1, 16 in Table 5)", checked)
	}
}
