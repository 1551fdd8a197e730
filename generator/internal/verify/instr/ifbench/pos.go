package ifbench

import (
	"strings"
	"sync"

	"github.com/jdkato/prose/tag"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// This file reproduces what nltk.pos_tag decides for the first word of a
// response (words:start_verb). NLTK's averaged-perceptron tagger and the port
// in github.com/jdkato/prose share Matthew Honnibal's trained model; prose's
// weights are used here with NLTK's own feature extraction, normalisation and
// tie-breaking (prose breaks ties in map order, which is not deterministic).

// perceptron is the read-only tagger model.
type perceptron struct {
	weights map[string]map[string]float64
	tagdict map[string]string
	classes []string
}

var englishTagger = sync.OnceValue(func() *perceptron {
	t := tag.NewPerceptronTagger()
	return &perceptron{weights: t.Weights(), tagdict: t.TagMap(), classes: t.Classes()}
})

// normalizeTagWord is PerceptronTagger.normalize.
func normalizeTagWord(w string) string {
	switch {
	case strings.Contains(w, "-") && !strings.HasPrefix(w, "-"):
		return "!HYPHEN"
	case runeLen(w) == 4 && isAllDigits(w):
		return "!YEAR"
	case w != "" && text.IsDigit(firstRune(w)):
		return "!DIGITS"
	}
	return text.Lower(w)
}

func isAllDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !text.IsDigit(r) {
			return false
		}
	}
	return true
}

// firstTag returns the tag nltk.pos_tag(tokens) gives tokens[0]. Only the
// first three tokens matter: the features look two words ahead and the
// previous tags of the first word are the start markers.
func (p *perceptron) firstTag(tokens []string) string {
	if len(tokens) == 0 {
		return ""
	}
	word := tokens[0]
	if t, ok := p.tagdict[word]; ok && t != "" {
		return t
	}
	ctx := []string{"-START-", "-START2-"}
	for _, t := range tokens[:min(3, len(tokens))] {
		ctx = append(ctx, normalizeTagWord(t))
	}
	ctx = append(ctx, "-END-", "-END2-")
	const prev, prev2 = "-START-", "-START2-"
	i := 2
	pref1 := ""
	if word != "" {
		pref1 = string(firstRune(word))
	}
	feats := []string{
		"bias",
		"i suffix " + text.LastRunes(word, 3),
		"i pref1 " + pref1,
		"i-1 tag " + prev,
		"i-2 tag " + prev2,
		"i tag+i-2 tag " + prev + " " + prev2,
		"i word " + ctx[i],
		"i-1 tag+i word " + prev + " " + ctx[i],
		"i-1 word " + ctx[i-1],
		"i-1 suffix " + text.LastRunes(ctx[i-1], 3),
		"i-2 word " + ctx[i-2],
		"i+1 word " + ctx[i+1],
		"i+1 suffix " + text.LastRunes(ctx[i+1], 3),
		"i+2 word " + ctx[i+2],
	}
	// Features are counted, so a repeated feature weighs twice.
	scores := map[string]float64{}
	for _, f := range feats {
		for label, w := range p.weights[f] {
			scores[label] += w
		}
	}
	// NLTK: max(classes, key=lambda c: (scores[c], c)).
	best, bestScore := "", 0.0
	for i, c := range p.classes {
		s := scores[c]
		if i == 0 || s > bestScore || (s == bestScore && c > best) {
			best, bestScore = c, s
		}
	}
	return best
}
