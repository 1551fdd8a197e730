package prompt_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/prompt"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// testCatalog is fixed here so that the golden files pin prompt.go alone,
// not the wording of the built-in catalog.
var testCatalog = sciifdata.Catalog{Constraints: []sciifdata.Constraint{
	{ID: "units_standard", Abbrev: "US", Name: "Units Standard", Family: sciifdata.Condition,
		Description: "Use SI units throughout and state the unit of every result.",
		Points: []sciifdata.Point{
			{N: 1, Main: true, Short: "SI units", Text: "Every physical quantity carries an SI unit."},
			{N: 2, Main: true, Short: "final unit", Text: "The final answer states its unit."},
			{N: 3, Main: false, Short: "unit check", Text: "A one-line dimensional check of the final formula."},
		}},
	{ID: "numerical_methods", Abbrev: "NM", Name: "Numerical Methods", Family: sciifdata.Process,
		Description: "Solve with the named numerical method and show its steps.",
		Points: []sciifdata.Point{
			{N: 1, Main: false, Short: "tolerance", Text: "The stopping tolerance is stated."},
			{N: 2, Main: true, Short: "update rule", Text: "The update rule is written in the problem's symbols."},
		}},
	{ID: "assumptions", Abbrev: "A", Name: "Assumptions", Family: sciifdata.Condition,
		Description: "State the modelling assumptions.",
		Points:      []sciifdata.Point{{N: 1, Main: true, Short: "stated", Text: "The assumptions are stated."}}},
}}

// testItem's question has several lines, LaTeX, a per-cent sign and a
// format verb, all of which must reach the prompts untouched.
func testItem() sciifdata.Item {
	return sciifdata.Item{
		ID:      "physics-0042",
		Subject: "Physics",
		Question: "A gas at $T = 300\\,\\mathrm{K}$ expands from $V_1$ to $V_2 = 2V_1$.\n\n" +
			"Find the work $W$ (to 3 sig. figs; 5% tolerance, not %d or %s).",
		Constraints: []string{"units_standard", "numerical_methods"},
		Reference:   sciifdata.Reference{Answer: "1.73 kJ", Type: "numeric", Solution: "W = nRT ln 2"},
	}
}

func lookup(t *testing.T, cat *sciifdata.Catalog, id string) *sciifdata.Constraint {
	t.Helper()
	c, ok := cat.Lookup(id)
	if !ok {
		t.Fatalf("constraint %q not in catalog", id)
	}
	return c
}

func TestGolden(t *testing.T) {
	item := testItem()
	us := lookup(t, &testCatalog, "units_standard")
	nm := lookup(t, &testCatalog, "numerical_methods")
	tests := []struct {
		name, reason string
		got          string
	}{
		{name: "answer", reason: "the answer-generation prompt of Appendix A.3", got: prompt.Answer(&item, &testCatalog)},
		{name: "judge-strict-units_standard", reason: "the Strict per-constraint judge prompt of Appendix A.4", got: prompt.Judge(&item, us, board.Strict)},
		{name: "judge-loose-units_standard", reason: "the Loose per-constraint judge prompt of Appendix A.4", got: prompt.Judge(&item, us, board.Loose)},
		{name: "judge-loose-numerical_methods", reason: "Loose tags follow the Main flag, not the point's position", got: prompt.Judge(&item, nm, board.Loose)},
		{name: "correctness", reason: "the correctness judge prompt (Appendix F)", got: prompt.Correctness(&item)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(tt.got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), tt.got); diff != "" {
				t.Errorf("%s: prompt differs from %s (-want +got):\n%s", tt.reason, path, diff)
			}
		})
	}
}

