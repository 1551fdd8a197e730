package ifbench

import (
	"strings"
	"unicode"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

//go:generate sh -c "python3 gen_emoji.py 2.14.1 $EMOJI_JSON > emoji_table.go && gofmt -w emoji_table.go"

// isEmoji is emoji.is_emoji(char) of the Python emoji package for a single
// code point: whether it is, on its own, a key of the package's EMOJI_DATA
// (emojiTable, generated from the package's data; see SOURCE.md). Fully
// qualified, unqualified and component entries count: the skin-tone
// modifiers do, as do © and ™; the regional-indicator letters (halves of
// flags), the keycap mark U+20E3, variation selectors, the zero-width joiner
// and the ASCII '#', '*' and digits do not.
func isEmoji(r rune) bool {
	return unicode.Is(emojiTable, r)
}

// syllableCount is syllapy.count(word) (syllapy 0.7.2) for a word without
// ASCII punctuation inside, as the checker gives it: the word is stripped
// of white space, lower-cased and stripped of punctuation; words with a
// digit count 0; a word of dict counts as dict says (syllapy's data file,
// when a command was given it: see package syllables); every other word
// uses syllapy's fallback rule (vowel groups, a final "e" silent unless
// "-le" after a consonant, at least one). syllapy also splits a word at a
// hyphen before the rule; the checker removes hyphens first, so that step
// is never reached and is not ported.
func syllableCount(word string, dict *syllables.Dictionary) int {
	w := strings.Trim(text.Lower(text.Strip(word)), pyPunct)
	if w == "" {
		return 0
	}
	for _, r := range w {
		if text.IsDigit(r) {
			return 0
		}
	}
	if n, ok := dict.Count(w); ok {
		return n
	}
	return syllableRule(w)
}

// syllableRule is syllapy's _syllables: the count of a word not in its
// dictionary.
func syllableRule(w string) int {
	const vowels = "aeiouy"
	rs := []rune(w)
	isV := func(r rune) bool { return strings.ContainsRune(vowels, r) }
	n := 0
	if isV(rs[0]) {
		n++
	}
	for i := 1; i < len(rs); i++ {
		if isV(rs[i]) && !isV(rs[i-1]) {
			n++
		}
	}
	if strings.HasSuffix(w, "e") {
		n--
	}
	if strings.HasSuffix(w, "le") && len(rs) > 2 && !isV(rs[len(rs)-3]) {
		n++
	}
	if n == 0 {
		n++
	}
	return n
}
