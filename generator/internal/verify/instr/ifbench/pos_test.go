package ifbench

import (
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/jdkato/prose/tag"
)

// TestCompactTaggerAgreesWithModel tags the first word of texts made of
// the model's own words, with the compact tagger and with every weight of
// the model summed as NLTK's PerceptronTagger.predict sums them: the
// features dropped are those the first word never has.
func TestCompactTaggerAgreesWithModel(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the tagger's model twice")
	}
	full := tag.NewPerceptronTagger()
	weights, classes := full.Weights(), full.Classes()
	p := englishTagger()
	var words []string
	for f := range weights {
		if w, ok := strings.CutPrefix(f, "i word "); ok {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	if len(words) < 1000 {
		t.Fatalf("only %d words in the model", len(words))
	}
	// predict is the tag of tokens[0] from every weight of the model.
	predict := func(tokens []string) string {
		feats := firstFeatures(tokens)
		scores := map[string]float64{}
		for _, f := range feats {
			for label, w := range weights[f] {
				scores[label] += w
			}
		}
		best, bestScore := "", 0.0
		for i, c := range classes {
			s := scores[c]
			if i == 0 || s > bestScore || (s == bestScore && c > best) {
				best, bestScore = c, s
			}
		}
		return best
	}
	for i := 0; i < len(words); i += 7 {
		tokens := []string{words[i], words[(i*31+5)%len(words)], words[(i*17+3)%len(words)]}
		for n := 1; n <= 3; n++ {
			if _, ok := p.tagdict[tokens[0]]; ok {
				continue
			}
			if got, want := p.firstTag(tokens[:n]), predict(tokens[:n]); got != want {
				t.Fatalf("firstTag(%q) = %s; the whole model gives %s", tokens[:n], got, want)
			}
		}
	}
}

// TestTaggerReadAsProseDecodes reads prose's model with loadTagger and
// with prose's own decoder: the same classes and tag dictionary, and for
// every feature firstTag can ask for, the same weights bit for bit; no
// other feature is kept.
func TestTaggerReadAsProseDecodes(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the tagger's model twice")
	}
	full := tag.NewPerceptronTagger()
	p, err := loadTagger()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.classes, full.Classes()) {
		t.Fatalf("classes %q; prose has %q", p.classes, full.Classes())
	}
	if !maps.Equal(p.tagdict, full.TagMap()) || len(p.tagdict) < 1000 {
		t.Fatalf("tag dictionary of %d words differs from prose's %d", len(p.tagdict), len(full.TagMap()))
	}
	kept := 0
	for f, ws := range full.Weights() {
		k, ok := p.feature(f)
		if ok != tagFeature(f) {
			t.Fatalf("feature %q kept %v, tagFeature says %v", f, ok, !ok)
		}
		if !ok {
			continue
		}
		kept++
		if n := int(p.start[k+1] - p.start[k]); n != len(ws) {
			t.Fatalf("feature %q: %d weights; prose has %d", f, n, len(ws))
		}
		for j := p.start[k]; j < p.start[k+1]; j++ {
			c := p.classes[p.class[j]]
			if w, ok := ws[c]; !ok || math.Float64bits(w) != math.Float64bits(p.weight[j]) {
				t.Fatalf("feature %q, class %s: weight %v; prose has %v (%v)", f, c, p.weight[j], w, ok)
			}
		}
	}
	if kept != len(p.nameEnd) || kept != 32410 {
		t.Fatalf("kept %d features of prose's, %d in all; want 32,410", kept, len(p.nameEnd))
	}
}

// BenchmarkLoadTagger reads the tagger's model as the first
// words:start_verb check does.
func BenchmarkLoadTagger(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadTagger(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadProseTagger decodes the same model through prose's API.
func BenchmarkLoadProseTagger(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		tag.NewPerceptronTagger()
	}
}
