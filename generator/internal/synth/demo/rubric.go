package demo

// pointRubric is what the demo judges know about one evidence point: whether
// it is MAIN, the sentences they write when it is present or missing, and the
// generic sentence a model writes when it only pays lip service to it.
type pointRubric struct {
	main bool
	// drift marks "no drift" points: they pass unless the answer drifts,
	// so leaving out the optional sentence that states them costs nothing.
	drift bool
	// yes are short notes a judge may add after YES.
	yes []string
	// no are reasons for NO when the evidence is missing.
	no []string
	// weak is a vague sentence that a lenient judge accepts and a strict
	// one rejects with weakWhy; empty if the point has no vague form.
	weak, weakWhy string
	// needs is the point this one builds on (0: none): without it, this
	// point is missing too.
	needs int
}

type constraintRubric struct {
	id     string
	name   string
	points []pointRubric
}

// rubric lists the ten constraints of the SciIF catalog with their evidence
// points, MAIN or SECONDARY as in the paper's rubric.
var rubric = []constraintRubric{
	{id: "assumptions", name: "Assumptions", points: []pointRubric{
		{main: true,
			yes: []string{"key assumption stated explicitly", "assumption named and tied to this problem"},
			no:  []string{"no key assumption is stated; the simplification is used silently", "assumptions are left implicit"}},
		{main: true, needs: 1,
			yes:  []string{"impact on the method is explained", "explains what the assumption changes"},
			no:   []string{"does not explain how the assumption affects the method or result", "impact of the assumption is not discussed"},
			weak: "This assumption keeps the calculation simple.", weakWhy: "impact stated only as 'keeps the calculation simple', not tied to the result"},
		{needs: 1,
			yes:  []string{"anchored to a concrete step", "linked to the step where it is used"},
			no:   []string{"the assumption is not anchored to a concrete step", "no step of the solution is linked to the assumption"},
			weak: "The assumption is used in the steps that follow.", weakWhy: "generic pointer to 'the steps that follow', no concrete step named"},
	}},
	{id: "boundary_conditions", name: "Boundary Conditions", points: []pointRubric{
		{main: true,
			yes: []string{"boundary conditions extracted from the prompt", "hard conditions listed"},
			no:  []string{"the boundary or hard conditions of the prompt are not extracted", "conditions from the prompt are never stated"}},
		{main: true,
			yes:  []string{"substitution check performed", "mechanical check by substitution shown"},
			no:   []string{"no mechanical substitution check is performed", "the result is never substituted back into the conditions"},
			weak: "The result satisfies the boundary conditions stated above.", weakWhy: "asserts the conditions hold without substituting anything"},
		{needs: 2,
			yes: []string{"outcome of the check stated", "states that the check holds"},
			no:  []string{"the outcome of the check is not stated", "no stated result of the check"}},
	}},
	{id: "applicability_range", name: "Applicability Range", points: []pointRubric{
		{main: true,
			yes: []string{"model named", "approximation named explicitly"},
			no:  []string{"the approximation or model is not named", "no model or approximation is named"}},
		{main: true, needs: 1,
			yes:  []string{"explicit validity range", "validity range given with numbers"},
			no:   []string{"no explicit validity range is given", "validity range missing"},
			weak: "This approximation is valid under the conditions of the problem.", weakWhy: "validity range is not explicit, no inequality or numbers"},
		{needs: 1,
			yes:  []string{"failure mode and trend stated", "direction of the error outside the range given"},
			no:   []string{"no failure mode outside the range is described", "what happens outside the range is not discussed"},
			weak: "Outside this range the model would be less accurate.", weakWhy: "failure mode given without a direction or trend"},
	}},
	{id: "units_standard", name: "Units Standard", points: []pointRubric{
		{main: true,
			yes: []string{"units given at first use", "units declared for key variables"},
			no:  []string{"key variables are introduced without units", "no units at first use of the key variables"}},
		{main: true,
			yes: []string{"units consistent, final answer carries its unit", "consistent units"},
			no:  []string{"final answer has no unit", "the final answer is a bare number"}},
		{
			yes:  []string{"unit check tied to the target", "dimensional check shown"},
			no:   []string{"no dimensional or unit self-check", "no unit check of the target quantity"},
			weak: "All units are consistent throughout.", weakWhy: "claims consistency but shows no unit check of the target"},
	}},
	{id: "cross_disciplinary_disambiguation", name: "Cross-disciplinary Term Disambiguation", points: []pointRubric{
		{main: true,
			yes: []string{"ambiguous term identified", "names the ambiguous term"},
			no:  []string{"no ambiguous term is identified", "the ambiguous term is used without comment"}},
		{main: true, needs: 1,
			yes: []string{"intended and non-intended meanings given", "contrasts the two meanings"},
			no:  []string{"only the intended meaning is given, no non-intended meaning", "no contrasting meaning is stated"}},
		{needs: 1,
			yes:  []string{"points to where the meaning is used", "use site identified"},
			no:   []string{"does not point to where the intended meaning is used", "no pointer to the step using the intended meaning"},
			weak: "This is the meaning used in the solution.", weakWhy: "generic pointer, no step named"},
	}},
	{id: "intra_discipline_definitions", name: "Intra-discipline Term Definitions", points: []pointRubric{
		{main: true,
			yes: []string{"plain definition given", "term defined in words"},
			no:  []string{"no plain-language definition of the term", "the term is used without a definition"}},
		{main: true,
			yes:  []string{"formal criterion stated", "criterion given as an equation"},
			no:   []string{"no formal criterion is given", "definition stays informal, no criterion"},
			weak: "Formally, the term is defined in the usual way.", weakWhy: "formal criterion referred to, not stated"},
		{needs: 2,
			yes: []string{"criterion applied in a concrete step", "criterion used in the calculation"},
			no:  []string{"the criterion is never applied in a concrete step", "criterion not applied"}},
	}},
	{id: "symbols_constants_standardization", name: "Symbols & Constants Standardization", points: []pointRubric{
		{main: true,
			yes: []string{"symbols declared with meaning and unit", "all symbols declared"},
			no:  []string{"some symbols are used without meaning or unit", "symbols in the computation are not all declared with units"}},
		{main: true,
			yes:  []string{"constants with value, unit and source", "constants declared with source"},
			no:   []string{"constants used without value, unit or source", "no source given for the constants"},
			weak: "Standard values of the physical constants are used.", weakWhy: "constants not given with value, unit and source"},
		{main: true, drift: true,
			yes: []string{"no drift", "symbols keep their meaning"},
			no:  []string{"a symbol changes meaning or unit", "symbol drift"}},
	}},
	{id: "variable_naming_consistency", name: "Variable Naming Consistency", points: []pointRubric{
		{main: true, drift: true,
			yes: []string{"one symbol per quantity", "naming consistent"},
			no:  []string{"the same quantity appears under two symbols", "two symbols for one quantity"}},
		{drift: true,
			yes: []string{"no semantic drift", "meanings stable"},
			no:  []string{"a symbol drifts in meaning", "semantic drift"}},
	}},
	{id: "numerical_methods", name: "Numerical Methods", points: []pointRubric{
		{main: true,
			yes: []string{"algorithm named", "method named"},
			no:  []string{"the algorithm is not named", "no named numerical method"}},
		{main: true,
			yes:  []string{"update rule in the problem's symbols", "update rule written out"},
			no:   []string{"update rule not written in the problem's symbols", "no update rule"},
			weak: "The method is iterated until it converges.", weakWhy: "no explicit update rule, only 'iterated until it converges'"},
		{
			yes: []string{"instantiated iteration shown", "one iteration with numbers shown"},
			no:  []string{"no instantiated iteration is shown; the method is only named", "method named but no iteration with numbers"}},
	}},
	{id: "experimental_methods", name: "Experimental Methods", points: []pointRubric{
		{main: true,
			yes: []string{"executable procedure tied to the variables", "procedure given step by step"},
			no:  []string{"no executable procedure tied to the problem's variables", "procedure missing"}},
		{main: true,
			yes: []string{"auditable anchors given", "controls and settings named"},
			no:  []string{"no auditable anchors (measured quantities, controls, settings)", "anchors such as controls and settings are missing"}},
		{
			yes:  []string{"uncertainty propagated to the target", "uncertainty budget tied to the target"},
			no:   []string{"how uncertainty propagates to the target is not stated", "no uncertainty propagation"},
			weak: "Experimental uncertainties should be kept small.", weakWhy: "uncertainty mentioned without propagation to the target"},
	}},
}

func lookupRubric(id string) *constraintRubric {
	for i := range rubric {
		if rubric[i].id == id {
			return &rubric[i]
		}
	}
	return nil
}
