package board

// Policy is a compliance policy.
type Policy string

// The two policies. What Loose relaxes is each kind's (SciIF: MAIN points
// only; the instruction kinds: any of the response's official variants).
const (
	Strict Policy = "strict"
	Loose  Policy = "loose"
)

// Policies lists both policies, Strict first.
var Policies = []Policy{Strict, Loose}
