package text

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/neurosnap/sentences/data"
)

// TestPunktTableMatchesModel checks punkt_english.txt against the JSON it
// is generated from: every set and every orthographic context, found by the
// binary search, and nothing else.
func TestPunktTableMatchesModel(t *testing.T) {
	b, err := data.Asset("data/english.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		OrthoContext map[string]int
		Collocations map[string]int
		AbbrevTypes  map[string]int
		SentStarters map[string]int
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	p, err := loadEnglishPunkt()
	if err != nil {
		t.Fatal(err)
	}
	set := func(m map[string]int) map[string]bool {
		out := map[string]bool{}
		for k := range m {
			out[k] = true
		}
		return out
	}
	if diff := cmp.Diff(set(raw.AbbrevTypes), p.abbrev); diff != "" {
		t.Errorf("abbreviations (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(set(raw.SentStarters), p.starters); diff != "" {
		t.Errorf("sentence starters (-want +got):\n%s", diff)
	}
	colls := map[[2]string]bool{}
	for k := range raw.Collocations {
		a, b, _ := strings.Cut(k, ",")
		colls[[2]string{a, b}] = true
	}
	if diff := cmp.Diff(colls, p.collocations); diff != "" {
		t.Errorf("collocations (-want +got):\n%s", diff)
	}
	for k, v := range raw.OrthoContext {
		if got := p.orthoContext(k); got != v {
			t.Errorf("orthoContext(%q) = %d, want %d", k, got, v)
		}
	}
	if n := strings.Count(p.ortho, "\n"); n != len(raw.OrthoContext) {
		t.Errorf("%d orthographic contexts, want %d", n, len(raw.OrthoContext))
	}
	for _, k := range []string{"", "zzzzzz", "##number##x", " ", "\t"} {
		if _, ok := raw.OrthoContext[k]; !ok && p.orthoContext(k) != 0 {
			t.Errorf("orthoContext(%q) = %d, want 0", k, p.orthoContext(k))
		}
	}
}
