package board

// Policy is a compliance policy.
type Policy string

// The two policies of the SciIF protocol.
const (
	Strict Policy = "strict"
	Loose  Policy = "loose"
)

// Policies lists both policies, Strict first.
var Policies = []Policy{Strict, Loose}