// evidenceLines returns the lines of the judge prompt's evidence list.
func evidenceLines(t *testing.T, p string) []string {
	t.Helper()
	const head = "Required evidence points (evaluate EACH independently):\n"
	i := strings.Index(p, head)
	if i < 0 {
		t.Fatalf("no evidence list in prompt:\n%s", p)
	}
	rest := p[i+len(head):]
	j := strings.Index(rest, "\n\n")
	if j < 0 {
		t.Fatalf("evidence list not followed by a blank line:\n%s", p)
	}
	return strings.Split(rest[:j], "\n")
}

// outputFormatLines returns the lines after "Output format (MUST follow exactly):".
func outputFormatLines(t *testing.T, p string) []string {
	t.Helper()
	const head = "Output format (MUST follow exactly):\n"
	i := strings.Index(p, head)
	if i < 0 {
		t.Fatalf("no output format in prompt:\n%s", p)
	}
	return strings.Split(strings.TrimSuffix(p[i+len(head):], "\n"), "\n")
}

func TestJudgeEvidencePoints(t *testing.T) {
	item := testItem()
	tests := []struct {
		name, reason string
		constraint   string
		policy       board.Policy
		want         []string
	}{
		{
			name: "strict lists every point untagged", reason: "Strict prompts number every point as POINT_n with no MAIN/SECONDARY tags (A.4 Strict)",
			constraint: "units_standard", policy: board.Strict,
			want: []string{
				"POINT_1: Every physical quantity carries an SI unit.",
				"POINT_2: The final answer states its unit.",
				"POINT_3: A one-line dimensional check of the final formula.",
			},
		},
		{
			name: "loose tags main and secondary points", reason: "Loose prompts mark each point [MAIN] or [SECONDARY] (A.4 Loose)",
			constraint: "units_standard", policy: board.Loose,
			want: []string{
				"POINT_1 [MAIN]: Every physical quantity carries an SI unit.",
				"POINT_2 [MAIN]: The final answer states its unit.",
				"POINT_3 [SECONDARY]: A one-line dimensional check of the final formula.",
			},
		},
		{
			name: "loose tags follow the Main flag", reason: "a SECONDARY point first is still tagged SECONDARY: the tag comes from Main, not the position",
			constraint: "numerical_methods", policy: board.Loose,
			want: []string{
				"POINT_1 [SECONDARY]: The stopping tolerance is stated.",
				"POINT_2 [MAIN]: The update rule is written in the problem's symbols.",
			},
		},
		{
			name: "a single point", reason: "a one-point constraint has exactly one POINT line",
			constraint: "assumptions", policy: board.Loose,
			want: []string{"POINT_1 [MAIN]: The assumptions are stated."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := lookup(t, &testCatalog, tt.constraint)
			p := prompt.Judge(&item, c, tt.policy)
			if diff := cmp.Diff(tt.want, evidenceLines(t, p)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestJudgeStrictAndLooseDiffer(t *testing.T) {
	item := testItem()
	c := lookup(t, &testCatalog, "units_standard")
	strict := prompt.Judge(&item, c, board.Strict)
	loose := prompt.Judge(&item, c, board.Loose)
	tests := []struct {
		name, reason string
		text         string
		inStrict     bool
		inLoose      bool
	}{
		{name: "strict overall rule", reason: "Strict: OVERALL is YES only if every point is YES (A.5)", text: "- OVERALL is YES only if every point is YES.\n", inStrict: true},
		{name: "loose overall rule", reason: "Loose: only MAIN points are required (A.5)", text: "- OVERALL is YES only if all MAIN points are YES. SECONDARY points may be NO.\n", inLoose: true},
		{name: "strict non-inference", reason: "Strict spells out the non-inference rule", text: "- Do NOT infer missing evidence.\n", inStrict: true},
		{name: "loose refers to strict", reason: "Loose keeps the Strict evidence standard by reference", text: "- Same as STRICT for pointwise evidence, non-inference, and truthfulness checks.\n", inLoose: true},
		{name: "strict overall reason", reason: "Strict asks for every failed point", text: "OVERALL_REASON: [<=150 chars, list failed points]\n", inStrict: true},
		{name: "loose overall reason", reason: "Loose asks for the failed MAIN points", text: "OVERALL_REASON: [<=150 chars, list failed MAIN points]\n", inLoose: true},
		{name: "main tag", reason: "only Loose tags points", text: "[MAIN]", inLoose: true},
		{name: "secondary tag", reason: "only Loose tags points", text: "[SECONDARY]", inLoose: true},
		{name: "output format", reason: "both ask for the same pointwise output", text: "POINT_3: YES or NO [brief reason if NO]\nOVERALL: YES or NO\n", inStrict: true, inLoose: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := [2]bool{strings.Contains(strict, tt.text), strings.Contains(loose, tt.text)}
			if diff := cmp.Diff([2]bool{tt.inStrict, tt.inLoose}, got); diff != "" {
				t.Errorf("%s: %q in [Strict Loose] (-want +got):\n%s", tt.reason, tt.text, diff)
			}
		})
	}

	// Apart from the tags, the decision policy and the reason line, the two
	// prompts are the same text: the same problem, reference, answer slot.
	section := func(p, from, to string) string {
		i, j := strings.Index(p, from), strings.Index(p, to)
		if i < 0 || j < i {
			t.Fatalf("no %q … %q section in:\n%s", from, to, p)
		}
		return p[i:j]
	}
	if a, b := section(strict, "Problem:\n", "Decision policy:"), section(loose, "Problem:\n", "Decision policy:"); a != b {
		t.Errorf("problem, reference and answer sections differ between Strict and Loose:\n%s\n---\n%s", a, b)
	}
	untag := strings.NewReplacer(" [MAIN]", "", " [SECONDARY]", "").Replace
	if a, b := section(strict, "You are", "Problem:\n"), untag(section(loose, "You are", "Problem:\n")); a != b {
		t.Errorf("headers differ beyond the MAIN/SECONDARY tags (-strict +loose):\n%s", cmp.Diff(a, b))
	}
}

// TestJudgeOutputFormatParses checks that a judge who fills in the output
// format the prompt asks for is read by package judge with no problem.
func TestJudgeOutputFormatParses(t *testing.T) {
	item := testItem()
	for _, c := range testCatalog.Constraints {
		for _, pol := range board.Policies {
			t.Run(c.ID+"/"+string(pol), func(t *testing.T) {
				format := outputFormatLines(t, prompt.Judge(&item, &c, pol))
				var want []string
				for _, p := range c.Points {
					want = append(want, "POINT_"+strconv.Itoa(p.N)+": YES or NO [brief reason if NO]")
				}
				want = append(want, "OVERALL: YES or NO")
				if len(format) != len(want)+1 || !strings.HasPrefix(format[len(format)-1], "OVERALL_REASON: ") {
					t.Fatalf("output format = %q, want one POINT line per point, OVERALL and OVERALL_REASON", format)
				}
				if diff := cmp.Diff(want, format[:len(format)-1]); diff != "" {
					t.Errorf("output format lines (-want +got):\n%s", diff)
				}
				// Answer NO to even points, YES to odd ones.
				filled := strings.Join(format, "\n")
				for _, p := range c.Points {
					v := "YES"
					if p.N%2 == 0 {
						v = "NO - missing"
					}
					filled = strings.Replace(filled, "POINT_"+strconv.Itoa(p.N)+": YES or NO [brief reason if NO]", "POINT_"+strconv.Itoa(p.N)+": "+v, 1)
				}
				filled = strings.Replace(filled, "OVERALL: YES or NO", "OVERALL: NO", 1)
				a := judge.Points(filled, len(c.Points))
				if len(a.Problems) > 0 {
					t.Errorf("filled-in output format has problems %q:\n%s", a.Problems, filled)
				}
				for i, p := range a.Points {
					want := judge.Yes
					if (i+1)%2 == 0 {
						want = judge.No
					}
					if p.Verdict != want {
						t.Errorf("point %d parsed as %v, want %v", i+1, p.Verdict, want)
					}
				}
			})
		}
	}
}

func TestCorrectnessOutputFormatParses(t *testing.T) {
	item := testItem()
	format := outputFormatLines(t, prompt.Correctness(&item))
	if diff := cmp.Diff([]string{"CORRECT: YES or NO", "REASON: [<=150 chars]"}, format); diff != "" {
		t.Fatalf("correctness output format (-want +got):\n%s", diff)
	}
	c := judge.Correct("CORRECT: NO\nREASON: off by a factor of 2")
	if c.Verdict != judge.No || c.Reason != "off by a factor of 2" || len(c.Problems) > 0 {
		t.Errorf("filled-in correctness format parsed as %+v", c)
	}
}

func TestPromptsCarryTheItem(t *testing.T) {
	item := testItem()
	c := lookup(t, &testCatalog, "units_standard")
	tests := []struct {
		name, reason string
		prompt       string
		sections     []string // must appear, each exactly once, in this order
	}{
		{
			name: "answer", reason: "the answer prompt gives the problem verbatim, then the enabled constraints",
			prompt:   prompt.Answer(&item, &testCatalog),
			sections: []string{"PROBLEM (verbatim):\n" + item.Question + "\n\n", "Enabled constraints:\n", "Answer:\n"},
		},
		{
			name: "strict judge", reason: "the judge prompt gives subject, constraint, problem verbatim, reference and the answer slot",
			prompt: prompt.Judge(&item, c, board.Strict),
			sections: []string{"university-level Physics problems", "Constraint description:\n" + c.Description + "\n",
				"Problem:\n" + item.Question + "\n\n", "Reference answer (if provided):\n1.73 kJ\n\n", "Model answer:\n" + prompt.AnswerPlaceholder + "\n\n"},
		},
		{
			name: "loose judge", reason: "the Loose judge prompt carries the same item content",
			prompt: prompt.Judge(&item, c, board.Loose),
			sections: []string{"university-level Physics problems", "Constraint description:\n" + c.Description + "\n",
				"Problem:\n" + item.Question + "\n\n", "Reference answer (if provided):\n1.73 kJ\n\n", "Model answer:\n" + prompt.AnswerPlaceholder + "\n\n"},
		},
		{
			name: "correctness", reason: "the correctness prompt gives problem, reference and the answer slot, in that order",
			prompt: prompt.Correctness(&item),
			sections: []string{"university-level Physics problems", "Problem:\n" + item.Question + "\n\n", "Reference answer:\n1.73 kJ\n\n",
				"Model answer:\n" + prompt.AnswerPlaceholder + "\n\n", "CORRECT: YES or NO"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := 0
			for _, s := range tt.sections {
				if n := strings.Count(tt.prompt, s); n != 1 {
					t.Errorf("%s: %q appears %d times, want once:\n%s", tt.reason, s, n, tt.prompt)
					continue
				}
				i := strings.Index(tt.prompt, s)
				if i < at {
					t.Errorf("%s: %q out of order", tt.reason, s)
				}
				at = i
			}
			if strings.Count(tt.prompt, prompt.AnswerPlaceholder) > 1 {
				t.Errorf("the answer placeholder appears more than once")
			}
			if strings.Contains(tt.prompt, item.Reference.Solution) {
				t.Errorf("the reference solution leaks into the prompt")
			}
		})
	}
}

func TestAnswerListsEnabledConstraints(t *testing.T) {
	item := testItem()
	got := prompt.Answer(&item, &testCatalog)
	i := strings.Index(got, "Enabled constraints:\n")
	j := strings.Index(got, "\nWriting rules:")
	if i < 0 || j < i {
		t.Fatalf("no constraint section in:\n%s", got)
	}
	want := "Enabled constraints:\n" +
		"- Units Standard (US): Use SI units throughout and state the unit of every result.\n" +
		"- Numerical Methods (NM): Solve with the named numerical method and show its steps.\n" +
		"\nRequired evidence (MUST appear; missing any item => non-compliant):\n" +
		"Units Standard:\n" +
		"  1. Every physical quantity carries an SI unit.\n" +
		"  2. The final answer states its unit.\n" +
		"  3. A one-line dimensional check of the final formula.\n" +
		"Numerical Methods:\n" +
		"  1. The stopping tolerance is stated.\n" +
		"  2. The update rule is written in the problem's symbols.\n"
	if diff := cmp.Diff(want, got[i:j]); diff != "" {
		t.Errorf("enabled constraints in item order, every point (MAIN and SECONDARY) required (-want +got):\n%s", diff)
	}
	if strings.Contains(got, "Assumptions") {
		t.Error("a constraint the item does not enable appears in the answer prompt")
	}
	for _, tag := range []string{"MAIN", "SECONDARY", "POINT_"} {
		if strings.Contains(got, tag) {
			t.Errorf("the answer prompt shows the judges' %q labels; the model must not write checklist labels", tag)
		}
	}
}

// TestDemoBenchmarkPrompts checks the structure of every prompt of the demo
// benchmark under the built-in catalog, and that building them is
// deterministic.
func TestDemoBenchmarkPrompts(t *testing.T) {
	bench, err := ingest.Benchmark(filepath.Join("..", "..", "..", "..", "..", "benchmarks", "sciif"))
	if err != nil {
		t.Fatal(err)
	}
	pointLine := regexp.MustCompile(`^POINT_(\d+)( \[(MAIN|SECONDARY)\])?: (.*)$`)
	for i := range bench.Items {
		item := &bench.Items[i]
		ans := prompt.Answer(item, &bench.Catalog)
		if again := prompt.Answer(item, &bench.Catalog); again != ans {
			t.Errorf("%s: answer prompt not deterministic", item.ID)
		}
		if !strings.Contains(ans, "PROBLEM (verbatim):\n"+strings.TrimSpace(item.Question)+"\n") {
			t.Errorf("%s: answer prompt does not carry the question verbatim", item.ID)
		}
		for _, cid := range item.Constraints {
			c := lookup(t, &bench.Catalog, cid)
			for _, p := range c.Points {
				if !strings.Contains(ans, "  "+strconv.Itoa(p.N)+". "+p.Text+"\n") {
					t.Errorf("%s: answer prompt lacks %s point %d", item.ID, cid, p.N)
				}
			}
			for _, pol := range board.Policies {
				jp := prompt.Judge(item, c, pol)
				if again := prompt.Judge(item, c, pol); again != jp {
					t.Errorf("%s/%s/%s: judge prompt not deterministic", item.ID, cid, pol)
				}
				lines := evidenceLines(t, jp)
				if len(lines) != len(c.Points) {
					t.Errorf("%s/%s/%s: %d evidence lines, want %d", item.ID, cid, pol, len(lines), len(c.Points))
					continue
				}
				for k, l := range lines {
					m := pointLine.FindStringSubmatch(l)
					p := c.Points[k]
					if m == nil || m[1] != strconv.Itoa(p.N) || m[4] != p.Text {
						t.Errorf("%s/%s/%s: evidence line %q, want POINT_%d with %q", item.ID, cid, pol, l, p.N, p.Text)
						continue
					}
					wantTag := ""
					if pol == board.Loose {
						wantTag = "SECONDARY"
						if p.Main {
							wantTag = "MAIN"
						}
					}
					if m[3] != wantTag {
						t.Errorf("%s/%s/%s: point %d tagged %q, want %q", item.ID, cid, pol, p.N, m[3], wantTag)
					}
				}
				if !strings.Contains(jp, "Problem:\n"+strings.TrimSpace(item.Question)+"\n\n") {
					t.Errorf("%s/%s/%s: judge prompt does not carry the question verbatim", item.ID, cid, pol)
				}
			}
		}
	}
}
