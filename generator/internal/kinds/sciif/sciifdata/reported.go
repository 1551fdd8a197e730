package sciifdata

import "github.com/sciif/leaderboard/generator/internal/board"

// Reported is one model's published SciIF figures, read from
// results/<id>/reported.yaml. Nothing in it was recomputed: the site shows
// it as "reported, not rescored", beside (never ranked with) rescored rows.
//
// Every figure is optional, because publications print different subsets;
// a figure that is absent was not published, it is not zero.
type Reported struct {
	// ID is the folder name.
	ID string `json:"id"`
	// File is the path of reported.yaml, for diagnostics.
	File string `json:"-"`

	Model    ReportedModel `json:"model"`
	Citation Citation      `json:"citation"`
	// Policy is the compliance policy the figures were measured under.
	Policy board.Policy `json:"policy"`
	// Items is the number of benchmark items the figures are over (0 when
	// the source does not say).
	Items int `json:"items,omitempty"`

	// Correctness is the answer-correctness rate.
	Correctness *board.Percent `json:"correctness,omitempty"`
	// Compliance is the overall multi-constraint compliance rate.
	Compliance *board.Percent `json:"compliance,omitempty"`
	// Constraints maps catalog constraint ids to their pass rates.
	Constraints map[string]board.Percent `json:"constraints,omitempty"`
	// Families maps constraint families to the averages as published (which
	// may differ from the mean of the per-constraint rates).
	Families map[Family]board.Percent `json:"families,omitempty"`
	// ByK maps a number of enabled constraints k to the compliance rate of
	// the items with exactly k constraints.
	ByK map[int]board.Percent `json:"by_k,omitempty"`
	// IFEvalStrict is the IFEval prompt-level strict accuracy, if published.
	IFEvalStrict *board.Percent `json:"ifeval_strict,omitempty"`

	// Notes says anything a reader needs to interpret the figures.
	Notes string `json:"notes,omitempty"`
}

// ReportedModel describes the model a Reported row is about.
type ReportedModel struct {
	Name         string `json:"name"`
	Organization string `json:"organization"`
	// OpenWeights is nil when the source does not say.
	OpenWeights *bool  `json:"open_weights,omitempty"`
	Params      string `json:"params,omitempty"`
	Link        string `json:"link,omitempty"`
}

// Citation names the publication the figures come from.
type Citation struct {
	Title   string `json:"title"`
	Authors string `json:"authors"`
	Venue   string `json:"venue,omitempty"`
	Year    int    `json:"year,omitempty"`
	// URL is an http or https link to the publication, if there is one.
	URL string `json:"url,omitempty"`
	// Tables names where in the publication the figures are printed
	// ("Table 1", "Table 5").
	Tables []string `json:"tables,omitempty"`
}
