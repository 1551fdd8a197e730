// Package rules holds the deterministic verifiers that the SciIF protocol
// runs before the LLM judges (paper §3.5, Appendix A.2): correctness by
// answer equivalence, and evidence rules that can decide single points.
//
// Every rule is small and stateless and returns Undecided whenever it is not
// sure: a rule overrides the judges only where it is reliable, and
// undecided never counts as a pass. Rules read only the item and the
// response; they perform no I/O.
package rules

import (
	"context"
	"fmt"
	"math/bits"
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

// Default returns the protocol's rule set: correctness by equivalence and
// the point rules of Points.
func Default() verify.Rules {
	return verify.Rules{Extract: equiv.Extract, Correctness: Correctness, Points: Points()}
}

// Points returns the evidence rules, an explicit list with stable ids.
func Points() []verify.PointRule {
	return []verify.PointRule{
		{
			ID: "units_standard/final-unit", Constraint: "units_standard", Point: 2,
			Doc:   "Fails point 2 when the reference has a unit and the final answer is a bare number, or carries a unit of another dimension.",
			Check: finalUnit,
		},
		{
			ID: "boundary_conditions/substitution-arithmetic", Constraint: "boundary_conditions", Point: 3,
			Doc:   "Fails point 3 when a sentence reporting a check states an arithmetic equality (numbers only) that is false.",
			Check: substitutionArithmetic,
		},
		{
			ID: "numerical_methods/method-named", Constraint: "numerical_methods", Point: 1,
			Doc:   "Fails point 1 when the response names no numerical method, algorithm, scheme or iteration at all.",
			Check: methodNamed,
		},
		{
			ID: "symbols_constants_standardization/constant-value", Constraint: "symbols_constants_standardization", Point: 2,
			Doc:   "Fails point 2 when a named physical constant is stated with a value that is wrong for its standard meaning.",
			Check: constantValues,
		},
	}
}

func undecided(rule, format string, args ...any) sciifdata.RuleVerdict {
	return sciifdata.RuleVerdict{Outcome: outcome.Undecided, Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// Correctness decides correctness with the answer-equivalence verifier when
// the reference is machine-checkable, and leaves it to the judges otherwise.
func Correctness(ctx context.Context, item *sciifdata.Item, ans *verify.Answer) sciifdata.RuleVerdict {
	const rule = "correctness/equiv"
	if item.Reference.Type == "text" || strings.TrimSpace(item.Reference.Answer) == "" {
		return undecided(rule, "the reference is free text; the judges decide")
	}
	if !ans.HasFinal {
		return undecided(rule, "no final answer found in the response; the judges decide")
	}
	span := ans.Final
	r := compare(ctx, ans, item.Reference.Answer, itemOptions(item))
	v := sciifdata.RuleVerdict{Rule: rule + "/" + r.Rule, Reason: r.Reason, Evidence: span}
	if r.Verdict == equiv.Equal && r.Rule == "unit_omitted" {
		// The number is right but the unit is missing: whether that is a
		// correct answer is a judgement (the judges differ on it), so the
		// judges decide; the Units Standard rules see the missing unit.
		v.Reason = "the value agrees but the answer omits the unit (" + r.Reason + "); the judges decide"
		return v
	}
	switch r.Verdict {
	case equiv.Equal:
		v.Outcome = outcome.Pass
	case equiv.NotEqual:
		v.Outcome = outcome.Fail
	}
	return v
}

// itemOptions are the comparison options an item's reference asks for.
func itemOptions(item *sciifdata.Item) equiv.Options {
	opt := equiv.Options{Type: item.Reference.Type}
	if t := item.Reference.Tolerance; t != nil {
		opt.Tolerance = &equiv.Tolerance{Kind: t.Kind, Value: t.Value}
	}
	return opt
}

// compare compares the answer's final span with gold under opt, once per
// final span, reference and options for every answer the verifier checks
// (equiv.Compare is a pure function of the three; ctx does not reach it).
// equiv bounds the work by steps, not time, so the verdict is the same on
// a busy machine.
func compare(ctx context.Context, ans *verify.Answer, gold string, opt equiv.Options) equiv.Result {
	key := "equiv\x00" + gold + "\x00" + ans.Final + "\x00" + opt.Type
	if opt.Tolerance != nil {
		key += fmt.Sprintf("\x00%s\x00%g", opt.Tolerance.Kind, opt.Tolerance.Value)
	}
	return ans.Shared(key, func() any {
		return equiv.Compare(ctx, gold, ans.Final, opt)
	}).(equiv.Result)
}

// bareNumber matches a number alone, in any of the notations models use,
// with optional math delimiters, \boxed{} and trailing punctuation.
var bareNumber = regexp.MustCompile(`^(?:\\boxed\{)?\$*\s*(?:\\approx|≈|~|=)?\s*[-+−]?(?:\d[\d,\s]*(?:\.\d*)?|\.\d+)(?:[eE][-+−]?\d+)?(?:\s*(?:\\times|\\cdot|×|·)\s*10\s*(?:\^\s*\{?\s*[-+−]?\d+\s*\}?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?\s*\$*\}?\s*[.,;]?\s*$`)

// leadingNumber matches the number at the start of a reference answer.
var leadingNumber = regexp.MustCompile(`^\s*\$?\s*[-+−]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+−]?\d+)?(?:\s*(?:\\times|\\cdot|×|·)\s*10\s*(?:\^\s*\{?\s*[-+−]?\d+\s*\}?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?\s*\$?\s*`)

// rightHandSide returns what a final answer states after its last "=",
// "≈" or "\\approx" ("$\\lambda \\approx 1099$" gives "1099"), without
// math delimiters; the whole answer when it has none.
func rightHandSide(span string) string {
	s := strings.TrimSpace(span)
	s = strings.TrimPrefix(s, "\\boxed{")
	s = strings.Trim(s, "$ ")
	for _, op := range []string{"\\approx", "≈", "="} {
		if i := strings.LastIndex(s, op); i >= 0 {
			s = s[i+len(op):]
		}
	}
	return strings.TrimSpace(s)
}

// referenceUnit returns the unit text of a numeric reference ("J/mol" of
// "3.52e4 J/mol"), or "" when the reference is not a number with a unit.
func referenceUnit(item *sciifdata.Item) string {
	t := item.Reference.Type
	if t != "" && t != "numeric" {
		return ""
	}
	ans := strings.TrimSpace(item.Reference.Answer)
	loc := leadingNumber.FindStringIndex(ans)
	if loc == nil {
		return ""
	}
	rest := strings.TrimSpace(ans[loc[1]:])
	if rest == "" || rest == "%" || strings.ContainsAny(rest, "=,;") || len(strings.Fields(rest)) > 4 {
		return ""
	}
	for _, r := range rest {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == 'Å' || r == '°' || r == 'μ' || r == 'Ω' {
			return rest
		}
	}
	return ""
}

func finalUnit(ctx context.Context, item *sciifdata.Item, ans *verify.Answer) sciifdata.RuleVerdict {
	const rule = "units_standard/final-unit"
	unit := referenceUnit(item)
	if unit == "" {
		return undecided(rule, "the reference has no unit to check against")
	}
	if !ans.HasFinal {
		return undecided(rule, "no final answer found")
	}
	span := ans.Final
	if bareNumber.MatchString(rightHandSide(span)) {
		return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: rule, Evidence: span,
			Reason: fmt.Sprintf("the final answer %q carries no unit; the reference is in %s", strings.TrimSpace(span), unit)}
	}
	// The same comparison as for correctness, shared through the memo.
	r := compare(ctx, ans, item.Reference.Answer, itemOptions(item))
	switch {
	case r.Verdict == equiv.Equal && r.Rule == "unit_omitted":
		// The value is the reference's; only the unit is missing.
		return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: rule, Evidence: span,
			Reason: fmt.Sprintf("the final answer %q carries no unit; the reference is in %s", strings.TrimSpace(span), unit)}
	case r.Verdict == equiv.NotEqual && strings.HasPrefix(r.Reason, "dimensions differ"):
		return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: rule, Evidence: span,
			Reason: "the final answer's unit has the wrong dimension: " + r.Reason}
	}
	return undecided(rule, "the final answer seems to carry a unit; whether units stay consistent is for the judges")
}

