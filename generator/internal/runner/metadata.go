package runner

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// Decoding describes ep's decoding settings for metadata.yaml.
func Decoding(ep Endpoint) string {
	ep = ep.withDefaults()
	return fmt.Sprintf("temperature %s, max tokens %d, no tools", strconv.FormatFloat(ep.Temperature, 'g', -1, 64), ep.MaxTokens)
}

// yamlString quotes s for YAML: a JSON string is a valid YAML
// double-quoted scalar.
func yamlString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// Metadata returns the metadata.yaml skeleton of a run: the template of
// `sciif new` with the name (the model asked), the date, the judges (when
// the run had any) and the decoding settings filled in, so that `sciif
// validate` accepts it as written; the organization is left as a
// placeholder for the submitter. id is the submission's folder name; date
// is YYYY-MM-DD.
func Metadata(id string, model Endpoint, judges []Endpoint, date string) []byte {
	if !ingest.SafeSlug(id) {
		id = "<model-id>"
	}
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		date = "YYYY-MM-DD"
	}
	judgesLine := "# judges: none: the benchmarks run need no judges"
	note := "Responses generated with sciif run."
	if len(judges) > 0 {
		names := make([]string, len(judges))
		notes := make([]string, len(judges))
		for i, j := range judges {
			names[i] = yamlString(j.Name)
			notes[i] = fmt.Sprintf("%s (model %s, %s)", j.Name, j.Model, Decoding(j))
		}
		judgesLine = "judges: [" + strings.Join(names, ", ") + "]   # the judge models, as named in the submission files"
		note = "Responses and judge outputs generated with sciif run. Judges: " + strings.Join(notes, "; ") + "."
	}
	return fmt.Appendf(nil, `# Submission metadata for the SciIF leaderboard, written by sciif run.
# Replace every <…>; remove the optional fields you do not use. Check with:
#   sciif validate results/%[1]s

# Required.
name: %[2]s
organization: "<who trained the model>"
open_weights: false          # true if the weights are downloadable
date: %[3]s             # when the responses were generated
%[4]s

# Optional.
# link: https://example.org/model-card   # http or https only
# params: 7B
decoding: %[5]s
notes: %[6]s

# Optional: the rates you measured yourself, as fractions in [0, 1]
# (0.296 for 29.6 %%). They are never shown; validate compares them with
# the rescored rates and fails if one differs by more than 0.0005.
# claimed:
#   strict: {correct: 0.0, compliant: 0.0, multi: 0.0, single: 0.0}
#   loose:  {correct: 0.0, compliant: 0.0}
`, id, yamlString(model.Model), date, judgesLine, yamlString(Decoding(model)), yamlString(note))
}
