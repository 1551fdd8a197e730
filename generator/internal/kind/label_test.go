package kind

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeLabel: a label is a record without its generated text, which
// comes from the query; every problem is reported under "label".
func TestDecodeLabel(t *testing.T) {
	type rec struct {
		ID     string            `json:"id"`
		Text   *string           `json:"response"`
		Judges map[string]string `json:"judges"`
	}
	text := "the response"
	for _, tt := range []struct {
		name, reason, label string
		want                rec
		field               string
	}{
		{name: "record without its text", reason: "the text is the query's response",
			label: `{"id": "t1", "judges": {"a": "c1: YES"}}`, want: rec{ID: "t1", Text: &text, Judges: map[string]string{"a": "c1: YES"}}},
		{name: "text in the label", reason: "the generated text comes from the query only",
			label: `{"id": "t1", "response": "r"}`, field: "label.response"},
		{name: "unknown field", reason: "the strict decoder names it under label",
			label: `{"id": "t1", "judge": {}}`, field: "label.judge"},
		{name: "wrong type", reason: "a field's type error is the field's",
			label: `{"id": 3}`, field: "label.id"},
		{name: "not JSON", reason: "the label as a whole",
			label: `{"id": `, field: "label"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got rec
			err := DecodeLabel(tt.label, &got, &got.Text, "response", text)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("%v (%s)", err, tt.reason)
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("(-want +got) (%s):\n%s", tt.reason, diff)
				}
				return
			}
			var re *RecordError
			if !errors.As(err, &re) || re.Field != tt.field {
				t.Errorf("error %v, want one on %s (%s)", err, tt.field, tt.reason)
			}
		})
	}
	if err := InLabel(errors.New("other")); err.Error() != "other" {
		t.Errorf("InLabel changed an error that is not a record's: %v", err)
	}
	if err := InLabel(nil); err != nil {
		t.Errorf("InLabel(nil) = %v", err)
	}
}
