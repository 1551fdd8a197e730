package equiv

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Verdict is the outcome of a comparison.
type Verdict int

// Verdicts. Undecided is its own outcome: the caller asks a judge.
const (
	Undecided Verdict = iota
	Equal
	NotEqual
)

// String returns "undecided", "equal" or "not_equal".
func (v Verdict) String() string {
	switch v {
	case Equal:
		return "equal"
	case NotEqual:
		return "not_equal"
	}
	return "undecided"
}

// MarshalText encodes a verdict as its String form.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Tolerance kinds.
const (
	Relative = "relative" // |a-b| <= Value * max(|a|, |b|)
	Absolute = "absolute" // |a-b| <= Value, in the reference's unit
	SigFigs  = "sigfigs"  // |a-b| <= half a unit in the Value-th significant figure of the reference
	Decimals = "decimals" // |a-b| <= half a unit in the Value-th decimal place
)

// Tolerance says how close two numbers must be to be equal.
type Tolerance struct {
	Kind  string  `json:"kind"`
	Value float64 `json:"value"`
}

// DefaultTolerance is used when Options.Tolerance is nil: four significant
// figures, the precision the SciIF audit protocol (Appendix F) asks for.
func DefaultTolerance() Tolerance { return Tolerance{Kind: SigFigs, Value: 4} }

func (t Tolerance) validate() error {
	switch t.Kind {
	case Relative, Absolute:
		if !(t.Value >= 0 && t.Value < 1e300) {
			return fmt.Errorf("tolerance value %v out of range", t.Value)
		}
	case SigFigs:
		if !(t.Value >= 1 && t.Value <= 30) {
			return fmt.Errorf("significant figures %v out of range 1..30", t.Value)
		}
	case Decimals:
		if !(t.Value >= -30 && t.Value <= 30) {
			return fmt.Errorf("decimal places %v out of range -30..30", t.Value)
		}
	default:
		return fmt.Errorf("unknown tolerance kind %q", t.Kind)
	}
	return nil
}

// Types a reference may declare in Options.Type.
var types = []string{"", "numeric", "expression", "choice", "boolean", "formula", "sequence", "interval", "set", "text"}

func validType(t string) bool {
	for _, x := range types {
		if t == x {
			return true
		}
	}
	return false
}

// Options tune one comparison. The zero value is ready to use.
type Options struct {
	// Tolerance for numbers; nil means DefaultTolerance.
	Tolerance *Tolerance
	// Type is an optional hint on the reference: numeric, expression,
	// choice, boolean, formula, sequence, interval, set or text. A "text"
	// reference is always Undecided. Empty means detect.
	Type string
}

// Result is a verdict with the rule that decided it and why.
type Result struct {
	Verdict Verdict `json:"verdict"`
	// Rule is a stable id of the rule that decided (see the package doc).
	Rule string `json:"rule"`
	// Reason explains the verdict to a reader.
	Reason string `json:"reason"`
	// Gold and Pred are the normalised forms that were compared.
	Gold string `json:"gold"`
	Pred string `json:"pred"`
}

// Limits on one comparison.
const (
	maxInput = 4000   // bytes of each side after extraction
	maxSteps = 25_000 // evaluation steps per pair
	// A step is about the cost of one 256-bit multiplication; the costlier
	// operations are charged more, so that maxSteps bounds time.
	stepsQuo  = 2
	stepsSqrt = 12
)

var errBudget = errors.New("work bound reached")

// cmpr carries what one comparison needs; it is never shared.
type cmpr struct {
	tol      Tolerance
	explicit bool // the item set its own tolerance
	steps    int
	// \log without a base is natural here; usedLog records that it was
	// met, and log10 and logBin re-read it as decimal and as binary (log
	// in computer science and information theory), to leave the choice to
	// the judges when the readings disagree.
	usedLog bool
	log10   bool
	logBin  bool
	// lg is log10 (ISO 80000) here and log2 in computer science: usedLg
	// records that it was met, and lg2 re-reads it as binary.
	usedLg bool
	lg2    bool
	// strictDomain is set while comparing the values of labelled answers
	// (y = x + 1): an equation of a curve, whose points change where a
	// side has no value, so no removable singularity is accepted.
	strictDomain bool
}

