package rubric

import (
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// ReportedFile is the optional file of a rubric benchmark folder that holds
// figures published elsewhere (a paper's tables). The board shows them
// apart, as "reported, not rescored", and never ranks them: nothing in it
// was recomputed, and it may be about a larger task set than the folder's.
const ReportedFile = "reported.yaml"

// CodeReported marks a problem of reported.yaml.
const CodeReported = "rubric.reported"

// Reported is reported.yaml: a citation and the tables transcribed from it.
type Reported struct {
	Citation ReportedCitation `yaml:"citation" json:"citation"`
	// Note says what the figures are about, for readers ("the full
	// Complex-IF evaluation set, not this demo").
	Note   string          `yaml:"note" json:"note,omitempty"`
	Tables []ReportedTable `yaml:"tables" json:"tables"`
}

// ReportedCitation names the publication.
type ReportedCitation struct {
	Title   string `yaml:"title" json:"title"`
	Authors string `yaml:"authors" json:"authors"`
	Year    int    `yaml:"year,omitempty" json:"year,omitempty"`
	URL     string `yaml:"url,omitempty" json:"url,omitempty"`
}

// ReportedTable is one table of the publication.
type ReportedTable struct {
	// Table names it as the publication does ("Table 1").
	Table string `yaml:"table" json:"table"`
	// Metric is one of the board's metrics: perfect_task_rate or
	// mean_criterion_pass.
	Metric string `yaml:"metric" json:"metric"`
	// Caption says in our words what the table measures.
	Caption string        `yaml:"caption" json:"caption"`
	Rows    []ReportedRow `yaml:"rows" json:"rows"`
}

// ReportedRow is one model's figure, a percentage as printed (16.55 means
// 16.55 %).
type ReportedRow struct {
	Model string `yaml:"model" json:"model"`
	// Setting qualifies the row ("base", "trained"), if the table does.
	Setting string        `yaml:"setting,omitempty" json:"setting,omitempty"`
	Value   board.Percent `yaml:"value" json:"value"`
}

// Metrics a reported table may carry.
var reportedMetrics = map[string]string{
	"perfect_task_rate":   "Perfect-task rate",
	"mean_criterion_pass": "Mean per-criterion pass rate",
}

// readReported reads path if it exists; nil when it does not.
func readReported(path string) (*Reported, error) {
	data, found, err := ingest.ReadOptional(path, ingest.MaxReported, CodeReported)
	if !found || err != nil {
		return nil, err
	}
	return decodeReported(path, data)
}

func decodeReported(path string, data []byte) (*Reported, error) {
	var r Reported
	if err := ingest.DecodeYAML(path, data, CodeReported, &r); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return board.Problems{{File: path, Code: CodeReported, Fatal: true, Msg: fmt.Sprintf(format, args...)}}
	}
	if strings.TrimSpace(r.Citation.Title) == "" || strings.TrimSpace(r.Citation.Authors) == "" {
		return nil, bad("citation: title and authors are required")
	}
	if len(r.Tables) == 0 {
		return nil, bad("tables: at least one table")
	}
	for i, t := range r.Tables {
		if _, ok := reportedMetrics[t.Metric]; !ok {
			return nil, bad("tables[%d].metric: %q, want perfect_task_rate or mean_criterion_pass", i, t.Metric)
		}
		if t.Table == "" || len(t.Rows) == 0 {
			return nil, bad("tables[%d]: table and rows are required", i)
		}
		for j, row := range t.Rows {
			if strings.TrimSpace(row.Model) == "" || row.Value < 0 || row.Value > 100 {
				return nil, bad("tables[%d].rows[%d]: want a model and a value in [0, 100]", i, j)
			}
		}
	}
	return &r, nil
}
