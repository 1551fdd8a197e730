package runner

import (
	"bytes"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// TestMetadataValidatesAsWritten checks that the metadata.yaml a run
// writes validates once its one placeholder, the organization only the
// submitter knows, is filled in.
func TestMetadataValidatesAsWritten(t *testing.T) {
	model := Endpoint{Name: "model", Model: "acme/chat-7b"}
	judges := []Endpoint{{Name: "gpt-5.1", Model: "gpt-5.1"}, {Name: "openai/gemini-3-flash", Model: "gemini-3-flash", MaxTokens: 8192}}
	tests := []struct {
		name, reason string
		judges       []Endpoint
		date         string
		want         board.Metadata
		problems     []string // fields reported
	}{
		{name: "judged", reason: "the judges are listed and described in the notes", judges: judges, date: "2026-11-02",
			want: board.Metadata{Name: "acme/chat-7b", Organization: "<who trained the model>", Date: "2026-11-02",
				Judges: []string{"gpt-5.1", "openai/gemini-3-flash"}, Decoding: "temperature 0, max tokens 4096, no tools", NameLine: 6,
				Notes: "Responses and judge outputs generated with sciif run. Judges: gpt-5.1 (model gpt-5.1, temperature 0, max tokens 4096, no tools); " +
					"openai/gemini-3-flash (model gemini-3-flash, temperature 0, max tokens 8192, no tools)."},
			problems: []string{"organization"}},
		{name: "no judges", reason: "a run of judge-free benchmarks lists none", date: "2026-11-02",
			want: board.Metadata{Name: "acme/chat-7b", Organization: "<who trained the model>", Date: "2026-11-02",
				Decoding: "temperature 0, max tokens 4096, no tools", NameLine: 6, Notes: "Responses generated with sciif run."},
			problems: []string{"organization"}},
		{name: "bad date", reason: "left as the placeholder, which validate reports", date: "02/11/2026",
			want: board.Metadata{Name: "acme/chat-7b", Organization: "<who trained the model>", Date: "YYYY-MM-DD",
				Decoding: "temperature 0, max tokens 4096, no tools", NameLine: 6, Notes: "Responses generated with sciif run."},
			problems: []string{"organization", "date"}},
	}
	for _, tt := range tests {
		meta, probs := ingest.DecodeMetadata("metadata.yaml", Metadata("acme-chat-7b", model, tt.judges, tt.date))
		var fields []string
		for _, p := range probs {
			fields = append(fields, p.Field)
		}
		if diff := cmp.Diff(tt.problems, fields); diff != "" {
			t.Errorf("%s (%s): problems %v", tt.name, tt.reason, probs)
		}
		if diff := cmp.Diff(tt.want, meta); diff != "" {
			t.Errorf("%s (%s): metadata (-want +got):\n%s", tt.name, tt.reason, diff)
		}
	}
}

func TestMetadataQuotesNames(t *testing.T) {
	tests := []struct{ name, reason string }{
		{`Acme "Chat": 7B # v2`, "quotes, colon and hash"},
		{"- yes", "a leading dash and a YAML boolean"},
		{"null", "a YAML null"},
		{"ünï <&> 模型", "non-ASCII and HTML characters"},
		{"two\nlines\t\\", "control characters and a backslash"},
	}
	for _, tt := range tests {
		data := Metadata("../x", Endpoint{Model: tt.name}, []Endpoint{{Name: tt.name}, {Name: "j2"}}, "2026-11-02")
		m, _ := ingest.DecodeMetadata("metadata.yaml", data)
		if m.Name != tt.name || !slices.Equal(m.Judges, []string{tt.name, "j2"}) {
			t.Errorf("%s: name %q judges %q, want %q", tt.reason, m.Name, m.Judges, tt.name)
		}
		if !bytes.Contains(data, []byte("results/<model-id>")) {
			t.Errorf("%s: an unsafe folder name reached the comment", tt.reason)
		}
	}
}
