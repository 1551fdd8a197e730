// Package board holds the domain types that every stage of the pipeline
// shares: benchmarks, constraint catalogs, submissions, verdicts and scores.
//
// It is a leaf package: it imports only the standard library and package
// chat (the message type of conversations, itself a leaf), and performs no
// I/O. Stages (ingest, judge, verify, score, render, publish) talk to each
// other only through these types.
package board

import "fmt"

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

// Metadata describes a submission: metadata.yaml.
type Metadata struct {
	Name         string   `yaml:"name" json:"name"`
	Organization string   `yaml:"organization" json:"organization"`
	OpenWeights  bool     `yaml:"open_weights" json:"open_weights"`
	Date         string   `yaml:"date" json:"date"`
	Judges       []string `yaml:"judges" json:"judges"`
	Link         string   `yaml:"link,omitempty" json:"link,omitempty"`
	Params       string   `yaml:"params,omitempty" json:"params,omitempty"`
	Decoding     string   `yaml:"decoding,omitempty" json:"decoding,omitempty"`
	Notes        string   `yaml:"notes,omitempty" json:"notes,omitempty"`
	// Claimed holds the scores the submitter claims; they are only ever
	// compared with the rescored ones, never shown as results.
	Claimed *Claimed `yaml:"claimed,omitempty" json:"claimed,omitempty"`
	// NameLine is the line of the name field in metadata.yaml, for messages.
	NameLine int `yaml:"-" json:"-"`
}

// Claimed is the optional block of self-reported rates in metadata.yaml, as
// fractions in [0, 1].
type Claimed struct {
	Strict *ClaimedRates `yaml:"strict,omitempty" json:"strict,omitempty"`
	Loose  *ClaimedRates `yaml:"loose,omitempty" json:"loose,omitempty"`
}

// ClaimedRates are the headline rates a submitter claims under one policy.
type ClaimedRates struct {
	Correct   *float64 `yaml:"correct,omitempty" json:"correct,omitempty"`
	Compliant *float64 `yaml:"compliant,omitempty" json:"compliant,omitempty"`
	Multi     *float64 `yaml:"multi,omitempty" json:"multi,omitempty"`
	Single    *float64 `yaml:"single,omitempty" json:"single,omitempty"`
}

// Submission is one folder under results/.
type Submission struct {
	// ID is the folder name; it names the model in URLs and downloads.
	ID   string
	Dir  string
	Meta Metadata
	// Warnings are the non-fatal problems of the metadata.
	Warnings []Diagnostic
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

// Diagnostic is a problem found in input that is scored anyway (a missing or
// unparseable judge output counts as NO) or that stops scoring (Fatal).
type Diagnostic struct {
	File       string `json:"file"`
	Line       int    `json:"line,omitempty"`
	Field      string `json:"field,omitempty"`
	Item       string `json:"item,omitempty"`
	Constraint string `json:"constraint,omitempty"`
	// Criterion is a rubric task's criterion, where Constraint is a
	// SciIF item's constraint.
	Criterion string `json:"criterion,omitempty"`
	Judge     string `json:"judge,omitempty"`
	Msg       string `json:"message"`
	// Code names the kind of problem, stably, so that tools (and sciif
	// validate, which suggests fixes) need not match message text. It is
	// empty for problems that have no code yet.
	Code string `json:"code,omitempty"`
	// Fatal marks input that cannot be scored.
	Fatal bool `json:"fatal,omitempty"`
	// Omitted is set on the summary a Collector adds in place of the
	// problems it did not keep: how many it stands for (all fatal, or
	// all not). It is 0 on every other diagnostic.
	Omitted int `json:"omitted,omitempty"`
}

func (d Diagnostic) Error() string { return d.String() }

// String formats d as "file:line: item X: field: constraint Y: judge Z: message".
func (d Diagnostic) String() string { return d.Where() + ": " + d.Msg }

// Where formats the location of d: "file:line: item X: field: constraint
// Y: judge Z", leaving out what is not set.
func (d Diagnostic) Where() string {
	s := d.File
	if d.Line > 0 {
		s += fmt.Sprintf(":%d", d.Line)
	}
	if d.Item != "" {
		s += ": item " + d.Item
	}
	if d.Field != "" {
		s += ": " + d.Field
	}
	if d.Constraint != "" {
		s += ": constraint " + d.Constraint
	}
	if d.Criterion != "" {
		s += ": criterion " + d.Criterion
	}
	if d.Judge != "" {
		s += ": judge " + d.Judge
	}
	return s
}

// Problems is a list of fatal input problems, reported all at once.
type Problems []Diagnostic

func (p Problems) Error() string {
	n := p.Count()
	switch {
	case len(p) == 0:
		return "no problems"
	case n <= 1:
		return p[0].String()
	case n == 2:
		return p[0].String() + " (and 1 more problem)"
	}
	return fmt.Sprintf("%s (and %d more problems)", p[0].String(), n-1)
}

// File is one output file of the site: a slash-separated path relative to
// the site root and its bytes. Render produces files; only publish writes them.
type File struct {
	Path string
	Data []byte
}
