package ifevalg

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var errMeta = errors.New("the phrase's first or last word holds a regular-expression character, which open-instruct splices into its pattern unescaped")

// countPattern is len(re.findall(pattern, resp, re.IGNORECASE)), the way
// open-instruct counts a keyword: the keyword is a Python pattern.
func countPattern(pattern, resp string) (int, error) {
	re, err := text.CompilePython(pattern, text.PyFlags{IgnoreCase: true})
	if err != nil {
		return 0, err
	}
	return re.Count(resp)
}

func checkWordOnce(_, resp string, args instr.Args) instr.Result {
	kw, err := str(args, "keyword")
	if err != nil {
		return instr.Undecided(err)
	}
	n, err := countPattern(kw, resp)
	if err != nil {
		return instr.Undecided(err)
	}
	return verdict(n == 1, "found %s %d times, need exactly once", quote(kw), n)
}

func checkWordCountDifferent(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	kw, freq, rel := r.str("keyword"), r.number("frequency"), r.relation("relation")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	n, err := countPattern(kw, resp)
	if err != nil {
		return instr.Undecided(err)
	}
	ok := float64(n) >= freq
	if rel == instr.LessThan {
		ok = float64(n) < freq
	}
	return verdict(ok, "found %s %d times, need %s %v", quote(kw), n, rel, freq)
}

func checkCountIncrement(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	kw1, kw2 := r.str("keyword1"), r.str("keyword2")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	n1, err := countPattern(kw1, resp)
	if err != nil {
		return instr.Undecided(err)
	}
	n2, err := countPattern(kw2, resp)
	if err != nil {
		return instr.Undecided(err)
	}
	return verdict(n1 == 1 && n2 == 2, "found %s %d times (need 1) and %s %d times (need 2)", quote(kw1), n1, quote(kw2), n2)
}

// checkExcludeWord needs the keyword never between two spaces.
func checkExcludeWord(_, resp string, args instr.Args) instr.Result {
	kw, err := str(args, "keyword")
	if err != nil {
		return instr.Undecided(err)
	}
	found := strings.Contains(resp, " "+kw+" ")
	return verdict(!found, "%s between spaces: %v", quote(kw), found)
}

// checkNoAdjacent needs no two neighbouring words whose first characters,
// lower-cased, are consecutive code points; a first character that
// lower-cases to two code points (İ) fails, as in open-instruct.
func checkNoAdjacent(_, resp string, _ instr.Args) instr.Result {
	words := text.Fields(resp)
	initial := func(w string) (rune, bool) {
		_, size := utf8.DecodeRuneInString(w)
		l := text.Lower(w[:size])
		if utf8.RuneCountInString(l) != 1 {
			return 0, false
		}
		lr, _ := utf8.DecodeRuneInString(l)
		return lr, true
	}
	for i := 0; i+1 < len(words); i++ {
		a, ok1 := initial(words[i])
		b, ok2 := initial(words[i+1])
		if !ok1 || !ok2 {
			return verdict(false, "%s or %s starts with a letter that lower-cases to two characters", quote(words[i]), quote(words[i+1]))
		}
		if b-a == 1 {
			return verdict(false, "%s and %s start with consecutive letters", quote(words[i]), quote(words[i+1]))
		}
	}
	return verdict(true, "no neighbouring words start with consecutive letters")
}

func checkSquareBrackets(_, resp string, _ instr.Args) instr.Result {
	for _, w := range text.Fields(resp) {
		if !strings.HasPrefix(w, "[") || !strings.HasSuffix(w, "]") {
			return verdict(false, "%s is not in square brackets", quote(w))
		}
	}
	return verdict(true, "every word is in square brackets")
}

func checkBigramWrapping(_, resp string, _ instr.Args) instr.Result {
	words := text.Fields(resp)
	for i := 0; i+1 < len(words); i += 2 {
		if !strings.HasPrefix(words[i], "<<") || !strings.HasSuffix(words[i+1], ">>") {
			return verdict(false, "%s %s is not wrapped in << >>", quote(words[i]), quote(words[i+1]))
		}
	}
	return verdict(true, "every bigram is wrapped in << >>")
}

// checkPalindrome needs a whitespace-separated word equal to its reverse,
// code point by code point (so any one-character word).
func checkPalindrome(_, resp string, _ instr.Args) instr.Result {
	for _, w := range text.Fields(resp) {
		r := []rune(w)
		pal := true
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			if r[i] != r[j] {
				pal = false
				break
			}
		}
		if pal {
			return verdict(true, "%s is a palindrome", quote(w))
		}
	}
	return verdict(false, "no word is a palindrome")
}

// lastWord strips what is neither a word character nor a space (Python's
// re.sub(r"[^\w\s]", "", w)).
func lastWord(w string) string {
	return strings.Map(func(r rune) rune {
		if text.IsWord(r) || text.IsSpace(r) {
			return r
		}
		return -1
	}, w)
}

// firstField is the word first_word checkers compare: the first
// whitespace-separated word, as it is.
func firstField(f []string) string { return f[0] }

