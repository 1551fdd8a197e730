package sciifdata

import "github.com/sciif/leaderboard/generator/internal/board"

// Quadrant counts items by correctness and compliance under one policy.
type Quadrant struct {
	CorrectCompliant      int `json:"correct_compliant"`
	CorrectNonCompliant   int `json:"correct_noncompliant"`
	IncorrectCompliant    int `json:"incorrect_compliant"`
	IncorrectNonCompliant int `json:"incorrect_noncompliant"`
}

// Disagreement measures, for one constraint, how often the judges' own
// constraint-level verdicts (under Strict) differ, and which judge was the
// stricter one: the one that failed the constraint while another passed it.
type Disagreement struct {
	// Audited counts answered enablements of the constraint.
	Audited int `json:"audited"`
	// Disagree counts enablements where the judges did not all agree.
	Disagree int `json:"disagree"`
	// Stricter counts, per judge, the disagreements in which that judge
	// said NO while another said YES.
	Stricter map[string]int `json:"stricter"`
	// RuleOverrides counts points that a rule decided against the judges.
	RuleOverrides int `json:"rule_overrides"`
}

// PolicyScores are a model's metrics under one policy.
type PolicyScores struct {
	// Items is the number of benchmark items: every denominator below is
	// taken over the whole benchmark, answered or not.
	Items int `json:"items"`
	// Rank is the model's rank by compliance under this policy; models whose
	// difference is not significant share a rank (see package score).
	Rank        int                     `json:"rank"`
	Correct     board.Rate              `json:"correct"`
	Compliant   board.Rate              `json:"compliant"`
	Multi       board.Rate              `json:"multi"`
	Single      board.Rate              `json:"single"`
	Constraints map[string]board.Rate   `json:"constraints"`
	Families    map[string]board.Rate   `json:"families"`
	ByK         map[string]board.Rate   `json:"by_k"`
	Quadrant    Quadrant                `json:"quadrant"`
	Judges      map[string]Disagreement `json:"judge_disagreement"`
}

// ModelScores is one row of the board.
type ModelScores struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Organization string   `json:"organization"`
	OpenWeights  bool     `json:"open_weights"`
	Date         string   `json:"date"`
	Judges       []string `json:"judges"`
	// Complete is false when some benchmark item has no record.
	Complete bool `json:"complete"`
	// Answered counts the benchmark items that have a record.
	Answered int           `json:"answered"`
	Strict   *PolicyScores `json:"strict,omitempty"`
	Loose    *PolicyScores `json:"loose,omitempty"`
}

// Policy returns the scores under p, or nil if they were not computed.
func (m *ModelScores) Policy(p board.Policy) *PolicyScores {
	if p == board.Loose {
		return m.Loose
	}
	return m.Strict
}

// Board is the rescored leaderboard of one benchmark: the `sciif score
// --format json` document.
type Board struct {
	Benchmark string `json:"benchmark"`
	// Rules is false when scored with --no-rules (judges alone).
	Rules  bool          `json:"rules"`
	Models []ModelScores `json:"models"`
}
