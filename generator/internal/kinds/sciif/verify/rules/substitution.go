package rules

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

// checkWords mark a sentence that reports a check of boundary or hard
// conditions.
var checkWords = regexp.MustCompile(`(?i)\b(?:boundary|substitut\w*|plug\w*|check\w*|verif\w*|satisf\w*|at\s+[a-z]\s*=)`)

// mathSpan matches inline or display math.
var mathSpan = regexp.MustCompile(`\$\$[^$]+\$\$|\$[^$]+\$|\\\([^)]*?\\\)|\\\[[\s\S]*?\\\]`)

// arithmetic is what the left side of a checkable equation may hold:
// numbers, operators, parentheses and the LaTeX spellings of them.
var arithmetic = regexp.MustCompile(`^(?:[0-9.,\s+\-−*/×·^(){}]|\\times|\\cdot|\\frac|\\left|\\right|\\,|\\;|\\!)+$`)

// plainNumber is what the right side of a checkable equation must be.
var plainNumber = regexp.MustCompile(`^[-−]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+−]?\d+)?$`)

// maxSubstitutions bounds the equalities one response may have checked, so
// that the rule's work is bounded by a count rather than by a clock.
const maxSubstitutions = 200

// substitutionTolerance accepts the roundings of a worked check.
var substitutionTolerance = equiv.Tolerance{Kind: equiv.Relative, Value: 0.01}

// substitutionArithmetic fails Boundary Conditions point 3 when a sentence
// that reports a check states an arithmetic equality that is false: the
// stated outcome of the check then does not agree with the arithmetic
// shown. Only equalities whose left side is pure arithmetic and whose right
// side is a plain number are read; anything else is left to the judges.
func substitutionArithmetic(ctx context.Context, _ *sciifdata.Item, ans *verify.Answer) sciifdata.RuleVerdict {
	const rule = "boundary_conditions/substitution-arithmetic"
	checked, compared := 0, 0
	if !strings.Contains(ans.Text, "=") {
		return undecided(rule, "no checkable arithmetic in the stated checks")
	}
	for _, sent := range splitSentences(ans.Text) {
		// Cheap tests first: an equation inside math, then the words.
		if !strings.Contains(sent, "=") || !strings.ContainsAny(sent, `$\`) || !checkWords.MatchString(sent) {
			continue
		}
		for _, span := range mathSpan.FindAllString(sent, -1) {
			body := strings.Trim(span, "$")
			body = strings.TrimPrefix(strings.TrimPrefix(body, `\(`), `\[`)
			body = strings.TrimSuffix(strings.TrimSuffix(body, `\)`), `\]`)
			parts := strings.Split(body, "=")
			for i := 0; i+1 < len(parts); i++ {
				lhs, rhs := strings.TrimSpace(parts[i]), strings.TrimSpace(parts[i+1])
				if !arithmetic.MatchString(lhs) || !strings.ContainsAny(lhs, "+-−*/×·^") && !strings.Contains(lhs, `\`) || !plainNumber.MatchString(rhs) {
					continue
				}
				if strings.HasSuffix(lhs, `\approx`) || strings.HasPrefix(rhs, `\approx`) {
					continue
				}
				if compared++; compared > maxSubstitutions {
					return undecided(rule, "more than %d stated equalities; the judges decide", maxSubstitutions)
				}
				r := equiv.Compare(ctx, rhs, lhs, equiv.Options{Tolerance: &substitutionTolerance, Type: "expression"})
				switch r.Verdict {
				case equiv.NotEqual:
					return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: rule, Evidence: span,
						Reason: fmt.Sprintf("the check states %s = %s, which is false (%s)", lhs, rhs, r.Reason)}
				case equiv.Equal:
					checked++
				}
			}
		}
	}
	if checked > 0 {
		return undecided(rule, "%d stated substitution(s) are arithmetically right; whether the check is complete is for the judges", checked)
	}
	return undecided(rule, "no checkable arithmetic in the stated checks")
}

// splitSentences splits text at line ends and at ". " outside math.
func splitSentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start, inMath := 0, false
		for i := 0; i < len(line); i++ {
			switch {
			case line[i] == '$':
				inMath = !inMath
			case !inMath && line[i] == '.' && i+1 < len(line) && line[i+1] == ' ':
				out = append(out, line[start:i+1])
				start = i + 2
			}
		}
		if start < len(line) {
			out = append(out, line[start:])
		}
	}
	return out
}
