package ifbench

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func checkStopWords(_, resp string, args instr.Args) instr.Result {
	pct, err := argNumber(args, "percentage")
	if err != nil {
		return badArgs(err)
	}
	words := text.Words(resp)
	if len(words) == 0 {
		return verdict(false, "found no words")
	}
	stop := 0
	for _, w := range words {
		if englishStopwords[text.Lower(w)] {
			stop++
		}
	}
	got := float64(stop) / float64(len(words)) * 100
	return verdict(got <= pct, "stop words are %.1f%% of %s (%d), need at most %v%%",
		got, plural(len(words), "word"), stop, pct)
}

// sentenceEnds counts the sentences ending in '.', '?' and '!'.
func sentenceEnds(resp string) (decl, inter, excl, total int) {
	ss := text.Sentences(resp)
	for _, s := range ss {
		switch {
		case strings.HasSuffix(s, "."):
			decl++
		case strings.HasSuffix(s, "?"):
			inter++
		case strings.HasSuffix(s, "!"):
			excl++
		}
	}
	return decl, inter, excl, len(ss)
}

// checkSentenceType needs exactly twice as many sentences ending in '.' as
// ending in '?'. As in the reference, a response with neither passes.
func checkSentenceType(_, resp string, _ instr.Args) instr.Result {
	decl, inter, _, _ := sentenceEnds(resp)
	return verdict(decl == 2*inter, "found %d declarative and %d interrogative sentences, need a 2:1 ratio", decl, inter)
}

func checkSentenceBalance(_, resp string, _ instr.Args) instr.Result {
	decl, inter, excl, _ := sentenceEnds(resp)
	return verdict(decl == inter && inter == excl,
		"found %d declarative, %d interrogative and %d exclamatory sentences, need equal numbers", decl, inter, excl)
}

// trigramKey packs three code points (21 bits each) into one integer: a
// member of set(nltk.ngrams(text, 3)) over code points.
func trigramKey(a, b, c rune) uint64 { return uint64(a)<<42 | uint64(b)<<21 | uint64(c) }

// checkOverlap compares character trigrams, not word trigrams, as the
// reference does: the share of the response's distinct trigrams found in the
// reference text must be within 2 points of the percentage.
func checkOverlap(_, resp string, args instr.Args) instr.Result {
	ref, err := argString(args, "reference_text")
	if err != nil {
		return badArgs(err)
	}
	pct, err := argNumber(args, "percentage")
	if err != nil {
		return badArgs(err)
	}
	rs := []rune(resp)
	if len(rs) < 3 {
		return verdict(false, "the response has no trigrams")
	}
	// found records, for each distinct trigram of the response, whether the
	// reference has it too.
	found := make(map[uint64]bool, len(rs)-2)
	for i := 0; i+3 <= len(rs); i++ {
		found[trigramKey(rs[i], rs[i+1], rs[i+2])] = false
	}
	common := 0
	fs := []rune(ref)
	for i := 0; i+3 <= len(fs); i++ {
		k := trigramKey(fs[i], fs[i+1], fs[i+2])
		if seen, ok := found[k]; ok && !seen {
			found[k] = true
			common++
		}
	}
	overlap := float64(common) / float64(len(found)) * 100
	return verdict(pct-2 <= overlap && overlap <= pct+2,
		"character-trigram overlap is %.1f%%, need %v%% ± 2", overlap, pct)
}

// checkSentenceWords needs exactly three sentences of equal length in
// characters. The reference does not check that the words differ.
func checkSentenceWords(_, resp string, _ instr.Args) instr.Result {
	ss := text.Sentences(resp)
	if len(ss) != 3 {
		return verdict(false, "found %s, need exactly 3", plural(len(ss), "sentence"))
	}
	lens := make([]int, 3)
	for i, s := range ss {
		lens[i] = runeLen(text.Strip(s))
	}
	return verdict(lens[0] == lens[1] && lens[1] == lens[2],
		"sentence lengths are %d, %d and %d characters, need them equal", lens[0], lens[1], lens[2])
}
