package equiv

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type outcome struct {
	Verdict Verdict
	Rule    string
}

func TestCompare(t *testing.T) {
	tol := func(kind string, v float64) *Tolerance { return &Tolerance{Kind: kind, Value: v} }
	cases := []struct {
		name   string
		reason string
		gold   string
		pred   string
		opt    Options
		want   outcome
	}{
		{name: "identical", reason: "the same text needs no rule", gold: "42", pred: " 42 ", want: outcome{Equal, "identical"}},
		{name: "boxed", reason: "\\boxed and math delimiters are decoration", gold: "42", pred: `$\boxed{42}$`, want: outcome{Equal, "identical"}},
		{name: "thousands", reason: "thousands separators are not list commas", gold: "1234567", pred: "1,234,567", want: outcome{Equal, "identical"}},
		{name: "sci latex", reason: "\\times 10^{} is scientific notation", gold: "3.2e-4", pred: `3.2 \times 10^{-4}`, want: outcome{Equal, "numeric"}},
		{name: "sci unicode", reason: "Unicode superscripts are exponents", gold: "3.2e-4", pred: "3.2×10⁻⁴", want: outcome{Equal, "numeric"}},
		{name: "four sig figs", reason: "the default tolerance is the fourth significant figure", gold: "3.14159", pred: "3.142", want: outcome{Equal, "numeric"}},
		{name: "third sig fig wrong", reason: "a difference in the third figure is a different answer", gold: "3.14159", pred: "3.15", want: outcome{NotEqual, "numeric"}},
		{name: "less precise answer", reason: "an answer to three figures that the reference rounds to may be right", gold: "3.14159", pred: "3.14", want: outcome{Undecided, "numeric"}},
		{name: "less precise reference", reason: "an answer that rounds to the reference agrees at the reference's precision", gold: "0.0821", pred: "0.08206", want: outcome{Equal, "numeric"}},
		{name: "near zero", reason: "relative tolerance keeps tiny values apart", gold: "1e-7", pred: "2e-7", want: outcome{NotEqual, "numeric"}},
		{name: "beyond float64", reason: "big floats never overflow to equal infinities", gold: "1e400", pred: "2e400", want: outcome{NotEqual, "numeric"}},
		{name: "factorials", reason: "1/2004! and 1/2006! differ by a factor of four million", gold: `\frac{1}{2004!}`, pred: `\frac{1}{2006!}`, want: outcome{NotEqual, "numeric"}},
		{name: "exact integers", reason: "integer answers are counts and compare exactly", gold: "14916", pred: "14917", want: outcome{NotEqual, "numeric"}},
		{name: "exact big power", reason: "2^100 is held exactly and differs from its successor", gold: "2^{100}", pred: "1267650600228229401496703205377", want: outcome{NotEqual, "numeric"}},
		{name: "absolute tolerance", reason: "an item may set its own tolerance", gold: "5.0", pred: "5.3", opt: Options{Tolerance: tol(Absolute, 0.5)}, want: outcome{Equal, "numeric"}},
		{name: "decimals tolerance", reason: "two decimal places", gold: "3.14159", pred: "3.15", opt: Options{Tolerance: tol(Decimals, 2)}, want: outcome{NotEqual, "numeric"}},
		{name: "bad tolerance", reason: "an unknown kind is reported, not guessed", gold: "1", pred: "1", opt: Options{Tolerance: tol("fuzzy", 1)}, want: outcome{Undecided, "options"}},
		{name: "percent", reason: "25% is 0.25", gold: "25%", pred: "0.25", want: outcome{Equal, "unit"}},
		{name: "kJ/mol", reason: "prefixes and compound units convert", gold: "-285.8 kJ/mol", pred: `-2.858 \times 10^{5} \mathrm{J\,mol^{-1}}`, want: outcome{Equal, "unit"}},
		{name: "dimension mismatch", reason: "energy is not power", gold: "500 J", pred: "0.5 kW", want: outcome{NotEqual, "unit"}},
		{name: "per mole", reason: "kJ/mol against kJ may be per particle; left to the judges", gold: "-285.8 kJ/mol", pred: "-285.8 kJ", want: outcome{Undecided, "unit"}},
		{name: "celsius", reason: "temperatures with offsets", gold: "25 °C", pred: "298.15 K", want: outcome{Equal, "unit"}},
		{name: "temperature difference", reason: "J/(g °C) is J/(g K)", gold: `4.184 J/(g °C)`, pred: "4.184 J g^{-1} K^{-1}", want: outcome{Equal, "unit"}},
		{name: "millimolar", reason: "M is mol/L and mM its thousandth", gold: "0.1 M", pred: "100 mM", want: outcome{Equal, "unit"}},
		{name: "unit omitted", reason: "the same number in the reference's unit", gold: "9.81 m/s^2", pred: "9.81", want: outcome{Equal, "unit_omitted"}},
		{name: "unit omitted, converted", reason: "a bare number that differs may be in another unit", gold: "1.5 km", pred: "1500", want: outcome{Undecided, "unit"}},
		{name: "expression", reason: "algebraic identity by evaluation", gold: `\sqrt{\frac{2kT}{m}}`, pred: "(2kT/m)^{1/2}", want: outcome{Equal, "expression"}},
		{name: "expression differs", reason: "a factor of four", gold: `\sqrt{\frac{2kT}{m}}`, pred: `\sqrt{\frac{kT}{2m}}`, want: outcome{NotEqual, "expression"}},
		{name: "identity", reason: "trigonometric identities hold at every point", gold: `\tan^2(y)+1`, pred: `\sec^2(y)`, want: outcome{Equal, "expression"}},
		{name: "equation", reason: "equations equal up to a factor", gold: "2x+4y-3=0", pred: `y=-\frac{1}{2}x+\frac{3}{4}`, want: outcome{Equal, "equation"}},
		{name: "inequality", reason: "x < 1 and -x > -1 have the same solutions", gold: "x < 1", pred: "-x > -1", want: outcome{Equal, "relation"}},
		{name: "strictness", reason: "x > 5 excludes 5", gold: "x > 5", pred: `x \geq 5`, want: outcome{NotEqual, "relation"}},
		{name: "inequality domain", reason: "√x < 2 does not hold where √x is undefined: [0, 4), not x < 4", gold: "x < 4", pred: `\sqrt{x} < 2`, want: outcome{NotEqual, "relation"}},
		{name: "inequality unsure domain", reason: "x^{1/3} at x < 0: a real cube root by one convention, none by another", gold: "x < 1", pred: `x^{1/3} < 1`, want: outcome{Undecided, "relation"}},
		{name: "inequality domain agrees", reason: "ln x > 0 and x > 1: undefined for x <= 0, where x > 1 is false too", gold: "x > 1", pred: `\ln x > 0`, want: outcome{Equal, "relation"}},
		{name: "interval ends", reason: "open and closed ends differ", gold: "[0,1)", pred: "(0,1)", want: outcome{NotEqual, "interval"}},
		{name: "set order", reason: "sets have no order", gold: `\{1, 2, 3\}`, pred: `\{3, 1, 2\}`, want: outcome{Equal, "set"}},
		{name: "list order", reason: "a plain list in another order may be ordered parts", gold: "1, 2", pred: "2, 1", want: outcome{Undecided, "list"}},
		{name: "choice", reason: "an option letter in a sentence", gold: "B", pred: "The answer is (B).", want: outcome{Equal, "choice"}},
		{name: "choice differs", reason: "another letter", gold: "B", pred: "C", want: outcome{NotEqual, "choice"}},
		{name: "boolean", reason: "yes is true", gold: "True", pred: "Yes, because it is exothermic", want: outcome{Equal, "boolean"}},
		{name: "formula", reason: "two molecular formulas with the same element counts", gold: "C2H4O2", pred: "C2O2H4", want: outcome{Equal, "formula"}},
		{name: "condensed against molecular", reason: "a molecular formula is shared by isomers: methyl formate is C2H4O2 as well as acetic acid", gold: "C2H4O2", pred: "CH3COOH", want: outcome{Undecided, "formula"}},
		{name: "structural isomers", reason: "nitromethane and methyl nitrite share CH3NO2's counts", gold: "CH3NO2", pred: "CH3ONO", want: outcome{Undecided, "formula"}},
		{name: "one molecular structure", reason: "CH4O has one structure only, methanol", gold: "CH4O", pred: "CH3OH", want: outcome{Equal, "formula"}},
		{name: "atoms in another order", reason: "HCN and HNC are written as structures and are isomers", gold: "HCN", pred: "HNC", want: outcome{Undecided, "formula"}},
		{name: "formula name", reason: "common names come from a table", gold: "NaCl", pred: "sodium chloride", want: outcome{Equal, "formula"}},
		{name: "isomers", reason: "two condensed formulas with the same counts may be isomers (C3H7 is propyl or isopropyl)", gold: "CH3CH2CH2OH", pred: "C3H7OH", want: outcome{Undecided, "formula"}},
		{name: "isomer structures", reason: "condensed formulas read into different structures are isomers", gold: "CH3COOH", pred: "HCOOCH3", want: outcome{NotEqual, "formula"}},
		{name: "one structure", reason: "condensed formulas read into one structure", gold: "CH3CH2OH", pred: "HOCH2CH3", want: outcome{Equal, "formula"}},
		{name: "equation", reason: "a chemical equation compares species and coefficients", gold: "2H2 + O2 -> 2H2O", pred: "O2 + 2H_2 \\rightarrow 2H_2O", want: outcome{Equal, "chem_equation"}},
		{name: "salt name", reason: "a Stock name gives the formula by charge balance", gold: "iron(III) sulfate", pred: "Fe2(SO4)3", want: outcome{Equal, "formula"}},
		{name: "hydrate", reason: "the dot of a hydrate adds water", gold: "CuSO4·5H2O", pred: "CuSO4", want: outcome{NotEqual, "formula"}},
		{name: "hydrate as molecular formula", reason: "the counts of a hydrate are shared by other compounds", gold: "CuSO4·5H2O", pred: "CuSO9H10", want: outcome{Undecided, "formula"}},
		{name: "cobalt", reason: "Co is not CO", gold: "CO", pred: "Co", want: outcome{NotEqual, "formula"}},
		{name: "protein", reason: "three-letter codes with hyphens", gold: "MAGK", pred: "Met-Ala-Gly-Lys", want: outcome{Equal, "sequence"}},
		{name: "DNA case", reason: "DNA compares case-insensitively", gold: "ATGCGTACGT", pred: "atgcgtacgt", want: outcome{Equal, "sequence"}},
		{name: "DNA mutation", reason: "one base differs", gold: "ATGCGTACGT", pred: "ATGCGTACGA", want: outcome{NotEqual, "sequence"}},
		{name: "text", reason: "free-text references go to the judges", gold: "exothermic", pred: "exothermic", opt: Options{Type: "text"}, want: outcome{Undecided, "text"}},
		{name: "words", reason: "words are not products of variables", gold: "twelve", pred: "twelve apples", want: outcome{Undecided, "parse"}},
		{name: "empty", reason: "nothing to compare", gold: "42", pred: "  ", want: outcome{Undecided, "empty"}},
		{name: "tiny values", reason: "values under the absolute floor of float64 work agree whatever the function", gold: `10^{-20} \sin(x)`, pred: `10^{-20} \cos(x)`, want: outcome{Undecided, "expression"}},
		{name: "cancellation", reason: "sin(π) is 1.2e-16 in float64: equal to 0 only within the floor, so undecided", gold: `x \sin(\pi)`, pred: "0", want: outcome{Undecided, "expression"}},
		{name: "floor and scale", reason: "at working precision the values agree relatively", gold: `\sin(x)^2 + \cos(x)^2`, pred: "1", want: outcome{Equal, "expression"}},
		{name: "huge power", reason: "10^(10^10) is refused, not computed", gold: "10^{10^{10}}", pred: "10^{10^{10}}+1", want: outcome{Undecided, "numeric"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Compare(context.Background(), tc.gold, tc.pred, tc.opt)
			got := outcome{r.Verdict, r.Rule}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\nCompare(%q, %q) (-want +got):\n%s\nreason given: %s", tc.reason, tc.gold, tc.pred, diff, r.Reason)
			}
			if r.Reason == "" {
				t.Errorf("Compare(%q, %q) gave no reason", tc.gold, tc.pred)
			}
		})
	}
}

