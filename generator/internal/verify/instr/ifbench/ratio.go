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

// charTrigrams is set(nltk.ngrams(text, 3)) over code points.
func charTrigrams(s string) map[[3]rune]bool {
	rs := []rune(s)
	m := map[[3]rune]bool{}
	for i := 0; i+3 <= len(rs); i++ {
		m[[3]rune{rs[i], rs[i+1], rs[i+2]}] = true
	}
	return m
}

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
	got := charTrigrams(resp)
	if len(got) == 0 {
		return verdict(false, "the response has no trigrams")
	}
	want := charTrigrams(ref)
	common := 0
	for g := range got {
		if want[g] {
			common++
		}
	}
	overlap := float64(common) / float64(len(got)) * 100
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
