package verifier

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// ReportedFile is the optional file of a verifier benchmark folder that
// holds figures published elsewhere (a paper's tables). The board shows
// them apart, as "reported, not rescored", with their source, and never
// ranks them: nothing in it was recomputed here.
const ReportedFile = "reported.yaml"

// CodeReported marks a problem of reported.yaml.
const CodeReported = "verifier.reported"

// Reported is reported.yaml: where the figures come from and the tables.
type Reported struct {
	Citation ReportedCitation `yaml:"citation" json:"citation"`
	// Note says what the figures are about ("the full SCI-VerifyBench
	// test set, not this demo").
	Note   string          `yaml:"note" json:"note,omitempty"`
	Tables []ReportedTable `yaml:"tables" json:"tables"`
}

// ReportedCitation names the publication.
type ReportedCitation struct {
	Title string `yaml:"title" json:"title"`
	Venue string `yaml:"venue,omitempty" json:"venue,omitempty"`
	Year  int    `yaml:"year,omitempty" json:"year,omitempty"`
	URL   string `yaml:"url,omitempty" json:"url,omitempty"`
}

// ReportedTable is one table, its columns as the publication heads them.
type ReportedTable struct {
	Table   string        `yaml:"table" json:"table"`
	Caption string        `yaml:"caption" json:"caption"`
	Columns []string      `yaml:"columns" json:"columns"`
	Rows    []ReportedRow `yaml:"rows" json:"rows"`
}

// ReportedRow is one model's figures, one per column, as printed ("88.92";
// "" where the publication gives none).
type ReportedRow struct {
	Model  string   `yaml:"model" json:"model"`
	Note   string   `yaml:"note,omitempty" json:"note,omitempty"`
	Values []string `yaml:"values" json:"values"`
}

// readReported reads path if it exists; nil when it does not.
func readReported(path string) (*Reported, error) {
	data, found, err := ingest.ReadOptional(path, ingest.MaxReported, CodeReported)
	if !found || err != nil {
		return nil, err
	}
	var r Reported
	if err := ingest.DecodeYAML(path, data, CodeReported, &r); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return board.Problems{{File: path, Code: CodeReported, Fatal: true, Msg: fmt.Sprintf(format, args...)}}
	}
	if strings.TrimSpace(r.Citation.Title) == "" {
		return nil, bad("citation: a title is required")
	}
	if len(r.Tables) == 0 {
		return nil, bad("tables: at least one table")
	}
	for i, t := range r.Tables {
		if t.Table == "" || len(t.Columns) == 0 || len(t.Rows) == 0 {
			return nil, bad("tables[%d]: table, columns and rows are required", i)
		}
		for j, row := range t.Rows {
			if strings.TrimSpace(row.Model) == "" || len(row.Values) != len(t.Columns) {
				return nil, bad("tables[%d].rows[%d]: want a model and %d values, one per column", i, j, len(t.Columns))
			}
			for _, v := range row.Values {
				if v == "" {
					continue
				}
				if f, err := strconv.ParseFloat(v, 64); err != nil || f < 0 {
					return nil, bad("tables[%d].rows[%d]: value %q is not a number ≥ 0 as printed", i, j, v)
				}
			}
		}
	}
	return &r, nil
}
