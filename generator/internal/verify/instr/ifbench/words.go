package ifbench

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// checkAlphabet removes ASCII punctuation, then needs each word to start with
// the letter after the previous word's first letter, Z wrapping to A.
func checkAlphabet(_, resp string, _ instr.Args) instr.Result {
	words := text.Fields(strings.Trim(removePunct(resp), pyPunctSpace))
	if len(words) == 0 {
		return verdict(false, "found no words")
	}
	letter := firstRune(text.Lower(string(firstRune(words[0]))))
	if letter < 'a' || letter > 'z' {
		return verdict(false, "the first word %s does not start with a letter a-z", quote(words[0]))
	}
	for i, w := range words[1:] {
		w = strings.Trim(text.Lower(w), pyPunctSpace)
		if w == "" {
			continue
		}
		letter = 'a' + (letter-'a'+1)%26
		if firstRune(w) != letter {
			return verdict(false, "word %d %s should start with %q", i+2, quote(w), letter)
		}
	}
	return verdict(true, "all %s follow the alphabet", plural(len(words), "word"))
}

// checkVowel needs a single line using at most three of the vowels a e i o u.
func checkVowel(_, resp string, _ instr.Args) instr.Result {
	lines := strings.Split(text.Strip(resp), "\n")
	if len(lines) != 1 {
		return verdict(false, "found %s, need one paragraph on one line", plural(len(lines), "line"))
	}
	used := map[string]bool{}
	for _, r := range text.Lower(lines[0]) {
		if strings.ContainsRune("aeiou", r) {
			used[string(r)] = true
		}
	}
	return verdict(len(used) <= 3, "uses %d vowels (%s), need at most 3", len(used), strings.Join(sortedKeys(used), " "))
}

func checkConsonants(_, resp string, _ instr.Args) instr.Result {
	const consonants = "bcdfghjklmnpqrstvwxyz"
	for _, w := range text.Fields(text.Lower(text.Strip(resp))) {
		rs := []rune(w)
		ok := false
		for i := 0; i+1 < len(rs); i++ {
			if strings.ContainsRune(consonants, rs[i]) && strings.ContainsRune(consonants, rs[i+1]) {
				ok = true
				break
			}
		}
		if !ok {
			return verdict(false, "the word %s has no two consonants together", quote(w))
		}
	}
	return verdict(true, "every word has a consonant cluster")
}

