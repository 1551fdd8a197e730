// Package prompt builds the SciIF protocol's prompts: the answer-generation
// prompt a model under test receives, and the correctness and
// per-constraint judge prompts (Strict and Loose) that audit its answer
// (after the paper's Appendix A.3–A.4). It is pure text assembly: no I/O.
package prompt

import (
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// AnswerPlaceholder stands for the model's answer in judge prompts; a
// harness replaces it with the answer text.
const AnswerPlaceholder = "{{MODEL_ANSWER}}"

// Answer is the answer-generation prompt of item.
func Answer(item *sciifdata.Item, cat *sciifdata.Catalog) string {
	var b strings.Builder
	b.WriteString("You are solving a university-level scientific problem.\n\n")
	b.WriteString("PROBLEM (verbatim):\n")
	b.WriteString(strings.TrimSpace(item.Question))
	b.WriteString("\n\nEnabled constraints:\n")
	for _, cid := range item.Constraints {
		c, _ := cat.Lookup(cid)
		fmt.Fprintf(&b, "- %s (%s): %s\n", c.Name, c.Abbrev, c.Description)
	}
	b.WriteString("\nRequired evidence (MUST appear; missing any item => non-compliant):\n")
	for _, cid := range item.Constraints {
		c, _ := cat.Lookup(cid)
		fmt.Fprintf(&b, "%s:\n", c.Name)
		for _, p := range c.Points {
			fmt.Fprintf(&b, "  %d. %s\n", p.N, p.Text)
		}
	}
	b.WriteString(`
Writing rules:
- Integrate evidence into the solution narrative with natural transitions.
- Do not use checklist-style rubric blocks or fixed labels.
- Do not claim compliance with slogans; show explicit, auditable statements and checks.
- Do not use markdown tables for definitions; define symbols inline in sentences.
- Follow the problem's stated units and precision requirements.

Answer format:
- Short plan
- Derivation / reasoning (equations if needed)
- Final Answer (clearly stated, with units if applicable)

Answer:
`)
	return b.String()
}

// Judge is the per-constraint judge prompt of constraint c on item under
// policy p, with AnswerPlaceholder where the model's answer goes.
func Judge(item *sciifdata.Item, c *sciifdata.Constraint, p board.Policy) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You are an expert validator for university-level %s problems.\n\n", item.Subject)
	fmt.Fprintf(&b, "Constraint name:\n%s\n\nConstraint description:\n%s\n\n", strings.ToUpper(c.Name), c.Description)
	b.WriteString("Required evidence points (evaluate EACH independently):\n")
	for _, pt := range c.Points {
		tag := ""
		if p == board.Loose {
			tag = " [SECONDARY]"
			if pt.Main {
				tag = " [MAIN]"
			}
		}
		fmt.Fprintf(&b, "POINT_%d%s: %s\n", pt.N, tag, pt.Text)
	}
	fmt.Fprintf(&b, "\nProblem:\n%s\n\n", strings.TrimSpace(item.Question))
	fmt.Fprintf(&b, "Reference answer (if provided):\n%s\n\n", strings.TrimSpace(item.Reference.Answer))
	fmt.Fprintf(&b, "Model answer:\n%s\n\n", AnswerPlaceholder)
	b.WriteString("Decision policy:\n")
	if p == board.Loose {
		b.WriteString(`- Same as STRICT for pointwise evidence, non-inference, and truthfulness checks.
- OVERALL is YES only if all MAIN points are YES. SECONDARY points may be NO.
`)
	} else {
		b.WriteString(`- Decide whether each point has explicit, problem-grounded evidence in the model answer.
- Do NOT infer missing evidence.
- If the model claims a check, verify it is correct and consistent with its own work.
- OVERALL is YES only if every point is YES.
`)
	}
	b.WriteString("\nOutput format (MUST follow exactly):\n")
	for _, pt := range c.Points {
		fmt.Fprintf(&b, "POINT_%d: YES or NO [brief reason if NO]\n", pt.N)
	}
	failed := "failed points"
	if p == board.Loose {
		failed = "failed MAIN points"
	}
	fmt.Fprintf(&b, "OVERALL: YES or NO\nOVERALL_REASON: [<=150 chars, list %s]\n", failed)
	return b.String()
}

// Correctness is the correctness judge prompt of item, with
// AnswerPlaceholder where the model's answer goes. It follows the paper's
// human validation protocol (Appendix F) and ignores constraint compliance.
func Correctness(item *sciifdata.Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You are an expert grader for university-level %s problems.\n\n", item.Subject)
	fmt.Fprintf(&b, "Problem:\n%s\n\nReference answer:\n%s\n\nModel answer:\n%s\n\n", strings.TrimSpace(item.Question), strings.TrimSpace(item.Reference.Answer), AnswerPlaceholder)
	b.WriteString(`Decide whether the model's final answer is equivalent to the reference answer.
- Numerical results must agree to four significant figures unless the reference states a tolerance; units and sign must agree.
- Categorical conclusions (choices, true/false, directions, inequalities) must match; a definite answer where the reference is "undetermined" is not equivalent.
- Different wording or an equivalent, justified method is acceptable. Ignore formatting and constraint compliance.

Output format (MUST follow exactly):
CORRECT: YES or NO
REASON: [<=150 chars]
`)
	return b.String()
}
