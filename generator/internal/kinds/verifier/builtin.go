package verifier

import (
	"context"

	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

// BuiltinID names the board's row of sciif's own rule verifier.
const BuiltinID = "sciif-equiv"

// BuiltinName is that row's name for readers.
const BuiltinName = "sciif equiv (rules, built in)"

// Builtin is what sciif's rule verifier says of one item: the final answer
// extracted from the item's response compared with the reference, exactly
// as `sciif equiv --batch --extract` does. Verdict is None when the rules
// are not sure (or no final answer is found): the item is not decided.
type Builtin struct {
	Verdict Verdict
	// Rule names the rule that decided, or why none did.
	Rule   string
	Reason string
	// Span is the final answer extracted from the response.
	Span string
}

// runBuiltin judges every item with the rules, at build time: measured,
// never submitted.
func (b *benchmark) runBuiltin() []Builtin {
	out := make([]Builtin, len(b.items))
	for i := range b.items {
		it := &b.items[i]
		span, ok := equiv.Extract(it.Response)
		if !ok {
			out[i] = Builtin{Rule: "extract", Reason: "extract: no final answer found in the response"}
			continue
		}
		res := equiv.Compare(context.Background(), it.Reference, span, equiv.Options{})
		bi := Builtin{Rule: res.Rule, Reason: res.Reason, Span: span}
		switch res.Verdict {
		case equiv.Equal:
			bi.Verdict = Accept
		case equiv.NotEqual:
			bi.Verdict = Reject
		}
		out[i] = bi
	}
	return out
}

// BuiltinScores are the built-in row's figures. Its Metrics count an
// undecided item as wrong with no verdict, like a verifier's; Coverage is
// the share of items decided and Decided the accuracy on those alone.
type BuiltinScores struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Rank     int     `json:"rank"`
	Coverage float64 `json:"coverage"`
	Decided  struct {
		Correct int        `json:"correct"`
		Total   int        `json:"total"`
		Rate    float64    `json:"rate"`
		CI95    [2]float64 `json:"ci95"`
	} `json:"decided"`
	Metrics Metrics `json:"metrics"`
}

func (b *benchmark) builtinScores() BuiltinScores {
	s := BuiltinScores{ID: BuiltinID, Name: BuiltinName}
	v := make([]Verdict, len(b.items))
	answered := make([]bool, len(b.items))
	ok, dec := 0, 0
	for i, bi := range b.builtin {
		v[i], answered[i] = bi.Verdict, true
		if bi.Verdict != None {
			dec++
			if correct(&b.items[i], bi.Verdict) {
				ok++
			}
		}
	}
	s.Metrics = b.metrics(v, answered, nil)
	r := score.NewRate(ok, dec)
	s.Decided.Correct, s.Decided.Total, s.Decided.Rate, s.Decided.CI95 = r.Pass, r.Total, r.Rate, r.CI95
	if n := len(b.items); n > 0 {
		s.Coverage = float64(dec) / float64(n)
	}
	return s
}
