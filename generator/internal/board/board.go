// Package board holds the domain types that every benchmark kind shares:
// a submission and its metadata, the diagnostics of input problems (and the
// Collector that bounds them), the compliance policies, rates with their
// intervals, percentages as publications print them, and the site's output
// files. It knows no kind: a kind's own types (SciIF's catalog, items,
// records, verdicts and board, in kinds/sciif/sciifdata; the instruction
// kinds' prompts, verdicts and board, in kinds/verifiable/instrdata) live
// with that kind.
//
// It is a leaf package: it imports only the standard library, and performs
// no I/O. Stages (ingest, verify, score, render, publish) talk to each other
// through these types and their kinds' own.
package board

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

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
	// TrainingData discloses what the model was trained on and whether
	// the benchmarks' items may have been among it (contamination), in
	// the submitter's words; shown on the model card.
	TrainingData string `yaml:"training_data,omitempty" json:"training_data,omitempty"`
	// Tokens are the token counts the submitter declares, by benchmark
	// name; shown as declared, never checked. Counts recorded by `sciif
	// run` are in the submission's run.json instead.
	Tokens map[string]DeclaredTokens `yaml:"tokens,omitempty" json:"tokens,omitempty"`
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
	// Warnings are the non-fatal problems of the metadata (and of its
	// run.json).
	Warnings []Diagnostic
	// Run is its run.json as checked; nil when it has none, or none that
	// could be read.
	Run *RunCheck `json:",omitempty"`
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
	d = d.Bounded()
	s := d.File
	if !printable(s) {
		s = strconv.Quote(s) // a folder named with a control character
	}
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

// MaxPart bounds a part of a location (item, field, constraint,
// criterion, judge) as shown, in bytes.
const MaxPart = 200

// Bounded returns d with the parts of its location that may come from a
// submission (an item id read from a bad line, an unknown key, a judge's
// name) shown as written when they are short and printable, and
// otherwise quoted and cut (ShowPart): a location never quotes megabytes
// nor carries a control character to a terminal.
func (d Diagnostic) Bounded() Diagnostic {
	for _, p := range []*string{&d.Item, &d.Field, &d.Constraint, &d.Criterion, &d.Judge} {
		*p = ShowPart(*p)
	}
	return d
}

// ShowPart is s as a location shows it: itself when it is at most
// MaxPart bytes of printable UTF-8, else Go-quoted and, beyond MaxPart
// bytes, cut with "…". What it returns is printable and at most MaxPart
// bytes, so that showing a part twice changes nothing.
func ShowPart(s string) string {
	if len(s) <= MaxPart && printable(s) {
		return s
	}
	if q := strconv.Quote(s); len(q) <= MaxPart {
		return q
	}
	cut := min(len(s), MaxPart)
	for {
		for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if q := strconv.Quote(s[:cut]) + "…"; len(q) <= MaxPart || cut == 0 {
			return q
		}
		cut--
	}
}

func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
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
