package render

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// Link is an anchor to another page of the site, relative to the root.
type Link struct {
	Href string
	Text string
}

// KCol is one k of the compositional-collapse table.
type KCol struct {
	K string
	N int
}

// RatePair is one metric under Strict (S) and Loose (L).
type RatePair struct{ S, L RateView }

// Option is one choice of a filter menu.
type Option struct {
	Value, Label string
}

// OutcomeClass is a class a case index gives its cells, with the values
// of the index's outcome filter that such a cell matches.
type OutcomeClass struct {
	Class    string
	Outcomes []string
}

// OutcomeOption is a choice of a case index's outcome filter, with the
// classes of the cells it matches: assets/site.js shows a row when the
// chosen model's cell, or any cell when no model is chosen, has one.
type OutcomeOption struct {
	Value, Label, Classes string
}

// OutcomeOptions gives each option the classes that match it.
func OutcomeOptions(opts []Option, classes []OutcomeClass) []OutcomeOption {
	out := make([]OutcomeOption, len(opts))
	for i, o := range opts {
		var cs []string
		for _, c := range classes {
			if slices.Contains(c.Outcomes, o.Value) {
				cs = append(cs, c.Class)
			}
		}
		out[i] = OutcomeOption{Value: o.Value, Label: o.Label, Classes: strings.Join(cs, " ")}
	}
	return out
}

// ReadText reads a text file of the template tree.
func ReadText(fsys fs.FS, name string) (string, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", name, err)
	}
	return string(b), nil
}

// MarshalCSV writes rows through an explicit writer: gocsv's package-level
// settings are never touched.
func MarshalCSV(name string, rows any) (board.File, error) {
	var buf bytes.Buffer
	if err := report.CSV(&buf, rows); err != nil {
		return board.File{}, fmt.Errorf("%s: %w", name, err)
	}
	return board.File{Path: name, Data: buf.Bytes()}, nil
}

// MarshalJSON is a board's scores v as the download name: the same bytes
// as `sciif score --format json` prints (report.JSON).
func MarshalJSON(name string, v any) (board.File, error) {
	var buf bytes.Buffer
	if err := report.JSON(&buf, v); err != nil {
		return board.File{}, fmt.Errorf("%s: %w", name, err)
	}
	return board.File{Path: name, Data: buf.Bytes()}, nil
}

// CountLabel writes n with the singular or plural noun: "1 word", "3 words".
func CountLabel(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Excerpt is s on one line, cut after n characters.
func Excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// ModelName is a model's name, linked to its model page when it has one.
type ModelName struct {
	Link
	Linked bool
}

// RankCell is a rank as a table shows it: its label ("1", "=2") and the
// number it sorts by.
type RankCell struct {
	Label string
	Sort  int
}

// KRow is one model's row of a by-count (collapse) table.
type KRow struct {
	Model Link
	Cells []RatePair
}