// tick charges n steps of work and reports when the bound is reached. The
// bound counts work, never time, so that a busy machine cannot turn a
// verdict into undecided.
func (c *cmpr) tick(n int) error {
	c.steps += n
	if c.steps > maxSteps {
		return errBudget
	}
	return nil
}

// Compare decides whether pred (a model's final answer, ideally the span
// returned by Extract) matches gold (the reference answer). It never panics
// and returns Undecided whenever no rule is sure.
//
// The verdict depends on gold, pred and opt alone: the work is bounded by a
// count of steps and by the input sizes, never by a clock, and ctx is not
// consulted during a comparison (one takes well under 10 ms). A caller that
// wants to stop early checks ctx between comparisons, as RunBatch does, and
// then produces no verdict at all.
func Compare(_ context.Context, gold, pred string, opt Options) (res Result) {
	defer func() {
		if r := recover(); r != nil {
			res = Result{Verdict: Undecided, Rule: "internal", Reason: fmt.Sprintf("internal error: %v", r), Gold: gold, Pred: pred}
		}
	}()
	c := &cmpr{tol: DefaultTolerance()}
	if opt.Tolerance != nil {
		if err := opt.Tolerance.validate(); err != nil {
			return Result{Rule: "options", Reason: err.Error(), Gold: gold, Pred: pred}
		}
		c.tol, c.explicit = *opt.Tolerance, true
	}
	if !validType(opt.Type) {
		return Result{Rule: "options", Reason: fmt.Sprintf("unknown type %q", opt.Type), Gold: gold, Pred: pred}
	}
	if !utf8.ValidString(gold) || !utf8.ValidString(pred) {
		return Result{Rule: "input", Reason: "invalid UTF-8", Gold: gold, Pred: pred}
	}
	if len(gold) > maxInput || len(pred) > maxInput {
		return Result{Rule: "input", Reason: fmt.Sprintf("answer longer than %d bytes", maxInput), Gold: clip(gold), Pred: clip(pred)}
	}
	g, p := normalize(gold), normalize(pred)
	res = c.compare(g, p, opt.Type)
	if res.Gold == "" {
		res.Gold = g
	}
	if res.Pred == "" {
		res.Pred = p
	}
	return res
}

