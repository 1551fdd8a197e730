package ingest

import (
	"strings"
	"testing"
)

// The training-data disclosure is free text within bounds: refused, with
// its line, when too long or holding a control character.
func TestTrainingDataDisclosure(t *testing.T) {
	const head = "name: M\norganization: O\nopen_weights: true\ndate: 2025-01-02\n"
	for _, c := range []struct {
		name, reason, value string
		wantCode            string
	}{
		{"plain", "a paragraph is the field's use", `"Public web text to 2024-06; the SciIF items were not in it (checked by 13-gram overlap)."`, ""},
		{"lines", "a block scalar keeps its line breaks", "|\n  Web text.\n  No benchmark data.", ""},
		{"longest", "exactly the limit is allowed", strings.Repeat("é", MaxTrainingData), ""},
		{"too long", "one character over the limit", strings.Repeat("é", MaxTrainingData+1), CodeMetaTraining},
		{"control", "an escape character could hide text in a terminal", `"web text\u001b[8m hidden"`, CodeMetaTraining},
		{"placeholder", "the template's placeholder left in", `"<what the model was trained on>"`, CodeMetaPlaceholder},
	} {
		m, probs := DecodeMetadata("m/metadata.yaml", []byte(head+"training_data: "+c.value+"\n"))
		var codes []string
		for _, p := range probs {
			codes = append(codes, p.Code)
			if p.Code == CodeMetaTraining && (p.Line != 5 || p.Field != "training_data") {
				t.Errorf("%s: problem at line %d, field %s; want 5, training_data", c.name, p.Line, p.Field)
			}
		}
		got := strings.Join(codes, ",")
		if got != c.wantCode {
			t.Errorf("%s (%s): problems %q, want %q", c.name, c.reason, got, c.wantCode)
		}
		if c.wantCode == "" && m.TrainingData == "" {
			t.Errorf("%s: the disclosure was not read", c.name)
		}
	}
}
