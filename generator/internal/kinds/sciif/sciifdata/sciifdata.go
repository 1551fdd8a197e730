// Package sciifdata holds SciIF's domain types: the constraint catalog,
// benchmark items, submission records, the verdicts on them, the scored
// board and the published figures of reported.yaml.
//
// It is a leaf of the SciIF kind: it imports only the standard library and
// the kind-neutral packages board and outcome, and performs no I/O. The
// stages of SciIF's vertical (ingest's items and records reader, verify,
// score, report, render) talk to each other through these types; nothing
// outside SciIF's vertical needs them.
package sciifdata

// Family is one of the three constraint families of the SciIF catalog.
type Family string

// The constraint families, in the order the paper's Table 1 shows them.
const (
	Condition   Family = "condition"
	Terminology Family = "terminology"
	Process     Family = "process"
)

// Families lists the families in display order.
var Families = []Family{Condition, Terminology, Process}

// Point is one evidence point of a constraint.
type Point struct {
	// N is the 1-based point number used in judge outputs (POINT_<N>).
	N int `json:"n"`
	// Main reports whether the point is MAIN (required under Loose) or
	// SECONDARY (required only under Strict).
	Main bool `json:"main"`
	// Short is a few words naming the point, for tables.
	Short string `json:"short"`
	// Text is the full wording that goes into the judge prompts.
	Text string `json:"text"`
}

// Constraint is one atomic constraint of the catalog.
type Constraint struct {
	ID          string  `json:"id"`
	Abbrev      string  `json:"abbrev"`
	Name        string  `json:"name"`
	Family      Family  `json:"family"`
	Description string  `json:"description"`
	Points      []Point `json:"points"`
}

// MainPoints counts the MAIN points of c.
func (c *Constraint) MainPoints() int {
	n := 0
	for _, p := range c.Points {
		if p.Main {
			n++
		}
	}
	return n
}

// Catalog is the fixed list of constraints a benchmark draws from.
type Catalog struct {
	Constraints []Constraint `json:"constraints"`
}

// Lookup returns the constraint with the given id.
func (c *Catalog) Lookup(id string) (*Constraint, bool) {
	for i := range c.Constraints {
		if c.Constraints[i].ID == id {
			return &c.Constraints[i], true
		}
	}
	return nil, false
}

// Tolerance overrides the default numeric comparison of an item's answer.
type Tolerance struct {
	// Kind is "relative", "absolute", "sigfigs" or "decimals".
	Kind  string  `json:"kind"`
	Value float64 `json:"value"`
}

// Reference is the gold answer of an item.
type Reference struct {
	// Answer is the final answer, as a reader would write it ("3.52e4 J/mol").
	Answer string `json:"answer"`
	// Type optionally names the kind of answer: "numeric", "expression",
	// "choice", "boolean", "formula", "sequence", "interval", "set" or "text".
	// Text answers are never decided by rules.
	Type string `json:"type,omitempty"`
	// Tolerance overrides the default relative tolerance for numbers.
	Tolerance *Tolerance `json:"tolerance,omitempty"`
	// Solution is the reference solution, shown on case pages.
	Solution string `json:"solution,omitempty"`
}

// Item is one benchmark problem.
type Item struct {
	ID          string    `json:"id"`
	Subject     string    `json:"subject"`
	Question    string    `json:"question"`
	Constraints []string  `json:"constraints"`
	Reference   Reference `json:"reference"`
	// Line is the 1-based line of items.jsonl the item came from.
	Line int `json:"-"`
}

// K is the number of enabled constraints of the item.
func (it *Item) K() int { return len(it.Constraints) }

// Benchmark is a benchmark definition: its catalog and its items, in file order.
type Benchmark struct {
	// Name is the benchmark's name, the base name of its folder ("sciif").
	Name    string
	Dir     string
	Catalog Catalog
	Items   []Item
	// CatalogSource says where the catalog came from: "built-in" or a path.
	CatalogSource string
}

// Index maps item ids to their position in Items.
func (b *Benchmark) Index() map[string]int {
	m := make(map[string]int, len(b.Items))
	for i := range b.Items {
		m[b.Items[i].ID] = i
	}
	return m
}

// JudgeOutput is what one judge said about one record: the raw text of its
// correctness verdict and of each per-constraint audit.
type JudgeOutput struct {
	Correctness string            `json:"correctness"`
	Constraints map[string]string `json:"constraints"`
}

// Record is one line of responses.jsonl.
type Record struct {
	ID       string                 `json:"id"`
	Response string                 `json:"response"`
	Judges   map[string]JudgeOutput `json:"judges"`
	// File and Line locate the record for diagnostics.
	File string `json:"-"`
	Line int    `json:"-"`
}