func TestExtract(t *testing.T) {
	cases := []struct {
		name     string
		reason   string
		response string
		want     string
		wantOK   bool
	}{
		{name: "boxed", reason: "the last box wins", response: `First $x=2$, so the answer is \boxed{4}.`, want: "4", wantOK: true},
		{name: "nested boxed", reason: "braces inside the box", response: `Thus \boxed{\frac{1}{2}}`, want: `\frac{1}{2}`, wantOK: true},
		{name: "several boxes", reason: "boxes joined by connectives form a list", response: `The roots are \boxed{1} and \boxed{2}.`, want: "1, 2", wantOK: true},
		{name: "final answer", reason: "a Final Answer section", response: "Work...\n\n**Final Answer**\n\n5.2 kJ/mol\n", want: "5.2 kJ/mol", wantOK: true},
		{name: "final answer template", reason: "the common template and its closing remark", response: "Final Answer: The final answer is $3.5$. I hope it is correct.", want: "$3.5$", wantOK: true},
		{name: "answer is", reason: "the answer is X", response: "We compute carefully. The answer is B.", want: "B", wantOK: true},
		{name: "last sentence", reason: "the result the last sentence states", response: "The mass is conserved. So the speed is 12 m/s.", want: "12 m/s", wantOK: true},
		{name: "last math", reason: "the last math span of the last sentence", response: "Therefore $x \\geq 5$ is the solution.", want: "$x \\geq 5$", wantOK: true},
		{name: "think", reason: "reasoning before </think> is skipped", response: "<think>maybe \\boxed{3}</think> The answer is 4.", want: "4", wantOK: true},
		{name: "short", reason: "a short answer is its own span", response: "  42  ", want: "42", wantOK: true},
		{name: "nothing", reason: "no result stated", response: "I am not sure how to proceed with this problem because it lacks data and context here.", want: "", wantOK: false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Extract(tc.response)
			if diff := cmp.Diff(struct {
				Span string
				OK   bool
			}{tc.want, tc.wantOK}, struct {
				Span string
				OK   bool
			}{got, ok}); diff != "" {
				t.Errorf("%s\nExtract(%q) (-want +got):\n%s", tc.reason, tc.response, diff)
			}
		})
	}
}

