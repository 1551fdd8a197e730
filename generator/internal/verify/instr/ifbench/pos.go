package ifbench

import (
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// This file reproduces what nltk.pos_tag decides for the first word of a
// response (words:start_verb). NLTK's averaged-perceptron tagger and the port
// in github.com/jdkato/prose share Matthew Honnibal's trained model; prose's
// weights are used here with NLTK's own feature extraction, normalisation and
// tie-breaking (prose breaks ties in map order, which is not deterministic).

// perceptron is the read-only tagger model, holding only the weights of
// the features firstTag can ask for: those of the first word of a text,
// whose previous tags are the start markers (see tagFeature). That is
// 32,410 of the model's 75,447 features, kept in a few flat slices
// rather than a map per feature: 28 MB of maps become about 2 MB. It is
// read from prose's model by loadTagger, never decoded into prose's maps.
type perceptron struct {
	// names holds the features' names in sorted order, name i ending at
	// nameEnd[i]; feature i's weights are the pairs from start[i] to
	// start[i+1] of class (an index into classes) and weight.
	names   string
	nameEnd []int32
	start   []int32
	class   []uint8
	weight  []float64
	tagdict map[string]string
	classes []string
}

// name is the name of feature i.
func (p *perceptron) name(i int) string {
	from := int32(0)
	if i > 0 {
		from = p.nameEnd[i-1]
	}
	return p.names[from:p.nameEnd[i]]
}

// feature finds the feature named f.
func (p *perceptron) feature(f string) (int, bool) {
	return sort.Find(len(p.nameEnd), func(i int) int { return strings.Compare(f, p.name(i)) })
}

var englishTagger = sync.OnceValue(func() *perceptron {
	p, err := loadTagger()
	if err != nil {
		// The model is compiled in, from the module go.sum pins.
		panic(err)
	}
	return p
})

// The features of firstTag that do not depend on the text: the previous
// words and tags of the first word are the start markers.
const (
	featBias      = "bias"
	featPrevTag   = "i-1 tag -START-"
	featPrev2Tag  = "i-2 tag -START2-"
	featTagPair   = "i tag+i-2 tag -START- -START2-"
	featPrevWord  = "i-1 word -START2-"
	featPrevSuf   = "i-1 suffix T2-"
	featPrev2Word = "i-2 word -START-"
)

// featPrefixes begin the features of firstTag that name the first three
// words.
var featPrefixes = []string{"i suffix ", "i pref1 ", "i word ", "i-1 tag+i word -START- ", "i+1 word ", "i+1 suffix ", "i+2 word "}

// tagFeature reports whether firstTag can ask for feature f.
func tagFeature(f string) bool {
	switch f {
	case featBias, featPrevTag, featPrev2Tag, featTagPair, featPrevWord, featPrevSuf, featPrev2Word:
		return true
	}
	for _, p := range featPrefixes {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return false
}

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

// firstFeatures returns the features of tokens[0] (tokens is not empty),
// as PerceptronTagger._get_features names them, its previous tags being
// the start markers.
func firstFeatures(tokens []string) []string {
	word := tokens[0]
	ctx := []string{"-START-", "-START2-"}
	for _, t := range tokens[:min(3, len(tokens))] {
		ctx = append(ctx, normalizeTagWord(t))
	}
	ctx = append(ctx, "-END-", "-END2-")
	const prev = "-START-"
	i := 2
	pref1 := ""
	if word != "" {
		pref1 = string(firstRune(word))
	}
	return []string{
		featBias,
		"i suffix " + text.LastRunes(word, 3),
		"i pref1 " + pref1,
		featPrevTag,
		featPrev2Tag,
		featTagPair,
		"i word " + ctx[i],
		"i-1 tag+i word " + prev + " " + ctx[i],
		"i-1 word " + ctx[i-1],
		"i-1 suffix " + text.LastRunes(ctx[i-1], 3),
		"i-2 word " + ctx[i-2],
		"i+1 word " + ctx[i+1],
		"i+1 suffix " + text.LastRunes(ctx[i+1], 3),
		"i+2 word " + ctx[i+2],
	}
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
	feats := firstFeatures(tokens)
	// Features are counted, so a repeated feature weighs twice.
	scores := make([]float64, len(p.classes))
	for _, f := range feats {
		if k, ok := p.feature(f); ok {
			for j := p.start[k]; j < p.start[k+1]; j++ {
				scores[p.class[j]] += p.weight[j]
			}
		}
	}
	// NLTK: max(classes, key=lambda c: (scores[c], c)).
	best, bestScore := "", 0.0
	for i, c := range p.classes {
		s := scores[i]
		if i == 0 || s > bestScore || (s == bestScore && c > best) {
			best, bestScore = c, s
		}
	}
	return best
}
