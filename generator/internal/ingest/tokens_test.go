package ingest

import (
	"strconv"
	"strings"
	"testing"
)

// Declared token counts are whole numbers within bounds, per benchmark,
// refused with their line and field otherwise.
func TestDeclaredTokens(t *testing.T) {
	const head = "name: M\norganization: O\nopen_weights: true\ndate: 2025-01-02\ntokens:\n"
	many := ""
	for i := range MaxTokenBenchmarks + 1 {
		many += "  b" + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ": {prompt: 1}\n"
	}
	for _, c := range []struct {
		name, reason, body string
		want               string // "line field" of the one problem, or ""
	}{
		{"both", "the field's use", "  sciif: {prompt: 1200, completion: 340}\n  ifeval: {completion: 7}\n", ""},
		{"block", "block style reads the same", "  sciif:\n    prompt: 0\n    completion: 1000000000000000\n", ""},
		{"negative", "a count is never negative", "  sciif: {prompt: -1}\n", "6 tokens.sciif.prompt"},
		{"too large", "beyond a thousand trillion is a typo", "  sciif:\n    completion: 1000000000000001\n", "7 tokens.sciif.completion"},
		{"fraction", "tokens are whole", "  sciif:\n    prompt: 2\n    completion: 2.5\n", "8 tokens.sciif.completion"},
		{"string", "a quoted number is not a count", "  sciif: {prompt: \"12\"}\n", "6 tokens.sciif.prompt"},
		{"unknown count", "only prompt and completion", "  sciif: {prompt: 1, total: 3}\n", "6 tokens.sciif.total"},
		{"no count", "a benchmark declared must say something", "  sciif: {}\n", "6 tokens.sciif"},
		{"not a mapping", "a bare number says nothing of which count", "  sciif: 1200\n", "6 tokens.sciif"},
		{"bad name", "a benchmark name is a slug", "  \"sci if\": {prompt: 1}\n", "6 tokens"},
		{"too many", "the list is bounded", many, "5 tokens"},
	} {
		m, probs := DecodeMetadata("m/metadata.yaml", []byte(head+c.body))
		var got []string
		for _, p := range probs {
			if p.Code != CodeMetaTokens || !p.Fatal {
				t.Errorf("%s: problem %v, want a fatal %s", c.name, p, CodeMetaTokens)
			}
			got = append(got, strings.TrimSpace(strings.Join([]string{strconv.Itoa(p.Line), p.Field}, " ")))
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s (%s): problems at %q, want %q: %v", c.name, c.reason, got, c.want, probs)
		}
		if c.want == "" && len(m.Tokens) == 0 {
			t.Errorf("%s: no tokens read", c.name)
		}
	}
	m, _ := DecodeMetadata("m/metadata.yaml", []byte(head+"  sciif: {prompt: 1200}\n"))
	if d := m.Tokens["sciif"]; d.Prompt == nil || *d.Prompt != 1200 || d.Completion != nil {
		t.Errorf("declared %+v, want prompt 1200 and no completion", d)
	}
}