func reverseString(s string) string {
	rs := []rune(s)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// checkPalindrome counts words (punctuation removed, lower-cased) of five or
// more characters that read the same backwards; repeats count again.
func checkPalindrome(_, resp string, _ instr.Args) instr.Result {
	n := 0
	for _, w := range text.Fields(text.Lower(removePunct(resp))) {
		if runeLen(w) >= 5 && w == reverseString(w) {
			n++
		}
	}
	return verdict(n >= 10, "found %s of 5+ letters, need at least 10", plural(n, "palindrome"))
}

var primeLengths = map[int]bool{2: true, 3: true, 5: true, 7: true, 11: true, 13: true, 17: true, 19: true,
	23: true, 29: true, 31: true, 37: true, 41: true, 43: true, 47: true, 53: true, 59: true, 61: true,
	67: true, 71: true, 73: true, 79: true, 83: true, 89: true, 97: true}

func checkPrimeLengths(_, resp string, _ instr.Args) instr.Result {
	for _, w := range text.Fields(removePunct(resp)) {
		if n := runeLen(w); !primeLengths[n] {
			return verdict(false, "the word %s has %d letters, not a prime number", quote(w), n)
		}
	}
	return verdict(true, "every word has a prime number of letters")
}

// checkStartVerb tags the first NLTK word token with the averaged-perceptron
// tagger and needs a VB* tag.
func checkStartVerb(_, resp string, _ instr.Args) instr.Result {
	toks := text.FirstWordTokens(resp, 3)
	if len(toks) == 0 {
		return verdict(false, "found no words")
	}
	t := englishTagger().firstTag(toks)
	return verdict(strings.Contains(t, "VB"), "the first word %s is tagged %s, need a verb (VB*)", quote(toks[0]), t)
}

func checkRepeats(_, resp string, args instr.Args) instr.Result {
	limit, err := argNumber(args, "small_n")
	if err != nil {
		return badArgs(err)
	}
	counts := map[string]int{}
	var order []string
	for _, w := range text.Fields(removePunct(text.Lower(resp))) {
		if counts[w] == 0 {
			order = append(order, w)
		}
		counts[w]++
	}
	for _, w := range order {
		if float64(counts[w]) > limit {
			return verdict(false, "the word %s appears %d times, need at most %v", quote(w), counts[w], limit)
		}
	}
	return verdict(true, "no word appears more than %v times", limit)
}

// oddEvenSyllables is the words:odd_even_syllables checker counting with
// dict; nil, syllapy's rule alone (the registry's Check), and the
// registry binds it to a dictionary a command was given (Bind).
func oddEvenSyllables(dict *syllables.Dictionary) func(string, string, instr.Args) instr.Result {
	return func(_, resp string, _ instr.Args) instr.Result {
		return alternateParity(resp, dict)
	}
}

func alternateParity(resp string, dict *syllables.Dictionary) instr.Result {
	words := text.Fields(text.Lower(removePunct(resp)))
	for i := 0; i+1 < len(words); i++ {
		a, b := syllableCount(words[i], dict), syllableCount(words[i+1], dict)
		if a%2 == b%2 {
			return verdict(false, "%s (%s) and %s (%s) have the same parity", quote(words[i]),
				plural(a, "syllable"), quote(words[i+1]), plural(b, "syllable"))
		}
	}
	return verdict(true, "syllable counts alternate between odd and even")
}

func checkLastFirst(_, resp string, _ instr.Args) instr.Result {
	ss := text.Sentences(resp)
	for i := 0; i+1 < len(ss); i++ {
		last := text.Fields(trimRightPunctSpace(ss[i]))
		first := text.Fields(trimLeftPunctSpace(ss[i+1]))
		if len(last) == 0 || len(first) == 0 {
			return verdict(false, "sentence %d or %d has no words", i+1, i+2)
		}
		a, b := last[len(last)-1], first[0]
		// Python parity: the reference compares .lower() strings; strings.EqualFold
		// would also equate ſ with s and ς with σ, which .lower() keeps apart.
		if text.Lower(a) != text.Lower(b) {
			return verdict(false, "sentence %d ends with %s but sentence %d starts with %s", i+1, quote(a), i+2, quote(b))
		}
	}
	return verdict(true, "each of %s starts with the last word of the previous", plural(len(ss), "sentence"))
}

func checkParagraphLastFirst(_, resp string, _ instr.Args) instr.Result {
	for i, p := range strings.Split(resp, "\n") {
		p = text.Lower(text.Strip(p))
		if p == "" {
			continue
		}
		words := text.Fields(trimPunctSpace(p))
		if len(words) == 0 {
			continue
		}
		if words[0] != words[len(words)-1] {
			return verdict(false, "line %d starts with %s but ends with %s", i+1, quote(words[0]), quote(words[len(words)-1]))
		}
	}
	return verdict(true, "every paragraph ends with the word it starts with")
}

func checkNoConsecutive(_, resp string, _ instr.Args) instr.Result {
	words := text.Fields(removePunct(text.Lower(resp)))
	for i := 0; i+1 < len(words); i++ {
		if firstRune(words[i]) == firstRune(words[i+1]) {
			return verdict(false, "%s and %s start with the same letter", quote(words[i]), quote(words[i+1]))
		}
	}
	return verdict(true, "no two consecutive words share a first letter")
}

// checkKeywordPosition counts the NLTK word tokens that hold a letter or digit.
func checkKeywordPosition(_, resp string, args instr.Args) instr.Result {
	kw, err := argString(args, "keyword")
	if err != nil {
		return badArgs(err)
	}
	n, err := argInt(args, "n")
	if err != nil {
		return badArgs(err)
	}
	m, err := argInt(args, "m")
	if err != nil {
		return badArgs(err)
	}
	if n < 1 || m < 1 {
		return verdict(false, "cannot check: n and m must be at least 1, got %d and %d", n, m)
	}
	kw = text.Strip(kw)
	ss := text.Sentences(resp)
	if len(ss) < n {
		return verdict(false, "found %s, need at least %d", plural(len(ss), "sentence"), n)
	}
	var words []string
	for _, t := range text.WordTokenize(ss[n-1]) {
		if strings.IndexFunc(t, pyIsAlnum) >= 0 {
			words = append(words, t)
		}
	}
	if len(words) < m {
		return verdict(false, "sentence %d has %s, need at least %d", n, plural(len(words), "word"), m)
	}
	got := words[m-1]
	// Python parity: the reference compares .lower() strings; strings.EqualFold
	// would also equate ſ with s and ς with σ, which .lower() keeps apart.
	return verdict(text.Lower(got) == text.Lower(kw), "word %d of sentence %d is %s, need %q", m, n, quote(got), kw)
}

// checkWordsPosition reads NLTK word tokens; a final punctuation token is
// skipped when finding the second-to-last word.
func checkWordsPosition(_, resp string, args instr.Args) instr.Result {
	kw, err := argString(args, "keyword")
	if err != nil {
		return badArgs(err)
	}
	kw = text.Lower(text.Strip(kw))
	toks := text.WordTokenize(resp)
	if len(toks) < 2 {
		return verdict(false, "found %s, need at least 2", plural(len(toks), "word"))
	}
	second := toks[1]
	var penult string
	if strings.Contains(pyPunct, toks[len(toks)-1]) {
		if len(toks) < 3 {
			return verdict(false, "found %s, need at least 3 with the final punctuation", plural(len(toks), "token"))
		}
		penult = toks[len(toks)-3]
	} else {
		penult = toks[len(toks)-2]
	}
	ok := text.Lower(second) == kw && text.Lower(penult) == kw
	return verdict(ok, "the second word is %s and the second-to-last is %s, need %q for both", quote(second), quote(penult), kw)
}