// methodWords, methodPrefixes and methodPhrases are the vocabulary without
// which no numerical method can have been named. The list is deliberately
// broad (fits, regressions, expansions, approximations): the rule may fail a
// point only when none of them occurs, since their absence is reliable
// evidence and their presence proves nothing.
var (
	methodWords = map[string]bool{
		"method": true, "methods": true, "algorithm": true, "algorithms": true, "scheme": true, "schemes": true,
		"procedure": true, "technique": true, "quadrature": true, "solver": true, "recurrence": true,
		"recursion": true, "update": true, "updates": true, "newton": true, "raphson": true, "secant": true,
		"euler": true, "runge": true, "kutta": true, "simpson": true, "romberg": true, "jacobi": true,
		"seidel": true, "relaxation": true, "sor": true, "metropolis": true, "sampling": true, "verlet": true,
		"leapfrog": true, "crank": true, "nicolson": true, "shooting": true, "gradient": true, "descent": true,
		"regula": true, "falsi": true, "brent": true, "spline": true, "splines": true, "rk4": true, "fdm": true,
		"fem": true, "regression": true, "fit": true, "fits": true, "elimination": true, "decomposition": true,
		"cholesky": true, "householder": true, "qr": true, "lu": true, "lanczos": true, "fourier": true,
		"fft": true, "convolution": true, "taylor": true, "series": true, "expansion": true,
		"levenberg": true, "marquardt": true, "conjugate": true, "simplex": true, "stepsize": true,
		"timestep": true,
	}
	methodPrefixes = []string{"iterat", "integrat", "bisect", "trapez", "gauss", "interpolat", "extrapolat",
		"numerical", "discreti", "fitt", "factori", "eigen", "optimi", "minimi", "maximi", "approximat", "estimat"}
	methodPhrases = []string{"finite difference", "finite-difference", "finite element", "finite-element",
		"finite volume", "finite-volume", "monte carlo", "monte-carlo", "fixed point", "fixed-point",
		"step size", "step-size", "time step", "time-step", "least squares", "least-squares",
		"normal equations", "power method", "root finding", "root-finding"}
)