func clip(s string) string {
	if len(s) <= 80 {
		return s
	}
	i := 80
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

func undecided(rule, format string, a ...any) Result {
	return Result{Verdict: Undecided, Rule: rule, Reason: fmt.Sprintf(format, a...)}
}

func decided(eq bool, rule, format string, a ...any) Result {
	v := NotEqual
	if eq {
		v = Equal
	}
	return Result{Verdict: v, Rule: rule, Reason: fmt.Sprintf(format, a...)}
}

func (c *cmpr) compare(g, p, typ string) Result {
	if typ == "text" {
		return undecided("text", "free-text references are left to the judges")
	}
	if g == "" || p == "" {
		return undecided("empty", "an answer is empty after normalisation")
	}
	if squash(g) == squash(p) {
		return decided(true, "identical", "the normalised answers are identical")
	}
	if typ == "" || typ == "expression" {
		if r, ok := c.tryDeriv(g, p); ok {
			return r
		}
	}
	if typ == "" {
		if r, ok := c.tryNuclide(g, p); ok {
			return r
		}
		if r, ok := c.tryStereo(g, p); ok {
			return r
		}
		if r, ok := c.tryHybrid(g, p); ok {
			return r
		}
	}
	if typ == "" || typ == "set" {
		if r, ok := c.tryBuilder(g, p); ok {
			return r
		}
	}
	if typ == "" || typ == "formula" {
		if r, ok := c.tryChemEq(g, p); ok {
			return r
		}
	}
	switch typ {
	case "boolean":
		return c.compareBool(g, p)
	case "choice":
		if gl, ok := choiceLetters(g, true); ok {
			return c.compareChoices(gl, p)
		}
		return c.compareChoice(g, p)
	case "formula":
		return c.compareChem(g, p)
	case "sequence":
		return c.compareSeq(g, p)
	case "numeric", "expression", "interval", "set":
		return c.compareValues(g, p, typ)
	}
	if _, ok := boolWord(g); ok {
		return c.compareBool(g, p)
	}
	if _, ok := choiceLetter(g); ok {
		return c.compareChoice(g, p)
	}
	if gl, ok := choiceLetters(g, true); ok {
		return c.compareChoices(gl, p)
	}
	if r, ok := c.trySeq(g, p); ok {
		return r
	}
	if r, ok := c.tryChem(g, p); ok {
		return r
	}
	r := c.compareValues(g, p, typ)
	if r.Verdict == Equal && r.Rule == "expression" && reCapitals.MatchString(g) && reCapitals.MatchString(p) {
		// RS against SR: descriptors or labels in another order as often
		// as products of variables.
		return undecided("expression", "%q and %q are capital letters in another order: names or products?", g, p)
	}
	if r.Verdict == NotEqual && r.Rule == "expression" && (notation(g) || notation(p)) {
		// sp3 against sp^3, W against Trp, 5 nit against 5 cd/m^2, lb(8):
		// names, units and functions, not products of variables.
		return undecided("expression", "%q or %q reads as a name (sp3, Trp, Fe, a unit or a function not in the tables), not a product of variables", g, p)
	}
	return r
}

// reNotation finds what writes a name rather than algebra: a capital and
// two small letters (Trp, Gly), letters then a digit (sp3, dsp2), a
// capital and a small letter that make an element (Fe, Cl).
var reNotation = regexp.MustCompile(`(?:^|[^A-Za-z\\])(?:[A-Z][a-z]{2}|[a-z]{2,}\d|(?:He|Li|Be|Ne|Na|Mg|Al|Si|Cl|Ar|Ca|Ti|Cr|Mn|Fe|Co|Ni|Cu|Zn|Br|Kr|Ag|Sn|Au|Hg|Pb|Xe|Rb|Sr|Cs|Ba|Pt|Ra|Rn)(?:[^a-z]|$))`)

// reCapitals matches a run of capital letters alone.
var reCapitals = regexp.MustCompile(`^\s*[A-Z]{2,}\s*$`)

// reQuantityShape finds a number, a space and letters: a quantity whose
// unit is not in the table (5 nit), not a product of variables.
var reQuantityShape = regexp.MustCompile(`^\s*[-+]?\d[\d.,]*(?:[eE][-+]?\d+)?\s+[A-Za-zµμΩÅ]`)

// reLbWord finds lb before a number without parentheses (lb 8): the
// binary logarithm, or pounds written before their number, never l·b·8.
var reLbWord = regexp.MustCompile(`(?:^|[^A-Za-z\\])l[bd]\s+\d`)

// reCall finds a name of two letters or more applied to parentheses.
var reCall = regexp.MustCompile(`(?:^|[^A-Za-z\\])([a-z]{2,})\s*\(`)

func notation(s string) bool {
	if reNotation.MatchString(s) || reQuantityShape.MatchString(s) {
		return true
	}
	// erf(1), sgn(x): a function that is not in the table, not e·r·f·1;
	// lb(8) is read as the binary logarithm, but lb(h+1) may be l·b·(h+1),
	// so only an Equal stands.
	for _, m := range reCall.FindAllStringSubmatch(s, -1) {
		if !fnNames[m[1]] && !greek[m[1]] {
			return true
		}
	}
	return reLbWord.MatchString(s)
}

// squash drops white space, for the identity rule, except between two
// digits ("1 2" is not 12).
func squash(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			space = true
			continue
		}
		if space && r >= '0' && r <= '9' && b.Len() > 0 {
			if last := b.String()[b.Len()-1]; last >= '0' && last <= '9' {
				b.WriteByte(' ')
			}
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