func TestVerdictString(t *testing.T) {
	got := []string{Undecided.String(), Equal.String(), NotEqual.String()}
	if diff := cmp.Diff([]string{"undecided", "equal", "not_equal"}, got); diff != "" {
		t.Errorf("Verdict.String (-want +got):\n%s", diff)
	}
}

func TestCompareIsDeterministicAndConcurrent(t *testing.T) {
	pairs := [][2]string{{"x^2-1", "(x-1)(x+1)"}, {"25 °C", "298.15 K"}, {`\{1,2\}`, `\{2,1\}`}, {"CH3COOH", "C2H4O2"}}
	want := make([]Result, len(pairs))
	for i, p := range pairs {
		want[i] = Compare(context.Background(), p[0], p[1], Options{})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, p := range pairs {
				if got := Compare(context.Background(), p[0], p[1], Options{}); !cmp.Equal(want[i], got) {
					errs <- cmp.Diff(want[i], got)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent Compare differs (-first +later):\n%s", e)
	}
}

// TestVerdictIgnoresDeadline checks that a context whose deadline has
// passed gives the same verdicts as no deadline: a verdict must never
// depend on how busy the machine is.
func TestVerdictIgnoresDeadline(t *testing.T) {
	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	pairs := [][2]string{
		{"(x+1)^2", "x^2+2x+1"}, {"3.52e4 J/mol", "35.2 kJ/mol"}, {"1/2004!", "1/2006!"},
		{"NaCl", "sodium chloride"}, {"[1, 2)", "[1,2)"}, {"B", "(C)"},
	}
	for _, r := range readScience(t) {
		pairs = append(pairs, [2]string{r.Gold, r.Pred})
	}
	for _, p := range pairs {
		want := Compare(context.Background(), p[0], p[1], Options{})
		if got := Compare(expired, p[0], p[1], Options{}); got != want {
			t.Errorf("Compare(%q, %q) with an expired deadline = %+v, without = %+v", p[0], p[1], got, want)
		}
	}
}

func TestCompareBoundsWork(t *testing.T) {
	hard := []string{
		strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000),
		"9999999!", "10^{10^{10^{10}}}", strings.Repeat("x^", 500) + "2",
		strings.Repeat(`\sqrt{`, 300) + "2" + strings.Repeat("}", 300),
		strings.Repeat("1, ", 1000) + "1", strings.Repeat("(1,", 200) + strings.Repeat(")", 200),
		"1e999999999", "((((x+y)^{1000})^{1000})^{1000})",
	}
	for _, h := range hard {
		start := time.Now()
		Compare(context.Background(), h, h+"+1", Options{})
		Compare(context.Background(), h, "2", Options{})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Compare(%q…) took %v", clip(h), d)
		}
	}
}

// TestParseConstAgreesWithParseExpr checks the fast path of unit splits:
// parseConst accepts exactly the expressions parseExpr reads without
// variables.
func TestParseConstAgreesWithParseExpr(t *testing.T) {
	inputs := []string{"2", "2 pi", "2 p", "3e8", "x", "2xe", "\\frac{1}{2}", "\\sqrt{2} m", "1.5 \\alpha", "α", "π r", "log_2 8", "x_1", "2 kg", "e^{2}", "1 m m"}
	for _, r := range readScience(t) {
		inputs = append(inputs, normalize(r.Gold), normalize(r.Pred))
	}
	for _, s := range inputs {
		for i := 1; i <= len(s); i++ {
			head := s[:i]
			e, err := parseExpr(head)
			want := err == nil && len(e.vars(map[string]bool{}, nil)) == 0
			_, err = parseConst(head)
			if got := err == nil; got != want {
				t.Errorf("parseConst(%q) ok = %v, parseExpr without variables = %v", head, got, want)
			}
		}
	}
}
