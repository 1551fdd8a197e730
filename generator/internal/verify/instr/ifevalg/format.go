package ifevalg

import (
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// splitDivider is re.split(r"\s?\*\*\*\s?", s), open-instruct's
// paragraph divider with Python's Unicode \s: each "***" with the one
// white-space character before it (unless an earlier divider took it) and
// the one after it.
func splitDivider(s string) []string {
	var out []string
	last, i := 0, 0
	for {
		k := strings.Index(s[i:], "***")
		if k < 0 {
			break
		}
		k += i
		start := k
		if r, size := utf8.DecodeLastRuneInString(s[i:k]); size > 0 && text.IsSpace(r) {
			start = k - size
		}
		end := k + 3
		if r, size := utf8.DecodeRuneInString(s[end:]); size > 0 && text.IsSpace(r) {
			end += size
		}
		out = append(out, s[last:start])
		last, i = end, end
	}
	return append(out, s[last:])
}

// countParagraphs counts paragraphs as open-instruct's paragraph checkers
// do: an empty first or last part does not count, an empty part between
// two dividers fails (ok false).
func countParagraphs(parts []string) (n int, ok bool) {
	n = len(parts)
	for i, p := range parts {
		if text.Strip(p) == "" {
			if i == 0 || i == len(parts)-1 {
				n--
			} else {
				return n, false
			}
		}
	}
	return n, true
}

func checkParagraphs(_, resp string, _ instr.Args) instr.Result {
	n, ok := countParagraphs(splitDivider(resp))
	if !ok {
		return verdict(false, "an empty paragraph between two *** dividers")
	}
	return verdict(n == 2, "found %d paragraphs separated by ***, need 2", n)
}

func checkParagraphs2(_, resp string, _ instr.Args) instr.Result {
	n, ok := countParagraphs(strings.Split(resp, "\n\n"))
	if !ok {
		return verdict(false, "an empty paragraph between two blank lines")
	}
	return verdict(n == 2, "found %d paragraphs separated by a blank line, need 2", n)
}

func checkNoDot(_, resp string, _ instr.Args) instr.Result {
	return verdict(!strings.Contains(resp, "."), "found a dot: %v", strings.Contains(resp, "."))
}

func checkNoExclamation(_, resp string, _ instr.Args) instr.Result {
	return verdict(!strings.Contains(resp, "!"), "found an exclamation mark: %v", strings.Contains(resp, "!"))
}

// checkSentenceHyphens reads the response as sentences joined by hyphens:
// each piece between hyphens must be unpadded and equal to the sentence in
// the same place when the hyphens are read as spaces (IFEval's splitter),
// pieces and sentences paired as Python's zip pairs them.
func checkSentenceHyphens(_, resp string, _ instr.Args) instr.Result {
	gold := splitIntoSentences(strings.ReplaceAll(resp, "-", " "))
	pieces := strings.Split(resp, "-")
	for i := 0; i < len(pieces) && i < len(gold); i++ {
		p := pieces[i]
		if text.Strip(p) != p {
			return verdict(false, "piece %d, %s, has space around it", i+1, quote(p))
		}
		if p != gold[i] {
			return verdict(false, "piece %d, %s, is not the sentence %s", i+1, quote(p), quote(gold[i]))
		}
	}
	return verdict(true, "the sentences are joined by hyphens without spaces")
}

// checkCountingComposition needs 3 paragraphs (*** dividers), each of
// n_sent sentences (IFEval's splitter) of n_words NLTK tokens. As in
// open-instruct, an empty first or last paragraph is still split into
// sentences, and so fails.
func checkCountingComposition(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	nSent, nWords := r.num("n_sent"), r.num("n_words")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	parts := splitDivider(resp)
	n := len(parts)
	for i, p := range parts {
		if text.Strip(p) == "" {
			if i != 0 && i != len(parts)-1 {
				return verdict(false, "an empty paragraph between two *** dividers")
			}
			n--
		}
		sents := splitIntoSentences(p)
		if float64(len(sents)) != nSent {
			return verdict(false, "paragraph %d has %d sentences, need %v", i+1, len(sents), nSent)
		}
		for _, s := range sents {
			if w := text.WordTokenize(s); float64(len(w)) != nWords {
				return verdict(false, "the sentence %s has %d tokens, need %v", quote(s), len(w), nWords)
			}
		}
	}
	return verdict(n == 3, "found %d paragraphs, need 3", n)
}
