package ifbench

import (
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// alliterationScore is the reference's count for one sentence: each run of k
// consecutive words sharing a first character scores k.
func alliterationScore(sentence string) int {
	var words []string
	for _, w := range text.Fields(text.Lower(sentence)) {
		if c := trimLeftPunctSpace(w); c != "" {
			words = append(words, c)
		}
	}
	score, inRun := 0, false
	for i := 0; i+1 < len(words); i++ {
		if firstRune(words[i]) == firstRune(words[i+1]) {
			if inRun {
				score++
			} else {
				score += 2
			}
			inRun = true
		} else {
			inRun = false
		}
	}
	return score
}

func checkAlliterationIncrement(_, resp string, _ instr.Args) instr.Result {
	prev := -1
	for i, s := range text.Sentences(resp) {
		a := alliterationScore(s)
		if a <= prev {
			return verdict(false, "sentence %d has %d alliterative words, sentence %d has %d; need more each time", i, prev, i+1, a)
		}
		prev = a
	}
	return verdict(true, "each sentence has more alliterative words than the one before")
}

// sentenceWordCount counts whitespace-separated words once ASCII punctuation
// is removed.
func sentenceWordCount(s string) int { return len(text.Fields(removePunct(s))) }

func checkIncrement(_, resp string, args instr.Args) instr.Result {
	step, err := argNumber(args, "small_n")
	if err != nil {
		return badArgs(err)
	}
	ss := text.Sentences(resp)
	if len(ss) == 0 {
		return verdict(false, "found no sentences")
	}
	prev := sentenceWordCount(ss[0])
	for i, s := range ss[1:] {
		n := sentenceWordCount(s)
		if float64(n) != float64(prev)+step {
			return verdict(false, "sentence %d has %s after %d; need %v more each time", i+2, plural(n, "word"), prev, step)
		}
		prev = n
	}
	return verdict(true, "each of %s has %v more words than the previous", plural(len(ss), "sentence"), step)
}

func checkSentenceKeyword(_, resp string, args instr.Args) instr.Result {
	word, err := argString(args, "word")
	if err != nil {
		return badArgs(err)
	}
	nf, err := argNumber(args, "N")
	if err != nil {
		return badArgs(err)
	}
	if nf < 1 {
		return verdict(false, "cannot check: N is %v, need at least 1", nf)
	}
	ss := text.Sentences(resp)
	if float64(len(ss)) < nf {
		return verdict(false, "found %s, need at least %v", plural(len(ss), "sentence"), nf)
	}
	// The reference reads sentence int(N - 1): a fractional N is truncated
	// once it is compared with the number of sentences.
	n := int(nf)
	// The reference searches \b + re.escape(word) + \b with re.IGNORECASE,
	// whose case rules are not strings.ToLower's (İ and ı match i).
	ok := text.ContainsWordFold(ss[n-1], word)
	if !ok {
		return verdict(false, "sentence %d does not contain %q", n, word)
	}
	return verdict(true, "sentence %d contains %q", n, word)
}
