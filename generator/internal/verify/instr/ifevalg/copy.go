package ifevalg

import (
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// sameText is open-instruct's comparison of a copy: both stripped and
// lower-cased as Python's str.strip and str.lower do.
func sameText(a, b string) bool { return text.Lower(text.Strip(a)) == text.Lower(text.Strip(b)) }

// checkCopy needs the response to be prompt_to_repeat itself (copy:copy,
// copy:copying_simple).
func checkCopy(_, resp string, args instr.Args) instr.Result {
	req, err := strRaw(args, "prompt_to_repeat")
	if err != nil {
		return instr.Undecided(err)
	}
	return verdict(sameText(resp, req), "need exactly the request %s, ignoring case and surrounding space", quote(text.Strip(req)))
}

// checkCopyingMultiple needs prompt_to_repeat N times, separated by
// "******".
func checkCopyingMultiple(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	req, n := r.strRaw("prompt_to_repeat"), r.num("N")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	parts := strings.Split(resp, "******")
	if float64(len(parts)) != n {
		return verdict(false, "found %d parts separated by ******, need %v", len(parts), n)
	}
	for i, p := range parts {
		if !sameText(p, req) {
			return verdict(false, "part %d is not the request", i+1)
		}
	}
	return verdict(true, "the request repeated %d times", len(parts))
}

// checkCopySpan needs the characters n_start to n_end (exclusive, as a
// Python slice) of prompt_to_repeat.
func checkCopySpan(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	req, start, end := r.strRaw("prompt_to_repeat"), r.index("n_start"), r.index("n_end")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	span := text.Slice([]rune(req), start, end)
	return verdict(sameText(resp, span), "need exactly the span %s, ignoring case and surrounding space", quote(text.Strip(span)))
}

// pyMeta holds the characters that are not literal in a Python pattern.
const pyMeta = `.^$*+?{}[]\|()`

// checkRepeatPhrase needs the phrase small_n times, each time with exactly
// one word changed. As in open-instruct, the candidates are the matches of
// "<first word> .*? <last word>" (Python's lazy match, within a line), and
// each must have the phrase's number of words and differ from it in
// exactly one place.
func checkRepeatPhrase(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	phrase, n := r.str("phrase"), r.num("small_n")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	ref := text.Fields(phrase)
	if len(ref) == 0 {
		return instr.Undecided(errRandom("phrase"))
	}
	first, last := ref[0], ref[len(ref)-1]
	if strings.ContainsAny(first+last, pyMeta) {
		// The words are spliced into a Python pattern unescaped.
		return instr.Undecided(errMeta)
	}
	re, err := regexp.Compile(regexp.QuoteMeta(first) + ` .*? ` + regexp.QuoteMeta(last))
	if err != nil {
		return instr.Undecided(err)
	}
	found := re.FindAllString(resp, -1)
	if float64(len(found)) != n {
		return verdict(false, "found %d repetitions of the phrase's frame, need %v", len(found), n)
	}
	satisfied := 0
	for _, f := range found {
		words := text.Fields(f)
		if len(words) != len(ref) {
			return verdict(false, "%s has %d words, the phrase %d", quote(f), len(words), len(ref))
		}
		diff := 0
		for i := range words {
			if words[i] != ref[i] {
				diff++
			}
		}
		if diff > 1 {
			return verdict(false, "%s changes %d words, need one", quote(f), diff)
		}
		if diff == 1 {
			satisfied++
		}
	}
	return verdict(float64(satisfied) == n, "%d of %d repetitions change exactly one word, need %v", satisfied, len(found), n)
}
