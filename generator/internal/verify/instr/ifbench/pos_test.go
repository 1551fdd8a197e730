package ifbench

import (
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
