package ingest

import (
	"strconv"
	"strings"
	"testing"
)

// Claimed rates are fractions under a known policy and metric; anything
// else is refused with its line and field, as every unknown field is, and
// never with a message of the YAML decoder's about Go types. (An unknown
// key was dropped without a word, `.nan` was shown as "NaN%" on the model
// card, and a string was refused as "cannot unmarshal string into Go
// struct field Metadata.Claimed of type float64".)
func TestClaimedRates(t *testing.T) {
	const head = "name: M\norganization: O\nopen_weights: true\ndate: 2025-01-02\nclaimed:\n"
	for _, c := range []struct {
		name, body string
		want       string // "line field" of each problem, or ""
	}{
		{"both policies", "  strict: {correct: 0.5, compliant: 1, multi: 0, single: 0.25}\n  loose: {correct: 0.6}\n", ""},
		{"outside [0, 1]", "  strict: {correct: 1.5}\n", ""}, // a warning of the kind's: compared with the rescored rate
		{"unknown metric", "  strict: {accuracy: 0.5}\n", "6 claimed.strict.accuracy"},
		{"unknown policy", "  medium: {correct: 0.5}\n", "6 claimed.medium"},
		{"metric twice", "  strict:\n    correct: 0.5\n    correct: 0.6\n", "8 correct"}, // go-yaml refuses it as it parses
		{"not a number", "  strict: {correct: high}\n", "6 claimed.strict.correct"},
		{"a percentage", "  strict: {correct: 50%}\n", "6 claimed.strict.correct"},
		{"quoted", "  strict: {correct: \"0.5\"}\n", "6 claimed.strict.correct"},
		{"nan", "  strict: {correct: .nan}\n", "6 claimed.strict.correct"},
		{"infinity", "  loose:\n    single: -.inf\n", "7 claimed.loose.single"},
		{"overflow", "  strict: {correct: 1e400}\n", "6 claimed.strict.correct"},
		{"policy not a mapping", "  strict: 0.5\n", "6 claimed.strict"},
		{"null policy", "  strict:\n", "6 claimed.strict"},
		{"merge key", "  <<: {strict: {correct: 0.5}}\n", "6 claimed.<<"},
		{"anchor and alias", "  strict: &s {correct: 0.5}\n  loose: *s\n", "6 claimed.strict,7 claimed.loose"},
	} {
		m, probs := DecodeMetadata("m/metadata.yaml", []byte(head+c.body))
		var got []string
		for _, p := range probs {
			if !p.Fatal {
				t.Errorf("%s: problem %v is not fatal", c.name, p)
			}
			if strings.Contains(p.Msg, "Go struct") || strings.Contains(p.Msg, "unmarshal") {
				t.Errorf("%s: a decoder's message: %v", c.name, p)
			}
			got = append(got, strings.TrimSpace(strconv.Itoa(p.Line)+" "+p.Field))
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s: problems at %q, want %q: %v", c.name, got, c.want, probs)
		}
		if c.want == "" && (m.Claimed == nil || m.Claimed.Strict == nil || m.Claimed.Strict.Correct == nil) {
			t.Errorf("%s: the claim was not read: %+v", c.name, m.Claimed)
		}
	}
}