// methodMention returns the first method word of lower (an ASCII
// lower-cased text), or "".
func methodMention(lower string) string {
	if p := firstPhrase(lower); p != "" {
		return p
	}
	for i := 0; i < len(lower); {
		if !isASCIILetterDigit(lower[i]) {
			i++
			continue
		}
		j := i
		for j < len(lower) && isASCIILetterDigit(lower[j]) {
			j++
		}
		w := lower[i:j]
		if methodWords[w] {
			return w
		}
		for _, p := range methodPrefixes {
			if strings.HasPrefix(w, p) {
				return w
			}
		}
		i = j
	}
	return ""
}

// phrasesBefore lists, by the last byte of a method phrase's first word,
// the phrases (indexes into methodPhrases) whose first word ends with it.
var phrasesBefore = func() (out [256][]int) {
	for i, p := range methodPhrases {
		k := strings.IndexAny(p, " -")
		out[p[k-1]] = append(out[p[k-1]], i)
	}
	return out
}()

// firstPhrase returns the first of methodPhrases, in their order, that
// lower contains anywhere (strings.Contains of each), or "". Every phrase
// is two words joined by a space or a hyphen, so one pass over lower that
// stops at those separators finds them all.
func firstPhrase(lower string) string {
	found := uint64(0)
	for k := 1; k < len(lower); k++ {
		c := lower[k]
		if c != ' ' && c != '-' {
			continue
		}
		for _, i := range phrasesBefore[lower[k-1]] {
			p := methodPhrases[i]
			sep := strings.IndexAny(p, " -")
			if p[sep] == c && k >= sep && lower[k-sep:k] == p[:sep] && strings.HasPrefix(lower[k:], p[sep:]) {
				found |= 1 << i
			}
		}
	}
	if found == 0 {
		return ""
	}
	return methodPhrases[bits.TrailingZeros64(found)]
}

func isASCIILetterDigit(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
}

func methodNamed(_ context.Context, _ *sciifdata.Item, ans *verify.Answer) sciifdata.RuleVerdict {
	const rule = "numerical_methods/method-named"
	if m := methodMention(ans.Lower()); m != "" {
		return undecided(rule, "the response mentions %q; whether it names and applies an algorithm is for the judges", m)
	}
	return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: rule,
		Reason: "the response never names a numerical method, algorithm, scheme or iteration"}
}