// lastField is the word last_word checkers compare: the last
// whitespace-separated word, stripped of punctuation (lastWord).
func lastField(f []string) string { return lastWord(f[len(f)-1]) }

// The first_word and last_word checkers compare the argument, ignoring
// case, with the first or last word of every sentence or of the whole
// response; the sentence checkers also take the argument as a list, as
// open-instruct does (strOrFirst), the answer checkers only as a string.
var (
	checkFirstWordSent   = everySentence("first_word", "starts with", firstField)
	checkFirstWordAnswer = answerWord("first_word", "first", firstField)
	checkLastWordSent    = everySentence("last_word", "ends with", lastField)
	checkLastWordAnswer  = answerWord("last_word", "last", lastField)
)

// everySentence needs pick, of every sentence's words (IFEval's splitter),
// to be the argument key; an empty sentence fails. verb says where the word
// is ("starts with", "ends with").
func everySentence(key, verb string, pick func([]string) string) func(string, string, instr.Args) instr.Result {
	return func(_, resp string, args instr.Args) instr.Result {
		want, err := strOrFirst(args, key)
		if err != nil {
			return instr.Undecided(err)
		}
		for _, s := range splitIntoSentences(resp) {
			f := text.Fields(s)
			if len(f) == 0 {
				return verdict(false, "an empty sentence")
			}
			if w := pick(f); text.Lower(w) != text.Lower(want) {
				return verdict(false, "the sentence %s %s %s, need %s", quote(s), verb, quote(w), quote(want))
			}
		}
		return verdict(true, "every sentence %s %s", verb, quote(want))
	}
}

// answerWord needs pick, of the response's words, to be the argument key;
// an empty response fails. which names the word ("first", "last").
func answerWord(key, which string, pick func([]string) string) func(string, string, instr.Args) instr.Result {
	return func(_, resp string, args instr.Args) instr.Result {
		want, err := str(args, key)
		if err != nil {
			return instr.Undecided(err)
		}
		f := text.Fields(resp)
		if len(f) == 0 {
			return verdict(false, "the response is empty")
		}
		w := pick(f)
		return verdict(text.Lower(w) == text.Lower(want), "the %s word is %s, need %s", which, quote(w), quote(want))
	}
}

// checkKeywordPosition needs keyword as the m-th NLTK token of the n-th
// sentence (IFEval's splitter), exactly, case included.
func checkKeywordPosition(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	kw, n, m := r.strOrFirst("keyword"), r.index("n"), r.index("m")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	if n < 0 || m < 0 {
		return instr.Undecided(errors.New("a negative position indexes from the end in open-instruct; not supported"))
	}
	sents := splitIntoSentences(resp)
	if len(sents) < n {
		return verdict(false, "found %d sentences, need at least %d", len(sents), n)
	}
	words := text.WordTokenize(sents[n-1])
	if len(words) < m {
		return verdict(false, "sentence %d has %d tokens, need at least %d", n, len(words), m)
	}
	return verdict(words[m-1] == kw, "token %d of sentence %d is %s, need %s", m, n, quote(words[m-1]), quote(kw))
}

func checkStartEnd(_, resp string, _ instr.Args) instr.Result {
	words := text.WordTokenize(resp)
	if len(words) < 2 {
		return verdict(false, "found %d tokens, need at least 2", len(words))
	}
	a, b := words[0], words[len(words)-1]
	return verdict(text.Lower(a) == text.Lower(b), "starts with %s and ends with %s", quote(a), quote(b))
}

func checkCountUnique(_, resp string, _ instr.Args) instr.Result {
	words := text.WordTokenize(resp)
	seen := make(map[string]bool, len(words))
	for _, w := range words {
		if seen[w] {
			return verdict(false, "%s is repeated", quote(w))
		}
		seen[w] = true
	}
	return verdict(true, "all %d tokens are different", len(words))
}

// checkLowercaseCounting needs at most N words (Python's \w runes) made
// only of a-z: what \b[a-z]+\b finds.
func checkLowercaseCounting(_, resp string, args instr.Args) instr.Result {
	n, err := num(args, "N")
	if err != nil {
		return instr.Undecided(err)
	}
	count := 0
	for _, w := range text.Words(resp) {
		if strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
			count++
		}
	}
	return verdict(float64(count) <= n, "found %d lower-case words, need at most %v", count, n)
}

func checkLetterCounting(_, resp string, args instr.Args) instr.Result {
	r := argReader{args: args}
	n, rel := r.num("N"), r.relation("relation")
	if r.err != nil {
		return instr.Undecided(r.err)
	}
	count := 0
	for i := 0; i < len(resp); i++ {
		if c := resp[i] | 0x20; c >= 'a' && c <= 'z' {
			count++
		}
	}
	ok := float64(count) >= n
	if rel == instr.LessThan {
		ok = float64(count) < n
	}
	return verdict(ok, "found %d ASCII letters, need %s %v", count, rel, n)
}
