package text

import (
	"slices"
	"testing"
)

// TestTreebankSplitsAtPythonSpace: NLTK's tokenizer ends with Python's
// str.split(), which splits at the separators U+001C to U+001F too. The
// expected tokens are NLTK 3.8's NLTKWordTokenizer().tokenize on the
// same strings.
func TestTreebankSplitsAtPythonSpace(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"a\x1cb c.", []string{"a", "b", "c", "."}},
		{"Hello\x1dworld. It is\x1e fine\x1f.", []string{"Hello", "world.", "It", "is", "fine", "."}},
		{"x \x1f\"y\" (z)\x1c.", []string{"x", "''", "y", "''", "(", "z", ")", "."}},
		{"end\x1e", []string{"end"}},
		{"one\x1c\x1dtwo", []string{"one", "two"}},
		{"don't\x1fstop.", []string{"don't", "stop", "."}},
		{"\x1c\"quoted\"", []string{"''", "quoted", "''"}},
		{"a.\x1f", []string{"a", "."}},
	} {
		if got := appendTreebankTokens(nil, tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("tokens of %q = %q, want %q (NLTK)", tt.in, got, tt.want)
		}
	}
}
