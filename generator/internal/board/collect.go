package board

import (
	"fmt"
	"sort"
	"strconv"
)

// How many problems are kept, and printed, of one file and of one
// submission. A file of three million bad lines has three million
// problems; the first hundred say what is wrong, and the rest are
// counted, not kept, so that memory does not grow with the input.
// Warnings (what the build scores anyway, such as a criterion a judge
// left unanswered) come one per item or criterion of a sound file, so
// more of them are kept.
const (
	// MaxPerFile bounds the fatal problems kept of one file.
	MaxPerFile = 100
	// MaxWarningsPerFile bounds the warnings kept of one file.
	MaxWarningsPerFile = 1000
	// MaxPerSubmission bounds the fatal problems, and separately the
	// warnings, kept of one submission.
	MaxPerSubmission = 1000
)

// Limit is how many fatal problems (Errors) and warnings a Collector
// keeps.
type Limit struct{ Errors, Warnings int }

// The limits of a file and of a submission.
var (
	PerFile       = Limit{Errors: MaxPerFile, Warnings: MaxWarningsPerFile}
	PerSubmission = Limit{Errors: MaxPerSubmission, Warnings: MaxPerSubmission}
)

// CodeOmitted marks the summary a Collector adds for the problems it
// counted without keeping them.
const CodeOmitted = "problems.omitted"

// Collector keeps the first problems added to it and counts the rest:
// every reader of submission input collects its problems through one, so
// that what a bad file costs is bounded whatever its number of bad lines.
// Once full, Add keeps nothing and allocates nothing. Whether the input
// is refused does not depend on the cap: a fatal problem counted but not
// kept makes the summary fatal.
type Collector struct {
	file  string
	scope string
	limit Limit
	kept  Problems
	// keptFatal counts the fatal problems kept.
	keptFatal int
	// fatal and other count the problems not kept.
	fatal, other int
}

// NewCollector returns a collector that keeps what limit says; its
// summaries name file and scope ("file", "submission").
func NewCollector(file, scope string, limit Limit) *Collector {
	return &Collector{file: file, scope: scope, limit: limit}
}

// FileCollector collects the problems of the file path (PerFile).
func FileCollector(path string) *Collector { return NewCollector(path, "file", PerFile) }

// Add keeps d, or counts it once the collector holds as many of d's
// severity as its limit says. A summary (see Diagnostic.Omitted) counts
// as the problems it stands for.
func (c *Collector) Add(d Diagnostic) {
	switch {
	case d.Fatal && c.keptFatal < c.limit.Errors:
		c.kept = append(c.kept, d.Bounded())
		c.keptFatal++
	case !d.Fatal && len(c.kept)-c.keptFatal < c.limit.Warnings:
		c.kept = append(c.kept, d.Bounded())
	case d.Fatal:
		c.fatal += max(d.Omitted, 1)
	default:
		c.other += max(d.Omitted, 1)
	}
}

// AddAll adds each of p in turn.
func (c *Collector) AddAll(p Problems) {
	for _, d := range p {
		c.Add(d)
	}
}

// Fatal reports whether any problem added, kept or not, is fatal.
func (c *Collector) Fatal() bool { return c.keptFatal > 0 || c.fatal > 0 }

// Problems returns the problems kept, in the order added, followed by a
// summary of those counted: "… and 2,999,900 more problems in this
// file", fatal, and "… and 12 more warnings in this file", not. It
// returns nil when nothing was added.
func (c *Collector) Problems() Problems {
	// A full slice: appending the summaries never writes into kept.
	out := c.kept[:len(c.kept):len(c.kept)]
	if c.fatal > 0 {
		out = append(out, Diagnostic{File: c.file, Code: CodeOmitted, Fatal: true, Omitted: c.fatal,
			Msg: fmt.Sprintf("… and %s more %s in this %s", Thousands(c.fatal), plural(c.fatal, "problem"), c.scope)})
	}
	if c.other > 0 {
		out = append(out, Diagnostic{File: c.file, Code: CodeOmitted, Omitted: c.other,
			Msg: fmt.Sprintf("… and %s more %s in this %s", Thousands(c.other), plural(c.other, "warning"), c.scope)})
	}
	return out
}

// Cap returns p with what limit says kept, as a collector of file and
// scope would keep them from p in order.
func Cap(p Problems, file, scope string, limit Limit) Problems {
	c := NewCollector(file, scope, limit)
	c.AddAll(p)
	return c.Problems()
}

// Count is the number of problems p stands for: each summary counts as
// the problems it replaces.
func (p Problems) Count() int {
	n := 0
	for _, d := range p {
		n += max(d.Omitted, 1)
	}
	return n
}

// SortKey says where a diagnostic sorts among problems: by file, then
// line, a summary (omitted > 0) after every problem of its file or, for a
// folder's summary, of the files in that folder.
func SortKey(file string, line, omitted int) (string, int) {
	if omitted > 0 {
		// 0xff sorts after any byte of a UTF-8 path.
		return file + "/\xff", 0
	}
	return file, line
}

// Before reports whether d sorts before e (SortKey).
func (d Diagnostic) Before(e Diagnostic) bool {
	df, dl := SortKey(d.File, d.Line, d.Omitted)
	ef, el := SortKey(e.File, e.Line, e.Omitted)
	if df != ef {
		return df < ef
	}
	return dl < el
}

// SortProblems sorts p by file and line (Before), keeping the order of
// problems at the same place.
func SortProblems(p Problems) {
	sort.SliceStable(p, func(i, j int) bool { return p[i].Before(p[j]) })
}

// Thousands formats n with commas between groups of three digits:
// 2,999,900.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
